"""The engine's event log in Spanish sentences, for the table and the replay pages.

The engine writes events as small dicts (``{"event": "play", "player": 0, "card": "BASE-002", ...}``);
this turns each into one line. Unknown events fall back to their name and fields, so a new
engine event never breaks a page.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

# Lazy: the log and the worlds table name each world in the reader's language.
WORLD_LABELS = {"water": gettext_lazy("Agua"), "air": gettext_lazy("Aire"), "fire": gettext_lazy("Fuego"),
                "earth": gettext_lazy("Tierra")}


def names_of(entries: Iterable[Any]) -> dict[str, str]:
    """code → name of the cards of some engine deck entries (or of a record's deck dicts)."""
    out: dict[str, str] = {}
    for e in entries:
        card = getattr(e, "card", None)
        if card is not None:
            out[card.code] = card.name
        elif isinstance(e, Mapping):
            c = e.get("card", e)
            if isinstance(c, Mapping) and "code" in c:
                out[str(c["code"])] = str(c.get("name", c["code"]))
    return out


def describe_log(
    events: Sequence[Mapping[str, Any]], names: Mapping[str, str], seats: Sequence[str], *, last: int = 60
) -> list[dict[str, Any]]:
    """The last *last* events, newest first, each as ``{"turn", "text", "event"}``."""
    start = max(0, len(events) - last)
    rows = [
        {"turn": e.get("turn", 0), "event": e.get("event", ""), "text": describe(e, names, seats)}
        for e in events[start:]
    ]
    rows.reverse()
    return rows


def describe(e: Mapping[str, Any], names: Mapping[str, str], seats: Sequence[str]) -> str:
    def card(key: str = "card") -> str:
        code = e.get(key)
        return _("una carta boca abajo") if code is None else names.get(str(code), str(code))

    def seat(key: str = "player") -> str:
        p = e.get(key)
        return seats[p] if isinstance(p, int) and 0 <= p < len(seats) else "—"

    def slot(key: str = "slot") -> int:
        value = e.get(key)
        return value + 1 if isinstance(value, int) else 0

    kind = e.get("event", "")
    rule = f" ({_('regla')} {e['rule']})" if e.get("rule") and str(e["rule"])[:1].isdigit() else ""
    texts = {
        "first": lambda: _("%(who)s empieza") % {"who": seat()},
        "roll_first": lambda: _("Dados para empezar: %(a)s contra %(b)s") % {"a": e["rolls"][0], "b": e["rolls"][1]},
        "setup": lambda: _("%(who)s prepara %(n)s Entes y %(m)s Elementos de juego")
        % {"who": seat(), "n": e.get("entes"), "m": e.get("elementos")},
        "hand": lambda: _("%(who)s roba la mano: %(cards)s")
        % {"who": seat(), "cards": ", ".join(names.get(c, c) if c else "?" for c in e.get("cards") or [])},
        "mulligan": lambda: _("%(who)s hace mulligan y descarta %(card)s")
        % {"who": seat(), "card": card("discarded")},
        "draw": lambda: _("%(who)s roba %(card)s") % {"who": seat(), "card": card()},
        "play": lambda: _("%(who)s juega %(card)s en el espacio de combate %(slot)s, %(face)s")
        % {"who": seat(), "card": card(), "slot": slot(), "face": _("boca arriba") if e.get("up") else _("boca abajo")},
        "play_support": lambda: _("%(who)s juega %(card)s en el espacio de invocación/reacción %(slot)s")
        % {"who": seat(), "card": card(), "slot": slot("support")},
        "summon": lambda: _("La invocación %(card)s hace efecto") % {"card": card()},
        "power": lambda: _("Fase de poder (%(who)s): %(powers)s")
        % {"who": seat(), "powers": " · ".join("—" if p is None else str(p) for p in e.get("powers") or [])},
        "attack_skipped": lambda: _("%(who)s no puede atacar") % {"who": seat()},
        "no_attack": lambda: _("%(who)s no ataca") % {"who": seat()},
        "attack": lambda: _("%(who)s ataca con «%(attack)s» desde el espacio %(slot)s")
        % {"who": seat(), "attack": e.get("attack"), "slot": slot()},
        "attack_cancelled": lambda: _("El ataque queda anulado"),
        "hit": lambda: _("Daño %(damage)s contra resistencia %(res)s: %(result)s")
        % {"damage": e.get("damage"), "res": e.get("resistance"),
           "result": _("destruido") if e.get("destroyed") else _("resiste")},
        "destroyed": lambda: _("%(card)s de %(who)s es destruida") % {"card": card(), "who": seat()},
        "sacrifice": lambda: _("%(who)s sacrifica %(card)s") % {"who": seat(), "card": card()},
        "support_destroyed": lambda: _("%(card)s de %(who)s es destruida") % {"card": card(), "who": seat()},
        "token": lambda: _("%(who)s pone %(card)s en el espacio %(slot)s") % {"who": seat(), "card": card(), "slot": slot()},
        "reveal": lambda: _("%(who)s revela %(card)s en el espacio %(slot)s") % {"who": seat(), "card": card(), "slot": slot()},
        "move": lambda: _("%(who)s mueve del espacio %(a)s al %(b)s") % {"who": seat(), "a": slot(), "b": slot("to")},
        "reaction": lambda: _("%(who)s reacciona con %(card)s") % {"who": seat(), "card": card()},
        "attach": lambda: _("%(card)s se une al combatiente del espacio %(slot)s") % {"card": card(), "slot": slot()},
        "game_over": lambda: str(e.get("label") or _("Fin de la partida")),
        "resign": lambda: _("%(who)s se rinde") % {"who": seat()},
        "draw_agreed": lambda: _("Empate de mutuo acuerdo"),
        # Misión S.O.S
        "place": lambda: _("%(who)s coloca %(card)s en %(world)s")
        % {"who": seat(), "card": card(), "world": WORLD_LABELS.get(e.get("world", ""), e.get("world"))},
        "fight": lambda: _fight(e, names, seat()),
        "prize": lambda: (_("%(who)s suma %(card)s al BAÚL (%(chest)s puntos)") % {"who": seat(), "card": card(), "chest": e.get("chest")})
        if e.get("to") == "chest" else _("%(who)s integra el premio en sus Elementos de juego") % {"who": seat()},
        "no_prize": lambda: _("%(who)s no gana premio") % {"who": seat()},
    }
    make = texts.get(kind)
    if make is None:
        extra = ", ".join(f"{k}={v}" for k, v in e.items() if k not in ("turn", "event", "rule"))
        return f"{kind}: {extra}{rule}"
    try:
        return make() + rule
    except (KeyError, IndexError, TypeError):
        return f"{kind}{rule}"


def _fight(e: Mapping[str, Any], names: Mapping[str, str], who: str) -> str:
    world = WORLD_LABELS.get(e.get("world", ""), e.get("world"))
    if e.get("unopposed"):
        return _("%(who)s lucha sin rival con %(card)s en %(world)s") % {
            "who": who, "card": names.get(e.get("card", ""), e.get("card")), "world": world}
    points = e.get("points") or ["?", "?"]
    return _("%(who)s lucha con %(card)s contra %(rival)s en %(world)s: %(a)s a %(b)s, gana el %(winner)s") % {
        "who": who, "card": names.get(e.get("card", ""), e.get("card")),
        "rival": names.get(e.get("rival", ""), e.get("rival")), "world": world,
        "a": points[0], "b": points[1],
        "winner": _("atacante") if e.get("winner") == "attacker" else _("defensor"),
    }

"""A goldfish answer in a player's words: sentences with percentages and units, card names.

The engine answers in counts ("never": 76 of 200 games); a player reads "en el 38 % de las
partidas (76 de 200)…". Every sentence here states its share, its count and its unit; the
pages (play/goldfish_views.py) put them above the charts and the tables.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from cards.models import Card
from common.charts import format_number, format_percent
from engine.decklist import DeckEntry
from engine.eliria.rules import playable_cards


def share_percent(value: float | None, digits: int = 0) -> str:
    """A share as a percentage that never rounds a part to the whole nor a little to nothing:
    1 999 of 2 000 is «> 99,9 %», not «100 %»; 1 of 20 000 is «< 0,1 %», not «0 %»."""
    if value is None or value <= 0 or value >= 1:
        return format_percent(value, digits)
    step = 10 ** -max(digits, 1)  # the figure beside «>»/«<»: one decimal at least
    if round(value * 100, digits) >= 100:
        return "> " + format_percent(1 - step / 100, max(digits, 1))
    if round(value * 100, digits) <= 0:
        return "< " + format_percent(step / 100, max(digits, 1))
    return format_percent(value, digits)


def share(count: int, games: int) -> dict[str, str]:
    """The parts of «el 38 % de las partidas (76 de 200)»: percentage, count and total."""
    return {"pct": share_percent(count / games if games else 0.0, 0),
            "n": format_number(count), "games": format_number(games)}


def cost_cards(game: str, entries: Iterable[DeckEntry]) -> dict[str, str]:
    """Per attack cost the goldfish counts (engine.eliria.game: the combat cards without † of the
    deck proper), the cards that carry it with their copies: {"0": "Lobo de ceniza ×1", …}. A
    player reads «coste 0 … no se pudo pagar en el 94 %» and sees why: one copy carries it."""
    if game != "eliria":
        return {}
    by_cost: dict[int, dict[str, int]] = {}
    for entry in playable_cards(list(entries)):
        if not entry.card.is_mulligan_combat:
            continue
        for cost in {a.cost for a in entry.card.attacks}:
            names = by_cost.setdefault(cost, {})
            names[entry.card.name] = names.get(entry.card.name, 0) + entry.quantity
    return {str(k): _list([f"{name} ×{n}" for name, n in sorted(names.items(), key=lambda kv: (-kv[1], kv[0]))])
            for k, names in sorted(by_cost.items())}


def card_names(game: str, codes: Iterable[str]) -> list[str]:
    """Card names for engine codes, in the codes' order (a code unknown to the catalogue stays)."""
    codes = list(codes)
    names = dict(Card.objects.filter(game=game, code__in=codes).values_list("code", "name"))
    return [names.get(code, code) for code in codes]


def eliria_sentences(result: dict[str, Any], carriers: dict[str, str] | None = None) -> list[str]:
    return [
        _opening(result), _mulligans(result), _losses(result), *_attack_costs(result, carriers or {}),
        *_watch(result),
    ]


def _opening(result: dict[str, Any]) -> str:
    oh = result["opening_hand"]
    values = {"size": oh["hand_size"], "exact": share_percent(oh["p_combat_exact"], 1),
              "sim": share_percent(oh["p_combat_simulated"], 1), "games": format_number(result["games"])}
    text = _("La mano inicial de %(size)s cartas trae un combate sin † en el %(exact)s de los casos "
             "(cálculo exacto) y en el %(sim)s de las %(games)s partidas simuladas") % values
    ci = oh.get("p_combat_ci95")  # the engine's Wilson interval
    if ci:
        text += " " + _("(IC 95 %%: %(low)s–%(high)s)") % {
            "low": share_percent(ci[0], 1), "high": share_percent(ci[1], 1)}
    return text + "."


def _mulligans(result: dict[str, Any]) -> str:
    """Rule 11.b's mulligan. One value for every game is said, not drawn as a one-bar chart."""
    games, hist = result["games"], {int(k): v for k, v in result["mulligans"]["histogram"].items()}
    kept = hist.get(0, 0)
    if kept == games:
        return _("Ninguna partida hizo mulligan (regla 11.b): las %(games)s se jugaron con la mano inicial.") % {
            "games": format_number(games)}
    if len(hist) == 1:
        k = next(iter(hist))
        return ngettext("En todas las partidas se descartó %(k)s carta en el mulligan (regla 11.b).",
                        "En todas las partidas se descartaron %(k)s cartas en el mulligan (regla 11.b).", k) % {"k": k}
    return _("Mulligan (regla 11.b): %(mean)s cartas descartadas por partida de media; en el %(pct)s de las "
             "partidas (%(n)s de %(games)s) se jugó con la mano inicial.") % {
        "mean": format_number(result["mulligans"]["mean"], 2), **share(kept, games)}


def _losses(result: dict[str, Any]) -> str:
    games, turns, losses = result["games"], result["turns"], result["losses"]
    if not losses["deck_out"] and not losses["no_combatant"]:
        return ngettext("Ninguna partida se perdió en %(turns)s turno.",
                        "Ninguna partida se perdió en %(turns)s turnos.", turns) % {"turns": turns}
    out = _("Partidas perdidas en %(turns)s turnos: ") % {"turns": turns}
    return out + _("el %(a_pct)s (%(a_n)s de %(games)s) por mazo vacío (regla 7.c) y el %(b_pct)s "
                   "(%(b_n)s de %(games)s) sin combatientes (regla 7.b).") % {
        **{f"a_{k}": v for k, v in share(losses["deck_out"], games).items()},
        **{f"b_{k}": v for k, v in share(losses["no_combatant"], games).items()},
        "games": format_number(games)}


def _attack_costs(result: dict[str, Any], carriers: dict[str, str]) -> list[str]:
    """One sentence per attack cost the deck can pay, one for the costs it never paid; each names
    the cards that carry the cost (`carriers`, from cost_cards) when the caller knows them."""
    games, turns = result["games"], result["turns"]
    out, unpaid = [], []
    for k, first in sorted(result.get("attack_costs", {}).items(), key=lambda kv: int(kv[0])):
        if first["never"] >= games:
            unpaid.append(k)
            continue
        values = {"k": k, "mean": format_number(first["mean"], 1), "turns": turns, **share(first["never"], games)}
        if first["never"]:
            text = _("Un ataque de coste %(k)s se pudo pagar por primera vez en el turno %(mean)s de media; "
                     "en el %(pct)s de las partidas (%(n)s de %(games)s) no se pudo pagar en %(turns)s "
                     "turnos.") % values
        else:
            text = _("Un ataque de coste %(k)s se pudo pagar en todas las partidas, por primera vez en el "
                     "turno %(mean)s de media.") % values
        out.append(text + _carried(carriers, [k]))
    if unpaid:
        out.append(ngettext("Un ataque de coste %(costs)s no se pudo pagar en ninguna partida de %(turns)s turnos.",
                            "Los ataques de coste %(costs)s no se pudieron pagar en ninguna partida de %(turns)s turnos.",
                            len(unpaid)) % {"costs": _list(unpaid), "turns": turns} + _carried(carriers, unpaid))
    return out


def _carried(carriers: dict[str, str], costs: list[str]) -> str:
    """« Lo llevan: Lobo de ceniza ×1.» / « Coste 3: …; coste 4: ….»: who carries the costs."""
    known = [k for k in costs if carriers.get(k)]
    if not known:
        return ""
    if len(known) == 1:
        return " " + _("Lo llevan: %(cards)s.") % {"cards": carriers[known[0]]}
    text = "; ".join(_("coste %(k)s: %(cards)s") % {"k": k, "cards": carriers[k]} for k in known)
    return " " + text[:1].upper() + text[1:] + "."


def _watch(result: dict[str, Any]) -> list[str]:
    watch = result.get("watch")
    if not watch or not watch["per_turn"]:
        return []
    rows, games = watch["per_turn"], result["games"]
    values = {"cards": _list(card_names(result["game"], watch["cards"])), "copies": watch["copies"],
              "first": share_percent(rows[0]["p_simulated"], 0), "last": share_percent(rows[-1]["p_simulated"], 0),
              "turn": rows[-1]["turn"], **share(watch["never"], games)}
    return [ngettext(
        "%(cards)s (%(copies)s copia): robada en el %(first)s de las partidas en el turno 1 y en el %(last)s "
        "hasta el turno %(turn)s; en el %(pct)s (%(n)s de %(games)s) no llegó a la mano.",
        "%(cards)s (%(copies)s copias): alguna robada en el %(first)s de las partidas en el turno 1 y en el "
        "%(last)s hasta el turno %(turn)s; en el %(pct)s (%(n)s de %(games)s) no llegó ninguna a la mano.",
        watch["copies"]) % values]


def mision_sentences(result: dict[str, Any]) -> list[str]:
    games, turns, wt = result["games"], result["turns"], result["win_turn"]
    reached = games - wt["never"]
    if not reached:
        return [_("Ninguna partida llegó a 30 puntos en el BAÚL en %(turns)s turnos.") % {"turns": turns},
                *_stalemate(result)]
    return [_reached(wt, reached, games, turns), *_stalemate(result)]


def _stalemate(result: dict[str, Any]) -> list[str]:
    """Misión S.O.S games that ended as draws because nothing could change any more (issue 35)."""
    stalled = result.get("stalemate") or {}
    if not stalled.get("games"):
        return []
    values = {"mean": format_number(stalled["mean_turn"], 1), **share(stalled["games"], result["games"])}
    return [_("En el %(pct)s de las partidas (%(n)s de %(games)s) ya nada podía cambiar: el mazo de Elementos se "
              "acabó sin llegar a 30 en el BAÚL y sin Entes por colocar, y la partida terminó en empate (de media "
              "en el turno %(mean)s).") % values]


def _reached(wt: dict[str, Any], reached: int, games: int, turns: int) -> str:
    values = {"mean": format_number(wt["mean"], 1), "turns": turns, **share(reached, games)}
    text = _("El BAÚL llegó a 30 puntos en el %(pct)s de las partidas (%(n)s de %(games)s), de media en el "
             "turno %(mean)s.") % values
    if len(wt["histogram"]) == 1:  # one turn for every game that got there: a sentence, not a one-bar chart
        text += " " + _("Todas las que llegaron lo hicieron en el turno %(turn)s.") % {"turn": next(iter(wt["histogram"]))}
    return text


def _list(items: list[str]) -> str:
    """«1, 2 y 3» / «1, 2 and 3»."""
    if len(items) < 2:
        return "".join(items)
    return _("%(head)s y %(last)s") % {"head": ", ".join(items[:-1]), "last": items[-1]}


def sentences(result: dict[str, Any], carriers: dict[str, str] | None = None) -> list[str]:
    return eliria_sentences(result, carriers) if result["game"] == "eliria" else mision_sentences(result)

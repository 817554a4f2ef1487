"""Reads of a deck (HackSoft "selectors"): its rows, its list text, the engine's report, its stats.

A saved deck is validated exactly as a pasted list: its export text goes through
`engine.validate_decklist`, with a lookup made of the deck's own cards (no query per card), so
the line numbers in the report are the lines of the exported list and no rule is written twice.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from cards.models import CardType
from decks.charts import chart_bars
from decks.lookup import card_data
from decks.models import Deck, DeckEntry, Section, sections_of
from engine import DeckEntry as EngineEntry
from engine import MemoryLookup, ValidationReport, format_decklist, validate_decklist
from engine.text import fold

TYPE_LABELS = {
    "combat": "Combate", "token": "Token", "reaction": "Reacción", "summon": "Invocación",
    "entity": "Ente", "element": "Elemento",
}
WORLD_LABELS = {"water": "Agua", "air": "Aire", "fire": "Fuego", "earth": "Tierra"}
DEFAULT_SECTION = {"token": "tokens", "entity": "entities", "element": "elements"}


def default_section(game: str, card_type: str) -> str:
    """Where the builder puts a card: tokens under Tokens (rule 14), Entes and Elementos apart."""
    return DEFAULT_SECTION.get(card_type, sections_of(game)[0])


TYPE_ORDER = ("combat", "reaction", "summon", "token", "entity", "element")


def near_names(game: str, q: str, *, limit: int = 5) -> list[Any]:
    """"Did you mean": cards of `game` whose name is close to a plain-words query, best first
    (cards.suggest, the one suggestion function of the site)."""
    from cards.models import Card
    from cards.suggest import near_names as near_folded

    close = near_folded(q, game=game, limit=limit)
    cards = Card.objects.with_current().filter(game=game, name_folded__in=close).select_related("set")
    rank = {name: i for i, name in enumerate(close)}
    return sorted(cards, key=lambda c: (rank[c.name_folded], c.code))


def group_by_type(rows: Sequence[DeckEntry]) -> list[dict[str, Any]]:
    """A section's rows grouped by card type (Combate, Reacción…), each group with its total."""
    groups: dict[str, list[DeckEntry]] = {}
    for row in rows:
        groups.setdefault(row.card.type, []).append(row)
    order = {t: i for i, t in enumerate(TYPE_ORDER)}
    return [
        {"type": t, "label": rows_[0].card.get_type_display(), "rows": rows_,
         "count": sum(r.quantity for r in rows_)}
        for t, rows_ in sorted(groups.items(), key=lambda kv: order.get(kv[0], 99))
    ]


def deck_rows(deck: Deck, *, with_editions: bool = False) -> list[DeckEntry]:
    """The deck's entries with cards, current editions and pins: one query whatever the size
    (two with every card's editions, for the builder's pins)."""
    qs = DeckEntry.objects.filter(deck=deck).with_cards()
    if with_editions:
        qs = qs.prefetch_related("card__editions")
    return list(qs)


def engine_entries(rows: Iterable[DeckEntry]) -> list[EngineEntry]:
    """Rows as engine entries (current text), in the order lists are written."""
    entries = [EngineEntry(r.section, r.quantity, card_data(r.card)) for r in rows]
    return sorted(entries, key=lambda e: (fold(e.card.name), e.card.code))


def deck_text(rows: Sequence[DeckEntry], game: str) -> str:
    """The deck as a list (docs/contract.md §3): `N NAME (CODE)` under Spanish headers."""
    return format_decklist(engine_entries(rows), game)


def deck_report(rows: Sequence[DeckEntry], game: str) -> ValidationReport:
    entries = engine_entries(rows)
    lookup = MemoryLookup(e.card for e in entries)
    return validate_decklist(format_decklist(entries, game), game, lookup)


# ---------------------------------------------------------------- charts
def deck_stats(report: ValidationReport, game: str) -> list[SafeString]:
    """The deck's statistics as charts (decks/charts.py), titles and labels in the page's language."""
    entries = list(report.entries)
    return _eliria_stats(entries) if game == "eliria" else _mision_stats(entries)


def _eliria_stats(entries: list[EngineEntry]) -> list[SafeString]:
    deck = [e for e in entries if e.section == Section.MAIN and not e.card.is_token]
    combat = [e for e in deck if e.card.is_combat]
    curve: Counter[int] = Counter()
    classes: Counter[str] = Counter()
    costs: Counter[int] = Counter()
    crosses = 0
    for e in combat:
        curve[e.card.potential or 0] += e.quantity
        classes[e.card.card_class or str(_("sin clase"))] += e.quantity
        crosses += e.quantity if e.card.cross else 0
        for attack in e.card.attacks:
            costs[attack.cost] += e.quantity
    types: Counter[str] = Counter()
    for e in deck:
        types[str(CardType(e.card.type).label)] += e.quantity
    top = max(curve, default=0)
    size = sum(e.quantity for e in deck)
    cards, attacks = str(_("Cartas")), str(_("Ataques"))
    by_class = sorted(classes.items(), key=lambda kv: (-kv[1], kv[0]))
    return [
        chart_bars(_("Curva de potencial"), [str(p) for p in range(top + 1)] if curve else [],
                  [curve[p] for p in range(top + 1)] if curve else [], x_label=_("Potencial"), y_label=cards,
                  note=_("Cartas de combate del mazo por potencial.")),
        chart_bars(_("Tipos"), list(sorted(types)), [types[k] for k in sorted(types)], x_label=_("Tipo"),
                  y_label=cards, note=_("%(n)s cartas en el mazo (sin tokens).") % {"n": size}),
        chart_bars(_("Clases"), [k for k, _v in by_class], [v for _k, v in by_class], x_label=_("Clase"), y_label=cards),
        chart_bars(_("Marca †"), [_("con †"), _("sin †")], [crosses, sum(e.quantity for e in combat) - crosses],
                  y_label=cards, note=_("Solo las de combate sin † valen para la mano inicial (regla 11.b).")),
        chart_bars(_("Costes de ataque"), [str(c) for c in sorted(costs)], [costs[c] for c in sorted(costs)],
                  x_label=_("Coste de poder"), y_label=attacks,
                  note=_("Cada ataque de las cartas de combate, por su coste de poder.")),
    ]


def _mision_stats(entries: list[EngineEntry]) -> list[SafeString]:
    entes = [e for e in entries if e.card.type == "entity"]
    elementos = [e for e in entries if e.card.type == "element"]
    n_entes = sum(e.quantity for e in entes)
    worlds = [str(_("Agua")), str(_("Aire")), str(_("Fuego")), str(_("Tierra"))]
    totals = [sum(e.card.worlds[i] * e.quantity for e in entes) for i in range(4)]
    strongest: Counter[str] = Counter()
    for e in entes:
        strongest[worlds[e.card.strongest_world]] += e.quantity
    chest: Counter[int] = Counter()
    for e in elementos:
        chest[e.card.chest or 0] += e.quantity
    mean = [round(t / n_entes, 1) if n_entes else 0 for t in totals]
    sums = ", ".join(f"{label} {totals[i]}" for i, label in enumerate(worlds))
    return [
        chart_bars(_("Fuerza media de los Entes por mundo"), worlds, mean, x_label=_("Mundo"), y_label=_("Puntos"),
                  note=_("%(n)s Entes; suma por mundo: %(sums)s.") % {"n": n_entes, "sums": sums}),
        chart_bars(_("Mundo más fuerte de cada Ente"), worlds, [strongest[w] for w in worlds], x_label=_("Mundo"),
                  y_label=_("Entes")),
        chart_bars(_("Valor en el BAÚL de los Elementos"), [str(v) for v in sorted(chest)],
                  [chest[v] for v in sorted(chest)], x_label=_("Puntos en el BAÚL"), y_label=_("Elementos"),
                  note=_("%(n)s Elementos; %(points)s puntos en total.")
                  % {"n": sum(chest.values()), "points": sum(v * n for v, n in chest.items())}),
    ]

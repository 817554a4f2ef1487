"""The deck page's own charts (potential curve, types, classes; worlds and the BAÚL for Misión
S.O.S), drawn with the site's charts (common/charts.py)."""

from __future__ import annotations

from collections import Counter

from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from cards.models import CardType
from common.charts import chart_bars
from decks.models import Section
from engine import DeckEntry as EngineEntry
from engine import ValidationReport


def deck_stats(report: ValidationReport, game: str) -> list[SafeString]:
    """The deck's statistics as charts, titles and labels in the page's language (the deck page's
body draws them from the validation report's entries)."""
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

"""Charts: the data goes to the page as JSON, uPlot (vendored, static/vendor) draws it.

`chart_lines` (a value per turn) and `chart_bars` (a histogram or categories) return a <figure>
with a visible title, the chart data in a `<script type="application/json">` block (data, not
code: the CSP allows no inline script and none is needed) and the same numbers as a table, for
screen readers and for pages seen without JavaScript. static/js/charts.js finds the figures and
draws them with axis labels, tooltips (the legend follows the cursor) and the page's language for
numbers (Intl.NumberFormat): "99,96 %" in Spanish, "99.96%" in English.

Nothing here knows decks or games: the deck page's charts (decks/charts.py), the simulations' and
the collection's pages all draw with these.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.template.loader import render_to_string
from django.utils.formats import number_format
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import get_language
from django.utils.translation import gettext as _

# Line colours: Okabe and Ito's palette for colour-blind readers (yellow left out: it vanishes on
# white). Past seven series the colours repeat dashed, so no two series of a chart look alike.
PALETTE = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000")
BAR_COLOUR = "#8a3b12"  # the house accent: bars have one series


@dataclass(frozen=True)
class Series:
    label: str
    values: Sequence[float | None]
    dash: bool = False  # a dashed line: told apart without colour


def chart_lines(
    title: str, xs: Sequence[int], series: Sequence[Series], *, ymax: float | None = None,
    percent: bool = False, x_label: str | None = None, y_label: str = "", ymin: float | None = None,
    band: tuple[int, int] | None = None,
) -> SafeString:
    """Lines over turns (or any whole-number x): one per series. `band` names two series (low,
    high) whose gap is shaded, as an interval; `ymin` lets the axis go below 0 (a difference)."""
    spec = {
        "kind": "lines", "title": str(title), "percent": percent, "ymax": ymax, "ymin": ymin,
        "x": list(xs), "xLabel": str(x_label if x_label is not None else _("Turno")), "yLabel": str(y_label),
        "series": [_line_style(i, s) for i, s in enumerate(series)],
        "band": list(band) if band else None,
    }
    return _figure(spec)


def _line_style(index: int, series: Series) -> dict[str, Any]:
    """A distinct colour per series, then the same colours dashed (and a dashed series asked for
    as such keeps its dash)."""
    lap = index // len(PALETTE)
    return {"label": str(series.label), "values": list(series.values), "colour": PALETTE[index % len(PALETTE)],
            "dash": series.dash or lap % 2 == 1}


def chart_bars(
    title: str, labels: Sequence[str], values: Sequence[float], *, percent: bool = False,
    x_label: str = "", y_label: str = "", ymax: float | None = None, series_label: str = "", note: str = "",
) -> SafeString:
    """Bars, one per label. With `percent`, values are shares (0–1) and the axis runs 0–100 %.

    Named categories too long to stand under the bars on a phone (a deck's classes) are drawn as
    horizontal bars instead, each name written out beside its bar: uPlot would skip every other name."""
    if not percent and _crowded(labels):
        return _hbars(title, labels, values, y_label=str(y_label or series_label or ""), note=note)
    spec = {
        "kind": "bars", "title": str(title), "percent": percent, "ymax": 1 if percent and ymax is None else ymax,
        "categories": [str(label) for label in labels], "xLabel": str(x_label), "yLabel": str(y_label),
        "series": [{"label": str(series_label or y_label or title), "values": list(values), "colour": BAR_COLOUR}],
    }
    return _figure(spec, note)


PHONE_PLOT_PX = 300  # the width of a chart's plot on a 360 px phone
LABEL_PX_PER_CHAR, LABEL_GAP_PX = 6, 8  # as static/js/charts.js measures a category label


def _crowded(labels: Sequence[str]) -> bool:
    """Would charts.js drop some of these names on a phone? Only names: numbers and ranges thin out fine."""
    names = [str(label) for label in labels]
    if not any(ch.isalpha() for name in names for ch in name):
        return False
    longest = max((len(name) for name in names), default=0)
    return len(names) * (longest * LABEL_PX_PER_CHAR + LABEL_GAP_PX) > PHONE_PLOT_PX


def _hbars(title: str, labels: Sequence[str], values: Sequence[float], *, y_label: str, note: str) -> SafeString:
    """Horizontal bars as a table (a name, a bar, the number): nothing to draw, nothing dropped.
    The bars are SVG rectangles sized by attributes: the CSP allows no inline style."""
    top = max((float(v) for v in values), default=0) or 1
    rows = format_html_join(
        "", '<tr><th scope="row">{}</th><td class="hbar-cell"><svg class="hbar" viewBox="0 0 100 10" '
        'preserveAspectRatio="none" aria-hidden="true" focusable="false"><rect width="{}" height="10" '
        'fill="{}"></rect></svg></td><td class="hbar-value">{}</td></tr>',
        ((str(label), f"{100 * float(v) / top:.1f}", BAR_COLOUR, format_number(v)) for label, v in zip(labels, values, strict=True)),
    )
    return format_html(
        '<figure class="uchart" data-kind="hbars"><figcaption class="uchart-title">{}</figcaption>'
        '<table class="hbars"><thead><tr><th scope="col"><span class="sr">{}</span></th>'
        '<th scope="col"><span class="sr">{}</span></th><th scope="col" class="hbar-value">{}</th></tr></thead>'
        "<tbody>{}</tbody></table>{}</figure>",
        str(title), _("Nombre"), _("Barra"), y_label, rows,
        format_html('<p class="uchart-note">{}</p>', note) if note else "",
    )


def _figure(spec: dict[str, Any], note: str = "") -> SafeString:
    rows = _table_rows(spec)
    return SafeString(render_to_string("common/_uchart.html", {
        "spec": spec, "data": _json(spec), "rows": rows, "empty": not rows, "note": note,
    }))


def format_number(value: float | None, digits: int = 2) -> str:
    """A number in the page's language ("2,87" / "2.87"), "—" for none; whole numbers without decimals."""
    if value is None:
        return "—"
    if float(value).is_integer():
        return number_format(int(value), 0, force_grouping=True)
    return number_format(round(float(value), digits), digits, force_grouping=True)


def format_percent(share: float | None, digits: int = 1) -> str:
    """A share (0–1) as a percentage in the page's language: "99,96 %" / "99.96%"."""
    if share is None:
        return "—"
    text = number_format(round(float(share) * 100, digits), digits, force_grouping=True)
    return f"{text}\u00a0%" if (get_language() or "es").startswith("es") else f"{text}%"


def _json(spec: dict[str, Any]) -> SafeString:
    # Escaped like django.utils.html.json_script: no "</script>" can close the block early.
    text = json.dumps(spec, ensure_ascii=False)
    text = text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")
    return SafeString(text)


def _table_rows(spec: dict[str, Any]) -> list[list[str]]:
    xs = spec.get("categories") or [str(x) for x in spec.get("x", [])]
    out = []
    for i, x in enumerate(xs):
        cells = [x]
        for s in spec["series"]:
            value = s["values"][i] if i < len(s["values"]) else None
            cells.append(_format(value, spec["percent"]))
        out.append(cells)
    return out


def _format(value: float | None, percent: bool) -> str:
    if value is None:
        return "—"
    return format_percent(value) if percent else format_number(value)

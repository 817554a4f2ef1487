"""Charts: the data goes to the page as JSON, uPlot (vendored, static/vendor) draws it.

`chart_lines` (a value per turn) and `chart_bars` (a histogram or categories) return a <figure>
with a visible title, the chart data in a `<script type="application/json">` block (data, not
code: the CSP allows no inline script and none is needed) and the same numbers as a table, for
screen readers and for pages seen without JavaScript. static/js/charts.js finds the figures and
draws them with axis labels, tooltips (the legend follows the cursor) and the page's language for
numbers (Intl.NumberFormat): "99,96 %" in Spanish, "99.96%" in English.

`line_chart` and `bar_chart` (small server-side SVG) remain for the simulation pages until they
move to the figures above.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.template.loader import render_to_string
from django.utils.formats import number_format
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

PALETTE = ("#8a3b12", "#1f6f3a", "#2b5c9e", "#b36b00", "#7a1a6e")


@dataclass(frozen=True)
class Series:
    label: str
    values: Sequence[float | None]


def chart_lines(
    title: str, xs: Sequence[int], series: Sequence[Series], *, ymax: float | None = None,
    percent: bool = False, x_label: str | None = None, y_label: str = "",
) -> SafeString:
    """Lines over turns (or any whole-number x): one per series."""
    spec = {
        "kind": "lines", "title": str(title), "percent": percent, "ymax": ymax,
        "x": list(xs), "xLabel": str(x_label if x_label is not None else _("Turno")), "yLabel": str(y_label),
        "series": [{"label": str(s.label), "values": list(s.values), "colour": PALETTE[i % len(PALETTE)]}
                   for i, s in enumerate(series)],
    }
    return _figure(spec)


def chart_bars(
    title: str, labels: Sequence[str], values: Sequence[float], *, percent: bool = False,
    x_label: str = "", y_label: str = "", ymax: float | None = None, series_label: str = "", note: str = "",
) -> SafeString:
    """Bars, one per label. With `percent`, values are shares (0–1) and the axis runs 0–100 %."""
    spec = {
        "kind": "bars", "title": str(title), "percent": percent, "ymax": 1 if percent and ymax is None else ymax,
        "categories": [str(label) for label in labels], "xLabel": str(x_label), "yLabel": str(y_label),
        "series": [{"label": str(series_label or y_label or title), "values": list(values), "colour": PALETTE[0]}],
    }
    return _figure(spec, note)


def _figure(spec: dict[str, Any], note: str = "") -> SafeString:
    rows = _table_rows(spec)
    return SafeString(render_to_string("decks/_uchart.html", {
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


# ---------------------------------------------------------------- legacy SVG charts
W, H, PAD_L, PAD_B, PAD_T, PAD_R = 560, 240, 44, 32, 14, 12


def _scale(vmax: float) -> float:
    return vmax if vmax > 0 else 1.0


def line_chart(title: str, xs: Sequence[int], series: Sequence[Series], *, ymax: float | None = None, percent: bool = False) -> SafeString:
    top = ymax if ymax is not None else _scale(max((v for s in series for v in s.values if v is not None), default=1))
    iw, ih = W - PAD_L - PAD_R, H - PAD_T - PAD_B
    n = max(len(xs) - 1, 1)

    def point(i: int, v: float) -> str:
        return f"{PAD_L + iw * i / n:.1f},{PAD_T + ih * (1 - v / top):.1f}"

    parts = [_frame(title, top, percent)]
    for i, x in enumerate(xs):
        parts.append(f'<text x="{PAD_L + iw * i / n:.1f}" y="{H - 12}" text-anchor="middle" class="tick">{x}</text>')
    for k, s in enumerate(series):
        pts = " ".join(point(i, v) for i, v in enumerate(s.values) if v is not None)
        colour = PALETTE[k % len(PALETTE)]
        parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2.5" points="{pts}"/>')
        parts.append(f'<text x="{PAD_L + 8}" y="{PAD_T + 14 + 16 * k}" fill="{colour}" class="legend">{escape(s.label)}</text>')
    return _svg(title, parts)


def bar_chart(title: str, labels: Sequence[str], values: Sequence[float], *, percent: bool = False) -> SafeString:
    top = _scale(max(values, default=1))
    iw, ih = W - PAD_L - PAD_R, H - PAD_T - PAD_B
    n = max(len(values), 1)
    bw = iw / n
    parts = [_frame(title, top, percent)]
    for i, (label, v) in enumerate(zip(labels, values, strict=True)):
        h = ih * v / top
        x = PAD_L + i * bw
        parts.append(f'<rect x="{x + bw * 0.12:.1f}" y="{PAD_T + ih - h:.1f}" width="{bw * 0.76:.1f}" height="{h:.1f}" fill="{PALETTE[0]}"><title>{escape(label)}: {v:g}</title></rect>')
        parts.append(f'<text x="{x + bw / 2:.1f}" y="{H - 12}" text-anchor="middle" class="tick">{escape(label)}</text>')
    return _svg(title, parts)


def _frame(title: str, top: float, percent: bool) -> str:
    ih = H - PAD_T - PAD_B
    out = [f'<line x1="{PAD_L}" y1="{PAD_T + ih}" x2="{W - PAD_R}" y2="{PAD_T + ih}" stroke="#999"/>']
    for frac in (0, 0.5, 1):
        y = PAD_T + ih * (1 - frac)
        value = top * frac
        label = f"{value * 100:.0f}%" if percent else f"{value:.3g}"
        out.append(f'<text x="{PAD_L - 6}" y="{y + 4:.1f}" text-anchor="end" class="tick">{label}</text>')
        out.append(f'<line x1="{PAD_L}" y1="{y:.1f}" x2="{W - PAD_R}" y2="{y:.1f}" stroke="#e4dccd"/>')
    return "".join(out)


def _svg(title: str, parts: list[str]) -> SafeString:
    body = "".join(parts)
    return mark_safe(  # noqa: S308 - labels are escaped above; numbers are formatted
        f'<svg class="chart" viewBox="0 0 {W} {H}" role="img" aria-label="{escape(title)}">'
        f"<title>{escape(title)}</title>{body}</svg>"
    )

"""Small server-side SVG charts (no JavaScript): line charts per turn and bar histograms."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

PALETTE = ("#8a3b12", "#1f6f3a", "#2b5c9e", "#b36b00", "#7a1a6e")
W, H, PAD_L, PAD_B, PAD_T, PAD_R = 560, 240, 44, 32, 14, 12


@dataclass(frozen=True)
class Series:
    label: str
    values: Sequence[float | None]


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

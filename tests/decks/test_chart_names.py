"""Named categories that would not fit under the bars on a phone are written out as horizontal bars
(issue 25, point 9: the «Clases» chart dropped every other class)."""

from __future__ import annotations

import re

from common.charts import chart_bars

CLASSES = ["bestia", "espíritu", "guerrero", "mística", "objeto vivo", "reanimado"]


def test_long_class_names_become_horizontal_bars_with_every_name():
    html = str(chart_bars("Clases", CLASSES, [3, 2, 2, 1, 1, 1], x_label="Clase", y_label="Cartas"))
    assert 'data-kind="hbars"' in html and "uchart-data" not in html
    assert re.findall(r'<th scope="row">([^<]+)</th>', html) == CLASSES
    assert re.findall(r'<rect width="([\d.]+)"', html)[:2] == ["100.0", "66.7"]  # sized to the largest
    assert "style=" not in html  # the CSP allows no inline style


def test_numbers_and_short_names_keep_the_drawn_chart():
    assert "uchart-data" in str(chart_bars("Curva", [str(n) for n in range(12)], list(range(12))))
    assert "uchart-data" in str(chart_bars("Mundos", ["Agua", "Aire", "Fuego", "Tierra"], [1, 2, 3, 4]))
    assert "uchart-data" in str(chart_bars("Duración", [f"{n}–{n + 3}" for n in range(0, 80, 4)], [1] * 20))


def test_names_are_escaped():
    html = str(chart_bars("Clases", ["<b>x</b>" * 8, "y"], [1, 2]))
    assert "<b>" not in html and "&lt;b&gt;" in html

"""Word-level differences between two editions' texts, as safe HTML for the card page."""

from __future__ import annotations

import difflib
from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

# In the reader's language: an English card page said «BAÚL: 10 → 8», «Artista: …».
LABELS = {
    "potential": gettext_lazy("Potencial"), "class": gettext_lazy("Clase"), "cross": "†",
    "passive": gettext_lazy("Pasiva"), "resistance": gettext_lazy("Resistencia"), "subtype": gettext_lazy("Subtipo"),
    "effect": gettext_lazy("Efecto"), "chest": gettext_lazy("BAÚL"), "flavor": gettext_lazy("Ambientación"),
    "artist": gettext_lazy("Artista"),
}


def edition_lines(data: dict[str, Any]) -> list[str]:
    """An edition object flattened into labelled lines of text, in a stable order."""
    lines = []
    for key, label in LABELS.items():
        if key in data and data[key] not in ("", None):
            value = (_("sí") if data[key] else _("no")) if key == "cross" else data[key]
            lines.append(f"{label}: {value}")
    for atk in data.get("attacks", []):
        text = _("Ataque [%(cost)s] %(name)s — daño %(damage)s") % {
            "cost": atk["cost"], "name": atk["name"], "damage": atk["damage"]}
        lines.append(text + (f": {atk['effect']}" if atk.get("effect") else ""))
    for world, points in data.get("worlds", {}).items():
        lines.append(f"{world}: {points}")
    return lines


def word_diff(old: str, new: str) -> SafeString:
    a, b = old.split(), new.split()
    out: list[str] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if op == "equal":
            out.append(escape(" ".join(a[i1:i2])))
            continue
        if i2 > i1:
            out.append(f"<del>{escape(' '.join(a[i1:i2]))}</del>")
        if j2 > j1:
            out.append(f"<ins>{escape(' '.join(b[j1:j2]))}</ins>")
    return mark_safe(" ".join(out))  # noqa: S308 - every piece is escaped above


def edition_diff(old: dict[str, Any], new: dict[str, Any]) -> list[SafeString]:
    """The changed lines between two editions, each as a word-level diff."""
    return [
        word_diff(o, n)
        for o, n in _pair_lines(edition_lines(old), edition_lines(new))
        if o != n
    ]


def _pair_lines(old: list[str], new: list[str]) -> list[tuple[str, str]]:
    pairs = []
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            continue
        left, right = old[i1:i2], new[j1:j2]
        for k in range(max(len(left), len(right))):
            pairs.append((left[k] if k < len(left) else "", right[k] if k < len(right) else ""))
    return pairs

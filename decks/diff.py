"""The difference between two deck lists: what B adds to A, takes from it, or changes in quantity.

Pure over the revisions' snapshot items (`{"section", "code", "name", "quantity"}`, see
`DeckRevision.snapshot`), so two revisions, two saved decks or one of each compare the same way.
Cards are matched by section and code (a card moved from Mazo to Tokens is a removal and an
addition); the lines come in the order lists are written: by section, then name, then code.

>>> a = [{"section": "main", "code": "B-1", "name": "Lobo", "quantity": 2}]
>>> b = [{"section": "main", "code": "B-2", "name": "Marea", "quantity": 1},
...      {"section": "main", "code": "B-1", "name": "Lobo", "quantity": 1}]
>>> print(list_diff(a, b, sections=("main",)).as_text(), end="")
-1 Lobo (B-1)
+1 Marea (B-2)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine import GAME_SPECS
from engine.text import fold

Item = Mapping[str, Any]
# Section key -> its Spanish header, over every game (the keys differ between games).
_HEADERS = {key: text for spec in GAME_SPECS.values() for key, text in spec.headers.items()}


@dataclass(frozen=True)
class DiffLine:
    """One card whose quantity differs: `before` copies in A, `after` copies in B."""

    section: str
    code: str
    name: str
    before: int
    after: int

    @property
    def change(self) -> int:
        return self.after - self.before

    @property
    def amount(self) -> int:
        """How many copies came or went."""
        return abs(self.change)

    @property
    def kind(self) -> str:
        """"added" (not in A), "removed" (not in B) or "changed" (in both)."""
        if self.before == 0:
            return "added"
        return "removed" if self.after == 0 else "changed"

    def as_text(self) -> str:
        sign = "+" if self.change > 0 else "-"
        return f"{sign}{self.amount} {self.name} ({self.code})"


@dataclass(frozen=True)
class ListDiff:
    lines: tuple[DiffLine, ...]
    sections: tuple[str, ...]

    def __bool__(self) -> bool:
        return bool(self.lines)

    def of_kind(self, kind: str) -> list[DiffLine]:
        return [line for line in self.lines if line.kind == kind]

    @property
    def added(self) -> list[DiffLine]:
        return self.of_kind("added")

    @property
    def removed(self) -> list[DiffLine]:
        return self.of_kind("removed")

    @property
    def changed(self) -> list[DiffLine]:
        return self.of_kind("changed")

    def as_text(self) -> str:
        """One `+N NAME (CODE)` / `-N NAME (CODE)` line per card; under the list's Spanish headers
        when a section other than the first one changes (docs/contract.md §3)."""
        headed = any(line.section != self.sections[0] for line in self.lines) if self.sections else False
        out: list[str] = []
        for section in self.sections:
            lines = [line for line in self.lines if line.section == section]
            if lines and headed:
                header = _HEADERS.get(section, f"{section}:")
                out.append(f"\n{header}" if out else header)
            out.extend(line.as_text() for line in lines)
        return "\n".join(out) + ("\n" if out else "")


def list_diff(before: Iterable[Item], after: Iterable[Item], *, sections: Sequence[str]) -> ListDiff:
    """B (`after`) against A (`before`); quantities of a card repeated in one section add up."""
    old, new = _counts(before), _counts(after)
    order = {key: i for i, key in enumerate(sections)}
    lines = []
    for key in {**old, **new}:
        was, now = old.get(key, (0, "")), new.get(key, (0, ""))
        if was[0] != now[0]:
            lines.append(DiffLine(key[0], key[1], now[1] or was[1], was[0], now[0]))
    lines.sort(key=lambda ln: (order.get(ln.section, len(order)), fold(ln.name), ln.code))
    extra = tuple(dict.fromkeys(ln.section for ln in lines if ln.section not in order))
    return ListDiff(tuple(lines), (*sections, *extra))


def _counts(items: Iterable[Item]) -> dict[tuple[str, str], tuple[int, str]]:
    out: dict[tuple[str, str], tuple[int, str]] = {}
    for item in items:
        key = (str(item["section"]), str(item["code"]))
        out[key] = (out.get(key, (0, ""))[0] + int(item["quantity"]), str(item.get("name") or item["code"]))
    return out


def rows_items(rows: Iterable[Any]) -> list[dict[str, Any]]:
    """A saved deck's rows (decks.selectors.deck_rows) as snapshot items."""
    return [{"section": r.section, "code": r.card.code, "name": r.card.name, "quantity": r.quantity} for r in rows]

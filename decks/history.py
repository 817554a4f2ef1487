"""What the apps built on decks add to a deck's history (its revisions page), registered from their
AppConfig.ready() — decks never names them (docs/architecture.md; as cards/extensions.py).

- `register_revision_notes(notes)`: lines under a revision, e.g. the simulation app's kept
  comparisons ("r14 → r15: +Marea de vigor; poder en el turno 3 +0,52 ± 0,03").

Without a registration the history shows the revisions alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

# (deck, revisions shown, the viewer) -> {revision number: [{"text", "url"}]}
RevisionNotes = Callable[[Any, Sequence[Any], Any], dict[int, list[dict[str, str]]]]

_notes: list[RevisionNotes] = []


def register_revision_notes(notes: RevisionNotes) -> None:
    if notes not in _notes:
        _notes.append(notes)


def revision_notes(deck: Any, revisions: Sequence[Any], user: Any) -> dict[int, list[dict[str, str]]]:
    """Every registered app's lines for the revisions shown, by revision number."""
    out: dict[int, list[dict[str, str]]] = {}
    for notes in _notes:
        for number, lines in notes(deck, revisions, user).items():
            out.setdefault(number, []).extend(lines)
    return out

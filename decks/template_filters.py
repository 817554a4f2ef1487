"""The deck pages' words in the reader's language, as template filters (decks/messages.py holds
the translations). decks/apps.py adds them to the site's `{% load site_i18n %}` library
(common/templatetags/site_i18n.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from decks.messages import (
    SECTION_LABELS,
    VISIBILITY_LABELS,
    deck_page_violation_message,
    revision_note,
    violation_message,
)


def visibility_label(value: str) -> str:
    return str(VISIBILITY_LABELS.get(value, value))


def section_label(value: str) -> str:
    return str(SECTION_LABELS.get(value, value))


def revision_note_text(note: Any) -> str:
    return revision_note(str(note))


FILTERS: dict[str, Callable[[Any], str]] = {
    "violation_text": violation_message,  # an engine Violation: `{{ v|violation_text }}`
    "deck_violation_text": deck_page_violation_message,  # the same on the deck page (sections, not headers)
    "visibility_label": visibility_label,
    "section_label": section_label,
    "revision_note_text": revision_note_text,
}

"""Template filters that show messages made in Spanish below the site in the reader's language."""

from __future__ import annotations

from typing import Any

from django import template

from cards.messages import search_error
from common.messages import translate as _translate
from decks.messages import SECTION_LABELS, VIOLATIONS, VISIBILITY_LABELS, revision_note

register = template.Library()


@register.filter
def violation_text(item: Any) -> str:
    """A validation problem's message (an engine Violation or its JSON dict), translated."""
    message = item.get("message", "") if isinstance(item, dict) else getattr(item, "message", "")
    return _translate(str(message), VIOLATIONS)


@register.filter
def search_error_text(message: Any) -> str:
    return search_error(str(message))


@register.filter
def visibility_label(value: str) -> str:
    return str(VISIBILITY_LABELS.get(value, value))


@register.filter
def section_label(value: str) -> str:
    return str(SECTION_LABELS.get(value, value))


@register.filter
def revision_note_text(note: str) -> str:
    return revision_note(str(note))

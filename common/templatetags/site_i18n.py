"""``{% load site_i18n %}``: the site's filters that show, in the reader's language, what was made
in Spanish below the site (the engine's messages, the labels the models keep in Spanish).

The library is the site's, so any app's template loads it by this one name; its filters are the
apps'. `common` imports no app (docs/architecture.md), so an app adds its filters from its
`AppConfig.ready()` through `add_filters`, as the catalogue search gains fields by registration:

- decks (decks/template_filters.py): `violation_text`, `visibility_label`, `section_label`,
  `revision_note_text`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django import template

register = template.Library()


def add_filters(filters: Mapping[str, Callable[[Any], str]]) -> None:
    """Make each `name: function` a filter of this library (called from an app's ready())."""
    for name, function in filters.items():
        register.filter(name, function)

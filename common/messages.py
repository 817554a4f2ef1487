"""Messages made in Spanish below the site (the engine, the search parser), shown in the reader's
language by their code.

The engine stays free of Django and speaks Spanish; each message it makes also carries a code and
its parameters as data (engine/messages.py lists the codes). Each app keeps a table of messages
by code (cards/messages.py, decks/messages.py, play/labels.py): one gettext message per code, a
Spanish msgid with the parameters as named placeholders, so `makemessages` collects it and
locale/en translates it. A page shows the message for the code in the reader's language; a message
with no code, an unknown code or parameters that do not fill its message shows the text as made
(never lost). This module is the one mechanism the tables share.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.functional import Promise
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

__all__ = ["Messages", "message_for", "speaks_spanish"]

# code → the gettext message (a Spanish msgid with %(name)s placeholders; gettext_lazy or
# ngettext_lazy with the number's parameter name).
Messages = Mapping[str, str | Promise]


def speaks_spanish() -> bool:
    """Whether the active language is Spanish, the language the messages are made in."""
    return (get_language() or "es").startswith("es")


def message_for(
    messages: Messages, code: str, params: Mapping[str, object], fallback: str, *, line: int | None = None
) -> str:
    """The message *code* of *messages* filled with *params*, in the active language.

    In Spanish, or when the code is unknown or its parameters do not fill the message, it is
    *fallback*: the text as its maker wrote it. *line*: a deck-list message's line, said first
    ("Línea 3: …") as the engine's text does.
    """
    if not fallback or speaks_spanish():
        return fallback
    message = messages.get(code)
    if message is None:
        return fallback
    try:
        text = str(message % dict(params))
    except (KeyError, TypeError, ValueError):
        return fallback
    if line is not None:
        text = str(_("Línea %(line)s: ") % {"line": line}) + text
    return text


"""Account names that cannot impersonate one another.

A name is letters of the Latin alphabet as Spanish writes them (a–z, á é í ó ú ü ñ), digits and
`. _ -`, after NFKC normalisation: a Cyrillic `а` or a dotless `ı` is refused, not silently
accepted beside the real `alice`. Two names that differ only in case or accents (`Alice`, `alíce`)
are the same name for sign-up.
"""

from __future__ import annotations

import re
import unicodedata

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _

_ALLOWED = re.compile(r"[A-Za-z0-9ÁÉÍÓÚÜÑáéíóúüñ._-]+")
_VARIANTS = {"a": "aá", "e": "eé", "i": "ií", "o": "oó", "u": "uúü", "n": "nñ"}


def _skeleton(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def username_problem(name: str) -> str | None:
    if unicodedata.normalize("NFKC", name) != name:
        return _("El nombre tiene caracteres que se escriben de otra forma; escríbelo con letras normales.")
    if not _ALLOWED.fullmatch(name):
        return _("Usa solo letras (sin símbolos de otros alfabetos), números y . _ -")
    return None


def lookalike_exists(name: str) -> bool:
    """Whether an account exists whose name differs from `name` only in case or accents."""
    pattern = "".join(
        f"[{re.escape(_VARIANTS[c])}]" if c in _VARIANTS else re.escape(c) for c in _skeleton(name)
    )
    return get_user_model().objects.filter(username__iregex=f"^{pattern}$").exists()

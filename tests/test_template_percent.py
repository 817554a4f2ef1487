"""A `{% translate %}` literal with a per cent sign has its English translation.

Django looks such a literal up with each "%" doubled (`Variable.resolve`), so the catalogue entry
must be the doubled, python-format one; an entry written with a single "%" is never found and the
English page shows the Spanish text (found on the compare page: "Diferencia B − A … (IC 95 %)").
"""

from __future__ import annotations

import re
from pathlib import Path

from django.utils import translation

ROOT = Path(__file__).resolve().parents[1]
LITERAL = re.compile(r"""\{%\s*(?:translate|trans)\s+"([^"]*%[^"]*)"(?:\s+context\s+"[^"]*")?\s*%\}""")


def template_literals_with_percent() -> set[str]:
    found: set[str] = set()
    for path in ROOT.glob("*/templates/**/*.html"):
        found |= set(LITERAL.findall(path.read_text(encoding="utf-8")))
    return found


def test_every_translate_literal_with_a_percent_sign_is_translated_into_english() -> None:
    literals = template_literals_with_percent()
    assert literals  # the pattern finds the ones there are ("% de victorias", "IC 95 %" …)
    with translation.override("en"):
        untranslated = sorted(s for s in literals if translation.gettext(s.replace("%", "%%")) == s.replace("%", "%%"))
    assert untranslated == []

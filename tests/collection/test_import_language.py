"""Collection import problems speak the page's language (English through gettext, Spanish source)."""

from __future__ import annotations

import pytest
from django.utils import translation

from collection.imports import ImportRejected, read_csv


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "expected"), [
    ("es", "no existe ninguna carta de Eliria con el código «NOPE-1»."),
    ("en", "there is no Eliria card with the code “NOPE-1”."),
])
def test_an_unknown_code_is_named_in_the_pages_language(mini, language, expected):
    with translation.override(language), pytest.raises(ImportRejected) as caught:
        read_csv("game,code,quantity\neliria,NOPE-1,1\n", game="eliria")
    assert caught.value.problems[0].message == expected

"""StrictCharField refuses lone surrogates as DRF's CharField does, with a faster check."""

from __future__ import annotations

import pytest
from rest_framework import serializers
from rest_framework.fields import CharField

from common.serializers import StrictCharField


class _Strict(serializers.Serializer):
    text = StrictCharField(allow_blank=True, trim_whitespace=False)


class _Drf(serializers.Serializer):
    text = CharField(allow_blank=True, trim_whitespace=False)


@pytest.mark.parametrize("text", ["abc\ud800def", "\udfff", "línea 1\nlínea 2 \udc00 fin", "a" * 5000 + "\ud83d"])
def test_a_lone_surrogate_is_refused_with_drfs_message(text: str) -> None:
    mine, theirs = _Strict(data={"text": text}), _Drf(data={"text": text})
    assert not mine.is_valid() and not theirs.is_valid()
    assert mine.errors == theirs.errors
    assert mine.errors["text"][0].code == "surrogate_characters_not_allowed"


@pytest.mark.parametrize("text", ["", "Mazo:\n1 Cañón del sacrificio (BASE-105)\n", "🐉 dragón", "†" * 300])
def test_text_without_surrogates_passes(text: str) -> None:
    strict = _Strict(data={"text": text})
    assert strict.is_valid(), strict.errors
    assert strict.validated_data["text"] == text

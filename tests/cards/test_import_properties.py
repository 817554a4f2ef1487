"""Property tests for the import parsers: any input gives a document or errors, never a crash."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from cards.catalogue import parse_document
from cards.catalogue_csv import csv_to_document
from common.exchange import RecordError

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 20) | st.text(max_size=8) | st.sampled_from(["x", "eliria", "combat", "2026-01-10"]),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(
        st.sampled_from(["format", "game", "sets", "cards", "code", "set", "name", "type", "editions",
                         "edition", "released", "potential", "class", "cross", "passive", "resistance",
                         "attacks", "cost", "damage", "effect", "subtype", "worlds", "water", "chest", "image"]),
        children, max_size=6),
    max_leaves=25,
)


def _check(doc, errors):  # type: ignore[no-untyped-def]
    assert (doc is None) == bool(errors) or doc is not None
    for error in errors:
        assert isinstance(error, RecordError) and str(error).startswith("f.json:")


@settings(max_examples=300, deadline=None)
@given(JSON)
def test_any_json_value_parses_or_is_refused_with_record_errors(value):
    catalogue, errors = parse_document(value, "f.json")
    _check(catalogue, errors)


@settings(max_examples=200, deadline=None)
@given(st.fixed_dictionaries({"format": st.just("catalogue/1"), "game": st.sampled_from(["eliria", "mision"]),
                              "sets": st.just([{"code": "S", "name": "S"}]), "cards": st.lists(JSON, max_size=3)}))
def test_near_valid_documents_never_crash(doc):
    catalogue, errors = parse_document(json.loads(json.dumps(doc)), "f.json")
    _check(catalogue, errors)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_any_csv_text_gives_a_document_or_line_errors(text):
    header = "game,set,code,name,type,edition,released,potential,class,resistance\n"
    doc, errors = csv_to_document(header + text, "f.csv")
    for error in errors:
        assert error.file == "f.csv" and error.record.isdigit()
    if doc is not None and not errors:
        parse_document(doc, "f.csv")

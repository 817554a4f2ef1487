"""The search syntax: parse_query -> Q, over the bundled catalogue."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cards.models import Card
from cards.search import SearchError, parse_query


def codes(q, game=None):  # type: ignore[no-untyped-def]
    return set(Card.objects.for_game(game).search(q).values_list("code", flat=True))


@pytest.mark.django_db
def test_free_words_ignore_case_and_accents(bundled):
    assert "BASE-105" in codes("canon")
    assert "BASE-105" in codes("CAÑÓN sacrificio")
    assert codes("canon") == codes("Cañón")


@pytest.mark.django_db
def test_quoted_phrase_and_negation(bundled):
    assert codes('"cañon del sacrificio"') == {"BASE-105", "EXP-010"}
    assert codes('"cañon del sacrificio" -code:EXP-010') == {"BASE-105"}


@pytest.mark.django_db
def test_numeric_fields_compare_on_the_current_edition(bundled):
    high = codes("pot>=9")
    assert high and all(c.current.potential >= 9 for c in Card.objects.filter(code__in=high))
    # BASE-020: resistance 6 -> 5 in its newest edition (ruling TERCERO)
    assert "BASE-020" in codes("res=5") and "BASE-020" not in codes("res=6")


@pytest.mark.django_db
def test_type_subtype_cross_and_or(bundled):
    ephemeral = codes("t:invocacion sub:efimera")
    assert {"BASE-150", "BASE-180"} <= ephemeral
    crosses = codes("is:cross")
    assert crosses and crosses.isdisjoint(codes("-is:cross"))
    both = codes("t:token OR t:reaction")
    assert both == codes("t:token") | codes("t:reaccion")
    assert codes("(t:token OR t:reaction) set:BASE") == both & codes("set:BASE")


@pytest.mark.django_db
def test_cost_means_some_attack_costs_that(bundled):
    found = Card.objects.filter(code__in=codes("cost>=5"))
    assert found and all(max(a["cost"] for a in c.current.attacks) >= 5 for c in found)
    exact = Card.objects.filter(code__in=codes("cost=0"))
    assert all(any(a["cost"] == 0 for a in c.current.attacks) for c in exact)


@pytest.mark.django_db
def test_mision_worlds_and_chest(bundled):
    strong = Card.objects.filter(code__in=codes("agua>=7", "mision"))
    assert strong and all(c.current.water >= 7 for c in strong)
    rich = Card.objects.filter(code__in=codes("t:elemento baul>=5"))
    assert rich and all(c.current.chest >= 5 and c.type == "element" for c in rich)


@pytest.mark.django_db
def test_order_and_direction(bundled):
    qs = list(Card.objects.search("t:combat order:pot dir:desc")[:5])
    pots = [c.current.potential for c in qs]
    assert pots == sorted(pots, reverse=True)


@pytest.mark.parametrize(
    "query",
    ["pot>=", "pot>=alto", "colour:red", "(t:combat", "t:combat)", "t:dragon", "OR t:combat",
     "fecha>=ayer", "x" * 600, "dir:arriba", "is:shiny", "name>3"],
)
def test_malformed_queries_raise_a_clear_error(query):
    with pytest.raises(SearchError) as exc:
        parse_query(query)
    assert str(exc.value)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=80))
def test_the_parser_never_crashes(text):
    try:
        parse_query(text)
    except SearchError:
        pass


@pytest.mark.django_db
@settings(max_examples=60, deadline=None)
@given(st.text(alphabet='ab:=<>!-()" OR0123456789tpo', max_size=30))
def test_any_accepted_query_runs_on_the_database(text):
    try:
        parsed = parse_query(text)
    except SearchError:
        return
    list(Card.objects.search(text)[:5])
    assert parsed is not None

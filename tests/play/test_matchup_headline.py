"""Matchup results that tell the truth (issue 25): when draws are most of the games the headline
says so and why, the win rate is given over the decided games, and two Misión S.O.S decks that
cannot bring 30 points to the BAÚL (OBJETIVO DEL JUEGO) are warned about."""

from __future__ import annotations

from html import unescape

import pytest
from django.utils import translation

from engine import DeckEntry
from engine.cards import CardData, Game
from engine.mision.rules import chest_reach, chest_reachable
from play.matchups.present import chest_warnings, headline
from tests.factories import MISION_LIST


def page_post(client, **data):  # type: ignore[no-untyped-def]
    base = {"game": "mision", "games": 20, "seed": 3, "policy_a": "rules", "policy_b": "rules"}
    return client.post("/enfrentamientos/", {**base, **data})


def result(wins_a: int, wins_b: int, draws: dict[str, int]) -> dict:  # type: ignore[type-arg]
    n = wins_a + wins_b + sum(draws.values())
    return {"games_played": n, "wins_a": wins_a, "wins_b": wins_b, "draws": sum(draws.values()),
            "win_rate_a": wins_a / n, "win_rate_a_ci95": [0.0, 1.0], "reasons": {"a": {}, "b": {}, "draw": draws}}


def element(chest: int, n: int) -> DeckEntry:
    card = CardData(game=Game.MISION, code=f"E-{chest}", name=f"E {chest}", type="element", chest=chest)
    return DeckEntry("elements", n, card)


# ---------------------------------------------------------------- the rule (OBJETIVO DEL JUEGO)
def test_objetivo_chest_reach_leaves_out_the_four_elementos_of_the_preparation():
    assert chest_reach([element(10, 4)]) == 0  # a minimum deck brings nothing to the BAÚL
    assert chest_reach([element(2, 4), element(10, 2)]) == 20 and not chest_reachable([element(2, 4), element(10, 2)])
    assert chest_reach([element(2, 4), element(10, 3)]) == 30 and chest_reachable([element(2, 4), element(10, 3)])


# ---------------------------------------------------------------- the headline
def test_all_draws_lead_with_the_draw_and_its_cause_not_a_zero_win_rate():
    with translation.override("es"):
        h = headline(result(0, 0, {"turn_cap": 300}))
    assert h["draws_lead"] and h["draw_text"] == "Las 300 partidas acabaron en empate por límite de turnos."
    assert h["decided"] == 0


def test_mostly_draws_give_the_win_rate_over_decided_games():
    with translation.override("es"):
        h = headline(result(3, 1, {"turn_cap": 5, "both_no_elements": 1}))
    assert h["draw_text"].startswith("6 de 10 partidas acabaron en empate: 5 por límite de turnos, 1 porque")
    assert h["decided"] == 4 and h["decided_rate"] == "75,0\u00a0%"


def test_a_few_draws_keep_the_usual_headline():
    h = headline(result(6, 3, {"turn_cap": 1}))
    assert not h["draws_lead"] and "draw_text" not in h


def test_headline_speaks_english():
    with translation.override("en"):
        h = headline(result(0, 0, {"turn_cap": 300}))
    assert h["draw_text"] == "All 300 games ended in a draw at the turn limit."


def test_chest_warnings_name_each_short_deck_and_both():
    short, ok = [element(10, 4)], [element(2, 4), element(10, 3)]
    with translation.override("es"):
        both = chest_warnings("mision", (short, short), ("Mazo A", "Mazo B"))
        one = chest_warnings("mision", (ok, short), ("Mazo A", "Mazo B"))
    assert len(both) == 3 and both[0].startswith("Mazo A: sus Elementos pueden llevar como mucho 0 puntos")
    assert "Ninguno de los dos mazos puede llegar a 30" in both[2]
    assert len(one) == 1 and one[0].startswith("Mazo B")
    assert chest_warnings("eliria", (short, short), ("A", "B")) == []


# ---------------------------------------------------------------- the page
@pytest.mark.django_db
def test_two_minimum_mision_decks_page_says_they_all_drew_and_warns_about_the_baul(client, bundled):
    html = unescape(page_post(client, list_a=MISION_LIST, list_b=MISION_LIST).content.decode())
    assert "Las 20 partidas acabaron en empate por límite de turnos." in html
    assert "A gana el" not in html and "Ninguna partida se decidió" in html
    assert "Ninguno de los dos mazos puede llegar a 30 en el BAÚL" in html
    assert 'data-reason="turn_cap"' in html  # the tally of reasons stays below


@pytest.mark.django_db
def test_decided_mision_matchup_keeps_the_win_rate_headline(client, bundled):
    from cards.models import Card

    entes = Card.objects.filter(game="mision", type="entity").order_by("code")[:8]
    elems = Card.objects.filter(game="mision", type="element").order_by("code")[:20]
    text = "Entes:\n" + "".join(f"1 {c.name}\n" for c in entes) + "Elementos:\n" + "".join(f"1 {c.name}\n" for c in elems)
    html = unescape(page_post(client, list_a=text, list_b=text).content.decode())
    assert "A gana el" in html and "acabaron en empate" not in html
    assert "Ninguno de los dos mazos" not in html

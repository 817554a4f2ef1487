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


ENTES = DeckEntry("entities", 5, CardData(game=Game.MISION, code="N-1", name="Ente", type="entity"))


# ---------------------------------------------------------------- the rule (OBJETIVO DEL JUEGO, PASOS)
def test_objetivo_chest_reach_counts_only_prizes():
    """Only prizes reach the BAÚL: the preparation's four Elementos and each turn's draw go to the
    Elementos de juego (issue 35: the old count took every Elemento past the first four)."""
    assert chest_reach([ENTES, element(10, 4)]) == 0  # a minimum deck brings nothing to the BAÚL
    # 10 Elementos, 6 left after the preparation: turn 1 draws one, turn 2 one and a prize, turn 3 one
    # and two prizes: 3 prizes at most, so even ten Elementos worth 9 cannot reach 30.
    assert chest_reach([ENTES, element(9, 10)]) == 27 and not chest_reachable([ENTES, element(9, 10)])
    assert chest_reach([ENTES, element(2, 4), element(10, 7)]) == 30  # 11 Elementos, three of them worth 10
    assert chest_reachable([ENTES, element(2, 4), element(10, 7)])
    # 16 Elementos: 7 prizes; 5 points each reach 35.
    assert chest_reach([ENTES, element(5, 16)]) == 35 and chest_reachable([ENTES, element(5, 16)])
    assert chest_reach([element(10, 20)]) == 0  # without Entes nothing fights, nothing is won


def test_the_baul_warning_fires_for_ordinary_catalogue_decks_and_not_for_big_ones():
    from engine.mision.rules import prize_draws

    assert [prize_draws(n - 4, 4) for n in (4, 8, 10, 11, 14, 16, 20)] == [0, 1, 3, 3, 6, 7, 10]
    ordinary = [ENTES, element(8, 10)]  # the catalogue's best Elemento is worth 8
    assert chest_warnings("mision", (ordinary, [ENTES, element(5, 16)]), ("A", "B"))[0].startswith("A:")
    assert len(chest_warnings("mision", (ordinary, [ENTES, element(5, 16)]), ("A", "B"))) == 1


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


def test_the_new_draw_reasons_are_named_in_the_headline():
    with translation.override("es"):
        h = headline(result(0, 0, {"stalemate": 7, "repetition": 2, "agreement": 1}))
    assert h["draw_text"] == ("Las 10 partidas acabaron en empate: 7 porque ya nada podía cambiar el resultado, "
                              "2 porque la misma posición se repitió tres veces, 1 de mutuo acuerdo.")
    with translation.override("en"):
        h = headline(result(0, 0, {"stalemate": 300}))
    assert h["draw_text"] == "All 300 games ended in a draw because nothing could change the outcome any more."


def test_headline_speaks_english():
    with translation.override("en"):
        h = headline(result(0, 0, {"turn_cap": 300}))
    assert h["draw_text"] == "All 300 games ended in a draw at the turn limit."


def test_chest_warnings_name_each_short_deck_and_both():
    short, ok = [ENTES, element(10, 4)], [ENTES, element(2, 4), element(10, 7)]
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
    assert "Las 20 partidas acabaron en empate porque ya nada podía cambiar el resultado." in html
    assert "A gana el" not in html and "Ninguna partida se decidió" in html
    assert "Ninguno de los dos mazos puede llegar a 30 en el BAÚL" in html
    assert 'data-reason="stalemate"' in html  # the tally of reasons stays below
    assert "ya nada podía cambiar el resultado (empate)" in html


@pytest.mark.django_db
def test_decided_mision_matchup_keeps_the_win_rate_headline(client, bundled):
    from cards.models import Card

    entes = Card.objects.filter(game="mision", type="entity").order_by("code")[:8]
    elems = Card.objects.filter(game="mision", type="element").order_by("code")[:20]
    text = "Entes:\n" + "".join(f"1 {c.name}\n" for c in entes) + "Elementos:\n" + "".join(f"1 {c.name}\n" for c in elems)
    html = unescape(page_post(client, list_a=text, list_b=text).content.decode())
    assert "A gana el" in html and "acabaron en empate" not in html
    assert "Ninguno de los dos mazos" not in html

"""The goldfish result in a player's words: sentences with shares and units, names not codes,
one look per series, no one-bar charts."""

from __future__ import annotations

import json
import re

import pytest
from django.utils import translation

from cards.models import Card
from common.charts import PALETTE, Series, chart_lines
from play.goldfish.present import charts
from play.goldfish.reading import mision_sentences, sentences
from play.goldfish.services import goldfish_answer


@pytest.fixture
def combat_names(bundled):  # type: ignore[no-untyped-def]
    names = Card.objects.filter(game="eliria", type="combat", current__cross=False).values_list("name", flat=True)
    return sorted(set(names))[:20]


@pytest.fixture
def eliria_result(combat_names):  # type: ignore[no-untyped-def]
    with translation.override("es"):
        return goldfish_answer(game="eliria", text="\n".join(combat_names), games=200, turns=5, seed=4,
                            watch=combat_names[:2])


def _specs(html_charts: list) -> list[dict]:
    return [json.loads(re.search(r'class="uchart-data">(.*?)</script>', str(c), re.S).group(1)) for c in html_charts]


@pytest.mark.django_db
def test_never_paid_attack_reads_as_share_of_games_with_count_and_unit(eliria_result):
    with translation.override("es"):
        text = " ".join(sentences(eliria_result))
    never = eliria_result["attack_costs"]["1"]["never"]
    share = round(100 * never / 200)
    assert f"en el {share}\u00a0% de las partidas ({never} de 200) no se pudo pagar en 5 turnos" in text


@pytest.mark.django_db
def test_costs_never_paid_are_one_sentence_and_no_flat_line(eliria_result):
    never_paid = [k for k, v in eliria_result["attack_costs"].items() if v["never"] == 200]
    assert never_paid, "the sample deck should have a cost it never pays"
    with translation.override("es"):
        text = " ".join(sentences(eliria_result))
        specs = _specs(charts(eliria_result))
    assert "se pudo pagar en 5 turnos" in text and f"ataques de coste {never_paid[0]}" in text and "no se pudieron pagar en ninguna partida" in text
    costs_chart = next(s for s in specs if s["title"].startswith("Ataques pagables"))
    assert all(f"coste {k}" != s["label"] for k in never_paid for s in costs_chart["series"])


@pytest.mark.django_db
def test_one_bar_mulligan_histogram_is_a_sentence_not_a_chart(eliria_result):
    assert len(eliria_result["mulligans"]["histogram"]) == 1
    with translation.override("es"):
        specs = _specs(charts(eliria_result))
        text = " ".join(sentences(eliria_result))
    assert not any(s["kind"] == "bars" and len(s["categories"]) < 2 for s in specs)
    assert "Ninguna partida hizo mulligan" in text


@pytest.mark.django_db
def test_watched_cards_are_named_not_coded(eliria_result, combat_names):
    codes = eliria_result["watch"]["cards"]
    with translation.override("es"):
        specs = _specs(charts(eliria_result))
        text = " ".join(sentences(eliria_result))
    title = next(s["title"] for s in specs if s["title"].startswith("Probabilidad de haber robado"))
    assert combat_names[0] in title and not any(code in title for code in codes)
    assert combat_names[0] in text and not any(code in text for code in codes)


def test_every_series_of_a_nine_line_chart_looks_different():
    with translation.override("es"):
        spec = _specs([chart_lines("t", [1, 2], [Series(f"s{i}", [0, 1]) for i in range(9)])])[0]
    looks = {(s["colour"], s["dash"]) for s in spec["series"]}
    assert len(looks) == 9 and len(PALETTE) >= 7


def test_mision_chest_never_reached_is_said_in_a_sentence():
    result = {"game": "mision", "games": 100, "turns": 12, "win_turn": {"mean": None, "histogram": {}, "never": 100}}
    with translation.override("es"):
        assert mision_sentences(result) == ["Ninguna partida llegó a 30 puntos en el BAÚL en 12 turnos."]


def test_mision_chest_sentence_gives_share_count_and_turn():
    result = {"game": "mision", "games": 200, "turns": 12,
              "win_turn": {"mean": 9.5, "histogram": {"9": 50, "10": 50}, "never": 100}}
    with translation.override("es"):
        text = mision_sentences(result)[0]
    assert text == "El BAÚL llegó a 30 puntos en el 50\u00a0% de las partidas (100 de 200), de media en el turno 9,5."


def test_mision_games_that_could_no_longer_change_are_said_in_a_sentence():
    result = {"game": "mision", "games": 100, "turns": 12, "win_turn": {"mean": None, "histogram": {}, "never": 100},
              "stalemate": {"games": 100, "mean_turn": 4.0}}
    with translation.override("es"):
        said = mision_sentences(result)
    assert said[1].startswith("En el 100\u00a0% de las partidas (100 de 100) ya nada podía cambiar")
    with translation.override("en"):
        assert mision_sentences(result)[1].startswith("In 100% of games (100 of 100) nothing could change")


@pytest.mark.django_db
def test_page_shows_sentences_in_english(client, combat_names):
    client.get("/idioma/en/?next=/")
    r = client.post("/goldfish/", {"game": "eliria", "list": "\n".join(combat_names), "games": 200, "turns": 5,
                                   "seed": 4})
    html = r.content.decode()
    assert 'class="goldfish-reading"' in html and "could first be paid" in html


# ---- issue 38: a part is never «100 %», each cost names its cards, charts that say nothing go.
def test_a_share_never_rounds_a_part_to_the_whole_nor_a_little_to_nothing():
    from play.goldfish.reading import share, share_percent

    with translation.override("es"):
        assert share(1_999, 2_000)["pct"] == "> 99,9\u00a0%"
        assert share(1, 20_000)["pct"] == "< 0,1\u00a0%"
        assert share(2_000, 2_000)["pct"] == "100\u00a0%" and share(0, 2_000)["pct"] == "0\u00a0%"
        assert share(76, 200)["pct"] == "38\u00a0%"
        assert share_percent(0.99996, 2) == "> 99,99\u00a0%" and share_percent(0.5, 2) == "50,00\u00a0%"
    with translation.override("en"):
        assert share(1_999, 2_000)["pct"] == "> 99.9%"


@pytest.mark.django_db
def test_each_attack_cost_names_the_cards_that_carry_it(combat_names):
    from cards.validation import validate_list
    from play.goldfish.present import summary_rows

    text = "\n".join(combat_names)
    entries = validate_list("eliria", text).entries
    with translation.override("es"):
        result = goldfish_answer(game="eliria", text=text, games=200, turns=5, seed=4)
        read = " ".join(summary_rows(result, entries).sentences)
        bare = " ".join(summary_rows(result).sentences)
    carriers = {str(a.cost): e.card.name for e in entries for a in e.card.attacks}
    paid = [k for k, v in result["attack_costs"].items() if v["never"] < 200]
    assert paid
    for k in paid:
        sentence = next(s for s in read.split("Un ataque de coste ")[1:] if s.startswith(f"{k} "))
        assert "Lo llevan: " in sentence and f"{carriers[k]} ×1" in sentence
    assert "Lo llevan" not in bare  # without the deck's cards the sentences stay as they were


def test_flat_lines_and_a_1999_to_1_histogram_are_not_drawn():
    from play.goldfish.present import _flat, _histogram

    assert _flat([Series("a", [1.0, 1.0, 1.0]), Series("b", [1.0, 1.0, 1.0])])
    assert not _flat([Series("a", [1.0, 1.0, 0.9])])
    with translation.override("es"):
        assert _histogram("t", {"0": 1_999, "1": 1}, x_label="x") == []
        assert len(_histogram("t", {"0": 1_500, "1": 500}, x_label="x")) == 1


@pytest.mark.django_db
def test_a_deck_every_game_keeps_alive_draws_no_probability_chart(eliria_result):
    flat = {**eliria_result, "per_turn": [{**t, "p_alive": 1.0, "p_combatant": 1.0} for t in eliria_result["per_turn"]]}
    with translation.override("es"):
        titles = [s["title"] for s in _specs(charts(flat))]
        assert "Probabilidad por turno" not in titles
        assert "Probabilidad por turno" in [s["title"] for s in _specs(charts(eliria_result))] or \
            all(t["p_alive"] == 1.0 and t["p_combatant"] == 1.0 for t in eliria_result["per_turn"])

""""Comparar": the list diff and the simulated difference between two decks or two revisions,
who may see them, the result kept with the revision and read in the deck's history."""

from __future__ import annotations

import re

import pytest

from decks.services import deck_import_list
from play.compare.present import (
    change_words,
    clear_turns_sentences,
    goal_sentence,
    history_line,
    interval_text,
)
from play.compare.services import compare_prepare
from play.models import RevisionComparison, SimulationRun
from play.runs.worker import execute_chunk
from play.swaps.views import ranking_context
from tests.play.conftest import eliria_text
from tests.play.queued import answered

URL = "/mazos/comparar/"
RUN = {"games": 200, "turns": 4, "field": "mean_power_max", "turn": 3, "seed": 5}


def _first_line(text: str) -> str:
    return text.splitlines()[1]  # the line under "Mazo:"


@pytest.fixture
def revised(decks):  # type: ignore[no-untyped-def]
    """Ana's private deck with a second revision: its first card out, the next card of the
    catalogue in."""
    deck = decks["ana_private"]
    deck_import_list(owner=deck.owner, game="eliria", text=eliria_text(1, 40), deck=deck,
                     expected_version=deck.version)
    deck.refresh_from_db()
    return deck


def _login(client, user):  # type: ignore[no-untyped-def]
    client.force_login(user)
    return client


# ---------------------------------------------------------------- the list diff
@pytest.mark.django_db
def test_the_deck_page_links_to_compare_and_it_opens_on_the_last_two_revisions(client, revised):
    _login(client, revised.owner)
    assert f'{URL}?deck={revised.pk}' in client.get(revised.get_absolute_url()).content.decode()
    html = client.get(URL, {"deck": revised.pk}).content.decode()
    gone, new = _first_line(eliria_text(0, 1)), _first_line(eliria_text(40, 1))
    assert "r1" in html and "r2" in html
    assert f"−{gone}" in html and f"+{new}" in html
    assert f"-{gone}\n+{new}\n" in html or f"+{new}\n-{gone}\n" in html  # the text to copy


@pytest.mark.django_db
def test_the_history_links_each_revision_to_the_one_before(client, revised):
    _login(client, revised.owner)
    html = client.get(f"/mazos/{revised.pk}/revisiones/").content.decode()
    assert f"{URL}?deck={revised.pk}&amp;rev=2" in html
    assert "rev=1" not in html  # the first revision has nothing before it
    page = client.get(URL, {"deck": revised.pk, "rev": 2}).content.decode()
    assert f'value="{revised.pk}@1" selected' in page and f'value="{revised.pk}@2" selected' in page


@pytest.mark.django_db
def test_two_saved_decks_of_one_player_or_a_public_one_compare(client, decks, players):
    ana, _ = players
    _login(client, ana)
    r = client.get(URL, {"a": decks["ana_private"].pk, "b": decks["bruno_public"].pk})
    assert r.status_code == 200
    assert "Privado de Ana" in r.content.decode() and "Público de Bruno" in r.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("who", ["stranger", "anonymous"])
def test_a_private_deck_is_its_owners_only(client, revised, decks, players, who):
    if who == "stranger":
        _login(client, players[1])
    for query in ({"deck": revised.pk}, {"a": f"{revised.pk}@1", "b": f"{revised.pk}@2"},
                  {"a": decks["bruno_public"].pk, "b": revised.pk}):
        assert client.get(URL, query).status_code == 404, query
    assert client.post(f"{URL}?a={revised.pk}@1&b={revised.pk}@2", RUN).status_code == 404


@pytest.mark.django_db
def test_an_unlisted_deck_is_not_reachable_by_id(client, decks, players):
    _login(client, players[0])
    assert client.get(URL, {"a": decks["ana_public"].pk, "b": decks["bruno_unlisted"].pk}).status_code == 404


@pytest.mark.django_db
def test_a_revision_that_does_not_exist_is_a_404(client, revised):
    _login(client, revised.owner)
    assert client.get(URL, {"a": f"{revised.pk}@1", "b": f"{revised.pk}@99"}).status_code == 404
    assert client.get(URL, {"a": "x", "b": f"{revised.pk}@1"}).status_code == 404


@pytest.mark.django_db
def test_decks_of_two_games_are_not_compared(client, players, mision_list):
    from tests.factories import deck_from_list

    ana = players[0]
    mision = deck_from_list(ana, mision_list, game="mision", name="Rescate")
    eliria = deck_from_list(ana, eliria_text(), name="Eliria")
    _login(client, ana)
    html = client.get(URL, {"a": eliria.pk, "b": mision.pk}).content.decode()
    assert "mismo juego" in html and "compare-run" not in html


# ---------------------------------------------------------------- the simulated difference
@pytest.mark.django_db
def test_the_owner_compares_two_revisions_reads_a_sentence_and_keeps_it_in_the_history(client, revised):
    _login(client, revised.owner)
    r = client.post(f"{URL}?a={revised.pk}@1&b={revised.pk}@2", RUN)
    html = r.content.decode()
    assert r.status_code == 200 and 'id="compare-headline"' in html and 'class="uchart"' in html
    new = eliria_text(40, 1).splitlines()[1].rsplit(" (", 1)[0].removeprefix("1 ")
    gone = _first_line(eliria_text(0, 1)).rsplit(" (", 1)[0].removeprefix("1 ")
    assert f"Con {new} en lugar de {gone}:" in html and "turno 3" in html  # every change named
    assert 'id="compare-clear"' in html and "Poder máximo medio: " in html  # the turns of a clear difference
    kept = RevisionComparison.objects.get()
    assert (kept.number_a, kept.number_b, kept.games, kept.seed) == (1, 2, 200, 5)
    history = client.get(f"/mazos/{revised.pk}/revisiones/").content.decode()
    assert f"r1 → r2: −{gone} +{new}; poder en el turno 3" in history
    # The kept comparison is shown again when the same two revisions are opened.
    again = client.get(URL, {"a": f"{revised.pk}@1", "b": f"{revised.pk}@2"}).content.decode()
    assert "Guardada en la historia del mazo" in again and 'id="compare-headline"' in again


@pytest.mark.django_db
def test_a_visitor_compares_a_public_decks_revisions_without_keeping_anything(client, decks, players):
    deck = decks["bruno_public"]
    deck_import_list(owner=deck.owner, game="eliria", text=eliria_text(21, 40), deck=deck,
                     expected_version=deck.version)
    _login(client, players[0])
    r = client.post(f"{URL}?a={deck.pk}@1&b={deck.pk}@2", RUN)
    assert 'id="compare-headline"' in r.content.decode()
    assert not RevisionComparison.objects.exists()


@pytest.mark.django_db
def test_a_comparison_no_longer_shown_once_its_revision_is_rewritten(client, revised):
    _login(client, revised.owner)
    client.post(f"{URL}?a={revised.pk}@1&b={revised.pk}@2", RUN)
    revised.revisions.filter(number=2).update(text="Mazo:\n1 Otra cosa\n")  # as a builder session does
    history = client.get(f"/mazos/{revised.pk}/revisiones/").content.decode()
    assert "r1 → r2" not in history


@pytest.mark.django_db
def test_a_big_comparison_is_a_run_the_page_polls_then_keeps_once(client, revised, settings):
    settings.SIMULATION_INLINE_BUDGET = 0.0
    _login(client, revised.owner)
    r = client.post(f"{URL}?a={revised.pk}@1&b={revised.pk}@2", RUN)
    assert r.status_code == 302 and "run=" in r["Location"]
    run = SimulationRun.objects.get()
    assert run.kind == "compare" and run.private  # from a private deck: its owner's only
    page = client.get(r["Location"]).content.decode()
    assert page.count('id="run-cancel"') == 1  # beside the polled part, not inside it
    polling = client.get(r["Location"], HTTP_HX_REQUEST="true").content.decode()
    # It polls again (how soon follows the run's expected end: SimulationRun.poll_ms_until's tests).
    assert re.search(r'hx-trigger="every \d+ms"', polling) and "<html" not in polling
    assert "run-cancel" not in polling  # a poll never re-renders Cancel (focus stays on it)
    for i in range(run.chunks_total):
        execute_chunk(run.pk, i, "test")
    last_poll = client.get(r["Location"], HTTP_HX_REQUEST="true").content.decode()
    assert '<div id="run-cancel-slot" hx-swap-oob="true"></div>' in last_poll  # the ended run drops it
    done = client.get(r["Location"]).content.decode()
    assert 'id="compare-headline"' in done and 'id="run-cancel"' not in done
    client.get(r["Location"])
    assert RevisionComparison.objects.filter(run=run).count() == 1


@pytest.mark.django_db
def test_a_run_link_on_other_lists_shows_no_numbers(client, revised, decks, settings):
    settings.SIMULATION_INLINE_BUDGET = 0.0
    _login(client, revised.owner)
    location = client.post(f"{URL}?a={revised.pk}@1&b={revised.pk}@2", RUN)["Location"]
    run = SimulationRun.objects.get()
    for i in range(run.chunks_total):
        execute_chunk(run.pk, i, "test")
    other = location.replace(f"b={revised.pk}%402", f"b={decks['ana_public'].pk}")
    assert other != location
    assert 'id="compare-headline"' not in client.get(other).content.decode()


# ---------------------------------------------------------------- words
@pytest.mark.django_db
def test_a_list_against_itself_is_told_as_exactly_equal(bundled):
    text = eliria_text()
    result = answered(compare_prepare({"game": "eliria", "list_a": text, "list_b": text, "games": 50, "turns": 3, "seed": 1}))
    assert goal_sentence(result, "mean_power_max", 3, subject="Con r2") == (
        "Con r2: exactamente igual en poder en el turno 3 en las 50 partidas.")


def _result(delta: float, lo: float, hi: float, field: str = "mean_power_max") -> dict:
    cell = {"delta": delta, "ci95": [lo, hi]}
    return {"game": "eliria", "games": 3000, "diff": {"per_turn": [{"turn": 3, field: cell}]}}


def test_a_measurable_difference_reads_with_its_interval_in_spanish_numbers() -> None:
    sentence = goal_sentence(_result(0.52, 0.49, 0.55), "mean_power_max", 3, subject="Con Marea de vigor")
    assert sentence == "Con Marea de vigor: +0,52 de poder máximo en el turno 3 (IC 95 %: +0,49 a +0,55)"


def test_an_interval_that_holds_zero_says_there_is_no_measurable_difference() -> None:
    sentence = goal_sentence(_result(0.01, -0.02, 0.04), "mean_power_max", 3, subject="Con r15")
    assert sentence == ("Con r15: sin diferencia medible en poder en el turno 3 con 3\u00a0000 partidas: si la "
                        "hay, no pasa de ±0,04 (IC 95 %: −0,02 a +0,04); más partidas la acotarían más.")


def test_an_interval_never_reads_zero_to_zero_unless_every_game_was_the_same() -> None:
    sentence = goal_sentence(_result(0.0004, -0.001, 0.002), "mean_power_max", 3, subject="Con X")
    assert "IC 95 %: −0,001 a +0,002" in sentence and "no pasa de ±0,002" in sentence
    assert interval_text([0.0, 0.0]) == "igual en cada partida"


class _Line:
    def __init__(self, name: str, before: int, after: int) -> None:
        self.name, self.before, self.after = name, before, after
        self.change, self.amount = after - before, before - after


class _Diff:
    def __init__(self, *lines: _Line) -> None:
        self.added = [x for x in lines if not x.before]
        self.removed = [x for x in lines if not x.after]
        self.changed = [x for x in lines if x.before and x.after]


def test_the_headline_names_every_change_between_the_lists() -> None:
    one_for_one = _Diff(_Line("Hidra", 0, 1), _Line("Defensa final", 1, 0))
    assert change_words(one_for_one, "r2") == "Con Hidra en lugar de Defensa final"
    several = _Diff(_Line("Hidra", 0, 1), _Line("Defensa final", 1, 0), _Line("Gólem", 1, 2))
    assert change_words(several, "r2") == "Con +1 Hidra, −1 Defensa final y Gólem de 1 a 2 copias"
    assert change_words(_Diff(), "r2") == "Con r2 (la misma lista)"


def test_the_turns_where_the_difference_is_clear_are_named_not_only_the_goal_turn() -> None:
    def cell(delta: float, lo: float, hi: float) -> dict:
        return {"delta": delta, "ci95": [lo, hi]}

    rows = [{"turn": t, "mean_power_max": cell(0.26 * (t >= 8), 0.2 if t >= 8 else -0.05, 0.3 if t >= 8 else 0.05),
             "p_combatant": cell(0, 0, 0), "p_alive": cell(0.01, 0.005, 0.02) if t == 3 else cell(0, -0.01, 0.01)}
            for t in range(1, 11)]
    sentences = clear_turns_sentences({"game": "eliria", "games": 2000, "diff": {"per_turn": rows}})
    assert sentences == [
        "Poder máximo medio: diferencia clara en los turnos 8 a 10 (la mayor, +0,26 en el turno 8).",
        "Con combatiente tras el Poder: ningún turno con diferencia clara en 2\u00a0000 partidas.",
        "Sigue en juego: diferencia clara en el turno 3 (la mayor, +1,0 puntos en el turno 3).",
    ]


def test_shares_are_told_in_percentage_points_and_losses_with_a_minus_sign() -> None:
    sentence = goal_sentence(_result(-0.021, -0.027, -0.015, "p_combatant"), "p_combatant", 3, subject="Con r2")
    assert "−2,1 puntos de probabilidad de tener combatiente en el turno 3" in sentence
    assert "IC 95 %: −2,7 a −1,5" in sentence


def test_the_history_line_gives_the_difference_and_half_its_interval() -> None:
    assert history_line(_result(0.52, 0.49, 0.55), "mean_power_max", 3) == "poder en el turno 3 +0,52 ± 0,03"
    assert history_line(_result(0.01, -0.02, 0.04), "mean_power_max", 3) == (
        "poder en el turno 3 +0,01 ± 0,03 (sin diferencia medible)")
    assert history_line(_result(0, 0, 0), "mean_power_max", 3) == "poder en el turno 3 igual en todas las partidas"


def test_english_pages_read_english_numbers() -> None:
    from django.utils import translation

    with translation.override("en"):
        sentence = goal_sentence(_result(0.52, 0.49, 0.55), "mean_power_max", 3, subject="With r2")
    assert "+0.52" in sentence and "+0.49" in sentence



# ---------------------------------------------------------------- swap suggestions
SWAPS = "/mazos/sugerencias/"


def _swap_form(deck, **extra):  # type: ignore[no-untyped-def]
    cut = deck.entries.select_related("card").order_by("card__code").first().card.code
    return {"cut": cut, "query": "t:combat", "field": "mean_power_max", "turn": 3, "games": 60, "turns": 4,
            "seed": 3, **extra}


@pytest.mark.django_db
def test_swap_suggestions_tell_the_best_three_with_their_intervals(client, decks):
    deck = decks["ana_private"]
    _login(client, deck.owner)
    assert f"{SWAPS}?deck={deck.pk}" in client.get(deck.get_absolute_url()).content.decode()
    html = client.post(f"{SWAPS}?deck={deck.pk}", _swap_form(deck)).content.decode()
    best = html.split('id="swaps-best">', 1)[1].split("</ol>", 1)[0]
    assert best.count("<li>") == 3 and best.count("Con ") == 3
    assert all(any(words in item for words in ("IC 95 %", "sin diferencia medible", "exactamente igual", "se detuvo"))
               for item in best.split("<li>")[1:])
    assert 'id="swaps-verdict"' in html and "candidata" in html
    in_deck = {e.card.name for e in deck.entries.select_related("card")}
    assert not any(f"Con {name}:" in best for name in in_deck)  # a card of the deck is no candidate (rule 4)


def test_a_candidate_stopped_early_says_so_and_the_verdict_says_how_much_any_could_help() -> None:
    ranking = [
        {"card": "A-1", "name": "Uno", "delta": 0.004, "ci95": [-0.01, 0.018], "games": 800, "stopped": False},
        {"card": "A-2", "name": "Dos", "delta": 0.0, "ci95": [0.0, 0.0], "games": 200, "stopped": True},
    ]
    words = ranking_context({"goal": {"field": "mean_power_max", "turn": 6}, "ranking": ranking, "seed": 1})
    assert words["best"][1] == ("Con Dos: se detuvo tras 200 partidas, claramente por detrás de la mejor en poder "
                                "en el turno 6 (0, igual en cada partida).")
    assert "no pasa de ±0,02 (IC 95 %: −0,01 a +0,02)" in words["best"][0] and "prueba con más" not in words["best"][0]
    assert words["verdict"] == ("Ninguna candidata mejora poder en el turno 6 de forma medible con estas "
                                "partidas: la que más podría, no más de +0,02.")
    ranking[0]["ci95"] = [0.001, 0.018]
    assert ranking_context({"goal": {"field": "mean_power_max", "turn": 6}, "ranking": ranking, "seed": 1})[
        "verdict"] == "1 candidata mejora poder en el turno 6 de forma medible."


@pytest.mark.django_db
def test_probar_cada_carta_names_the_cut_and_the_candidate_of_each_row(client, bundled, players):
    """Issue 24: the player may let the site try each card of the list as the cut."""
    from tests.factories import deck_from_list

    deck = deck_from_list(players[0], eliria_text(0, 4), name="Corto")
    _login(client, deck.owner)
    form = client.get(f"{SWAPS}?deck={deck.pk}").content.decode()
    assert '<option value="*">Probar cada carta</option>' in form
    html = client.post(f"{SWAPS}?deck={deck.pk}", _swap_form(deck, cut="*", query="pot>=7 t:combat")).content.decode()
    best = html.split('id="swaps-best">', 1)[1].split("</ol>", 1)[0]
    assert best.count("<li>") == 3 and best.count(" en lugar de ") == 3
    assert html.count('class="swap-out"') == html.count('class="swap-in"') > 3


@pytest.mark.django_db
def test_swap_candidates_need_a_query_or_the_collection(client, decks):
    deck = decks["ana_private"]
    _login(client, deck.owner)
    html = client.post(f"{SWAPS}?deck={deck.pk}", _swap_form(deck, query="")).content.decode()
    assert "Escribe una búsqueda" in html and "swaps-best" not in html
    html = client.post(f"{SWAPS}?deck={deck.pk}", _swap_form(deck, query="pot>>3")).content.decode()
    assert "swaps-best" not in html and 'role="alert"' in html


@pytest.mark.django_db
def test_swap_suggestions_of_a_private_deck_are_its_owners_only(client, decks, players):
    deck = decks["ana_private"]
    _login(client, players[1])
    assert client.get(SWAPS, {"deck": deck.pk}).status_code == 404
    assert client.post(f"{SWAPS}?deck={deck.pk}", _swap_form(deck)).status_code == 404


@pytest.mark.django_db
def test_a_big_swap_race_is_a_run_the_page_polls(client, decks, settings):
    settings.SIMULATION_INLINE_BUDGET = 0.0
    deck = decks["ana_private"]
    _login(client, deck.owner)
    r = client.post(f"{SWAPS}?deck={deck.pk}", _swap_form(deck))
    assert r.status_code == 302 and "run=" in r["Location"]
    run = SimulationRun.objects.get()
    assert run.kind == "swaps" and run.private
    for i in range(run.chunks_total):
        execute_chunk(run.pk, i, "test")
    assert 'id="swaps-best"' in client.get(r["Location"]).content.decode()


@pytest.mark.django_db
def test_two_mision_revisions_are_told_by_the_baul(client, players, mision_list):
    from cards.models import Card
    from tests.factories import deck_from_list

    ana = players[0]
    deck = deck_from_list(ana, mision_list, game="mision", name="Rescate")
    extra = Card.objects.filter(game="mision", type="element").order_by("code")[20]
    deck_import_list(owner=ana, game="mision", text=mision_list + f"1 {extra.name}\n", deck=deck,
                     expected_version=deck.version)
    _login(client, ana)
    html = client.post(f"{URL}?a={deck.pk}@1&b={deck.pk}@2",
                       {"games": 200, "turns": 8, "field": "mean_chest", "turn": 5, "seed": 2}).content.decode()
    assert f"+1 {extra.name} ({extra.code})" in html
    assert f"Con {extra.name}:" in html and "BAÚL en el turno 5" in html
    assert "llega a 30" in html  # the win turn, paired over the games both lists won
    history = client.get(f"/mazos/{deck.pk}/revisiones/").content.decode()
    assert f"r1 → r2: +{extra.name}; BAÚL en el turno 5" in history


# ---------------------------------------------------------------- a saved field
FIELDS = "/enfrentamientos/campos/"


@pytest.fixture
def field(client, decks, players, settings):  # type: ignore[no-untyped-def]
    """Ana's field: Bruno's public deck (weight 3) and her own public one (weight 1)."""
    settings.SIMULATION_INLINE_BUDGET = 5.0
    _login(client, players[0])
    r = client.post(FIELDS, {"name": "Liga del jueves", "game": "eliria", "games": 6})
    from play.models import SavedField

    saved = SavedField.objects.get()
    assert r["Location"] == saved.get_absolute_url()
    for deck, weight in ((decks["bruno_public"], 3), (decks["ana_public"], 1)):
        client.post(saved.get_absolute_url(), {"action": "rival", "deck": deck.pk, "weight": weight})
    return saved


@pytest.mark.django_db
def test_a_field_weighs_its_rivals_and_reruns_on_the_same_seed_after_a_change(client, field, decks):
    from play.models import SavedFieldResult

    assert sorted(field.rivals.values_list("weight", flat=True)) == [1, 3]
    mine = decks["ana_private"]
    client.post(field.get_absolute_url(), {"action": "run", "deck": mine.pk})
    first = SavedFieldResult.objects.get()
    rates = {row["deck"]: row["wins"] / row["games"] for row in first.rows}
    expected = (3 * rates[decks["bruno_public"].pk] + rates[decks["ana_public"].pk]) / 4
    assert first.rate == pytest.approx(expected, abs=1e-6) and first.low <= first.rate <= first.high
    deck_import_list(owner=mine.owner, game="eliria", text=eliria_text(2, 40), deck=mine,
                     expected_version=mine.version)
    client.post(field.get_absolute_url(), {"action": "run", "deck": mine.pk})
    second = SavedFieldResult.objects.order_by("-created", "-pk").first()
    assert (second.seed, second.deck_version) == (first.seed, first.deck_version + 1)
    assert second.text != first.text and second.against_version == first.deck_version
    deltas = {row["deck"]: row["delta"] for row in second.rows}
    expected_change = (3 * deltas[decks["bruno_public"].pk] + deltas[decks["ana_public"].pk]) / 4
    assert second.delta == pytest.approx(expected_change, abs=1e-6)
    assert second.delta_low <= second.delta <= second.delta_high
    html = client.get(field.get_absolute_url()).content.decode()
    assert f"v{second.deck_version} contra el campo" in html
    assert f"Frente a v{first.deck_version} en las mismas partidas:" in html
    # The same list again: nothing to pair with, the rate is the same games' one.
    client.post(field.get_absolute_url(), {"action": "run", "deck": mine.pk})
    third = SavedFieldResult.objects.order_by("-created", "-pk").first()
    assert third.rate == second.rate and third.against_version == first.deck_version


@pytest.mark.django_db
def test_weight_zero_takes_a_rival_out(client, field, decks):
    client.post(field.get_absolute_url(), {"action": "rival", "deck": decks["ana_public"].pk, "weight": 0})
    assert list(field.rivals.values_list("deck_id", flat=True)) == [decks["bruno_public"].pk]


@pytest.mark.django_db
def test_a_field_is_its_owners_only_and_takes_only_decks_they_may_see(client, field, decks, players):
    r = client.post(field.get_absolute_url(), {"action": "rival", "deck": decks["bruno_private"].pk, "weight": 2})
    assert r.status_code == 200 and field.rivals.count() == 2  # not a choice: refused
    r = client.post(field.get_absolute_url(), {"action": "run", "deck": decks["bruno_public"].pk})
    assert not field.results.exists()  # only the player's own decks play against their field
    _login(client, players[1])
    assert client.get(field.get_absolute_url()).status_code == 404
    assert client.post(field.get_absolute_url(), {"action": "delete"}).status_code == 404
    client.logout()
    assert client.get(field.get_absolute_url()).status_code == 302  # to the login page


@pytest.mark.django_db
def test_a_field_too_big_for_a_request_is_a_queued_run_kept_when_it_ends(client, field, decks, settings):
    """Issue 24: a big field goes to the queue (kind ``field``) within the run limits; the page polls
    it and keeps its result, the same numbers the request would have played."""
    from play.models import SavedFieldResult, SimulationRun
    from play.runs.worker import execute_chunk

    mine = decks["ana_private"]
    client.post(field.get_absolute_url(), {"action": "run", "deck": mine.pk})  # fits: played in the request
    inline = SavedFieldResult.objects.get()
    settings.SIMULATION_INLINE_BUDGET = 0.001
    r = client.post(field.get_absolute_url(), {"action": "run", "deck": mine.pk})
    run = SimulationRun.objects.get(kind="field")
    assert r.status_code == 302 and r["Location"].endswith(f"?run={run.pk}") and SavedFieldResult.objects.count() == 1
    assert run.owner_id == mine.owner_id and run.private and run.total == 2 * field.games
    polling = client.get(r["Location"]).content.decode()
    # It polls (how often follows the run's expected end: play.runs.services.expected_end).
    assert 'id="field-run-status"' in polling and 'hx-trigger="every ' in polling and 'id="run-cancel"' in polling
    for i in range(run.chunks_total):
        assert execute_chunk(run.pk, i, "test") in {"done", "skipped"}
    done = client.get(r["Location"], HTTP_HX_REQUEST="true")
    assert done.status_code == 204 and done["HX-Redirect"] == field.get_absolute_url()
    client.get(r["Location"])  # a second poller keeps nothing more
    kept = SavedFieldResult.objects.get(run=run)
    assert SavedFieldResult.objects.count() == 2
    assert (kept.rows, kept.rate, kept.low, kept.high) == (inline.rows, inline.rate, inline.low, inline.high)


def test_the_weighted_rate_is_the_weighted_mean_with_a_normal_interval() -> None:
    import doctest

    import play.compare.fields

    assert doctest.testmod(play.compare.fields).failed == 0
    from play.compare.fields import weighted_rate

    assert weighted_rate([{"weight": 1, "games": 10, "wins": 5, "error": None}, {"weight": 9, "name": "x"}])[0] == 0.5


@pytest.mark.django_db
def test_the_considering_board_gives_the_candidates(client, decks):
    from cards.models import Card
    from decks.services import deck_consider_add

    deck = decks["ana_private"]
    in_deck = set(deck.entries.values_list("card__name_folded", flat=True))
    outside = [c for c in Card.objects.filter(game="eliria", type="combat").order_by("-code") if c.name_folded not in in_deck][:2]
    for card in outside:
        deck_consider_add(deck=deck, actor=deck.owner, card=card)
    _login(client, deck.owner)
    assert 'name="considering" id="id_considering" checked' in client.get(SWAPS, {"deck": deck.pk}).content.decode()
    form = _swap_form(deck, query="", considering="on")
    html = client.post(f"{SWAPS}?deck={deck.pk}", form).content.decode()
    best = html.split('id="swaps-best">', 1)[1].split("</ol>", 1)[0]
    assert best.count("<li>") == 2 and all(f"Con {c.name}:" in best for c in outside)


@pytest.fixture
def fixed_costs_say_inline(settings, monkeypatch):  # type: ignore[no-untyped-def]
    """The site's budget, and fixed prices that let anything through: only the lists' own games,
    played under the CPU deadline (play.runs.answer.simulate), can send a request to the queue."""
    from dataclasses import replace

    from common.games import SITE_GAMES

    settings.SIMULATION_INLINE_BUDGET = 0.1
    for game, record in list(SITE_GAMES.items()):
        free = [replace(c, goldfish_base=1e-12, goldfish_per_turn=1e-12) for c in (record.compiled, record.pure)]
        monkeypatch.setitem(SITE_GAMES, game, replace(record, compiled=free[0], pure=free[1]))


@pytest.mark.django_db
def test_the_compare_page_prices_the_lists_as_the_api_does(client, revised, fixed_costs_say_inline):
    """Attack finding (low): the page played inline whatever the fixed prices let through (0.6 s of
    web CPU a POST on a huge saved deck) where the API timed the lists and queued the same request."""
    _login(client, revised.owner)
    r = client.post(f"{URL}?a={revised.pk}@1&b={revised.pk}@2", {**RUN, "games": 20_000})
    assert r.status_code == 302 and "run=" in r["Location"]
    assert SimulationRun.objects.get().kind == "compare"


@pytest.mark.django_db
def test_the_swaps_page_prices_the_race_as_the_api_does(client, decks, fixed_costs_say_inline):
    deck = decks["ana_private"]
    _login(client, deck.owner)
    r = client.post(f"{SWAPS}?deck={deck.pk}", _swap_form(deck, games=2000))
    assert r.status_code == 302 and "run=" in r["Location"]
    assert SimulationRun.objects.get().kind == "swaps"


@pytest.mark.django_db
def test_a_rival_gone_private_shows_neither_its_name_nor_its_owner(client, field, decks):
    """Attack finding (low): the field kept showing a rival's current name and owner after its owner
    made it private; it is now told as a deck no longer visible, and left out of a run."""
    rival = decks["bruno_public"]
    rival.name = "Plan secreto de Bruno"
    rival.visibility = "private"
    rival.save()
    html = client.get(field.get_absolute_url()).content.decode()
    assert "Plan secreto" not in html and ">bruno<" not in html
    assert "ya no es visible" in html
    client.post(field.get_absolute_url(), {"action": "run", "deck": decks["ana_public"].pk})
    html = client.get(field.get_absolute_url()).content.decode()
    assert "Plan secreto" not in html and "Ya no es visible para ti." in html

"""Messages by code (common/messages.py): every code the engine and the search parser can emit has
a message, with the same parameters, that says in Spanish what the maker says and in English
something else; a new code without its message fails here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.utils import translation

from cards.messages import MESSAGES as SEARCH_MESSAGES
from cards.messages import search_error
from cards.search import LOOKUP_CODES, SearchError, parse_query
from decks.messages import MESSAGES as DECK_SITE_MESSAGES
from decks.messages import violation_message
from engine import (
    DeckEntry,
    EliriaMatch,
    check_deck,
    eliria_state,
    eliria_table,
    mision_table,
    validate_decklist,
)
from engine.messages import DECK_MESSAGES, TABLE_LABELS
from play.labels import LABELS, action_label, label, shown_params, translate_state
from tests.engine.helpers import combat, element, entity, lookup, reaction, summon, token

ROOT = Path(__file__).resolve().parents[2]


def _render(message, names) -> tuple[str, dict[str, int]]:
    """The Spanish message with a distinct number for each parameter (plurals pick by numbers)."""
    params = {name: 7001 + i for i, name in enumerate(names)}
    with translation.override("es"):
        return message % params, params


@pytest.mark.parametrize(("engine", "site"), [(DECK_MESSAGES, DECK_SITE_MESSAGES), (TABLE_LABELS, LABELS)],
                         ids=["deck", "table"])
def test_every_engine_code_has_a_message_with_exactly_its_parameters(engine, site):
    assert sorted(engine) == sorted(site), "a code without its message (or a message without its code)"
    for code, names in engine.items():
        text, params = _render(site[code], names)  # a placeholder the engine does not fill: KeyError
        assert all(str(n) in text for n in params.values()), (code, text)  # every parameter is said


def _search_codes() -> set[str]:
    """The codes raised by the search parser and the fields other apps register."""
    found: set[str] = set()
    for path in ("cards/search.py", "collection/search.py"):
        found |= set(re.findall(r'"(search\.[a-z_]+)"', (ROOT / path).read_text()))
    return found | {f"search.unknown_{slug}" for slug in LOOKUP_CODES.values()}


def test_every_search_code_has_a_message():
    codes = _search_codes()
    assert len(codes) >= 20
    assert codes == set(SEARCH_MESSAGES)


@pytest.mark.parametrize("query", [
    "x" * 501, "(a", ")", "a OR", "()", "pot>=", "dir:sideways", "name>a", "color:rojo", "t:planta",
    "juego:poker", "subtipo:raro", "order:color", "pot>=tres", "fecha:ayer", "is:brillante",
    " ".join(["a"] * 41),
])
def test_search_errors_say_their_spanish_message_and_read_in_english(query):
    with pytest.raises(SearchError) as caught:
        parse_query(query)
    error = caught.value
    assert error.status == 400 and error.as_dict() == {"detail": error.message}
    with translation.override("es"):
        assert SEARCH_MESSAGES[error.message_code] % error.params == error.message == search_error(error)
    with translation.override("en"):
        assert search_error(error) != error.message


def _violations():
    lists = {
        "eliria": [
            "Mazo:\n-1 Relámpago vivo\n99999 Relámpago vivo\n0 Relámpago vivo\nRelámpago vivo ()\n3x (BASE-105)\n"
            "Entes:\nNada:\n1 Nadie\n1 Nadie (NO-1)\n1 Halcón\n2 Ñandú de guerra\n1 Token de fisión\nTokens:\n"
            "1 Defensa final\n",
            "Mazo:\n1 Token de fisión\n1 Guardián de la cruz\n",
        ],
        "mision": ["Entes:\n1 Cristal\nElementos:\n1 Halcón\n"],
    }
    found = [v for game, texts in lists.items() for text in texts
             for v in (lambda r: (*r.errors, *r.warnings))(validate_decklist(text, game, lookup()))]
    found += check_deck([DeckEntry("weird", 1, combat("Z-1", "Rara"), 4)], "eliria")
    return found


def test_every_deck_message_code_says_in_spanish_what_the_engine_says_and_reads_in_english():
    violations = _violations()
    assert {v.message_code for v in violations} == set(DECK_MESSAGES)  # every code, raised for real
    for v in violations:
        prefix = f"Línea {v.line}: " if v.line is not None else ""
        with translation.override("es"):
            assert prefix + DECK_SITE_MESSAGES[v.message_code] % v.params == v.message
            assert violation_message(v) == v.message
        with translation.override("en"):
            english = violation_message(v)
        assert english != v.message and "Línea" not in english, v.message_code


def _table_labels():
    eliria = [DeckEntry("main", 3, c) for c in (combat("C-1", "Golem", cost=1), combat("C-2", "Hada", cost=0))]
    eliria += [DeckEntry("main", 1, reaction("R-1")), DeckEntry("main", 1, summon("S-1")),
               DeckEntry("main", 1, token("T-1"))]
    mision = [DeckEntry("entities", 4, entity("E-1", name="Dragón")),
              DeckEntry("elements", 8, element("L-1", name="Perla"))]
    crossed = [DeckEntry("main", 1, combat("C-3", "Troll")), DeckEntry("main", 12, reaction("R-2"))]  # a mulligan
    seen = []
    for seed in range(6):
        for deck, play in ((eliria, "eliria"), (crossed, "eliria"), (mision, "mision")):
            state = eliria_table(deck, seed, []) if play == "eliria" else mision_table(deck, deck, seed, [])
            decisions: list[str] = []
            for step in range(40):
                seen += [(state["phase_code"], None, state["phase_label"])] if "phase_code" in state else []
                if state["prompt"]:
                    seen.append((state["prompt_code"], state["prompt_params"], state["prompt"]))
                seen += [(a["code"], a["params"], a["label"]) for a in state["actions"]]
                if state["over"] or not state["actions"]:
                    break
                decisions.append(state["actions"][(seed + step) % len(state["actions"])]["key"])
                state = (eliria_table(deck, seed, decisions) if play == "eliria"
                         else mision_table(deck, deck, seed, decisions))
        match = EliriaMatch([eliria, eliria], seed=seed, trace=True)  # two seats: the die, attacks
        for step in range(120):
            state = eliria_state(match)
            seen.append((state["phase_code"], None, state["phase_label"]))
            if state["prompt"]:
                seen.append((state["prompt_code"], state["prompt_params"], state["prompt"]))
            seen += [(a["code"], a["params"], a["label"]) for a in state["actions"]]
            if state["over"]:
                break
            match.push_key(state["actions"][(seed + step) % len(state["actions"])]["key"])
    return seen


def test_table_labels_by_code_say_in_spanish_what_the_engine_says_and_read_in_english():
    seen = _table_labels()
    coded = [(code, params, text) for code, params, text in seen if code]
    assert {code for code, _, _ in coded} >= {"action.keep", "action.discard", "action.end", "phase.mulligan",
                                               "action.place", "prompt.place", "action.play_up_slot"}
    for code, params, text in coded:
        assert code in TABLE_LABELS
        with translation.override("es"):
            assert LABELS[code] % shown_params(params) == text == label(code, params, text)
        with translation.override("en"):
            english = label(code, params, text)
        assert english != text or code == "phase.mulligan", (code, text)  # "Mulligan (11.b)" is English too
    with translation.override("en"):  # a label with no code is shown as the engine made it
        assert label("", None, "Rendirse") == "Rendirse"


def test_an_english_table_state_shows_its_phase_prompt_and_actions_in_english():
    deck = [DeckEntry("main", 1, combat("C-3", "Troll")), DeckEntry("main", 12, reaction("R-2"))]
    seed = next(s for s in range(100) if eliria_table(deck, s, [])["phase"] == "mulligan")
    state = eliria_table(deck, seed, [])
    with translation.override("en"):
        translate_state(state)
    assert state["phase_label"] == "Mulligan (11.b)" and state["prompt"] == "Mulligan (11.b): choose the card to discard"
    assert [a["label"].split(" ")[0] for a in state["actions"]] == ["Discard"] * 5 + ["Keep"]


def test_a_replays_last_and_next_decision_read_in_english_by_the_actions_code():
    from engine.eliria.match import KEEP

    with translation.override("en"):
        assert action_label(KEEP) == "Keep the hand (give up the mulligan, 11.b)"
        assert action_label("resign:0") == "resign:0"  # a bare key: shown as given
    with translation.override("es"):
        assert action_label(KEEP) == KEEP.label

"""Every effect the vocabulary accepts, the engine plays: random valid `effects`, drawn from the one
definition of each verb's parameters (engine.eliria.effects.verb_params), are attached to the cards of
a small deck and played through the goldfish, a two-player matchup and the solitaire table.

A new verb or parameter is covered without touching this file: the strategy is built from the
vocabulary. No exception at all is expected: valid data never raises CardEffectError, and the table
only pushes legal actions, so not even IllegalAction."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Attack, CardData, DeckEntry, Game, eliria_state, new_match, run_goldfish, run_matchup
from engine.eliria.effects import MAX_EFFECTS, Param, validate_effects, verb_params, verbs

E = Game.ELIRIA
TOKEN = CardData(E, "PT-T1", "Token de prueba", "token", potential=2, resistance=1,
                 card_class="bestia", attacks=(Attack(1, "Roce", 1),), effects=())  # fmt: skip
CODES = ["PT-T1", "BASE-051", "BASE-109", "PT-C1", "PT-C2", "ZZ-404"]
TEXTS = ["bestia", "guerrero", "netaliseb", "Combatiente", "x"]
ATTACKS = (Attack(1, "Golpe", 2), Attack(2, "Rayo", None), Attack(3, "Pisotón", 4))
STEP_LIMIT = 400


def _value(key: str, param: Param, attacks: int) -> st.SearchStrategy[Any]:
    """Any value *param* accepts (its type and bounds), biased towards the interesting ones."""
    if param.kind is bool:
        return st.booleans()
    if param.kind is int:
        hi = attacks - 1 if key == "attack" else param.hi
        numbers = st.integers(param.lo, hi)
        return numbers | st.just("all") if param.all else numbers
    if param.choices is not None:
        return st.sampled_from(sorted(param.choices))
    known = CODES if param.max_len <= 24 else TEXTS
    return st.sampled_from(known) | st.text(min_size=1, max_size=param.max_len)


def _simplest(key: str, param: Param) -> Any:
    if param.kind is int:
        return param.lo
    return sorted(param.choices)[0] if param.choices is not None else CODES[0]


def effect(attacks: int) -> st.SearchStrategy[dict[str, Any]]:
    """One valid effect of any verb (on_attack only on a card with attacks)."""
    choices = [v for v in verbs() if attacks or v[0] != "on_attack"]

    def build(verb: tuple[str, str, str]) -> st.SearchStrategy[dict[str, Any]]:
        trigger, kind, name = verb
        params, required = verb_params(trigger, name)
        values = {k: _value(k, p, attacks) for k, p in params.items()}
        fixed = {"trigger": st.just(trigger), kind: st.just(name)} | {k: values[k] for k in required}
        return st.fixed_dictionaries(fixed, optional={k: v for k, v in values.items() if k not in required})

    return st.sampled_from(choices).flatmap(build)


def effects_list(attacks: int) -> st.SearchStrategy[list[dict[str, Any]]]:
    # At most one script per card (the vocabulary's rule): drop any after the first.
    def one_script(specs: list[dict[str, Any]]) -> list[dict[str, Any]]:
        seen, out = False, []
        for spec in specs:
            if "script" in spec:
                if seen:
                    continue
                seen = True
            out.append(spec)
        return out

    return st.lists(effect(attacks), max_size=4).map(one_script)


@st.composite
def decks(draw: st.DrawFn) -> list[DeckEntry]:
    """A small deck: plain combatants (so games last), and cards carrying random valid effects."""
    cards = [CardData(E, "PT-C1", "Combatiente uno", "combat", potential=4, resistance=2, card_class="bestia",
                      attacks=ATTACKS, effects=draw(effects_list(len(ATTACKS)))),
             CardData(E, "PT-C2", "Combatiente dos", "combat", potential=6, resistance=3, card_class="guerrero",
                      attacks=ATTACKS[:2], effects=draw(effects_list(2))),
             CardData(E, "PT-C3", "Combatiente tres", "combat", potential=3, resistance=1, attacks=ATTACKS[:1],
                      effects=[]),
             CardData(E, "PT-S1", "Invocación efímera", "summon", subtype="ephemeral", effect="…",
                      effects=draw(effects_list(0))),
             CardData(E, "PT-S2", "Invocación ligada", "summon", subtype="attached", effect="…",
                      effects=draw(effects_list(0))),
             CardData(E, "PT-S3", "Invocación de campo", "summon", subtype="field", effect="…",
                      effects=draw(effects_list(0))),
             CardData(E, "PT-R1", "Reacción", "reaction", effect="…", effects=draw(effects_list(0)))]  # fmt: skip
    for card in cards:
        assert validate_effects(list(card.effects or ()), attacks=len(card.attacks)) == [], card.effects
    counts = draw(st.lists(st.integers(1, 4), min_size=len(cards), max_size=len(cards)))
    token = replace(TOKEN, effects=draw(effects_list(1)))  # tokens created by effects carry effects too
    return [DeckEntry("main", n, c) for n, c in zip(counts, cards, strict=True)] + [DeckEntry("tokens", 1, token)]


def _table(entries: list[DeckEntry], seed: int) -> None:
    """The solitaire table: legal actions pushed at random until the game ends or the step limit."""
    match = new_match("eliria", [entries], seed=seed, first=0, turn_cap=12, trace=True)
    rng = random.Random(seed)
    for _ in range(STEP_LIMIT):
        if match.outcome() is not None:
            break
        actions = match.legal_actions()
        assert actions, "a game that is not over offers at least one action"
        match.push(rng.choice(actions))
    eliria_state(match)  # type: ignore[arg-type]


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(deck=decks(), seed=st.integers(0, 2**32))
def test_any_valid_effects_play_through_goldfish_matchup_and_table(deck, seed):
    result = run_goldfish("eliria", deck, games=4, turns=8, seed=seed)
    assert len(result["per_turn"]) == 8
    for policy in ("rules", "random"):
        report = run_matchup("eliria", deck, deck, games=2, seed=seed, policy_a=policy, policy_b="rules")
        assert report["games_played"] == 2
    _table(deck, seed)


def test_the_strategy_reaches_every_verb():
    """The generator draws from the vocabulary itself: every verb has a strategy that validates."""
    for trigger, kind, name in verbs():
        params, required = verb_params(trigger, name)
        spec = {"trigger": trigger, kind: name} | {k: _simplest(k, params[k]) for k in required}
        assert validate_effects([spec], attacks=3) == [], spec
    assert MAX_EFFECTS >= 4  # effects_list draws up to four per card: all within the bound


def _bounds(key: str, param: Param) -> list[Any]:
    """The edges of what *param* accepts: both ends of a range, "all", every choice, the longest text."""
    if param.kind is bool:
        return [True, False]
    if param.kind is int:
        return [0] if key == "attack" else [param.lo, param.hi] + (["all"] if param.all else [])
    if param.choices is not None:
        return sorted(param.choices)
    return [CODES[0], "x" * param.max_len]


_ABSENT = object()


def _edge_specs(trigger: str, kind: str, name: str) -> list[dict[str, Any]]:
    """Every combination of the parameters' edges (an optional one also left out): ~400 in all."""
    params, _required = verb_params(trigger, name)
    keys = list(params)
    options = [_bounds(k, params[k]) + ([] if k in _required else [_ABSENT]) for k in keys]
    base = {"trigger": trigger, kind: name}
    return [
        base | {k: v for k, v in zip(keys, values, strict=True) if v is not _ABSENT}
        for values in itertools.product(*options)
    ]


def _edge_deck(spec: dict[str, Any]) -> list[DeckEntry]:
    """The effect on every kind of card that may carry it (an attack's effect needs an attack)."""
    one = (spec,)
    others = () if spec["trigger"] == "on_attack" else one
    carriers = [
        CardData(E, "PE-C1", "Portador", "combat", potential=12, resistance=3, card_class="bestia",
                 passive="…", attacks=(Attack(0, "Golpe", 1),), effects=one),
        CardData(E, "PE-S1", "Efímera", "summon", subtype="ephemeral", effect="…", effects=others),
        CardData(E, "PE-S2", "Ligada", "summon", subtype="attached", effect="…", effects=others),
        CardData(E, "PE-S3", "Campo", "summon", subtype="field", effect="…", effects=others),
        CardData(E, "PE-R1", "Reacción", "reaction", effect="…", effects=others),
    ]  # fmt: skip
    plain = [CardData(E, f"PE-P{i}", f"Llano {i}", "combat", potential=4, resistance=2,
                      attacks=(Attack(1, "Golpe", 2),), effects=()) for i in range(6)]  # fmt: skip
    return [DeckEntry("main", 3, c) for c in carriers] + [DeckEntry("main", 1, c) for c in plain] + [
        DeckEntry("tokens", 1, TOKEN)
    ]


@pytest.mark.parametrize(("trigger", "kind", "name"), list(verbs()), ids=lambda v: str(v))
def test_every_verb_plays_at_the_edges_of_its_parameters(trigger, kind, name):
    """Each accepted value at its bounds ("all", 0, 12, every choice), in every combination, on every
    kind of card: what the random examples may miss (e.g. "all" with `adjacent_to_attacked`)."""
    for n, spec in enumerate(_edge_specs(trigger, kind, name)):
        assert validate_effects([spec], attacks=1) == [], spec
        deck = _edge_deck(spec)
        run_goldfish("eliria", deck, games=2, turns=8, seed=n)
        run_matchup("eliria", deck, deck, games=2, seed=n, policy_a="random", policy_b="rules")
        _table(deck, n)

"""No card code and no card name in the engine's code (issue 22): card behaviour is data.

Every ``engine/**/*.py`` file is read whole — code, comments, docstrings and doctests — so a rule
written for one printed card cannot hide anywhere. A doctest or an example uses an invented card
(«Gólem», «Cañón de hielo», code ``TST-105``). Names are compared folded (``engine.text.fold``:
case, accents and spacing do not matter), as whole words; codes by the pattern of the bundled sets.

Nothing is left out: the tokens an effect may create come from the loaded catalogue, carried by
the cards that create them (``CardData.tokens``, tests/engine/test_tokens.py), not from a table in
the engine.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from functools import cache

import pytest

from engine import Attack, CardData, EliriaPlayer
from engine.text import fold

from .scenes import FILLER, ROOT, E, card, scene

WEAK = CardData(E, "W-1", "Frágil", "combat", potential=3, resistance=1, attacks=(Attack(1, "Roce", 1),))

ENGINE = ROOT / "engine"
CODE = re.compile(r"(?<![A-Za-z0-9])(?:BASE|EXP)-\d", re.IGNORECASE)


@cache
def bundled_names() -> tuple[str, ...]:
    names = set()
    for path in sorted((ROOT / "data" / "catalogue").glob("*.json")):
        for entry in json.loads(path.read_text(encoding="utf-8"))["cards"]:
            names.add(fold(entry["name"]))
    return tuple(sorted(names))


@cache
def names_pattern() -> re.Pattern[str]:
    """Any bundled name, folded, as whole words (the longest first)."""
    names = sorted(bundled_names(), key=len, reverse=True)
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(n) for n in names) + r")(?!\w)")


def engine_files() -> list[str]:
    return sorted(str(p.relative_to(ROOT)) for p in ENGINE.rglob("*.py"))


def _text(relative: str) -> str:
    return (ROOT / relative).read_text(encoding="utf-8")


def offences(text: str) -> list[str]:
    """The card codes and bundled card names in *text*, with their line numbers."""
    found = []
    for n, line in enumerate(text.splitlines(), 1):
        if CODE.search(line):
            found.append(f"línea {n}: código de carta en «{line.strip()}»")
        for name in names_pattern().findall(fold(line)):
            found.append(f"línea {n}: nombre de carta «{name}» en «{line.strip()}»")
    return found


@pytest.mark.parametrize("relative", engine_files())
def test_engine_code_names_no_card(relative):
    assert offences(_text(relative)) == [], relative


def test_the_check_finds_a_code_and_a_name_in_any_case_or_spacing():
    assert offences('if code == "base-150":') and offences("# the Cañón  del SACRIFICIO's charge")
    assert offences("(BASE-105, EXP-010)") and not offences("(TST-105, «Gólem»)")
    assert len(bundled_names()) > 50  # the catalogues were read


def _renamed(code: str, name: str) -> CardData:
    """A bundled card under another code and name: the same data, so the same behaviour."""
    return replace(card(code), code=name.upper()[:3] + "-900", name=name)


@pytest.mark.parametrize(
    ("code", "setup"),
    [
        ("BASE-150", {"boards": ({0: (WEAK, True, 0)}, {0: (FILLER, True, 0)})}),  # a stronger rival to trade for
        ("BASE-180", {"boards": ({0: (WEAK, True, 0)}, {}), "supports": ({0: ("BASE-014", False)}, {0: ("BASE-014", False)})}),
        ("EXP-018", {"boards": ({0: (WEAK, True, 0), 1: ("BASE-109", True, 0)}, {})}),
    ],
)
def test_the_rule_based_player_plays_a_scripted_summon_by_its_data_not_its_code(code, setup):
    for c in (card(code), _renamed(code, "Hechizo inventado")):
        m = scene(hands=([c], []), **setup)
        choice = EliriaPlayer().choose(m.view(0), m.legal_actions(), m.policy_rng(0))
        assert choice.key == "play:0:support:up", (c.code, choice.key)


def test_a_scripts_prompt_names_the_card_that_carries_it():
    m = scene(hands=([_renamed("BASE-150", "Trueque desigual")], []), boards=({0: (WEAK, True, 0)}, {0: (FILLER, True, 0)}))
    m.push_key("play:0:support:up")
    assert m.pending.prompt == "Trueque desigual: elige la carta a sacrificar"

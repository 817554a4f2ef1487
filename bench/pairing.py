"""Benchmark of paired comparisons (docs/contract.md §6): how many games common seeds save.

    python bench/pairing.py [--games 3000] [--repeat 1]

On decks built from the bundled catalogue (an Eliria list of 40 cards, a Misión S.O.S list of 8
Entes and 20 Elementos, as the tests build them), one card is changed and both versions are
played on the same seeds. For a number of the goldfish, the 95 % interval of B − A is
±1.96·sd/√n: with common seeds sd² is the variance of the per-game differences, with two
independent runs of n games each it is var(A) + var(B). Their ratio is the factor of games that
pairing saves for the same interval width (per list: two independent runs need factor × n games
each to match n paired games). It does not depend on n (each half-width shrinks as 1/√n): the bench
prints the half-widths at n/4, n/2 and n to show it. What it does depend on is the change: the
part of the difference that comes from the changed card itself (was it drawn, and when) is noise
that common seeds cannot remove, so a big change (a BAÚL of 2 for one of 8) saves less than a
small one, and a change no game notices has no noise at all (factor ∞). The last two columns are a
swap race's pairing (engine.swaps deals the new card in the place of the one it replaces: the games
differ by that card alone), the others a comparison's (each list dealt by its own cards, as
`POST /api/goldfish/compare/` must: a card between the two cards' places comes a step sooner or
later). Then the pairing of a swap
in a list saved in another order (issue 36: the decks are dealt by card identity, so a revision
stored sorted by name keeps the pairing of a swap made in place; goal: a half-width within 1.5× of
the in-place swap's; before, 0.044 against 0.014). Last, what a comparison costs against two
plain goldfish runs of the same lists (it plays game by game to pair each game's numbers).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.goldfish import synthetic_deck  # noqa: E402
from engine import DeckEntry, compare_goldfish, run_goldfish  # noqa: E402
from engine.cards import CardData  # noqa: E402
from engine.catalogue import load_catalogue  # noqa: E402
from engine.compare import PAIRED_FIELDS, ListPlayer  # noqa: E402
from engine.goldfish import simulation  # noqa: E402
from engine.text import fold  # noqa: E402

SEED = 20261201
GOAL = 3.0  # the factor the issue asks for


def _cards(game: str) -> list[CardData]:
    lookup = load_catalogue(ROOT / f"data/catalogue/{game}.json")
    return sorted((c for c in map(lookup.by_code, lookup._codes) if c is not None), key=lambda c: c.code)  # noqa: SLF001


def eliria_list() -> list[DeckEntry]:
    """40 cards, one of each name, combat, reaction and summon cards in code order (tests/play/conftest.py)."""
    seen: set[str] = set()
    entries = []
    for card in _cards("eliria"):
        if card.type in ("combat", "reaction", "summon") and fold(card.name) not in seen:
            seen.add(fold(card.name))
            entries.append(DeckEntry("main", 1, card))
    return entries[:40]


def mision_list() -> list[DeckEntry]:
    cards = _cards("mision")
    return ([DeckEntry("entities", 1, c) for c in cards if c.type == "entity"][:8]
            + [DeckEntry("elements", 1, c) for c in cards if c.type == "element"][:20])


def swap(entries: list[DeckEntry], out: str, into: str, game: str) -> list[DeckEntry]:
    card = next(c for c in _cards(game) if c.code == into)
    return [DeckEntry(e.section, e.quantity, card) if e.card.code == out else e for e in entries]


# (label, game, list A, one card out, one card in, the numbers measured as (field, turn)).
CASES = [
    ("Eliria: Defensa final -> Hidra de la ciénaga (potential 8)", "eliria", eliria_list, "BASE-011", "EXP-004",
     [("mean_power_max", 4), ("mean_power_total", 4), ("mean_power_max", 8)]),
    ("Eliria: Gólem de barro (potential 2) -> Escudera novata (1)", "eliria", eliria_list,
     "BASE-009", "EXP-013", [("mean_power_total", 4), ("mean_power_max", 6)]),
    ("Misión S.O.S: Gota de rocío (BAÚL 2) -> Esmeralda (8)", "mision", mision_list, "SOS1-017", "SOS1-043",
     [("mean_chest", 3), ("mean_chest", 4), ("p_won", 5)]),
    ("Misión S.O.S: Gota de rocío (BAÚL 2) -> Hoja de roble (3)", "mision", mision_list, "SOS1-017", "SOS1-039",
     [("mean_chest", 3), ("mean_chest", 4), ("p_won", 5)]),
]


class Moments:
    """Per measured number: n, ΣA, ΣA², ΣB, ΣB², Σd, Σd² of the per-game values."""

    def __init__(self, size: int) -> None:
        self.n = 0
        self.sums = [[0] * 6 for _ in range(size)]

    def add(self, k: int, a: int, b: int) -> None:
        s, d = self.sums[k], b - a
        s[0] += a
        s[1] += a * a
        s[2] += b
        s[3] += b * b
        s[4] += d
        s[5] += d * d

    def variances(self, k: int) -> tuple[float, float, float]:
        n, (sa, qa, sb, qb, sd, qd) = self.n, self.sums[k]

        def var(s: int, q: int) -> float:
            return (n * q - s * s) / (n * (n - 1))

        return var(sa, qa), var(sb, qb), var(sd, qd)


def measure(game: str, a: list[DeckEntry], b: list[DeckEntry], numbers: list[tuple[str, int]], games: int,
            checkpoints: list[int], in_place_of: dict[str, str] | None = None) -> dict[int, Moments]:
    """Play both lists on common seeds; the moments of each number at each checkpoint (*in_place_of*:
    B's new card dealt in the place of the card it replaces, as a swap race deals it)."""
    attrs = dict(PAIRED_FIELDS[next(g for g in PAIRED_FIELDS if g.value == game)])
    turns = max(t for _, t in numbers)
    players = [ListPlayer(simulation(game, a, turns), ()),
               ListPlayer(simulation(game, b, turns, in_place_of=in_place_of), ())]
    tallies = [p.sim.new_tally() for p in players]
    moments, kept = Moments(len(numbers)), {}
    for index in range(games):
        before = [[getattr(t, attrs[f])[turn - 1] for f, turn in numbers] for t in tallies]
        for player, tally in zip(players, tallies, strict=True):
            player.play(SEED, index, tally)
        for k, (f, turn) in enumerate(numbers):
            va = getattr(tallies[0], attrs[f])[turn - 1] - before[0][k]
            vb = getattr(tallies[1], attrs[f])[turn - 1] - before[1][k]
            moments.add(k, va, vb)
        moments.n += 1
        if moments.n in checkpoints:
            copy = Moments(len(numbers))
            copy.n, copy.sums = moments.n, [row[:] for row in moments.sums]
            kept[moments.n] = copy
    return kept


races: list[float] = []  # the swap race's factors, in the order printed


def report_case(label: str, game: str, make: object, out: str, into: str, numbers: list[tuple[str, int]],
                games: int) -> list[float]:
    a = make()  # type: ignore[operator]
    b = swap(a, out, into, game)
    checkpoints = [games // 4, games // 2, games]
    kept = measure(game, a, b, numbers, games, checkpoints)
    race = measure(game, a, b, numbers, games, [games], {into: out})[games]  # as engine.swaps deals it
    print(f"\n{label}")
    print(f"  {'number':<24}{'games':>7}{'delta':>10}{'±paired':>10}{'±indep.':>10}{'factor':>8}{'±race':>9}"
          f"{'factor':>8}")
    factors: list[float] = []
    for k, (field, turn) in enumerate(numbers):
        for n in checkpoints:
            m = kept[n]
            var_a, var_b, var_d = m.variances(k)
            delta = m.sums[k][4] / n
            paired, indep = 1.96 * math.sqrt(var_d / n), 1.96 * math.sqrt((var_a + var_b) / n)
            factor = (var_a + var_b) / var_d if var_d else math.inf
            tail = ""
            if n == games:  # the swap race's pairing: the new card in the old one's place
                var_r = race.variances(k)[2]
                races.append((var_a + var_b) / var_r if var_r else math.inf)
                tail = f"{1.96 * math.sqrt(var_r / n):>9.4f}{races[-1]:>7.1f}×"
            print(f"  {field + ' t' + str(turn):<24}{n:>7}{delta:>10.4f}{paired:>10.4f}{indep:>10.4f}{factor:>7.1f}×"
                  + tail)
        factors.append(factor)
    return factors


REORDER_GOAL = 1.5  # the sorted list's half-width over the in-place swap's (issue 36)


def reordered(games: int) -> float:
    """One card swapped in place, and the same swap in lists sorted by name (as revisions are
    stored): the paired half-width of each at turn 8, and their ratio."""
    label, game, make, out, into, _ = CASES[0]
    numbers = [("mean_power_max", 8), ("p_combatant", 8), ("mean_power_total", 8)]
    a = make()  # type: ignore[operator]
    in_place = swap(a, out, into, game)

    def by_name(entries: list[DeckEntry]) -> list[DeckEntry]:
        return sorted(entries, key=lambda e: fold(e.card.name))

    print(f"\nA swap in a list saved in another order ({label.split(': ')[1]}, {games} games, seed {SEED}):")
    print(f"  {'number':<24}{'±in place':>11}{'±sorted':>10}{'ratio':>8}{'delta (both)':>15}")
    kept_in_place = measure(game, a, in_place, numbers, games, [games])[games]
    kept_sorted = measure(game, by_name(a), by_name(in_place), numbers, games, [games])[games]
    worst = 0.0
    for k, (field, turn) in enumerate(numbers):
        widths = []
        for kept in (kept_in_place, kept_sorted):
            widths.append(1.96 * math.sqrt(kept.variances(k)[2] / games))
        deltas = {round(kept.sums[k][4] / games, 6) for kept in (kept_in_place, kept_sorted)}
        ratio = widths[1] / widths[0] if widths[0] else (1.0 if not widths[1] else math.inf)
        worst = max(worst, ratio)
        shown = ", ".join(f"{d:.4f}" for d in sorted(deltas))
        print(f"  {field + ' t' + str(turn):<24}{widths[0]:>11.4f}{widths[1]:>10.4f}{ratio:>7.2f}×{shown:>15}")
    print(f"  Sorted against in place: at most {worst:.2f}× (goal {REORDER_GOAL}×). Before issue 36 (decks dealt by "
          "position), this bench at 3,000 games gave ±0.0237 in place and ±0.0330 sorted for mean_power_max t8 "
          "(1.39×), ±0.0561 and ±0.0914 for mean_power_total t8 (1.63×), each sorted delta another number; the "
          "issue measured 0.014 against 0.044. One delta per row: the same cards in another order give the same games.")
    return worst


def overhead(games: int) -> None:
    """A comparison against two plain goldfish runs of the same lists (same games, turns, seed)."""
    print(f"\nCost of pairing ({games} games, 10 turns: compare_goldfish against two run_goldfish of the same lists):")
    pairs = [(label.split(":")[0], game, make(), out, into) for label, game, make, out, into, _ in CASES]  # type: ignore[operator]
    del pairs[3], pairs[1]
    vanilla = synthetic_deck()  # no effects: the fast path, where the plain goldfish sums many games at once
    stronger = CardData(vanilla[16].card.game, "X-9", "Combate 9", "combat", potential=9)
    pairs.append(("Eliria, vanilla (fast path)", "eliria", vanilla, vanilla[16].card.code, stronger))
    for label, game, a, out, into in pairs:
        b = ([DeckEntry(e.section, e.quantity, into) if e.card.code == out else e for e in a]
             if isinstance(into, CardData) else swap(a, out, into, game))
        start = time.perf_counter()
        for entries in (a, b):
            run_goldfish(game, entries, games=games, turns=10, seed=SEED)
        plain = time.perf_counter() - start
        start = time.perf_counter()
        compare_goldfish(game, a, b, games=games, turns=10, seed=SEED)
        paired = time.perf_counter() - start
        print(f"  {label:<28} two runs {plain:6.2f} s   compare {paired:6.2f} s   ×{paired / plain:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--only-reordered", action="store_true", help="only the swap in a list in another order")
    args = parser.parse_args()
    if args.only_reordered:
        reordered(args.games)
        return
    print(f"Pairing: {args.games} games per list, seed {SEED}; factor = games two independent runs need "
          f"per list for the same 95 % interval width (goal {GOAL:.0f}× or better)")
    factors = []
    for label, game, make, out, into, numbers in CASES:
        factors += report_case(label, game, make, out, into, numbers, args.games)
    finite = sorted(f for f in factors if math.isfinite(f))
    met = sum(f >= GOAL for f in factors)
    print(f"\nFactor at {args.games} games: median {finite[len(finite) // 2]:.1f}×, lowest {finite[0]:.1f}×, "
          f"highest {finite[-1]:.1f}×; {met} of {len(factors)} numbers at {GOAL:.0f}× or better.")
    ordered = sorted(races)
    print(f"A swap race's (the new card in the old one's place): median {ordered[len(ordered) // 2]:.1f}×, lowest "
          f"{ordered[0]:.1f}×; {sum(f >= GOAL for f in races)} of {len(races)} at {GOAL:.0f}× or better.")
    print("It does not drift with games beyond sampling noise (numbers a change rarely moves are the noisiest):"
          " both half-widths fall as 1/√n (above, at n/4, n/2 and n).")
    reordered(args.games)
    overhead(min(args.games, 2000))


if __name__ == "__main__":
    main()

"""The goldfish of a vanilla deck (none of its cards acts on what the goldfish measures): the same
games as the full rules, from the same streams, with only what the tally reads simulated.

:meth:`VanillaRun.play_range` plays a range of games from their draws alone; :meth:`VanillaRun.play_turns`
tallies one game of :class:`~engine.eliria.game.EliriaGame` (the game-by-game form, with a trace).
Held equal to the full rules by ``tests/engine/test_goldfish_range.py`` and ``test_goldfish_rules.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from ...rng import deal, shuffle_key
from ..game import EliriaDeck, EliriaGame, pile_ids
from ..rules import COMBAT_SLOTS, HAND_SIZE, RULE_OF_THREE

__all__ = ["RangeTally", "VanillaRun", "left_deck", "record_usable"]


class RangeTally(Protocol):
    """The integer totals the vanilla goldfish adds to (``engine.eliria.goldfish.EliriaTally``)."""

    games: int
    opening_hits: int
    mulligans: dict[int, int]
    lost_in_mulligan: int
    losses: dict[str, int]
    alive: list[int]
    combatant: list[int]
    power_max: list[int]
    power_total: list[int]
    combatants: list[int]
    attack_ready: list[int]
    hand: list[int]
    deck: list[int]
    watch: list[int]
    first_usable: dict[int, list[int]]


def left_deck(pile: list[int], watch: frozenset[int], copies: int) -> bool:
    """Whether some watched copy is no longer in the deck (drawn, played or discarded)."""
    return sum(1 for c in pile if c in watch) < copies


def record_usable(tally: RangeTally, t: int, pending: Sequence[int], usable: set[int]) -> list[int]:
    """Count turn t as the first on which each pending attack cost in `usable` could be paid
    (a face-up combatant with that attack and at least that much power, 6.a.IV); return the
    costs still pending, in their order."""
    first, still = tally.first_usable, []
    for k in pending:
        if k in usable:
            first[k][t] += 1
        else:
            still.append(k)
    return still


class VanillaRun:
    """The goldfish of a vanilla deck (nothing on the board acts): the same games as the full rules,
    from the same streams, with only what the tally reads simulated."""

    def __init__(self, deck: EliriaDeck, turns: int, costs: tuple[int, ...], watch: frozenset[int],
                 copies: int) -> None:  # fmt: skip
        self.deck, self.turns, self.costs = deck, turns, costs
        self.watch, self.watch_copies = watch, copies
        self._usable: list[tuple[tuple[int, int], ...]] | None = None

    def play_range(self, derive: Callable[[int], int], start: int, stop: int, tally: RangeTally) -> None:
        """The fast path of :class:`.game.EliriaGame` and :meth:`play_turns` over a range of games,
        with only the draws simulated (the same deals by identity, engine.rng.deal: draws pop the pile).

        On the fast path nothing leaves the board and the hand never keeps a playable card while
        the rule of three allows one more, so a game is its mulligans, the turn each combatant
        entered and the turn it ended; everything else follows: after the Poder phase of turn
        *t* a combatant that entered on turn *e* has min(potential, t - e + 1) power (12.c), so
        an attack costing k <= potential is usable from turn e + max(k - 1, 0) (6.a.IV); the
        hand holds 5 + t - played cards, the deck size - 5 - mulligans - t. Each game adds
        its turns to difference arrays, summed into the tally once per range. Once the rule of
        three is used up (and the watched cards are seen) the remaining draws no longer matter:
        only the turn the deck runs out does. Tested against ``EliriaGame`` and the full rules."""
        deck, turns = self.deck, self.turns
        pile0, size, ids0 = list(deck.pile), len(deck.pile), deck.ids
        group, group_ids = deck.group, deck.group_ids
        potential = deck.potential
        playable = frozenset(i for i, ok in enumerate(deck.playable) if ok)
        by_potential = [-p for p in potential].__getitem__  # sort key: highest potential first
        by_rank = deck.discard_rank.__getitem__
        limit = min(COMBAT_SLOTS, RULE_OF_THREE)  # nothing leaves the board: slots used = cards played
        usable = self._usable_costs()
        first = [tally.first_usable[k] for k in self.costs]
        watch, copies = self.watch, self.watch_copies
        mulligans, losses = tally.mulligans, tally.losses
        hits = lost_in_mulligan = deck_out = no_combatant = 0
        # Difference arrays over turns 0 … turns (index = turn - 1; a game ended at *end* counts on turns < end).
        width = turns + 1
        ends, mulled, entered, ready_at, seen_at = [0] * width, [0] * width, [0] * width, [0] * width, [0] * width
        total_ramp, total_step, max_ramp, max_step = [0] * width, [0] * width, [0] * width, [0] * width
        never = 1 << 30
        hand_size = HAND_SIZE
        for index in range(start, stop):
            base = derive(index)  # game *index* is dealt only from (seed, index)
            # Rules 11.a–b: draw five, mulligan (discard the lowest rank, the rest back) until a
            # combat card without † shows; 7.c when five cannot be drawn.
            if size < hand_size:
                mulligans[0] = mulligans.get(0, 0) + 1
                lost_in_mulligan += 1
                deck_out += 1
                continue
            pile = deal(shuffle_key(base, 0, 0, 0), pile0, ids0)  # 11.a: the next card drawn is the last
            hand = pile[-hand_size:]
            hand.reverse()
            del pile[-hand_size:]
            ok = first_ok = not playable.isdisjoint(hand)
            count = 0
            while not ok:
                hand.remove(min(hand, key=by_rank))
                count += 1
                pile.extend(hand)
                if len(pile) < hand_size:
                    break
                pile = deal(shuffle_key(base, 0, 0, count), pile, pile_ids(pile, group, group_ids))  # 11.b
                hand = pile[-hand_size:]
                hand.reverse()
                del pile[-hand_size:]
                ok = not playable.isdisjoint(hand)
            hits += first_ok
            mulligans[count] = mulligans.get(count, 0) + 1
            if not ok:
                lost_in_mulligan += 1
                deck_out += 1
                continue
            # Turn 1 (no draw, 11.d), 12.b and 9: the highest potentials into the slots.
            board = [c for c in hand if c in playable]
            if len(board) > limit:
                board.sort(key=by_potential)  # stable: hand order breaks ties
                del board[limit:]
            if not board:  # 12.c with nothing on the board: 7.b (not after 11.b's mulligan)
                no_combatant += 1
                ends[0] += 1
                continue
            played = len(board)
            when = [0] * played  # the turn each combatant entered
            seen = 0 if watch and left_deck(pile, watch, copies) else -1
            t = end = 0
            if played < limit or (watch and seen < 0):
                # Later turns: 12.a draws one (an empty deck loses, 7.c); a combat card without †
                # is played at once while the rule of three allows (the hand holds no other).
                for t in range(1, turns):
                    if not pile:
                        deck_out += 1
                        end = t
                        break
                    card = pile.pop()
                    if played < limit and card in playable:
                        board.append(card)
                        when.append(t)
                        played += 1
                    if seen < 0 and watch and left_deck(pile, watch, copies):
                        seen = t
                    if played >= limit and (seen >= 0 or not watch):
                        break
                else:
                    end = turns
            if not end:  # nothing left that matters but the turn the deck runs out (7.c)
                end = t + len(pile) + 1
                if end < turns:
                    deck_out += 1
                else:
                    end = turns
            # The game's turns, into the difference arrays.
            ends[end] += 1
            mulled[end] += count
            total = high = covered = 0
            soonest = [never] * len(first) if first else None
            for card, e in zip(board, when, strict=True):
                entered[e] += 1
                cap = potential[card]
                if cap:  # power grows by one on turns e … e + cap - 1
                    r = e + cap if e + cap < end else end
                    total_ramp[e] += 1
                    total_ramp[r] -= 1
                    total += r - e
                    if cap > covered:  # the highest power grows with the first combatant able to
                        a = e + covered
                        if a < r:
                            max_ramp[a] += 1
                            max_ramp[r] -= 1
                            high += r - a
                        covered = cap
                if soonest is not None:
                    for k, delta in usable[card]:
                        if e + delta < soonest[k]:
                            soonest[k] = e + delta
            entered[end] -= played
            total_step[end] -= total
            max_step[end] -= high
            if soonest is not None:
                ready = never
                for k, turn in enumerate(soonest):
                    if turn < ready:
                        ready = turn
                    turn = turn or 1  # counted from turn 2 on (11.d)
                    if turn < end:
                        first[k][turn] += 1
                ready = ready or 1
                if ready < end:
                    ready_at[ready] += 1
                    ready_at[end] -= 1
            if seen >= 0:
                seen_at[seen] += 1
                seen_at[end] -= 1
        tally.games += stop - start if stop > start else 0
        tally.opening_hits += hits
        tally.lost_in_mulligan += lost_in_mulligan
        losses["deck_out"] += deck_out
        losses["no_combatant"] += no_combatant
        self._add_turns(tally, ends, mulled, entered, ready_at, seen_at, total_ramp, total_step, max_ramp, max_step)

    def _usable_costs(self) -> list[tuple[tuple[int, int], ...]]:
        """Per card: (cost index, turns after entry) for each attack cost its power reaches; computed
        once per simulation (engine.compare plays ranges of one game)."""
        if self._usable is None:
            index_of = {k: i for i, k in enumerate(self.costs)}
            self._usable = [
                tuple((index_of[k], max(k - 1, 0)) for k in sorted(costs) if k <= cap and k in index_of)
                for costs, cap in zip(self.deck.attack_costs, self.deck.potential, strict=True)
            ]
        return self._usable

    def _add_turns(self, tally: RangeTally, ends: list[int], mulled: list[int], entered: list[int],
                   ready_at: list[int], seen_at: list[int], total_ramp: list[int], total_step: list[int],
                   max_ramp: list[int], max_step: list[int]) -> None:
        """Sum the difference arrays of :meth:`play_range` into the tally's per-turn totals."""
        turns, size = self.turns, self.deck.size
        alive = [0] * turns  # games whose turn t was played (ended later)
        mulls = [0] * turns
        for t in range(turns - 1, -1, -1):
            alive[t] = ends[t + 1] + (alive[t + 1] if t + 1 < turns else 0)
            mulls[t] = mulled[t + 1] + (mulls[t + 1] if t + 1 < turns else 0)
        combatants = ready = seen = total_rise = total = high_rise = high = 0
        for t in range(turns):
            n = alive[t]
            combatants += entered[t]
            ready += ready_at[t]
            seen += seen_at[t]
            total_rise += total_ramp[t]
            total += total_rise + total_step[t]
            high_rise += max_ramp[t]
            high += high_rise + max_step[t]
            tally.alive[t] += n
            tally.combatant[t] += n  # the board is never empty after a Poder phase that was survived
            tally.combatants[t] += combatants
            tally.hand[t] += n * (HAND_SIZE + t) - combatants
            tally.deck[t] += n * (size - HAND_SIZE - t) - mulls[t]
            tally.attack_ready[t] += ready
            tally.watch[t] += seen
            tally.power_total[t] += total
            tally.power_max[t] += high

    def play_turns(self, game: EliriaGame, tally: RangeTally) -> None:
        """Play the turns, adding the state after each Poder phase (the hot loop: kept flat)."""
        alive, combatant, power_max, power_total = (
            tally.alive,
            tally.combatant,
            tally.power_max,
            tally.power_total,
        )
        combatants, attack_ready, hand, deck = tally.combatants, tally.attack_ready, tally.hand, tally.deck
        cost, power, board = self.deck.attack_cost, game.power, game.board
        ready = False  # nothing is destroyed and power never drops: once able to attack, always able
        costs_of = self.deck.attack_costs
        pending: Sequence[int] = self.costs
        watch, watched, seen = self.watch, tally.watch, False
        checked = -1  # the power total last checked for new attack costs (power only grows here)
        play_turn = game.play_turn
        for t in range(self.turns):
            play_turn(t + 1)
            if game.lost:
                tally.losses[game.lost] += 1
                return
            alive[t] += 1
            hand[t] += len(game.hand)
            deck[t] += len(game.pile)
            if power:
                total = sum(power)
                combatant[t] += 1
                power_max[t] += max(power)
                power_total[t] += total
                combatants[t] += len(power)
                # An attack is usable with enough power (6.a.IV), from turn 2 on (11.d).
                if t and (ready or any(p >= cost[c] for p, c in zip(power, board, strict=True))):
                    ready = True
                    attack_ready[t] += 1
                    if pending and total + len(power) != checked:
                        checked = total + len(power)
                        pending = self._first_usable(tally, t, pending, power, board, costs_of)
            if watch and (seen or left_deck(game.pile, watch, self.watch_copies)):
                seen = True
                watched[t] += 1

    @staticmethod
    def _first_usable(tally: RangeTally, t: int, pending: Sequence[int], power: list[int],
                      board: list[int], costs_of: tuple[frozenset[int], ...]) -> Sequence[int]:
        """Record the attack costs that became usable on turn t (a combatant with that attack
        and at least that much power, 6.a.IV); return the ones still pending."""
        usable = {k for p, c in zip(power, board, strict=True) for k in costs_of[c] if k <= p}
        return record_usable(tally, t, pending, usable) if usable else pending

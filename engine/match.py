"""What every decision-driven game shares (python-chess ``Board``: ``legal_moves`` vs ``push``).

A match asks one player at a time for a decision: :meth:`Match.legal_actions`
lists what the player to move (:attr:`Match.to_move`) may do, :meth:`Match.push`
applies one of them and runs the rules forward until the next decision or the
end (:meth:`Match.outcome`). Everything random comes from the match's seeded
streams (``shuffle`` and ``dice``, see :mod:`engine.rng`), so a match is its
header plus its decisions: :func:`engine.replay.replay` plays them again.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeVar, cast

from .actions import Action, Outcome
from .carddict import card_data_hash, entries_to_dicts
from .cards import Game
from .decklist import DeckEntry
from .errors import IllegalAction
from .rng import GameRng, derive_seed

__all__ = ["DEFAULT_TURN_CAP", "ENGINE_VERSION", "RECORD_FORMAT", "Match", "Pending", "Policy", "SeatView"]

ENGINE_VERSION = "3.3"  # written in every record; bump when a rule change alters replays (3.1: issue 22; 3.2: issue 35; 3.3: issue 36, decks dealt by card identity)
RECORD_FORMAT = "game-record/1"
DEFAULT_TURN_CAP = 200  # turns (one player's turn each) before a game is called a draw

Event = dict[str, Any]
Resolve = Callable[[Action], None]


class Policy(Protocol):
    """A player: picks one of the legal actions, seeing only what its seat may see."""

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action: ...


class Pending:
    """The decision the match waits for: who decides, what about, the options and what follows.

    The options may be given as a function that lists them: they are listed the first time they
    are read (a runner whose policy knows its choice without the list never pays for it).
    """

    __slots__ = ("_list", "_options", "kind", "player", "prompt", "resolve")

    def __init__(
        self,
        player: int,
        kind: str,
        prompt: str,
        options: list[Action] | Callable[[], list[Action]],
        resolve: Resolve,
    ) -> None:
        self.player = player
        self.kind = kind
        self.prompt = prompt
        if callable(options):
            self._options: list[Action] | None = None
            self._list: Callable[[], list[Action]] | None = options
        else:
            self._options, self._list = options, None
        self.resolve = resolve

    @property
    def options(self) -> list[Action]:
        found = self._options
        if found is None:
            assert self._list is not None
            found = self._options = self._list()
        return found

    @property
    def listed(self) -> bool:
        """Whether the options have been listed already."""
        return self._options is not None


class Match:
    """Base of the two games' matches; subclasses run the rules and set :attr:`pending`."""

    game: ClassVar[Game]
    resign_reason: ClassVar[str] = "resign"

    def __init__(
        self,
        decks: Sequence[Sequence[DeckEntry]],
        *,
        seed: int,
        index: int,
        first: int | None,
        turn_cap: int,
        trace: bool,
        rng: GameRng | None = None,
    ) -> None:
        self.decks = tuple(tuple(d) for d in decks)
        self.players = len(self.decks)  # seats
        self.seed, self.index, self.first_arg, self.turn_cap = seed, index, first, turn_cap
        # A runner may lend its streams, already pointed at this game and untouched (run_range):
        # the same draws as new ones, without seeding twice.
        self.rng = GameRng(seed, index) if rng is None else rng
        self.decisions: list[str] = []
        self.log: list[Event] | None = [] if trace else None
        self.pending: Pending | None = None
        self.turn = 0
        self._outcome: Outcome | None = None

    # -- the python-chess surface -------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        """The seat that must decide now (``None`` once the game is over)."""
        return None if self.pending is None else self.pending.player

    def legal_actions(self) -> list[Action]:
        """The decisions open to :attr:`to_move` now (empty once the game is over)."""
        return [] if self.pending is None else self.pending.options

    def is_over(self) -> bool:
        return self._outcome is not None

    def outcome(self) -> Outcome | None:
        return self._outcome

    def push(self, action: Action) -> None:
        """Apply a legal action; anything else raises :class:`IllegalAction`."""
        pending = self.pending
        if pending is None:
            raise IllegalAction("La partida ya terminó: no admite más decisiones.")
        self._apply(pending, self._own(pending, action))

    @staticmethod
    def _own(pending: Pending, action: Action) -> Action:
        """The match's own option equal to *action* (same key), with its arguments."""
        for option in pending.options:
            if option == action:
                return option
        raise IllegalAction(f"«{action.key}» no es una decisión válida ahora ({pending.prompt}).")

    def push_key(self, key: str) -> Action:
        """Apply the legal action with this key (``resign:N`` resigns seat N); return it."""
        if key.startswith("resign:"):
            self.resign(self._seat(key))
            return Action(key, "Rendirse", "resign")
        pending = self.pending
        if pending is None:
            raise IllegalAction(f"La partida ya terminó: «{key}» no se puede aplicar.")
        for action in pending.options:
            if action.key == key:
                self._apply(pending, action)
                return action
        valid = ", ".join(a.key for a in pending.options)
        raise IllegalAction(f"«{key}» no es una decisión válida ahora ({pending.prompt}); válidas: {valid}.")

    def resign(self, player: int) -> None:
        """Rule 7.a in Eliria: a player may concede at any time; recorded as ``resign:N``."""
        if self._outcome is not None:
            raise IllegalAction("La partida ya terminó: no se puede abandonar.")
        if not 0 <= player < self.players:
            raise IllegalAction(f"No hay jugador {player} en esta partida.")
        self.decisions.append(f"resign:{player}")
        self._event("resign", player=player)
        winner = 1 - player if self.players == 2 else None
        self._finish(winner, player, self.resign_reason, f"El jugador {player + 1} se rinde")

    def _seat(self, key: str) -> int:
        try:
            return int(key.split(":", 1)[1])
        except ValueError:
            raise IllegalAction(f"«{key}» no es una decisión válida.") from None

    def _apply(self, pending: Pending, action: Action) -> None:
        """Apply an action known to be among ``pending.options`` (the fast path of :meth:`play_out`)."""
        self.decisions.append(action.key)
        self.pending = cast("Pending | None", None)  # resolve() sets it again (mypyc: not narrowed to None)
        pending.resolve(action)
        if self.pending is None and self._outcome is None:
            raise RuntimeError(f"engine stalled after «{action.key}»")  # a rule forgot its continuation

    def _ask(
        self, player: int, kind: str, prompt: str, options: list[Action] | Callable[[], list[Action]], resolve: Resolve
    ) -> None:
        if self._outcome is None:
            self.pending = Pending(player, kind, prompt, options, resolve)

    def _finish(self, winner: int | None, loser: int | None, reason: str, label: str) -> None:
        if self._outcome is None:
            self._outcome = Outcome(winner, loser, reason, self.turn, label)
            self.pending = None
            if self.log is not None:
                self._event("game_over", winner=winner, reason=reason, label=label)

    def _event(self, event: str, **data: Any) -> None:
        if self.log is not None:
            self.log.append({"turn": self.turn, "event": event, **data})

    # -- playing and recording ------------------------------------------------------------------

    def view(self, player: int) -> Any:
        """What seat *player* may see; subclasses return their game's view."""
        raise NotImplementedError

    def policy_rng(self, player: int) -> random.Random:
        """The seeded stream a policy of seat *player* draws from (not part of the record)."""
        return random.Random(derive_seed(self.seed, self.index, f"policy{player}"))  # noqa: S311

    def play_out(self, policies: Sequence[Policy]) -> Outcome:
        """Ask the policies (one per seat) until the game ends; a single option is taken unasked.

        A policy with a ``choose_unlisted(view)`` method is asked it first while the options are not
        listed yet (they are listed lazily, :class:`Pending`): an answer (the choice ``choose`` would
        make from the list, the match's own action) is applied without listing them; None asks
        ``choose`` as usual."""
        views = [self.view(p) for p in range(self.players)]
        rngs = [self.policy_rng(p) for p in range(self.players)]
        quick = [getattr(policy, "choose_unlisted", None) for policy in policies]
        apply = self._apply
        while True:
            pending = self.pending
            if pending is None:
                break
            if pending._options is None and (unlisted := quick[pending.player]) is not None:
                choice = unlisted(views[pending.player])
                if choice is not None:
                    apply(pending, choice)
                    continue
            options = pending.options
            if len(options) == 1:
                apply(pending, options[0])
                continue
            seat = pending.player
            choice = policies[seat].choose(views[seat], options, rngs[seat])
            for option in options:
                if option is choice:
                    break
            else:  # not one of the match's own objects: accept an equal key, as push() does
                choice = self._own(pending, choice)
            apply(pending, choice)
        assert self._outcome is not None
        return self._outcome

    def header(self) -> dict[str, Any]:
        """Everything needed, with :attr:`decisions`, to replay this game exactly."""
        return {
            "format": RECORD_FORMAT,
            "engine": ENGINE_VERSION,
            "game": self.game.value,
            "card_data_hash": card_data_hash(self.decks),
            "seed": self.seed,
            "index": self.index,
            "first": self.first_arg,
            "turn_cap": self.turn_cap,
            "decks": [entries_to_dicts(d) for d in self.decks],
        }

    def to_record(self, *, events: bool = False) -> dict[str, Any]:
        """The JSON-ready record: header, decisions, outcome (and the event log when kept)."""
        outcome = self._outcome
        record: dict[str, Any] = {
            "header": self.header(),
            "decisions": list(self.decisions),
            "outcome": None if outcome is None else outcome.as_dict(),
        }
        if events and self.log is not None:
            record["events"] = list(self.log)
        return record


class Seated(Protocol):
    """What every view reads of its match: the turn and the decision it waits for."""

    @property
    def turn(self) -> int: ...

    @property
    def pending(self) -> Pending | None: ...


M = TypeVar("M", bound=Seated)


class SeatView(Generic[M]):
    """A live, read-only window on a match for seat ``seat``: what every game's view shares.

    Each game's view (:class:`~engine.eliria.view.EliriaView`, :class:`~engine.mision.view.MisionView`)
    adds what that seat may see of the cards.
    """

    __slots__ = ("_m", "seat")

    def __init__(self, match: M, seat: int) -> None:
        self._m = match
        self.seat = seat

    @property
    def turn(self) -> int:
        return self._m.turn

    @property
    def pending_kind(self) -> str:
        """The kind of decision the match waits for (``""`` once the game is over)."""
        pending = self._m.pending
        return "" if pending is None else pending.kind

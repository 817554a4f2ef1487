"""The board's primitive moves and events, as the verbs and scripts see them.

The layers of the Eliria engine, each importing only the ones below it (tests/test_import_cycles.py)::

    match, players, goldfish, table   the rules of a turn (12) and who decides
    combat                            an attack (12.d, 6.a.IV-V)
    board                             both seats and their single paths (place, destroy, draw…)
    verbs/, scripts                   what each effect does: written against the protocols here
    moves, layer                      this module: what the board offers them; the continuous effects
    state, cardinfo, effects          the table's pieces, the compiled cards, the vocabulary
    modifiers, verbs/base, rules      the layer's record, the registry of units, the numbers of the rules

A verb's ``run`` takes the board as :class:`Moves` (an attack's verbs as :class:`AttackMoves`,
the phases' as :class:`TurnMoves`): :class:`~engine.eliria.board.EliriaBoard` and its subclasses
offer them structurally (``engine/eliria/table.py`` has mypy check it), so no verb imports the
board and the board imports no verb: it runs the units the registry holds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from ..actions import Action

if TYPE_CHECKING:
    from ..rng import GameRng
    from .cardinfo import CardInfo, CardTable
    from .modifiers import Modifiers
    from .state import AttackContext, Combatant, Side

__all__ = [
    "DONE", "END", "NO_REACT", "PASS", "SKIP", "AttackMoves", "Moves", "Occasion", "Sight", "Then", "TurnMoves",
]  # fmt: skip

Then = Callable[[], None]


def _stay() -> None:
    """No chain to go on with (a verb whose occasion asks nothing after it)."""


class Occasion:
    """One time a verb runs: under which ``trigger``, for which seat ``p``, as which effect ``spec``,
    and what it concerns: the summon ``card`` on support slot ``k`` and the index ``i`` of its next
    effect (``on_play``); the combatant ``comb`` on ``slot`` whose event it is (the event triggers);
    the attack ``ctx`` and its ``target`` (``on_attack``, and a reaction to an attack). ``resume``
    goes on with the chain once the verb has asked its question (its ``run`` returned True)."""

    __slots__ = ("card", "comb", "ctx", "i", "k", "p", "resume", "slot", "spec", "target", "trigger")

    def __init__(
        self, trigger: str, p: int, spec: Mapping[str, Any], resume: Then = _stay, *, card: CardInfo | None = None,
        comb: Combatant | None = None, slot: int = -1, k: int = -1, i: int = 0, ctx: AttackContext | None = None,
        target: Combatant | None = None,
    ) -> None:  # fmt: skip
        self.trigger = trigger  # one plain assignment each: an occasion is built every time a verb runs
        self.p = p
        self.spec = spec
        self.resume = resume
        self.card = card
        self.comb = comb
        self.slot = slot
        self.k = k
        self.i = i
        self.ctx = ctx
        self.target = target

END = Action("end", "Terminar la fase de movimiento", "end", (), "action.end")
PASS = Action("pass", "No atacar", "pass")
SKIP = Action("skip", "No usar el efecto", "skip")
DONE = Action("done", "Terminar", "done")
NO_REACT = Action("no_react", "No activar ninguna reacción", "no_react")


class Moves(Protocol):
    """What an effect may do to the board: its seats, the questions it asks, the single paths."""

    sides: list[Side]
    turn: int
    players: int
    rng: GameRng
    table: CardTable
    moment_slot: int
    freed_slot: int
    field_records: tuple[tuple[Modifiers, ...], tuple[Modifiers, ...]] | None  # the layer's (engine/eliria/layer.py)
    skip_action: Action
    done_action: Action

    def act(
        self, cache: tuple[Any, ...], key: str, label: str, kind: str, args: tuple[int, ...],
        code: str = "", params: dict[str, str | int] | None = None,
    ) -> Action: ...  # fmt: skip

    def ask(
        self, player: int, kind: str, prompt: str, options: list[Action] | Callable[[], list[Action]],
        resolve: Callable[[Action], None],
    ) -> None: ...  # fmt: skip

    def event(self, event: str, **data: Any) -> None: ...

    def combatant_name(self, p: int, slot: int) -> str: ...

    def tag(self, p: int, slot: int) -> int: ...

    def offer_actions(self, p: int, slots: Iterable[int]) -> list[Action]: ...

    def movable_to(self, p: int, slot: int) -> list[int]: ...

    def move(self, p: int, slot: int, to: int, then: Then, *, event: str = "move", **data: Any) -> None: ...

    def enter(self, p: int, slot: int, card: CardInfo, *, up: bool, power: int = 0) -> Combatant: ...

    def may_play_combat(self, p: int) -> bool: ...

    def play_combat(self, p: int, i: int, slot: int, *, up: bool, power: int = 0) -> Combatant: ...

    def place_token(self, p: int, code: str, slot: int) -> None: ...

    def ask_token_slot(self, p: int, code: str, free: Sequence[int], then: Then) -> None: ...

    def remove_combatant(self, p: int, slot: int) -> Combatant: ...

    def sacrifice(self, p: int, slot: int, then: Then) -> None: ...

    def discard_support(self, p: int, k: int, *, destroyed: bool = False) -> None: ...

    def support_protected(self, owner: int, k: int, by: int) -> bool: ...

    def destroy_support(self, owner: int, k: int, by: int) -> bool: ...

    def destroy(self, p: int, slot: int, then: Then) -> None: ...

    def draw_card(self, p: int) -> CardInfo | None: ...

    def take_from_deck(self, p: int, card: CardInfo) -> None: ...

    def draw(self, p: int, n: int = 1) -> bool: ...

    def silenced(self, comb: Combatant) -> bool: ...

    def gain_power(self, p: int, comb: Combatant, amount: int) -> int: ...

    def potential(self, p: int, comb: Combatant) -> int: ...

    def resistance(self, p: int, slot: int) -> int: ...

    def strike_resistance(self, ctx: AttackContext) -> int: ...

    def strike_damage(self, ctx: AttackContext, target: Combatant) -> int: ...

    def damage_attacker(self, ctx: AttackContext, amount: int, then: Then) -> None: ...

    def _on_play(self, p: int, k: int, card: CardInfo, i: int, then: Then) -> None: ...


class AttackMoves(Moves, Protocol):
    """What an attack's verbs may do besides: go on with the attack's effects after a question."""

    def _after_attack(self, ctx: AttackContext, target: Combatant, i: int = 0) -> None: ...


class TurnMoves(AttackMoves, Protocol):
    """What a phase's verbs may do besides: go on with the phase at the next slot after a question."""

    def _end_of_power(self, start: int) -> None: ...

    def _start_of_movement(self, slot: int) -> None: ...


class Sight(Protocol):
    """What a verb's ``worth`` reads of one seat's view (engine/eliria/view.py)."""

    @property
    def me(self) -> Side: ...

    def potential(self, comb: Combatant) -> int: ...

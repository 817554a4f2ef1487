"""A decision-driven game of Misión S.O.S for two players (FORMA DE JUEGO, PASOS PARA EL TURNO).

Setup: each player's Entes and Elementos shuffled apart; four Entes de juego and
four Elementos de juego set aside face down. Each turn the active player:

1. draws an Elemento from the external deck into the Elementos de juego (none if empty);
2. draws one Ente de juego unseen, looks at it and places it in a world (decision
   ``place:<world>``); it does not fight this turn;
3. fights with every Ente placed on an earlier turn, in the order the player
   chooses (``fight:<i>``, asked only while two or more are left). Unopposed it
   wins; otherwise both players decide, hidden from each other, whether to
   reinforce with one Elemento de juego (``reinforce:yes|no``; the Elementos de
   juego are face down, so the one used is the last of them: unseen, any is as likely), the
   reinforcements are revealed together and go to the OLVIDO, and the higher
   total wins (:func:`fight_winner` settles a tie). A win by the active player
   takes a prize Elemento from the external deck, to the BAÚL face up or hidden
   into the Elementos de juego, chosen before it is seen (``prize:chest|hidden``).

The game is won at 30 points in the BAÚL (checked when a prize enters it) or by
leaving the rival without Elementos de juego: "el primer jugador que deje sin
elementos de juego a su rival" wins, so at the end of a contested fight (after the
prize) its loser loses the game when it has no Elementos de juego left; a player
who spends its last Elemento in a fight it wins plays on (reading in docs/rules-map.md).

A game that can no longer change is a draw between two turns (:meth:`MisionMatch.stalemate`,
``stalemate``), and so is the same position starting a player's turn for the third time
(``repetition``); two players may agree a draw (the decision ``draw``, reason ``agreement``).
docs/assumptions.md gives the reading (issue 35).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import ClassVar

from ..actions import Action
from ..cards import WORLDS, CardData, Game
from ..decklist import DeckEntry
from ..errors import IllegalAction
from ..match import DEFAULT_TURN_CAP, Match
from ..rng import GameRng, card_ids
from .game import TARGET
from .rules import SETUP_CARDS
from .state import MisionSide, Placed, UnseenElements
from .view import MisionView

__all__ = ["DRAW_KEY", "WORLD_NAMES", "MisionMatch", "MisionSide", "Placed", "UnseenElements", "fight_winner", "pick_defender"]

WORLD_NAMES = ("Agua", "Aire", "Fuego", "Tierra")  # Spanish names, in WORLDS order
ATTACKER, DEFENDER = 0, 1
DRAW_KEY = "draw"  # a draw by agreement, among the decisions
# Turn starts in a row with the same position: the third time a player's turn starts from it (_settled).
REPEATS = 4


def fight_winner(attacker_points: int, defender_points: int) -> int | None:
    """Who wins a contested fight: "el que tenga más puntos ganará".

    Assumption (the text is silent): on a tie nobody has more points, so the
    attacker does not win and takes no prize; the defender simply holds.

    >>> fight_winner(7, 5), fight_winner(5, 7), fight_winner(6, 6)
    (0, 1, 1)
    """
    return ATTACKER if attacker_points > defender_points else DEFENDER


def pick_defender(entes: Sequence[Placed], world: int) -> Placed | None:
    """The rival's Ente that defends a world where it has several (the text says "its Ente").

    Assumption: the strongest there defends (the one its owner would pick); ties go
    to the one placed first.
    """
    best: Placed | None = None
    for placed in entes:
        if placed.world == world and (best is None or placed.card.worlds[world] > best.card.worlds[world]):
            best = placed
    return best


class MisionMatch(Match):
    """One game of Misión S.O.S between two seats."""

    game = Game.MISION

    def __init__(
        self,
        decks: Sequence[Sequence[DeckEntry]],
        *,
        seed: int = 0,
        index: int = 0,
        first: int | None = None,
        turn_cap: int = DEFAULT_TURN_CAP,
        trace: bool = False,
        rng: GameRng | None = None,
        in_place_of: Mapping[str, str] | None = None,
    ) -> None:
        if not 1 <= len(decks) <= 2:
            raise ValueError("Misión S.O.S se juega con dos mazos (o uno: el solitario del goldfish).")
        super().__init__(decks, seed=seed, index=index, first=first, turn_cap=turn_cap, trace=trace, rng=rng)
        self._in_place_of = in_place_of  # codes dealt with another card's identities (engine.rng.card_ids)
        # Called with the match at the end of every turn (the goldfish's tallies).
        self.observer: Callable[[MisionMatch], None] | None = None
        self.sides = [self._side(p, d) for p, d in enumerate(self.decks)]
        self.active = 0
        self.drawn: CardData | None = None  # the Ente being placed, seen by its owner only
        self.fight: tuple[Placed, Placed | None] | None = None
        self._reinforce = [False, False]
        self._fight_loser: int | None = None  # the seat that lost the fight being settled
        self._to_fight: list[Placed] = []
        self._driving = False  # _next_fight's loop is running (see there)
        self._again = False
        self._unseen: list[UnseenElements | None] = [None, None]  # built on first use: the goldfish never asks
        self._progress = -1  # cards left to draw or place less cards spent, at the last turn's start
        self._still = 0  # turns started in a row with nothing drawn, placed or spent (_settled)
        self._setup()

    def unseen(self, seat: int) -> UnseenElements:
        """*seat*'s Elementos not yet seen (the deck list minus its BAÚL and OLVIDO), brought up to date."""
        tracker = self._unseen[seat]
        if tracker is None:
            entries = [(e.card, e.quantity) for e in self.decks[seat] if e.card.type == "element"]
            tracker = self._unseen[seat] = UnseenElements(entries)
        side = self.sides[seat]
        if len(side.chest) != tracker.chest_seen or len(side.olvido) != tracker.olvido_seen:
            tracker.see(side)
        return tracker

    def view(self, player: int) -> MisionView:
        return MisionView(self, player)

    def _side(self, p: int, entries: Sequence[DeckEntry]) -> MisionSide:
        """Seat *p*'s Entes and Elementos, each shuffled apart by card identity (engine.rng.deal,
        piles 0 and 1): a draw takes the last card."""
        entes = [e.card for e in entries if e.card.type == "entity" for _ in range(e.quantity)]
        elements = [e.card for e in entries if e.card.type == "element" for _ in range(e.quantity)]
        deal = self.rng.deal
        alias = self._in_place_of
        return MisionSide(deal(entes, card_ids((c.code for c in entes), alias), p, 0),
                          deal(elements, card_ids((c.code for c in elements), alias), p, 1))

    def _setup(self) -> None:
        """ANTES DE INICIAR / FORMA DE JUEGO: four Entes and four Elementos de juego, face down.

        The decks were shuffled by card identity and every draw takes the last card (the very
        draws of the goldfish's fast path). A card taken unseen from the Entes or Elementos de
        juego is the last of them: unseen, any one is as likely as any other.
        """
        for p, side in enumerate(self.sides):
            entes, elements = side.entes_deck, side.elements_deck
            side.entes = [entes.pop() for _ in range(min(SETUP_CARDS, len(entes)))]
            side.elementos = [elements.pop() for _ in range(min(SETUP_CARDS, len(elements)))]
            self._event("setup", player=p, entes=len(side.entes), elementos=len(side.elementos))
        first = self.first_arg
        if self.players == 1:
            first = 0
        elif first is None:  # piedra, papel o tijera: an even draw
            first = 0 if self.rng.dice.random() < 0.5 else 1
        self.first = first
        self._event("first", player=first)
        self._begin_turn(first)

    # -- the turn ----------------------------------------------------------------------------------

    def _begin_turn(self, p: int) -> None:
        if self._outcome is not None or self._settled():
            return
        self.turn += 1
        if self.turn > self.turn_cap:
            self._finish(None, None, "turn_cap", f"Empate: se alcanzó el límite de {self.turn_cap} turnos")
            return
        self.active = p
        side = self.sides[p]
        if side.elements_deck:  # step 1
            side.elementos.append(side.elements_deck.pop())
        self._to_fight = [e for e in side.board if e.turn < self.turn]  # placed on an earlier turn
        if side.entes:  # step 2: one and only one, while any are left
            self.drawn = side.entes.pop()  # unseen: the last set aside
            card = self.drawn
            self._ask(p, "place", f"Elige el mundo de {card.name}", self._place_options(card), self._place)
        else:
            self._next_fight()

    # -- games that can no longer change (issue 35; reading in docs/rules-map.md) ---------------------

    def _settled(self) -> bool:
        """Between two turns: end the game as a draw when nothing can change its outcome any more
        (``stalemate``) or the same position starts this player's turn for the third time
        (``repetition``). Checked before the turn is counted, so the outcome's turn is the last played."""
        reason = self.stalemate()
        if reason is None and self.players == 2:
            progress = sum(len(s.elements_deck) + len(s.entes) - len(s.olvido) for s in self.sides)
            self._still = self._still + 1 if progress == self._progress else 0
            self._progress = progress
            if self._still >= REPEATS:
                reason = "repetition"
        if reason is None:
            return False
        label = {
            "stalemate": "Empate: ya nada puede cambiar el resultado",
            "repetition": "Empate: la misma posición se repitió tres veces",
        }[reason]
        self._finish(None, None, reason, label)
        return True

    def stalemate(self) -> str | None:
        """``"stalemate"`` when, between two turns, the outcome can no longer change, else None.

        Both external Elementos decks are empty: no step 1 draw and no prize can come any more, so no
        BAÚL grows and 30 is out of reach (OBJETIVO DEL JUEGO 1). What is left is OBJETIVO 2, a player
        left without Elementos de juego by losing a fight. Elementos de juego leave only when their
        owner reinforces with them, so a player who still holds one can never be left without them
        against its will: it loses them only by spending its last one and then losing that fight,
        which no player can be made to do. A player who holds none loses the first contested fight
        it loses; once no Ente de juego is left to place (the worlds are then fixed, and every Ente
        fights every turn), it is safe only if it can lose none of them, even against the rival's
        strongest Elemento de juego left. One seat (the goldfish): its Elementos deck is empty and
        no Ente de juego is left, so no turn changes anything.
        """
        sides = self.sides
        if any(side.elements_deck for side in sides):
            return None
        if self.players == 1:
            return "stalemate" if not sides[0].entes else None
        if all(side.elementos for side in sides):
            return "stalemate"
        if any(side.entes for side in sides):
            return None
        exposed = [z for z in (0, 1) if not sides[z].elementos and self._can_lose(z)]
        return None if exposed else "stalemate"

    def _can_lose(self, z: int) -> bool:
        """Whether seat *z* (with no Elementos de juego) could lose a contested fight of the fixed
        worlds: attacking a world its rival defends, or defending one its rival attacks, the rival
        reinforcing with the strongest Elemento de juego it still holds there."""
        mine, theirs = self.sides[z], self.sides[1 - z]
        best = [max((e.worlds[w] for e in theirs.elementos), default=0) for w in range(len(WORLDS))]
        for ente in mine.board:
            w = ente.world
            defender = pick_defender(theirs.board, w)
            if defender is not None and fight_winner(ente.card.worlds[w], defender.card.worlds[w] + best[w]) != ATTACKER:
                return True
        for ente in theirs.board:
            w = ente.world
            defender = pick_defender(mine.board, w)
            if defender is not None and fight_winner(ente.card.worlds[w] + best[w], defender.card.worlds[w]) == ATTACKER:
                return True
        return False

    def agree_draw(self) -> None:
        """Both players agree to a draw (the table's offer, accepted by the computer); recorded as
        ``draw`` among the decisions so the game replays."""
        if self._outcome is not None:
            raise IllegalAction("La partida ya terminó: no se puede acordar un empate.")
        if self.players != 2:
            raise IllegalAction("Un empate se acuerda entre dos jugadores.")
        self.decisions.append(DRAW_KEY)
        self._event("draw_agreed")
        self._finish(None, None, "agreement", "Empate de mutuo acuerdo")

    def push_key(self, key: str) -> Action:
        """As :meth:`Match.push_key`, and ``draw``: a draw both players agreed to (:meth:`agree_draw`)."""
        if key == DRAW_KEY:
            self.agree_draw()
            return Action(key, "Empate de mutuo acuerdo", "draw")
        return super().push_key(key)

    def _place(self, action: Action) -> None:
        p, card = self.active, self.drawn
        assert card is not None
        self.sides[p].board.append(Placed(card, action.args[0], self.turn))
        self.drawn = None
        self._event("place", player=p, card=card.code, world=WORLDS[action.args[0]])
        self._next_fight()

    def _next_fight(self) -> None:
        """Step 3, driven as a loop: the rules continue through _begin_turn, _fight and _after_fight
        back here as tail calls, and turns where nobody is asked anything (no Ente to place, fights
        without a choice) would nest one call per turn until the turn cap (a RecursionError with
        small decks). A call made while the loop runs only asks it to go round again."""
        if self._driving:
            self._again = True
            return
        self._driving = True
        try:
            self._again = True
            while self._again:
                self._again = False
                self._next_fight_step()
        finally:
            self._driving = False

    def _next_fight_step(self) -> None:
        """Step 3: the player picks which Ente fights next while two or more are left."""
        if self._outcome is not None:
            return
        left = self._to_fight
        if not left:
            if self.observer is not None:
                self.observer(self)
            self._begin_turn(1 - self.active if self.players == 2 else self.active)
            return
        if len(left) == 1:
            self._fight(left.pop())
            return
        options = [self._fight_action(i, e.card.name, e.world) for i, e in enumerate(left)]
        self._ask(
            self.active,
            "fight",
            "Elige qué Ente lucha ahora",
            options,
            lambda a: self._fight(left.pop(a.args[0])),
        )

    def _fight(self, ente: Placed) -> None:
        p = self.active
        defender = pick_defender(self.sides[1 - p].board, ente.world) if self.players == 2 else None
        self.fight = (ente, defender)
        self._fight_loser = None
        if defender is None:
            self._event("fight", player=p, card=ente.card.code, world=WORLDS[ente.world], unopposed=True)
            self._won(ente)
            return
        self._reinforce = [False, False]
        self._ask_reinforce(p, lambda: self._ask_reinforce(1 - p, self._resolve))

    def _ask_reinforce(self, p: int, then: Callable[[], None]) -> None:
        """Both decide whether to reinforce, the rival not seeing the choice (asked in turn, revealed together)."""
        if not self.sides[p].elementos:
            then()
            return
        options = [
            self._action("reinforce:yes", "Reforzar con un Elemento de juego", "reinforce", (1,), "action.reinforce"),
            self._action("reinforce:no", "No reforzar", "reinforce", (0,), "action.no_reinforce"),
        ]

        def decide(a: Action) -> None:
            self._reinforce[p] = bool(a.args[0])
            then()

        self._ask(p, "reinforce", "¿Refuerzas a tu Ente?", options, decide)

    def _resolve(self) -> None:
        assert self.fight is not None
        ente, defender = self.fight
        assert defender is not None
        p, world = self.active, ente.world
        points = [ente.card.worlds[world], defender.card.worlds[world]]
        used: list[str | None] = [None, None]
        for role, seat in ((ATTACKER, p), (DEFENDER, 1 - p)):
            if self._reinforce[seat]:
                pile = self.sides[seat].elementos
                element = pile.pop()  # any of them, unseen: the last
                points[role] += element.worlds[world]
                self.sides[seat].olvido.append(element)  # to the OLVIDO, win or lose
                used[role] = element.code
        winner = fight_winner(points[ATTACKER], points[DEFENDER])
        self._event(
            "fight", player=p, card=ente.card.code, rival=defender.card.code, world=WORLDS[world],
            points=points, reinforcements=used, winner="attacker" if winner == ATTACKER else "defender",
        )  # fmt: skip
        self._fight_loser = 1 - p if winner == ATTACKER else p
        if winner == ATTACKER:
            self._won(ente)
        else:
            self._after_fight()

    def _won(self, ente: Placed) -> None:
        """A win by the active player: a prize Elemento, to the BAÚL or hidden (chosen unseen)."""
        p = self.active
        if not self.sides[p].elements_deck:
            self._event("no_prize", player=p)
            self._after_fight()
            return
        options = [
            self._action("prize:chest", "Voltear el premio y sumarlo al BAÚL", "prize", (1,), "action.prize_chest"),
            self._action(
                "prize:hidden", "Integrar el premio sin verlo a tus Elementos de juego", "prize", (0,),
                "action.prize_hidden",
            ),
        ]
        self._ask(p, "prize", "Premio: ¿al BAÚL o a tus Elementos de juego?", options, self._prize)

    def _prize(self, action: Action) -> None:
        p = self.active
        side = self.sides[p]
        card = side.elements_deck.pop()
        if action.args[0]:
            side.chest.append(card)
            side.chest_points += card.chest or 0
            self._event("prize", player=p, to="chest", card=card.code, chest=side.chest_points)
            if side.chest_points >= TARGET:
                self._finish(
                    p, 1 - p if self.players == 2 else None, "chest_30", f"El jugador {p + 1} reunió {side.chest_points} puntos en el BAÚL"
                )
                return
        else:
            side.elementos.append(card)
            self._event("prize", player=p, to="hidden", elementos=len(side.elementos))
        self._after_fight()

    def _after_fight(self) -> None:
        """End of a fight: OBJETIVO DEL JUEGO 2), the winner of a contested fight has left its rival
        without Elementos de juego when the loser has none left: the loser loses the game. The
        winner's own empty pile is no loss (nobody left it without them; it draws again in step 1)."""
        self.fight = None
        loser = self._fight_loser
        if loser is not None and self.players == 2 and not self.sides[loser].elementos:
            self._finish(
                1 - loser, loser, "no_elements", f"El jugador {loser + 1} se quedó sin Elementos de juego"
            )
        else:
            self._next_fight()

    _actions: ClassVar[dict[tuple[str, str], Action]] = {}
    # The same actions by what makes them, so a turn does not format their labels again to find them.
    _placing: ClassVar[dict[tuple[str, str, tuple[int, int, int, int]], list[Action]]] = {}
    _fighting: ClassVar[dict[tuple[int, str, int], Action]] = {}

    def _place_options(self, card: CardData) -> list[Action]:
        """``place:<world>`` for each world, in WORLDS order (step 2)."""
        key = (card.code, card.name, card.worlds)
        found = MisionMatch._placing.get(key)
        if found is None:
            if len(MisionMatch._placing) > 10_000:
                MisionMatch._placing.clear()
            found = MisionMatch._placing[key] = [
                self._action(
                    f"place:{WORLDS[w]}",
                    f"Colocar {card.name} en {WORLD_NAMES[w]} ({card.worlds[w]})",
                    "place",
                    (w,),
                    "action.place",
                    {"name": card.name, "world": WORLDS[w], "n": card.worlds[w]},
                )
                for w in range(len(WORLDS))
            ]
        return list(found)  # the pending decision owns its list

    def _fight_action(self, i: int, name: str, world: int) -> Action:
        """``fight:<i>``: the i-th Ente left to fight (step 3)."""
        key = (i, name, world)
        found = MisionMatch._fighting.get(key)
        if found is None:
            if len(MisionMatch._fighting) > 10_000:
                MisionMatch._fighting.clear()
            found = MisionMatch._fighting[key] = self._action(
                f"fight:{i}", f"Luchar con {name} en {WORLD_NAMES[world]}", "fight", (i,), "action.fight",
                {"name": name, "world": WORLDS[world]},
            )
        return found

    def _action(
        self, key: str, label: str, kind: str, args: tuple[int, ...], code: str = "",
        params: dict[str, str | int] | None = None,
    ) -> Action:
        cache = MisionMatch._actions
        found = cache.get((key, label))
        if found is None:
            if len(cache) > 50_000:
                cache.clear()
            found = cache[(key, label)] = Action(key, label, kind, args, code, params)
        return found

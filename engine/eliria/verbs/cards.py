"""The verbs of cards moving: drawing, tokens, looking at the deck, discarding, and how a card may enter.

One unit per verb whatever triggers it (``uses``); ``run(m, at)`` its whole behaviour.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...actions import Action
from ..layer import modifiers
from .base import Spec, Verb, by_trigger, register, use
from .read import adds

if TYPE_CHECKING:
    from ..moves import Moves, Occasion, Sight
    from ..state import Combatant


# -- draw -----------------------------------------------------------------------------------------


def _draw(m: Moves, at: Occasion) -> bool:
    """Draw ``amount`` cards (an attack's only when it destroyed, with ``if_destroyed``); a deck that
    runs out ends the game (rule 5): True then, nothing goes on."""
    if at.spec.get("if_destroyed") and not (at.ctx is not None and at.ctx.destroyed):
        return False
    return not m.draw(at.p, at.spec.get("amount", 0))


def _draw_worth(view: Sight, spec: Spec) -> bool:
    return view.me.deck_size() > int(spec.get("amount", 1))


def _field_draw(info: Any, s: Spec, amount: Any) -> None:
    adds(draw=amount or 1)(info, s, amount)


def _draw_on_destroyed(m: Moves, at: Occasion) -> bool:
    """A combatant was destroyed (``at.comb``, seat ``at.p``): with a face-up field summon of either
    seat (6.c.III; the largest, the first of equals), its owner may draw."""
    mods = modifiers(m, at.p, at.comb, -1, "draw")
    amount, name, p = mods.draw, mods.draw_from, at.p
    if not amount or m.sides[p].deck_size() == 0:
        return False
    options = [
        Action(f"draw:{amount}", f"Robar {amount} ({name})", "draw_on_destroyed", (1,)),
        Action("draw:no", "No robar", "draw_on_destroyed", (0,)),
    ]

    def decide(a: Action) -> None:
        if not a.args[0] or m.draw(p, amount):
            at.resume()

    m.ask(p, "draw_on_destroyed", "Una carta de combate fue destruida: ¿robar?", options, decide)
    return True


# -- create_token ---------------------------------------------------------------------------------


def end_power_ready(power: int, spec: Mapping[str, object]) -> bool:
    """Whether a combatant of *power* meets the effect's ``exact_power``/``min_power``."""
    exact, least = spec.get("exact_power"), spec.get("min_power")
    return (exact is None or power == exact) and (not isinstance(least, int) or power >= least)


def _create_token(m: Moves, at: Occasion) -> bool:
    """Place the ``token`` (rule 14): where the card was destroyed (``on_destroyed``); in a free slot
    the player chooses (an attack's); or, at the end of Poder, optionally paying ``cost_power``."""
    code = str(at.spec["token"])
    if at.trigger == "on_destroyed":
        m.place_token(at.p, code, at.slot)
        return False
    if at.trigger == "end_of_power":
        return _paid_token(m, at, code)
    free = m.sides[at.p].free_combat()
    if free:
        m.ask_token_slot(at.p, code, free, at.resume)
        return True
    return False


def _can_pay(m: Moves, p: int, comb: Combatant, spec: Spec) -> bool:
    """Whether the combatant may pay for its token now: its power as the effect asks, a free slot."""
    return end_power_ready(comb.power, spec) and bool(m.sides[p].free_combat())


def _paid_token(m: Moves, at: Occasion, code: str) -> bool:
    p, slot, spec = at.p, at.slot, at.spec
    c = m.sides[p].combat[slot]
    if c is None or not _can_pay(m, p, c, spec):
        return False
    cost = spec.get("cost_power", 0)
    assert isinstance(cost, int)
    options = [
        m.act(("token", slot, f, code), f"token:slot{f}",
              f"Quitar {cost} de poder y colocar un token en el espacio {f + 1}", "token", (slot, f))
        for f in m.sides[p].free_combat()
    ]  # fmt: skip
    options.append(m.skip_action)

    def token(a: Action) -> None:
        if a.kind == "token":
            c = m.sides[p].combat[slot]
            assert c is not None
            c.power -= cost
            m.place_token(p, code, a.args[1])
        at.resume()

    m.ask(p, "token", "Efecto al final de la fase de poder", options, token)
    return True


# -- scry, discard_reaction -----------------------------------------------------------------------


def _scry(m: Moves, at: Occasion) -> bool:
    """Look at the top card of the deck; leave it there or put it at the bottom."""
    p, slot = at.p, at.slot
    side = m.sides[p]
    if not side.top:
        card = m.draw_card(p)  # the unordered deck: the top card is whichever would be drawn
        assert card is not None
        side.top.append(card)
    seen = side.top[-1]
    options = [
        m.act(("scry", 0, seen.id), "scry:keep", f"Dejar {seen.name} encima del mazo", "scry", (0,)),
        m.act(("scry", 1, seen.id), "scry:bottom", f"Poner {seen.name} en el fondo del mazo", "scry", (1,)),
    ]

    def decide(a: Action) -> None:
        if a.args[0]:
            side.bottom.append(side.top.pop())
        m.event("scry", player=p, slot=slot, bottom=bool(a.args[0]))
        at.resume()

    m.ask(p, "scry", "Mira la carta superior de tu mazo", options, decide)
    return True


def _discard_reaction(m: Moves, at: Occasion) -> bool:
    """Each player sends one reaction of its board to the discard pile (assumption: the leftmost)."""
    for q, side in enumerate(m.sides):
        for k, sup in enumerate(side.support):
            if sup is not None and sup.card.kind == "reaction":
                m.discard_support(q, k, destroyed=True)
                break
    return False


register(
    Verb("draw", (
        use("on_play", {"amount"}, "Roba {amount} cartas"),
        use("on_attack", {"attack", "amount", "if_destroyed"}, "Roba {amount} cartas"),
    ), run=_draw, worth=_draw_worth),
    Verb("draw_on_destroyed", (
        use("field", {"amount", "exclude_tokens", "optional"}, "Quien pierda un combatiente destruido roba {amount} cartas",
            on="destroyed"),
    ), read=by_trigger(field=_field_draw), run=_draw_on_destroyed),
    Verb("create_token", (
        use("on_destroyed", {"token", "target"}, "Al ser destruida, deja un token {token}", targets={"self"},
            required={"token"}),
        use("end_of_power", {"token", "min_power", "exact_power", "cost_power"},
            "Al final de tu fase de poder, puede crear un token {token}", required={"token"}, ready=_can_pay),
        use("on_attack", {"attack", "token"}, "Crea un token {token}", required={"attack", "token"}),
    ), run=_create_token),
    Verb("scry", (
        use("start_of_movement", {"amount"}, "Al empezar tu fase de movimiento, mira {amount} cartas"),
    ), run=_scry),
    Verb("discard_reaction", (
        use("on_enter", {"target"}, "Al entrar, cada jugador descarta una reacción", targets={"each_player"}),
    ), run=_discard_reaction),
    Verb("enters_only_by_effect", (
        use("static", set(), "Solo entra en juego por un efecto"),
    ), read=by_trigger(static=adds(only_by_effect=True))),
    Verb("play_by_sacrifice", (
        use("static", {"amount", "tokens"}, "Se juega sacrificando {amount} combatientes", flags={"sacrifice_plays"}),
    ), read=by_trigger(static=adds(play_sacrifice="amount", only_by_effect=True))),
)  # fmt: skip

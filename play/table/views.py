"""The solitaire table pages: start from a list or a deck, then one POST per decision (htmx swap)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from common.games import site_game
from common.http import is_htmx as _is_htmx
from engine import CardEffectError, IllegalAction
from engine.rng import new_seed
from play.boards import action_groups, attack_ready, hand_choices, mision_phase_label, mision_worlds
from play.common import MAX_SEED
from play.labels import translate_state
from play.sources import DeckSource, SourceError, from_deck, from_list, my_decks, resolve, visible_deck
from play.table.forms import TablePlayForm, TableStartForm
from play.table.services import Table, parse_decisions, table_play


def _seed(value: str | None) -> int:
    try:
        seed = int(value or "")
    except ValueError:
        return new_seed()
    return seed if 0 <= seed <= MAX_SEED else new_seed()


def _context(source: DeckSource, table: Table | None, error: str = "") -> dict[str, Any]:
    context: dict[str, Any] = {"source": source, "table": table, "error": error, "game": source.game}
    if table is not None:
        translate_state(table.state)  # the engine's Spanish labels in the reader's language
        actions = table.state["actions"]
        context["groups"] = action_groups(actions)
        if table.game == "eliria":
            # A chooser under each hand card replaces the card × slot × face buttons.
            choices = hand_choices(actions)
            for card in table.state.get("hand", []):
                card["choices"] = choices.get(card.get("index"))
            if choices:
                context["groups"] = [g for g in context["groups"] if g["kind"] != "play"]
            attack_ready(table.state)
            context["end_warning"] = _end_warning(source, table)
        if site_game(table.game).world_board:
            context["worlds"] = mision_worlds(table.state)
            table.state["phase_label"] = mision_phase_label(table.state)
            context["mision_titles"] = (_("Tú"), _("Rival (jugador por reglas, con tu mismo mazo)"))
        if not source.token.startswith("list:"):  # a saved deck: the whole position fits in a link
            kind, _sep, value = source.token.partition(":")
            query = {kind: value, "seed": table.seed, "d": table.decisions_text}
            context["permalink"] = f"{reverse('play:table')}?{urlencode(query)}"
    return context


def _end_warning(source: DeckSource, table: Table) -> str:
    """Why ending the phase now loses the game, or "": on a phone the biggest button of the table
    is «Terminar la fase», and pressed before a combatant is played it lost the game by rule 7.b
    with no word of warning. Looked ahead only with an empty board (the one way «end» loses):
    the game is replayed with «end» added and its outcome read."""
    state = table.state
    if state.get("over") or not any(a.get("key") == "end" for a in state.get("actions", [])):
        return ""
    if not all(slot.get("empty") for slot in state.get("board", [])):
        return ""
    try:
        after = table_play(game="eliria", entries=source.entries, seed=table.seed, decisions=table.decisions, key="end")
    except (IllegalAction, CardEffectError):
        return ""
    if not after.state.get("over") or (after.state.get("outcome") or {}).get("winner") is not None:
        return ""
    outcome = after.state.get("outcome") or {}
    why = _loss_reason(str(outcome.get("reason", ""))) or outcome.get("label", "")
    return _("Si terminas la fase ahora, pierdes la partida: %(why)s") % {"why": why}


def _loss_reason(reason: str) -> str:
    """Why the solitaire game is lost, to the player, in the reader's language (the engine's label
    is Spanish and speaks of «El jugador 1»)."""
    reasons = {
        "7.b": _("no tendrás cartas de combate en tu fase de poder (regla 7.b)."),
        "7.c": _("tendrás que robar con el mazo vacío (regla 7.c)."),
    }
    return reasons.get(reason, "")


def _render(request: HttpRequest, context: dict[str, Any], status: int = 200) -> HttpResponse:
    template = "play/_table.html" if _is_htmx(request) else "play/table.html"
    return render(request, template, context, status=status)


@require_GET
def table_page(request: HttpRequest) -> HttpResponse:
    """The start form; with ?deck=<id> (or ?slug=<slug>) the table of that deck at once."""
    deck_id, slug = request.GET.get("deck"), request.GET.get("slug")
    if not deck_id and not slug:
        form = TableStartForm(user=request.user, initial={"game": request.GET.get("game", "eliria")})
        return render(request, "play/table.html", {"form": form, "my_decks": my_decks(request.user)})
    deck = visible_deck(request.user, pk=deck_id, slug=slug)
    try:
        source = from_deck(deck)
    except SourceError as exc:
        return render(request, "play/table.html", {"form": None, "errors": exc.errors}, status=400)
    if slug:
        source = DeckSource(source.game, source.text, source.label, f"slug:{slug}", deck, source.entries, source.report)
    return _play(request, source, _seed(request.GET.get("seed")), request.GET.get("d", ""))


@require_POST
def table_start(request: HttpRequest) -> HttpResponse:
    form = TableStartForm(request.POST, user=request.user)
    if not form.is_valid():
        return render(request, "play/table.html", {"form": form}, status=400)
    d = form.cleaned_data
    seed = d["seed"] if d["seed"] is not None else new_seed()
    if d["deck"] is not None:
        return redirect(f"{reverse('play:table')}?{urlencode({'deck': d['deck'].pk, 'seed': seed})}")
    try:
        source = from_list(d["game"], d["list"])
    except SourceError as exc:
        return render(request, "play/table.html", {"form": form, "errors": exc.errors}, status=400)
    return _play(request, source, seed, "")


@require_POST
def table_move(request: HttpRequest) -> HttpResponse:
    """One click: the decisions so far plus the chosen key (or undo, or a new hand)."""
    form = TablePlayForm(request.POST)
    if not form.is_valid():
        errors = "; ".join(f"{k}: {' '.join(v)}" for k, v in form.errors.items())
        return _render(request, {"table": None, "error": errors}, status=400)
    d = form.cleaned_data
    try:
        source = resolve(request.user, d["src"], d["game"])
    except SourceError as exc:
        return _render(request, {"table": None, "error": str(exc), "errors": exc.errors}, status=400)
    if d["new"]:
        return _play(request, source, new_seed(), "")
    return _play(request, source, d["seed"], d["decisions"], key=d["key"] or None, undo=d["undo"])


def _play(
    request: HttpRequest, source: DeckSource, seed: int, decisions: str, *, key: str | None = None, undo: bool = False,
) -> HttpResponse:
    try:
        keys = parse_decisions(decisions)
        table = table_play(game=source.game, entries=source.entries, seed=seed, decisions=keys, key=key, undo=undo)
    except IllegalAction as exc:
        # Show the table as it was before the refused decision, with the reason.
        try:
            keys = parse_decisions(decisions)
            before = table_play(game=source.game, entries=source.entries, seed=seed, decisions=keys)
        except IllegalAction:
            before = None
        return _render(request, _context(source, before, str(exc)), status=400)
    except CardEffectError as exc:  # catalogue data the engine cannot play: no table, the card named
        message = _("La carta %(card)s (%(name)s) tiene efectos que el motor no puede jugar: %(problems)s.") % {
            "card": exc.card, "name": exc.name, "problems": "; ".join(exc.problems[:3])}
        return _render(request, _context(source, None, message), status=400)
    return _render(request, _context(source, table))

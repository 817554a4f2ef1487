"""A saved field: the rival decks of a player's meta with weights, and runs of a deck against it.

Every run plays the deck against each rival for the field's number of games on the field's own
seed, so a run after a change to the deck is played on the same games as the one before. The
field's win rate is the weighted mean of the rivals' win rates (draws count as not won, as
`win_rate_a` of the matchups); its 95 % interval is the normal one over the weighted sum, each
rival's variance taken with the Agresti–Coull adjustment (x + 2) / (n + 4), so a rival beaten in
every game still has a width.

Writes check their owner. A run plays in the request when it fits the simulation budget
(play.runs.answer); a bigger one is a queued run of kind ``field`` whose page polls it.
"""

from __future__ import annotations

import math
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.http import Http404
from django.utils.translation import gettext as _

from common.errors import BadInput
from common.fields import validate_name
from decks.models import Deck
from engine.matchup import MatchupRun
from engine.matchup_compare import PairedMatchup
from play.matchups.rivals import Rivals
from play.models import SavedField, SavedFieldResult, SavedFieldRival, SimulationRun
from play.runs.jobs import Prepared
from play.sources import SourceError, from_deck, from_list

Z95 = 1.959963984540054


def _own(field: SavedField, actor: Any) -> None:
    if not (getattr(actor, "is_authenticated", False) and field.owner_id == actor.pk):
        raise Http404  # another player's field is not revealed


@transaction.atomic
def saved_field_create(*, owner: Any, name: str, game: str, games: int = 20) -> SavedField:
    """A new field; its name is refused with an invisible or bidi character, as a deck's (common.fields)."""
    field = SavedField(owner=owner, name=name.strip(), game=game, games=games)
    try:
        validate_name(field.name)
    except ValidationError as exc:
        raise ValidationError({"name": exc.messages}) from exc
    field.full_clean()
    field.save()
    return field


@transaction.atomic
def saved_field_set_rival(*, field: SavedField, actor: Any, deck: Deck, weight: int) -> None:
    """Add a rival, change its weight, or (weight 0) take it out. The rival must be a deck the
    player may see, of the field's game."""
    _own(field, actor)
    if not Deck.objects.visible_to(actor).filter(pk=deck.pk).exists():
        raise Http404
    if deck.game != field.game:
        raise BadInput(_("Ese mazo es de otro juego."), field="deck")
    if weight == 0:
        SavedFieldRival.objects.filter(field=field, deck=deck).delete()
        return
    if not field.rivals.filter(deck=deck).exists() and field.rivals.count() >= SavedField.MAX_RIVALS:
        raise BadInput(_("Un campo tiene como mucho %(n)s rivales.") % {"n": SavedField.MAX_RIVALS}, field="deck")
    rival = SavedFieldRival(field=field, deck=deck, weight=weight)
    rival.full_clean(exclude=["field", "deck"], validate_unique=False)
    SavedFieldRival.objects.update_or_create(field=field, deck=deck, defaults={"weight": weight})
    field.save(update_fields=["updated"])


@transaction.atomic
def saved_field_delete(*, field: SavedField, actor: Any) -> None:
    _own(field, actor)
    field.delete()


def saved_field_run(*, field: SavedField, actor: Any, deck: Deck, client: str = "") -> SavedFieldResult | SimulationRun:
    """The player's deck against every rival of the field on the field's seed; kept as a result.

    When the deck ran against this field before with another list, each rival is played by both
    lists on the same games (engine.matchup_compare.PairedMatchup) and the result says how much the
    change moved the weighted win rate, with the interval of the paired differences. A field that
    fits the request's budget is played here (play.runs.answer.simulate: its job, play.compare.jobs.FieldJob);
    a bigger one is a queued run, kept by the page that polls it (saved_field_keep)."""
    params = field_params(field=field, actor=actor, deck=deck)
    from play.runs.answer import simulate  # the API's layer, loaded by the page that asks (not at start-up)

    done = simulate(Prepared(SimulationRun.Kind.FIELD, field.game, params, private=True), owner=actor, client=client)
    if done.run is not None:
        return done.run
    return saved_field_keep(field=field, params=params, rows=done.result["rows"])


def field_params(*, field: SavedField, actor: Any, deck: Deck) -> dict[str, Any]:
    """What a run of *deck* against *field* plays, as a queued run keeps it: the deck's list, its
    list of the last run against the field when it changed since (``before``), and each rival's list
    (a rival that cannot be played is kept with its reason). ``games`` is the run's whole."""
    _own(field, actor)
    if not deck.is_owned_by(actor) or deck.game != field.game:
        raise BadInput(_("Elige uno de tus mazos de este juego."), field="deck")
    rivals = list(field.rivals.select_related("deck", "deck__owner"))
    if not rivals:
        raise BadInput(_("Añade al menos un rival al campo."), field="deck")
    mine = from_deck(deck)
    before = (field.results.filter(deck=deck).exclude(text="").exclude(text=mine.text)
              .order_by("-created", "-pk").first())
    rows = [_rival(rival, actor) for rival in rivals]
    return {"field": field.pk, "deck": deck.pk, "version": deck.version, "list": mine.text,
            "before": before.text if before else None, "before_version": before.deck_version if before else None,
            "rivals": rows, "per_rival": field.games, "games": field.games * max(1, sum("list" in r for r in rows)),
            "seed": field.seed}


def rival_view(rival: SavedFieldRival, actor: Any) -> dict[str, Any]:
    """What the field's owner may read of a rival: its name and its owner's while they may see the
    deck; once it went private, neither (attack finding: the page kept showing both)."""
    if rival.deck.can_view(actor):
        return {"deck": rival.deck_id, "weight": rival.weight, "name": rival.deck.name,
                "owner": rival.deck.owner.get_username(), "visible": True}
    return {"deck": rival.deck_id, "weight": rival.weight, "name": _("Un mazo que ya no es visible para ti"),
            "owner": "", "visible": False}


def _rival(rival: SavedFieldRival, actor: Any) -> dict[str, Any]:
    seen = rival_view(rival, actor)
    row: dict[str, Any] = {"deck": rival.deck_id, "name": seen["name"], "weight": rival.weight}
    if not seen["visible"]:  # made private since it was added: left out, said so
        return {**row, "error": _("Ya no es visible para ti.")}
    try:
        return {**row, "list": from_deck(rival.deck).text}
    except SourceError as exc:
        return {**row, "error": str(exc)}


def field_matchups(game: str, params: dict[str, Any]) -> Rivals:
    """The deck (both lists when it changed) against each playable rival, as one run of games."""
    mine = from_list(game, params["list"], _("Tu mazo")).entries
    before = from_list(game, params["before"], _("Tu mazo")).entries if params.get("before") else None
    runs: list[Any] = []
    for r in params["rivals"]:
        if "list" not in r:
            continue
        theirs = from_list(game, r["list"], r["name"]).entries
        runs.append(MatchupRun(game, mine, theirs, seed=params["seed"]) if before is None
                    else PairedMatchup(game, before, mine, theirs, seed=params["seed"]))
    return Rivals(game, runs, params["per_rival"], sides=1 if before is None else 2)


def field_rows(params: dict[str, Any], reports: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each rival's row: games, wins and win rate of the deck as it is, and (paired) B − A of it."""
    answers = iter(reports)
    rows = []
    for r in params["rivals"]:
        row = {k: r[k] for k in ("deck", "name", "weight")}
        if "error" in r:
            rows.append({**row, "error": r["error"]})
            continue
        answer = next(answers)
        now = answer["b"] if answer.get("paired") else answer
        row.update(games=now["games_played"], wins=now["wins_a"], rate=now["win_rate_a"])
        if answer.get("paired"):
            diff = answer["diff"]["win_rate"] or {}
            row.update(delta=diff.get("delta"), ci95=diff.get("ci95"))
        rows.append(row)
    return rows


def saved_field_keep(*, field: SavedField, params: dict[str, Any], rows: list[dict[str, Any]],
                     run: SimulationRun | None = None) -> SavedFieldResult:
    """Keep a run's rows as the field's result (once per queued run, however many pages poll it)."""
    if run is not None and (kept := SavedFieldResult.objects.filter(run=run).first()) is not None:
        return kept
    rate, low, high = weighted_rate(rows)
    change = weighted_change(rows) if params.get("before") else None
    try:
        with transaction.atomic():
            return SavedFieldResult.objects.create(
                field=field, deck_id=params["deck"], deck_version=params["version"], games=params["per_rival"],
                seed=params["seed"], rate=rate, low=low, high=high, rows=rows, text=params["list"], run=run,
                against_version=params["before_version"] if change else None,
                delta=change[0] if change else None, delta_low=change[1] if change else None,
                delta_high=change[2] if change else None,
            )
    except IntegrityError:  # another poller kept it first
        return SavedFieldResult.objects.get(run=run)


def weighted_change(rows: list[dict[str, Any]]) -> tuple[float, float, float] | None:
    """B − A of the weighted win rate over the rivals both lists played, and its 95 % interval: each
    rival's paired interval taken as normal, combined with the weights.

    >>> weighted_change([{"weight": 1, "delta": 0.1, "ci95": [0.0, 0.2]}, {"weight": 1, "delta": 0.3, "ci95": [0.2, 0.4]}])
    (0.2, 0.12929, 0.27071)
    """
    paired = [r for r in rows if r.get("ci95")]
    total = sum(r["weight"] for r in paired)
    if not total:
        return None
    delta = sum(r["weight"] * r["delta"] for r in paired) / total
    half = math.sqrt(sum((r["weight"] / total) ** 2 * ((r["ci95"][1] - r["ci95"][0]) / 2) ** 2 for r in paired))
    return round(delta, 6), round(delta - half, 5), round(delta + half, 5)


def weighted_rate(rows: list[dict[str, Any]]) -> tuple[float, float, float]:
    """The weighted win rate over the rivals played, and its 95 % interval.

    >>> weighted_rate([{"weight": 3, "games": 10, "wins": 10}, {"weight": 1, "games": 10, "wins": 0}])
    (0.75, 0.60509, 0.89491)
    """
    played = [r for r in rows if r.get("games")]
    total = sum(r["weight"] for r in played)
    if not total:
        return 0.0, 0.0, 0.0
    rate = sum(r["weight"] * r["wins"] / r["games"] for r in played) / total
    variance = 0.0
    for r in played:
        adjusted = (r["wins"] + 2) / (r["games"] + 4)
        variance += (r["weight"] / total) ** 2 * adjusted * (1 - adjusted) / (r["games"] + 4)
    half = Z95 * math.sqrt(variance)
    return round(rate, 6), round(max(0.0, rate - half), 5), round(min(1.0, rate + half), 5)

"""A saved field: the rival decks of a player's meta with weights, and runs of a deck against it.

Every run plays the deck against each rival for the field's number of games on the field's own
seed, so a run after a change to the deck is played on the same games as the one before. The
field's win rate is the weighted mean of the rivals' win rates (draws count as not won, as
`win_rate_a` of the matchups); its 95 % interval is the normal one over the weighted sum, each
rival's variance taken with the Agresti–Coull adjustment (x + 2) / (n + 4), so a rival beaten in
every game still has a width.

Writes check their owner; they run in the request within the simulation budget, as the gauntlet.
"""

from __future__ import annotations

import math
from typing import Any

from django.conf import settings
from django.db import transaction
from django.http import Http404
from django.utils.translation import gettext as _

from common.errors import BadInput
from decks.models import Deck
from play.budget import fits_inline, matchup_seconds
from play.compare import MatchupCompareInputError, matchup_compare_answer
from play.matchups import matchup_run
from play.models import SavedField, SavedFieldResult, SavedFieldRival
from play.sources import SourceError, from_deck

Z95 = 1.959963984540054


def _own(field: SavedField, actor: Any) -> None:
    if not (getattr(actor, "is_authenticated", False) and field.owner_id == actor.pk):
        raise Http404  # another player's field is not revealed


@transaction.atomic
def saved_field_create(*, owner: Any, name: str, game: str, games: int = 20) -> SavedField:
    field = SavedField(owner=owner, name=name.strip(), game=game, games=games)
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


def saved_field_run(*, field: SavedField, actor: Any, deck: Deck) -> SavedFieldResult:
    """The player's deck against every rival of the field on the field's seed; kept as a result.

    When the deck ran against this field before with another list, each rival is played by both
    lists on the same games (play.compare.matchup_compare_answer) and the result says how much
    the change moved the weighted win rate, with the interval of the paired differences."""
    _own(field, actor)
    if not deck.is_owned_by(actor) or deck.game != field.game:
        raise BadInput(_("Elige uno de tus mazos de este juego."), field="deck")
    rivals = list(field.rivals.select_related("deck", "deck__owner"))
    if not rivals:
        raise BadInput(_("Añade al menos un rival al campo."), field="deck")
    mine = from_deck(deck)
    before = (field.results.filter(deck=deck).exclude(text="").exclude(text=mine.text)
              .order_by("-created", "-pk").first())
    _check_budget(field, len(rivals) * (2 if before else 1))
    rows = [_rival_row(field, mine, rival, actor, before) for rival in rivals]
    rate, low, high = weighted_rate(rows)
    change = weighted_change(rows) if before else None
    return SavedFieldResult.objects.create(
        field=field, deck=deck, deck_version=deck.version, games=field.games, seed=field.seed,
        rate=rate, low=low, high=high, rows=rows, text=mine.text,
        against_version=before.deck_version if before and change else None,
        delta=change[0] if change else None, delta_low=change[1] if change else None,
        delta_high=change[2] if change else None,
    )


def _check_budget(field: SavedField, matchups: int) -> None:
    if not fits_inline(matchup_seconds(field.game, field.games * matchups)):
        most = max(1, int(settings.SIMULATION_INLINE_BUDGET / matchup_seconds(field.game, matchups)))
        raise BadInput(_("Contra %(n)s rivales caben como mucho %(most)s partidas por rival en una petición.")
                       % {"n": len(field.rivals.all()), "most": most}, field="games")


def _rival_row(field: SavedField, mine: Any, rival: SavedFieldRival, actor: Any,
               before: SavedFieldResult | None) -> dict[str, Any]:
    row: dict[str, Any] = {"deck": rival.deck_id, "name": rival.deck.name, "weight": rival.weight}
    if not rival.deck.can_view(actor):  # made private since it was added: left out, said so
        return {**row, "error": _("Ya no es visible para ti.")}
    try:
        theirs = from_deck(rival.deck)
        if before is None:
            result = matchup_run(game=field.game, list_a=mine, list_b=theirs, games=field.games, seed=field.seed)
            return {**row, "games": result["games_played"], "wins": result["wins_a"], "rate": result["win_rate_a"]}
        paired = matchup_compare_answer(game=field.game, deck_a=before.text, deck_b=mine.text, rival=theirs.text,
                                        games=field.games, seed=field.seed)
    except (SourceError, MatchupCompareInputError) as exc:
        return {**row, "error": str(exc)}
    now, diff = paired["b"], paired["diff"]["win_rate"] or {}
    return {**row, "games": now["games_played"], "wins": now["wins_a"], "rate": now["win_rate_a"],
            "delta": diff.get("delta"), "ci95": diff.get("ci95")}


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

"""Improve a deck (docs/contract.md §6, ``POST /api/goldfish/improve/``): the site's side of engine.improve.

`improve_prepare` checks a request (the API's or the page's) and turns it into what a run keeps: the
list, the goal, the pool (with the player's owned copies, read now, when it is ``collection``),
``keep``, the budget and, against a saved field, the rivals' lists. `improve_search` builds the
engine's search from those params, reading the list once (the request's job, or a queued run's
worker: play.improve.jobs.ImproveJob), so both play the same search; play.runs.answer plays it in
the request when it fits, else queues it, and a queued run's page shows each step as it is found.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.db.models import Sum
from django.utils.translation import gettext as _

from cards.index import card_data, with_tokens
from cards.models import Card
from cards.naming import card_in_list
from cards.validation import UNREADABLE, ListTooLarge, validate_list
from collection.models import CollectionItem
from common.errors import BadInput
from engine import EngineError, ValidationReport
from engine.improve import MIN_BUDGET, FieldGoal, GoldfishGoal, ImproveSearch, PoolCards
from engine.rng import new_seed
from play.compare.services import CompareInputError
from play.models import SavedField, SimulationRun
from play.runs.jobs import Prepared
from play.sources import SourceError, from_deck, from_list

__all__ = ["POOLS", "answer", "improve_prepare", "improve_search", "max_budget"]

POOLS = ("catalogue", "collection")
WIN_RATE = "win_rate"  # the goal against a saved field


def max_budget(against: bool = False) -> int:
    """The most games one search may play: the site's bound (settings.IMPROVE_MAX_BUDGET, and
    IMPROVE_MAX_FIELD_BUDGET against a field, whose games are whole matches: ten to fifty times a
    goldfish game's cost, bench/improve.py), so that a search ends within a run's time limit."""
    if against:
        return int(getattr(settings, "IMPROVE_MAX_FIELD_BUDGET", 10_000))
    return int(getattr(settings, "IMPROVE_MAX_BUDGET", 300_000))


def _authenticated(user: Any) -> bool:
    return bool(getattr(user, "is_authenticated", False))


def owned_counts(user: Any, game: str) -> dict[str, int]:
    """Copies of each card of *game* the player owns (every edition, condition and language)."""
    rows = (CollectionItem.objects.filter(owner_id=user.pk, card__game=game)
            .values_list("card__code").annotate(n=Sum("quantity")))
    return {code: n for code, n in rows}


def catalogue_cards(game: str) -> list[Any]:
    """Every card of *game* at its current text (with the tokens their effects create)."""
    return with_tokens(card_data(card) for card in Card.objects.with_current().filter(game=game).order_by("code"))


def _validated(game: str, text: str) -> ValidationReport:
    """The list's report; unreadable lines or broken deck rules are a 400 naming ``list``."""
    try:
        report = validate_list(game, text)
    except ListTooLarge as exc:
        raise BadInput(exc.message, field="list") from exc
    if any(v.code in UNREADABLE for v in report.errors):
        raise CompareInputError(report.as_dict(), "list")
    if report.errors:
        first = report.errors[0].message
        raise BadInput(_("La lista de partida debe ser un mazo legal (sección 4): %(why)s") % {"why": first},
                       field="list", extra={"validation": report.as_dict()})
    if not report.entries:
        raise BadInput(_("La lista está vacía."), field="list")
    return report


def _check_budget(budget: object, *, against: bool) -> int:
    most = max_budget(against)
    if isinstance(budget, bool) or not isinstance(budget, int) or not MIN_BUDGET <= budget <= most:
        raise BadInput(_("«budget» debe ser un entero entre %(low)s y %(high)s (recibido: %(got)s).")
                       % {"low": MIN_BUDGET, "high": most, "got": repr(budget)}, field="budget")
    return budget


def _within_owned(report: ValidationReport, owned: dict[str, int]) -> None:
    """With ``pool`` ``collection``, the list itself must hold no more copies than the player owns."""
    listed: dict[str, int] = {}
    for e in report.entries:
        listed[e.card.code] = listed.get(e.card.code, 0) + e.quantity
    over = [f"{code} ({n} > {owned.get(code, 0)})" for code, n in sorted(listed.items()) if n > owned.get(code, 0)]
    if over:
        raise BadInput(_("«pool»: la lista tiene más copias de las que tienes de: %(cards)s.")
                       % {"cards": ", ".join(over)}, field="pool")


def field_rivals(field_id: object, user: Any, game: str) -> dict[str, Any]:
    """A saved field of the player's, as the search plays it: each playable rival's list and weight."""
    if isinstance(field_id, bool) or not isinstance(field_id, int):
        raise BadInput(_("«against» es el número de uno de tus campos guardados."), field="against")
    field = SavedField.objects.filter(pk=field_id, owner_id=getattr(user, "pk", None)).first()
    if not _authenticated(user) or field is None:
        raise BadInput(_("«against» no es uno de tus campos guardados."), field="against")
    if field.game != game:
        raise BadInput(_("Ese campo es de otro juego."), field="against")
    rivals = []
    for rival in field.rivals.select_related("deck", "deck__owner"):
        if not rival.deck.can_view(user):
            continue
        try:
            rivals.append({"name": rival.deck.name, "weight": rival.weight, "list": from_deck(rival.deck).text})
        except SourceError:
            continue
    if not rivals:
        raise BadInput(_("El campo no tiene ningún rival que se pueda jugar."), field="against")
    return {"field": field.pk, "name": field.name, "rivals": rivals}


def improve_prepare(data: dict[str, Any], user: Any = None, *, private: bool = False) -> Prepared:
    """A search request (the API's ImproveInput, the page's form) checked as far as it can be without
    its list, as its run keeps it: the goal, the pool (the player's owned copies read now, with
    ``collection``), the budget, the seed and, against a saved field, the rivals' lists; BadInput
    naming the field for anything wrong. The list, and ``keep`` and the pool against it, are read once,
    by its job (play.improve.jobs.ImproveJob through :func:`improve_search`), played whole in the
    request when it fits, else queued (play.runs.answer)."""
    game, goal_asked, against, pool = data["game"], data.get("goal") or {}, data.get("against"), data["pool"]
    if against is None:
        try:  # it checks the field and the turn and names them
            GoldfishGoal(game, goal_asked.get("field"), goal_asked.get("turn"))  # type: ignore[arg-type]
        except (EngineError, TypeError) as exc:
            raise BadInput(str(exc), field="goal") from exc
        goal: dict[str, Any] = {"field": goal_asked["field"], "turn": goal_asked["turn"]}
    else:
        goal = {"field": WIN_RATE}
    if pool not in POOLS:
        raise BadInput(_("«pool» debe ser «catalogue» o «collection»."), field="pool")
    if pool == "collection" and not _authenticated(user):
        raise BadInput(_("«pool»: «collection» son las cartas que tienes: inicia sesión."), field="pool")
    budget = _check_budget(data["budget"], against=against is not None)
    seed = data.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        raise BadInput(_("«seed» debe ser un entero no negativo."), field="seed")
    params = {"list": data["list"], "goal": goal, "pool": pool, "keep": list(data.get("keep") or ()),
              "owned": owned_counts(user, game) if pool == "collection" else None, "budget": budget, "games": budget,
              "seed": seed}
    if against is not None:
        params["against"] = field_rivals(against, user, game)
    memo = None if seed is None else _memo_parts(game, params)
    params["seed"] = new_seed() if seed is None else seed
    private = private or pool == "collection" or bool(params.get("against"))
    return Prepared(SimulationRun.Kind.IMPROVE, game, params, memo=memo, private=private)


def improve_search(game: str, params: dict[str, Any], *, seed: int,
                   on_step: Callable[[dict[str, Any]], None] | None = None,
                   ) -> tuple[ImproveSearch, ValidationReport, list[str]]:
    """The engine's search of a request or a queued run, from its params: the list read and checked
    (once), the pool held to the copies owned, the codes of ``keep`` (as the run keeps them)."""
    report = _validated(game, params["list"])
    if params.get("owned") is not None:
        _within_owned(report, params["owned"])
    keep = [card_in_list(report.entries, item, field="keep").code for item in params["keep"]]
    keep = list(dict.fromkeys(keep))  # each card once, in order
    goal: GoldfishGoal | FieldGoal
    if params.get("against"):
        rivals = [(from_list(game, r["list"], r["name"]).entries, r["weight"]) for r in params["against"]["rivals"]]
        goal = FieldGoal(game, rivals)
    else:
        goal = GoldfishGoal(game, params["goal"]["field"], params["goal"]["turn"])
    pool = PoolCards(catalogue_cards(game), params.get("owned"))
    try:
        search = ImproveSearch(game, report.entries, goal=goal, pool=pool, keep=keep,
                               budget=params["budget"], seed=seed, on_step=on_step)
    except EngineError as exc:
        raise BadInput(str(exc), field=exc.field or "list") from exc
    return search, report, keep


def answer(search: ImproveSearch, report: ValidationReport, params: dict[str, Any]) -> dict[str, Any]:
    """The search's answer with what the request asked for (pool, keep) and the list's validation."""
    result = search.report()
    result["pool"], result["keep"] = params["pool"], params["keep"]
    if params.get("against"):
        result["against"] = {"field": params["against"]["field"], "name": params["against"]["name"]}
    result["validation"] = report.as_dict()
    return result


def _memo_parts(game: str, params: dict[str, Any]) -> tuple[object, ...]:
    owned = sorted((params.get("owned") or {}).items())
    against = params.get("against") or {}
    return (game, params["list"], params["goal"], params["pool"], tuple(params["keep"]), tuple(owned),
            params["budget"], params["seed"], against.get("field"), tuple(r["list"] for r in against.get("rivals", ())))

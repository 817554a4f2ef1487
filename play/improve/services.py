"""Improve a deck (docs/contract.md §6, ``POST /api/goldfish/improve/``): the site's side of engine.improve.

`improve_params` checks a request once and turns it into what a run keeps: the list, the goal, the
pool (with the player's owned copies, read now, when it is ``collection``), the codes of ``keep``,
the budget and, against a saved field, the rivals' lists. `improve_search` builds the engine's search
from those params (the request, or a queued run's worker), so both play the same search. A budget
that fits the request's share of one core plays inline (`improve_answer`); a bigger one is a queued
run (`run_enqueue_improve`, play.improve.jobs.ImproveJob) whose page shows each step as it is found.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.conf import settings
from django.db.models import Sum
from django.utils.translation import gettext as _

from cards.index import card_data, with_tokens
from cards.models import Card
from cards.pagecache import cached_answer
from cards.validation import UNREADABLE, ListTooLarge, validate_list
from collection.models import CollectionItem
from common.errors import BadInput
from engine import EngineError, ValidationReport
from engine.improve import MIN_BUDGET, FieldGoal, GoldfishGoal, ImproveSearch, PoolCards
from engine.rng import new_seed
from play.compare.services import PAIRING_OVERHEAD, CompareInputError
from play.improve.resolve import resolve_in_list
from play.models import SavedField, SimulationRun
from play.runs.answer import Prepared, fits_inline
from play.runs.budget import goldfish_seconds, matchup_seconds
from play.runs.services import run_submit
from play.sources import SourceError, from_deck, from_list

__all__ = [
    "POOLS",
    "improve_answer",
    "improve_fits",
    "improve_params",
    "improve_search",
    "max_budget",
    "run_enqueue_improve",
]

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


def _owned(game: str, user: Any, report: ValidationReport) -> dict[str, int]:
    if not _authenticated(user):
        raise BadInput(_("«pool»: «collection» son las cartas que tienes: inicia sesión."), field="pool")
    owned = owned_counts(user, game)
    listed: dict[str, int] = {}
    for e in report.entries:
        listed[e.card.code] = listed.get(e.card.code, 0) + e.quantity
    over = [f"{code} ({n} > {owned.get(code, 0)})" for code, n in sorted(listed.items()) if n > owned.get(code, 0)]
    if over:
        raise BadInput(_("«pool»: la lista tiene más copias de las que tienes de: %(cards)s.")
                       % {"cards": ", ".join(over)}, field="pool")
    return owned


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


def improve_params(*, game: str, text: str, goal_field: str | None, goal_turn: int | None, pool: str = "catalogue",
                   keep: Sequence[str] = (), budget: int, seed: int | None = None, user: Any = None,
                   against: int | None = None) -> dict[str, Any]:
    """A request checked and as a run keeps it; BadInput naming the field for anything wrong."""
    report = _validated(game, text)
    if against is None:
        try:
            GoldfishGoal(game, goal_field, goal_turn)  # type: ignore[arg-type]  # it checks both and names them
        except (EngineError, TypeError) as exc:
            raise BadInput(str(exc), field="goal") from exc
        goal: dict[str, Any] = {"field": goal_field, "turn": goal_turn}
    else:
        goal = {"field": WIN_RATE}
    if pool not in POOLS:
        raise BadInput(_("«pool» debe ser «catalogue» o «collection»."), field="pool")
    owned = _owned(game, user, report) if pool == "collection" else None
    codes = resolve_in_list(game, report.entries, keep, field="keep")
    budget = _check_budget(budget, against=against is not None)
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        raise BadInput(_("«seed» debe ser un entero no negativo."), field="seed")
    params = {"list": text, "goal": goal, "pool": pool, "keep": codes, "owned": owned, "budget": budget,
              "games": budget, "seed": seed}
    if against is not None:
        params["against"] = field_rivals(against, user, game)
    return params


def improve_search(game: str, params: dict[str, Any], *, seed: int,
                   on_step: Callable[[dict[str, Any]], None] | None = None) -> tuple[ImproveSearch, ValidationReport]:
    """The engine's search of a request or a queued run, from its params (the lists checked again)."""
    report = _validated(game, params["list"])
    goal: GoldfishGoal | FieldGoal
    if params.get("against"):
        rivals = [(from_list(game, r["list"], r["name"]).entries, r["weight"]) for r in params["against"]["rivals"]]
        goal = FieldGoal(game, rivals)
    else:
        goal = GoldfishGoal(game, params["goal"]["field"], params["goal"]["turn"])
    pool = PoolCards(catalogue_cards(game), params.get("owned"))
    try:
        search = ImproveSearch(game, report.entries, goal=goal, pool=pool, keep=params["keep"],
                               budget=params["budget"], seed=seed, on_step=on_step)
    except EngineError as exc:
        raise BadInput(str(exc), field=exc.field or "list") from exc
    return search, report


def improve_seconds(game: str, params: dict[str, Any]) -> float:
    """The most a search may cost on one core: its whole budget of games, paired game by game."""
    if params.get("against"):
        return matchup_seconds(game, params["budget"])
    return PAIRING_OVERHEAD * goldfish_seconds(game, params["budget"], params["goal"]["turn"])


def improve_fits(game: str, params: dict[str, Any]) -> bool:
    return fits_inline(improve_seconds(game, params))


def answer(search: ImproveSearch, report: ValidationReport, params: dict[str, Any]) -> dict[str, Any]:
    """The search's answer with what the request asked for (pool, keep) and the list's validation."""
    result = search.report()
    result["pool"], result["keep"] = params["pool"], params["keep"]
    if params.get("against"):
        result["against"] = {"field": params["against"]["field"], "name": params["against"]["name"]}
    result["validation"] = report.as_dict()
    return result


def improve_answer(game: str, params: dict[str, Any]) -> dict[str, Any]:
    """The search played in this process: section 6's answer."""
    seed = new_seed() if params["seed"] is None else params["seed"]

    def compute() -> dict[str, Any]:
        search, report = improve_search(game, params, seed=seed)
        search.run()
        return answer(search, report, params)

    if params["seed"] is None:
        return compute()
    return cached_answer("improve", _memo_parts(game, params), compute)


def improve_prepare(data: dict[str, Any], user: Any = None) -> Prepared:
    """A search request (the API's ImproveInput) checked, as its run keeps it (improve_params); played
    by its job (play.improve.jobs.ImproveJob) whole in the request when it fits, else queued."""
    goal = data.get("goal") or {}
    params = improve_params(game=data["game"], text=data["list"], goal_field=goal.get("field"),
                            goal_turn=goal.get("turn"), pool=data["pool"], keep=data["keep"], budget=data["budget"],
                            seed=data.get("seed"), user=user, against=data.get("against"))
    memo = None if params["seed"] is None else _memo_parts(data["game"], params)
    params["seed"] = new_seed() if params["seed"] is None else params["seed"]
    return Prepared(SimulationRun.Kind.IMPROVE, data["game"], params, memo=memo,
                    private=params["pool"] == "collection" or bool(params.get("against")))


def _memo_parts(game: str, params: dict[str, Any]) -> tuple[object, ...]:
    owned = sorted((params.get("owned") or {}).items())
    against = params.get("against") or {}
    return (game, params["list"], params["goal"], params["pool"], tuple(params["keep"]), tuple(owned),
            params["budget"], params["seed"], against.get("field"), tuple(r["list"] for r in against.get("rivals", ())))


def run_enqueue_improve(game: str, params: dict[str, Any], *, owner: Any = None, client: str = "",
                        private: bool = False) -> SimulationRun:
    return run_submit(kind=SimulationRun.Kind.IMPROVE, game=game, params=params, owner=owner, client=client,
                      private=private)

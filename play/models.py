"""Simulation runs handed to the job queue, split into chunks of games that any worker may take.

A run is one request too big for a web request (goldfish or matchup). It is split into chunks of
consecutive game indices; each chunk is one queue message (play.runs.tasks.run_chunk). Game i draws
only from the seed (s, i), so the chunks' tallies merged in index order equal a serial run.
A chunk is *claimed* with a lease that its worker renews while it plays; a lease that lapses
(the worker died) puts the chunk back in the queue (play.runs.reaper.reap).

A run is ``done`` only with every game of every chunk (CONTRACT section 5); anything less ends
``failed`` or ``cancelled`` with a reason. The reason is stored as a code and its parameters
(``error_code``, ``error_params``) and put into words when shown, in the reader's language
(``SimulationRun.error_message``); ``error`` keeps the same words in Spanish for the admin and
for a code this version no longer knows.
"""

from __future__ import annotations

import json
import math
import uuid
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext_lazy as _

from cards.models import Game

# Why a run ended without an answer: the code stored with the run -> its message (Spanish msgid,
# translated when shown; the parameters are filled in then too).
RUN_ERRORS = {
    "time_limit": _("Se alcanzó el límite de tiempo (%(seconds)s s) con %(done)s de %(total)s partidas "
                    "jugadas: una simulación incompleta no da resultado. Pide menos partidas o inténtalo más tarde."),
    "engine_error": _("La carta %(card)s hizo fallar la simulación: %(detail)s"),
    "engine_error_no_card": _("El motor falló al jugar la simulación: %(detail)s"),
    "cannot_start": _("La simulación no puede empezar: %(detail)s"),
    "merge_failed": _("No se pudieron reunir las partes de la simulación: %(detail)s"),
    "interrupted": _("La parte %(part)s de la simulación se interrumpió %(attempts)s veces "
                     "(el trabajador que la jugaba se detuvo)."),
    "never_started": _("Ningún trabajador empezó la simulación en %(minutes)s minutos; inténtalo más tarde."),
    "cancelled": _("Cancelada por quien la pidió."),
}


class SimulationRun(models.Model):
    class Kind(models.TextChoices):
        GOLDFISH = "goldfish", "Goldfish"
        MATCHUP = "matchup", _("Enfrentamiento")
        COMPARE = "compare", _("Comparación")
        SWAPS = "swaps", _("Cambios sugeridos")
        MATCHUP_COMPARE = "matchup_compare", _("Versiones contra un rival")
        GAUNTLET = "gauntlet", _("Contra todos")
        FIELD = "field", _("Contra un campo")
        IMPROVE = "improve", _("Mejorar el mazo")

    class Status(models.TextChoices):
        QUEUED = "queued", _("En cola")
        RUNNING = "running", _("En curso")
        DONE = "done", _("Terminada")
        FAILED = "failed", _("Fallida")
        CANCELLED = "cancelled", _("Cancelada")

    ACTIVE = (Status.QUEUED, Status.RUNNING)

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    kind = models.CharField(max_length=16, choices=Kind.choices)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE)
    client = models.CharField(max_length=64, blank=True, default="", help_text="the address that asked for it")
    private = models.BooleanField(default=False, help_text="built from a private deck: its owner only")
    game = models.CharField(max_length=16)
    params = models.JSONField(default=dict)
    # The card data the run plays (engine.card_to_dict of every card its lists name, as the catalogue
    # had them when it was queued): each chunk plays these, whatever the catalogue does meanwhile
    # (play.runs.jobs.job_for). None: read the catalogue of the moment (a run queued before this).
    cards = models.JSONField(null=True, blank=True, editable=False)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.QUEUED)
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    chunks_total = models.PositiveIntegerField(default=0)
    time_limit = models.FloatField(default=120.0)
    # How long its games should take once started, on idle workers at the price per game measured
    # when it was queued (play.runs.jobs.expected_seconds): when a page looks first. None: unknown.
    expected_seconds = models.FloatField(null=True, blank=True)
    # The answer as the JSON text it was written in (a jsonb column would reorder its keys).
    result_json = models.TextField(blank=True, default="")
    # What a sequential run has found so far, as JSON (an improve search's accepted steps, each
    # written as it is found), so its page shows them before the answer: "" when nothing yet.
    found_json = models.TextField(blank=True, default="")
    error = models.TextField(blank=True)
    error_code = models.CharField(max_length=32, blank=True, default="", help_text="a key of RUN_ERRORS")
    error_params = models.JSONField(default=dict, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    started = models.DateTimeField(null=True, blank=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]
        indexes = [models.Index(fields=["status", "created"])]

    def __str__(self) -> str:
        return f"{self.kind} {self.id}"

    def get_absolute_url(self) -> str:
        return reverse("play:run", args=[self.id])

    @property
    def result(self) -> dict[str, Any] | None:
        return json.loads(self.result_json) if self.result_json else None

    @property
    def found(self) -> list[Any]:
        return json.loads(self.found_json) if self.found_json else []

    @property
    def active(self) -> bool:
        return self.status in self.ACTIVE

    @property
    def percent(self) -> int:
        return int(100 * self.done / self.total) if self.total else 0

    # How often a page polls an active run, by its age: most runs end within a second or two on the
    # compiled engine (a 10,000-game goldfish in about 0.4 s), which a poll every second showed up to
    # a second late (issue 26). A poll of a healthy run costs three queries (play.runs.reaper.settle).
    POLLS = ((3.0, 200), (10.0, 500))  # (runs younger than these seconds, are polled every these ms)
    POLL_LATER = 1000
    # Around the end a run should reach (play.runs.services.expected_end: from its chunks that
    # landed, else from its price; a run no worker has taken by then waits in the queue, and the
    # schedule covers that) a page looks often: every twentieth of the run's expected time,
    # POLL_SOON ms at least, and once past it after half as long again as it is late, until
    # SOON_FOR seconds past it (or half the expected time): a run ends then, not at the age
    # schedule's next step. The answer is written a few milliseconds after the last games (the
    # merge), so a look at the end itself often comes just before it: the next one 10 ms later, not
    # 25 (bench/runs.py --each: a third of the 10,000-game runs took a second look, 16-27 ms late).
    # Growing with the delay, a run far later than told costs about a dozen looks in SOON_FOR, not
    # fifty. One slower than that (a busy queue, a loaded machine) falls back to the schedule; an
    # end told too late waits no longer than the schedule.
    POLL_SOON = 10
    SOON_FOR = 0.5

    @property
    def priced_end(self) -> datetime | None:
        """When the run should end by its price alone: expected_seconds after it started (after it
        was queued while no worker has it yet); None when it was not priced."""
        expected = self.expected_seconds
        if expected is None or not math.isfinite(expected) or not self.created:
            return None
        return (self.started or self.created) + timedelta(seconds=min(expected, 10 * 86400))

    def poll_ms_until(self, end: datetime | None) -> int:
        """Milliseconds until the page looks at this run again, when it should end at *end*: then,
        when that is sooner than the age schedule (POLLS), often around it, else the schedule."""
        now = timezone.now()
        age = (now - self.created).total_seconds() if self.created else 0.0
        later = next((ms for younger, ms in self.POLLS if age < younger), self.POLL_LATER)
        if end is None or not self.created:
            return later
        span = max(0.0, (end - (self.started or self.created)).total_seconds())
        soon = min(later, max(self.POLL_SOON, math.ceil(span * 1000 / 20)))
        left = (end - now).total_seconds()
        if left > 0:
            return max(soon, min(later, math.ceil(left * 1000)))
        if self.started is None:  # waiting in the queue: it ends no sooner than its span after a worker takes it
            return later
        if -left <= max(self.SOON_FOR, span / 2):
            return min(later, max(soon, math.ceil(-left * 1000 / 2)))
        return later

    @property
    def error_message(self) -> str:
        """Why the run ended without an answer, in the active language."""
        return run_error_text(self.error_code, self.error_params) or self.error

    @property
    def deadline(self) -> datetime | None:
        """When a started run stops playing (its time limit from its first chunk)."""
        return None if self.started is None else self.started + timedelta(seconds=self.time_limit)

    @classmethod
    def end(cls, run_id: Any, status: str, code: str, **params: Any) -> bool:
        """End an active run without an answer (failed or cancelled), saying why: the code and its
        parameters are kept and put into words when shown; ``error`` keeps them in Spanish."""
        with translation.override(settings.LANGUAGE_CODE):
            words = run_error_text(code, params)
        n = cls.objects.filter(pk=run_id, status__in=cls.ACTIVE).update(
            status=status, error=words[:2000], error_code=code, error_params=params, finished=timezone.now(),
        )
        return bool(n)

    @classmethod
    def fail(cls, run_id: Any, code: str, **params: Any) -> bool:
        return cls.end(run_id, cls.Status.FAILED, code, **params)


def run_error_text(code: str, params: dict[str, Any]) -> str:
    """The message of an error code in the active language ("" for a code this version does not know)."""
    template = RUN_ERRORS.get(code)
    if template is None:
        return ""
    try:
        return str(template) % params
    except (KeyError, TypeError, ValueError):  # parameters written by an older version
        return ""


class SimulationChunk(models.Model):
    """Games ``start`` … ``stop - 1`` of a run: one queue message, claimed under a lease."""

    class Status(models.TextChoices):
        QUEUED = "queued", _("En cola")
        RUNNING = "running", _("En curso")
        DONE = "done", _("Terminado")

    run = models.ForeignKey(SimulationRun, on_delete=models.CASCADE, related_name="chunks")
    index = models.PositiveIntegerField()
    start = models.PositiveIntegerField()
    stop = models.PositiveIntegerField()
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.QUEUED)
    done = models.PositiveIntegerField(default=0, help_text="games played so far (a prefix of the chunk)")
    attempts = models.PositiveIntegerField(default=0)
    lease_until = models.DateTimeField(null=True, blank=True)
    worker = models.CharField(max_length=100, blank=True, default="")
    enqueued = models.DateTimeField(null=True, blank=True)
    claimed = models.DateTimeField(null=True, blank=True, help_text="when its last attempt began")
    finished = models.DateTimeField(null=True, blank=True)
    tally = models.BinaryField(null=True, blank=True)

    class Meta:
        ordering = ["run", "index"]
        constraints = [models.UniqueConstraint(fields=["run", "index"], name="play_chunk_run_index")]
        indexes = [models.Index(fields=["status", "lease_until"])]

    def __str__(self) -> str:
        return f"{self.run_id}#{self.index}"

    @property
    def size(self) -> int:
        return self.stop - self.start

    @property
    def percent(self) -> int:
        return int(100 * self.done / self.size) if self.size else 0


class RevisionComparison(models.Model):
    """A paired comparison of two revisions of one deck (docs/contract.md §6), kept with the later
    one so the deck's history reads "r14 → r15: +Marea de vigor; poder en el turno 3 +0,52 ± 0,03".

    A builder session rewrites its own revision in place (decks.services._extend_session), so the
    comparison keeps a fingerprint of both lists as compared and is shown only while it matches."""

    deck = models.ForeignKey("decks.Deck", on_delete=models.CASCADE, related_name="+")
    revision_a = models.ForeignKey("decks.DeckRevision", on_delete=models.CASCADE, related_name="+")
    revision_b = models.ForeignKey("decks.DeckRevision", on_delete=models.CASCADE, related_name="+")
    number_a = models.PositiveIntegerField()
    number_b = models.PositiveIntegerField()
    fingerprint = models.CharField(max_length=64, help_text="sha256 of both lists' texts as compared")
    games = models.PositiveIntegerField()
    turns = models.PositiveSmallIntegerField()
    seed = models.PositiveBigIntegerField()
    goal_field = models.CharField(max_length=32)
    goal_turn = models.PositiveSmallIntegerField()
    engine_version = models.CharField(max_length=32)
    # The queued run it came from, if any: keeping it twice (two pollers) stays one row.
    run = models.OneToOneField(SimulationRun, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    result_json = models.TextField(help_text="the comparison's answer as written (section 6)")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created", "-pk"]
        indexes = [models.Index(fields=["deck", "-created"], name="revcomparison_deck_created")]

    def __str__(self) -> str:
        return f"{self.deck_id}: r{self.number_a} → r{self.number_b}"

    @property
    def result(self) -> dict[str, Any]:
        return json.loads(self.result_json)


def _field_seed() -> int:
    from engine.rng import new_seed

    return new_seed()


class SavedField(models.Model):
    """A player's meta: the rival decks they expect, each with a weight (how often they meet it).
    Every run against it uses the field's own seed, so a change to the player's deck is measured
    on the same games as before."""

    MAX_RIVALS = 20
    MAX_GAMES = 100  # per rival, as the gauntlet

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    game = models.CharField(max_length=16, choices=Game.choices)
    name = models.CharField(max_length=80)
    seed = models.PositiveBigIntegerField(default=_field_seed)
    games = models.PositiveSmallIntegerField(default=20, help_text="games against each rival")
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name", "pk"]
        constraints = [
            models.CheckConstraint(condition=models.Q(games__gte=1) & models.Q(games__lte=100), name="savedfield_games"),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("play:field", args=[self.pk])


class SavedFieldRival(models.Model):
    field = models.ForeignKey(SavedField, on_delete=models.CASCADE, related_name="rivals")
    deck = models.ForeignKey("decks.Deck", on_delete=models.CASCADE, related_name="+")
    weight = models.PositiveSmallIntegerField(default=1)

    class Meta:
        ordering = ["-weight", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["field", "deck"], name="savedfieldrival_unique_deck"),
            models.CheckConstraint(condition=models.Q(weight__gte=1) & models.Q(weight__lte=100),
                                   name="savedfieldrival_weight"),
        ]

    def __str__(self) -> str:
        return f"{self.field} · {self.deck_id} × {self.weight}"


class SavedFieldResult(models.Model):
    """One run of a deck (at one version) against a field: the weighted win rate and each rival's."""

    field = models.ForeignKey(SavedField, on_delete=models.CASCADE, related_name="results")
    deck = models.ForeignKey("decks.Deck", on_delete=models.CASCADE, related_name="+")
    deck_version = models.PositiveIntegerField()
    games = models.PositiveSmallIntegerField()
    seed = models.PositiveBigIntegerField()
    rate = models.FloatField()
    low = models.FloatField()
    high = models.FloatField()
    rows = models.JSONField(default=list)  # [{"deck", "name", "weight", "games", "wins", "rate", "delta", "ci95"}]
    text = models.TextField(blank=True, help_text="the deck's list as played")
    # Against the deck's previous run on this field, paired on the same games (B − A of the win rate).
    against_version = models.PositiveIntegerField(null=True, blank=True)
    delta = models.FloatField(null=True, blank=True)
    delta_low = models.FloatField(null=True, blank=True)
    delta_high = models.FloatField(null=True, blank=True)
    # The queued run it came from, if any: keeping it twice (two pollers) stays one row.
    run = models.OneToOneField(SimulationRun, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created", "-pk"]

    def __str__(self) -> str:
        return f"{self.field} · {self.deck_id} v{self.deck_version}"

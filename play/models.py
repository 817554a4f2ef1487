"""Simulation runs handed to the job queue, split into chunks of games that any worker may take.

A run is one request too big for a web request (goldfish or matchup). It is split into chunks of
consecutive game indices; each chunk is one queue message (play.tasks.run_chunk). Game i draws
only from the seed (s, i), so the chunks' tallies merged in index order equal a serial run.
A chunk is *claimed* with a lease that its worker renews while it plays; a lease that lapses
(the worker died) puts the chunk back in the queue (play.runs.reap).
"""

from __future__ import annotations

import json
import uuid
from typing import Any

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _


class SimulationRun(models.Model):
    class Kind(models.TextChoices):
        GOLDFISH = "goldfish", "Goldfish"
        MATCHUP = "matchup", _("Enfrentamiento")

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
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.QUEUED)
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    chunks_total = models.PositiveIntegerField(default=0)
    time_limit = models.FloatField(default=120.0)
    # The answer as the JSON text it was written in (a jsonb column would reorder its keys).
    result_json = models.TextField(blank=True, default="")
    error = models.TextField(blank=True)
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
    def active(self) -> bool:
        return self.status in self.ACTIVE

    @property
    def percent(self) -> int:
        return int(100 * self.done / self.total) if self.total else 0


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

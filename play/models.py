"""Simulation runs handed to the background worker (django-tasks), with their progress."""

from __future__ import annotations

import uuid

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

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    kind = models.CharField(max_length=16, choices=Kind.choices)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE)
    game = models.CharField(max_length=16)
    params = models.JSONField(default=dict)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.QUEUED)
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    result = models.JSONField(null=True, blank=True)
    error = models.TextField(blank=True)
    created = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"{self.kind} {self.id}"

    def get_absolute_url(self) -> str:
        return reverse("play:run", args=[self.id])

    @property
    def percent(self) -> int:
        return int(100 * self.done / self.total) if self.total else 0

"""Queue messages of the catalogue: draw the card faces when the catalogue changes.

The job goes to the default queue of settings.TASKS (the simulation workers, ``manage.py
sim_worker``, take every task of that queue), at the lowest priority so that simulation chunks
waiting beside it go first. CARD_FACES_AHEAD (environment) chooses what a change does:
``queue`` (the default) sends the job, ``now`` draws in the calling process (the import command
shows a progress bar), ``off`` draws nothing ahead (a face is then drawn on its first request).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterable

from django.db import transaction
from django_tasks import task

from cards.models import Card
from cards.render import faces_render

MODES = ("queue", "now", "off")
log = logging.getLogger(__name__)


# No priority here: RQ's backend refuses any (it fails at start-up); _enqueue asks for the lowest
# priority where the backend supports one (the database queue).
@task()
def render_card_faces(card_ids: list[int] | None = None) -> int:
    """Draw the missing faces of the cards `card_ids` (every card when None); how many were drawn."""
    cards = Card.objects.with_current().order_by("game", "code")
    if card_ids is not None:
        cards = cards.filter(pk__in=card_ids)
    return faces_render(cards=cards.iterator(chunk_size=500))


def faces_mode() -> str:
    mode = os.environ.get("CARD_FACES_AHEAD", "queue")
    if mode not in MODES:
        raise ValueError(f"CARD_FACES_AHEAD={mode!r}: use one of {', '.join(MODES)}.")
    return mode


def faces_after_change(*, card_ids: Iterable[int] | None = None, mode: str | None = None,
                       progress: Callable[[int, int], None] | None = None) -> str:
    """After a change to the catalogue (an import, an edit): draw its faces ahead as `mode` (else
    CARD_FACES_AHEAD) says, once the change is committed; returns the mode used."""
    mode = mode or faces_mode()
    if mode not in MODES:
        raise ValueError(f"faces mode {mode!r}: use one of {', '.join(MODES)}.")
    ids = None if card_ids is None else list(card_ids)
    if mode == "now":
        cards = Card.objects.with_current().order_by("game", "code")
        faces_render(cards=list(cards if ids is None else cards.filter(pk__in=ids)), progress=progress)
    elif mode == "queue":
        transaction.on_commit(lambda: _enqueue(ids))
    return mode


def _enqueue(ids: list[int] | None) -> None:
    try:
        job = render_card_faces
        if job.get_backend().supports_priority:
            job = job.using(priority=-100)
        job.enqueue(ids)
    except Exception:  # noqa: BLE001 - the change is saved; its faces will be drawn on request
        log.warning("faces job not queued: faces will be drawn on their first request", exc_info=True)

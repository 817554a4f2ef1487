"""Comparisons kept with a deck's revisions, and the lines they add to the deck's history.

`revision_comparison_keep` writes one (the deck's owner only); `history_notes` is registered with
decks.history from play/apps.py, so the revisions page reads "r14 → r15: +Marea de vigor
−Contraataque de espinas; poder en el turno 3 +0,52 ± 0,03" without decks importing play.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.urls import reverse
from django.utils.http import urlencode

from decks.diff import list_diff
from decks.models import Deck, DeckRevision
from engine import ENGINE_VERSION
from play.compare.present import FIELDS, history_line
from play.models import RevisionComparison, SimulationRun


def fingerprint(revision_a: DeckRevision, revision_b: DeckRevision) -> str:
    """Both lists as compared: a builder session that later rewrites a revision changes it."""
    return hashlib.sha256(f"{revision_a.text}\x00{revision_b.text}".encode()).hexdigest()


@transaction.atomic
def revision_comparison_keep(
    *, actor: Any, revision_a: DeckRevision, revision_b: DeckRevision, result: dict[str, Any],
    goal: tuple[str, int], run: SimulationRun | None = None,
) -> RevisionComparison:
    """Keep a comparison of two revisions of one deck with it; the deck's owner only. A run's
    comparison is kept once however many times its page is looked at."""
    deck = revision_b.deck
    if revision_a.deck_id != deck.pk:
        raise ValueError("Las dos revisiones deben ser del mismo mazo.")
    if not deck.is_owned_by(actor):
        raise PermissionDenied("Solo el dueño del mazo guarda comparaciones en su historia.")
    if goal[0] not in FIELDS:
        raise ValueError(f"Objetivo desconocido: {goal[0]!r}.")
    if run is not None:
        kept = RevisionComparison.objects.filter(run=run).first()
        if kept is not None:
            return kept
    return RevisionComparison.objects.create(
        deck=deck, revision_a=revision_a, revision_b=revision_b, number_a=revision_a.number,
        number_b=revision_b.number, fingerprint=fingerprint(revision_a, revision_b), games=result["games"],
        turns=result["turns"], seed=result["seed"], goal_field=goal[0], goal_turn=goal[1],
        engine_version=ENGINE_VERSION, run=run, result_json=json.dumps(result, ensure_ascii=False),
    )


def kept_comparison(revision_a: DeckRevision, revision_b: DeckRevision) -> RevisionComparison | None:
    """The newest comparison kept for exactly these two lists, if any."""
    return (RevisionComparison.objects.filter(revision_a=revision_a, revision_b=revision_b,
                                              fingerprint=fingerprint(revision_a, revision_b))
            .order_by("-created", "-pk").first())


def history_notes(deck: Deck, revisions: Sequence[DeckRevision], user: Any) -> dict[int, list[dict[str, str]]]:
    """The newest kept comparison ending at each revision shown: one line each (decks.history)."""
    by_pk = {rev.pk: rev for rev in revisions}
    kept = (RevisionComparison.objects.filter(deck=deck, revision_b__in=list(by_pk))
            .select_related("revision_a").order_by("-created", "-pk"))
    out: dict[int, list[dict[str, str]]] = {}
    for comparison in kept:
        rev_b, rev_a = by_pk[comparison.revision_b_id], comparison.revision_a
        if rev_b.number in out or comparison.fingerprint != fingerprint(rev_a, rev_b):
            continue
        out[rev_b.number] = [{"text": _line(comparison, deck, rev_a, rev_b), "url": _url(deck, rev_a, rev_b)}]
    return out


def _line(comparison: RevisionComparison, deck: Deck, rev_a: DeckRevision, rev_b: DeckRevision) -> str:
    diff = list_diff(rev_a.snapshot, rev_b.snapshot, sections=deck.sections)
    cards = " ".join(
        ("+" if line.change > 0 else "\u2212") + (f"{abs(line.change)} " if abs(line.change) > 1 else "") + line.name
        for line in diff.lines
    )
    numbers = history_line(comparison.result, comparison.goal_field, comparison.goal_turn)
    return f"r{rev_a.number} → r{rev_b.number}: " + "; ".join(part for part in (cards, numbers) if part)


def _url(deck: Deck, rev_a: DeckRevision, rev_b: DeckRevision) -> str:
    return reverse("play:compare") + "?" + urlencode({"a": f"{deck.pk}@{rev_a.number}", "b": f"{deck.pk}@{rev_b.number}"})

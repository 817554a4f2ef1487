from __future__ import annotations

import logging
from typing import Any

from django.apps import AppConfig
from django.db.models.signals import post_migrate

log = logging.getLogger(__name__)


class CardsConfig(AppConfig):
    name = "cards"
    verbose_name = "Catálogo"

    def ready(self) -> None:
        _register_flags()
        # Every deployment runs `migrate`: moving the catalogue version then drops every answer and
        # piece of page kept under it (cards.pagecache), so new templates or code never meet what
        # the previous release rendered.
        post_migrate.connect(_new_release, sender=self, dispatch_uid="cards-new-release")


def _register_flags() -> None:
    """is:reprint, registered here because the query names a model: cards.search imports no model
    (cards.models' CardQuerySet.search calls the parser, one way)."""
    from django.db.models import Exists, OuterRef, Q

    from cards.models import Edition
    from cards.search import register_flag

    for name in ("reprint", "reimpresion"):
        register_flag(name, Q(Exists(Edition.objects.filter(card=OuterRef("pk"), edition__gt=1))))


def _new_release(**_: Any) -> None:
    from cards.pagecache import catalogue_changed

    try:
        catalogue_changed()
    except Exception:  # noqa: BLE001 - a cache that cannot be written keeps nothing to drop
        log.warning("catalogue version not moved after migrate: cache unavailable", exc_info=True)

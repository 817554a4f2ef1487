from __future__ import annotations

from django.apps import AppConfig


class CommonConfig(AppConfig):
    name = "common"

    def ready(self) -> None:
        from django.core import checks

        from common.checks import cache_folder

        checks.register(cache_folder, checks.Tags.caches)

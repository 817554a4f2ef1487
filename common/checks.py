"""System checks of the floor (registered by common.apps): the shared cache can be opened.

A cache folder that cannot be opened (a full disk) is a warning, not an error: every command still
runs (the site works without the cache, common.cache.KeptDiskCache), and the warning says why pages
are slower and throttles let everything through until space is freed."""

from __future__ import annotations

from typing import Any

from django.core import checks
from django.core.cache import caches

from common.cache import CacheFolderUnavailable, KeptDiskCache


def cache_folder(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    found = []
    for alias in caches:
        cache = caches[alias]
        if not isinstance(cache, KeptDiskCache):
            continue
        try:
            cache.open()
        except CacheFolderUnavailable as exc:
            found.append(checks.Warning(
                f"El caché «{alias}» no se puede abrir: {exc.__cause__ or exc}",
                hint="Libera espacio en su disco o cambia CACHE_DIR; mientras tanto el sitio funciona sin caché "
                     "(las páginas no se guardan y los límites de peticiones no cuentan).",
                id="common.W001",
            ))
    return found

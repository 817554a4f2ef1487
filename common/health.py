"""GET/HEAD /healthz: 200 when every dependency answers, 503 naming the ones that do not.

Checks (settings.HEALTH_CHECKS, dotted paths, so an app adds its own — the job queue registers its
worker heartbeat): the database answers a query, the shared cache takes a write and gives it back,
the disks that hold uploads and the cache have at least HEALTH_MIN_FREE_MB free, and the one-machine
cache still reads the folder every process shares (``cache_folder``: one removed under the running
processes is opened again, and said so).
"""

from __future__ import annotations

import os
import shutil
import time
import uuid
from typing import Any

from diskcache import DjangoCache
from django.conf import settings
from django.core.cache import cache, caches
from django.core.cache.backends.filebased import FileBasedCache
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.utils.module_loading import import_string
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from common.cache import KeptDiskCache

Result = tuple[bool, Any]


def database() -> Result:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return True, connection.vendor


def shared_cache() -> Result:
    key, value = f"healthz:{uuid.uuid4().hex}", uuid.uuid4().hex
    cache.set(key, value, 30)
    ok = cache.get(key) == value
    cache.delete(key)
    return ok, type(caches["default"]).__name__ if ok else "el caché no devuelve lo escrito"


def disk() -> Result:
    need = settings.HEALTH_MIN_FREE_MB * 1024 * 1024
    folders = {"media": settings.MEDIA_ROOT}
    location = settings.CACHES["default"].get("LOCATION", "")
    # By the backend's class (KeptDiskCache too), not its instance: a cache whose folder cannot be
    # made cannot be opened, and that is the shared_cache check's finding, not this one's.
    if issubclass(import_string(settings.CACHES["default"]["BACKEND"]), (FileBasedCache, DjangoCache)) and location:
        folders["cache"] = location
    free: dict[str, int] = {}
    for name, folder in folders.items():
        path = str(folder)
        while path and not os.path.exists(path):
            path = os.path.dirname(path)
        free[name] = shutil.disk_usage(path or "/").free // (1024 * 1024)
    return all(mb * 1024 * 1024 >= need for mb in free.values()), {f"{k}_free_mb": v for k, v in free.items()}


def cache_folder() -> Result:
    """The one-machine cache (common.cache.KeptDiskCache) reads the files of its folder, the ones
    every process shares: looked at now, opened again if it was removed or replaced (then the detail
    says when: the processes had been split on two copies of the catalogue version until then).
    Fails when the folder cannot be opened again. Any other cache: nothing to look at."""
    kind = import_string(settings.CACHES["default"]["BACKEND"])
    if not issubclass(kind, KeptDiskCache):
        return True, kind.__name__
    backend = caches["default"]
    backend.verify()
    ago = None if backend.reopened_at is None else round(time.time() - backend.reopened_at, 1)
    return os.path.isdir(backend.directory), {
        "folder": str(backend.directory), "reopened": backend.reopened, "reopened_seconds_ago": ago,
    }


def run_checks(only: set[str] | None = None) -> dict[str, dict[str, Any]]:
    results: dict[str, dict[str, Any]] = {}
    for path in settings.HEALTH_CHECKS:
        name = path.rsplit(".", 1)[-1]
        if only is not None and name not in only:
            continue
        try:
            ok, detail = import_string(path)()
        except Exception as exc:  # noqa: BLE001 - any failure is "unhealthy", with its reason
            ok, detail = False, f"{type(exc).__name__}: {str(exc)[:200]}"
        results[name] = {"ok": ok, "detail": detail}
    return results


@never_cache
@require_safe
def healthz(request: HttpRequest) -> JsonResponse:
    """`?check=database` (comma-separated names) runs only those checks: a load balancer's cheap probe."""
    only = None
    if "check" in request.GET:
        only = {name.strip() for name in request.GET["check"].split(",") if name.strip()}
        known = {path.rsplit(".", 1)[-1] for path in settings.HEALTH_CHECKS}
        if not only or only - known:
            unknown = ", ".join(sorted(only - known)) or "(vacío)"
            return JsonResponse({"detail": f"check: comprobación desconocida: {unknown}; "
                                           f"las hay: {', '.join(sorted(known))}", "field": "check"}, status=400)
    results = run_checks(only)
    failing = [name for name, result in results.items() if not result["ok"]]
    body = {"status": "error" if failing else "ok", "failing": failing, "checks": results}
    # Kept for readers of the first version of this answer.
    body["database"] = results.get("database", {}).get("detail")
    return JsonResponse(body, status=503 if failing else 200)

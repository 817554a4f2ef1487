"""API throttles that read the client's address one way (common.net) and never turn a cache failure
into an error page: a full disk or an unreachable Redis lets requests through (and says so in the
log and in /healthz) instead of answering 500 to every reader.

`throttle_view(scope)` applies the same counters to plain Django views (sign-up, password reset)."""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from rest_framework import throttling

from common.net import client_ip

log = logging.getLogger(__name__)


class _FailOpen:
    """Mixin for SimpleRateThrottle: the client is common.net.client_ip; cache errors allow."""

    def get_ident(self, request: Any) -> str:
        return client_ip(request)

    def allow_request(self, request: Any, view: Any) -> bool:
        try:
            return super().allow_request(request, view)  # type: ignore[misc]
        except Exception:  # noqa: BLE001 - a broken cache must not take the site down
            log.warning("throttle cache unavailable; request allowed", exc_info=True)
            return True


class AnonRateThrottle(_FailOpen, throttling.AnonRateThrottle):
    pass


class UserRateThrottle(_FailOpen, throttling.UserRateThrottle):
    pass


class ClientRateThrottle(_FailOpen, throttling.SimpleRateThrottle):
    """The site's default: one counter per request, the player's (`user` rate) when signed in,
    else the client address's (`anon` rate). DRF's Anon + User pair would count an anonymous
    request twice, and each count is a write to the shared cache."""

    scope = "user"

    def allow_request(self, request: Any, view: Any) -> bool:
        self.scope = "user" if _signed_in(request) else "anon"
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)
        return super().allow_request(request, view)

    def get_cache_key(self, request: Any, view: Any) -> str:
        ident = request.user.pk if _signed_in(request) else self.get_ident(request)
        return self.cache_format % {"scope": self.scope, "ident": ident}


def _signed_in(request: Any) -> bool:
    user = getattr(request, "user", None)
    return bool(user is not None and user.is_authenticated)


class ScopedThrottle(_FailOpen, throttling.SimpleRateThrottle):
    """A per-address budget named by `scope` (settings.THROTTLE_RATES)."""

    def __init__(self, scope: str) -> None:
        self.scope = scope
        super().__init__()

    def get_cache_key(self, request: Any, view: Any) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class GoldfishThrottle(_FailOpen, throttling.UserRateThrottle):
    """CPU-heavy endpoints: their own, stricter budget per user (per address when anonymous)."""

    scope = "goldfish"


def throttle_view(scope: str, methods: tuple[str, ...] = ("POST",)) -> Callable[..., Any]:
    """Refuse a view's `methods` with 429 once the client address spent its `scope` budget."""

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @functools.wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if request.method in methods:
                throttle = ScopedThrottle(scope)
                if not throttle.allow_request(request, None):
                    wait = throttle.wait() or 60
                    response = HttpResponse(
                        _("Demasiadas solicitudes desde tu dirección. Vuelve a intentarlo en %(minutes)d minutos.")
                        % {"minutes": max(1, round(wait / 60))},
                        status=429, content_type="text/plain; charset=utf-8",
                    )
                    response["Retry-After"] = str(int(wait))
                    return response
            return view(request, *args, **kwargs)

        return wrapper

    return decorate

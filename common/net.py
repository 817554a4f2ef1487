"""The client's address and the login name, read one way for throttles, lockouts and job quotas."""

from __future__ import annotations

import ipaddress
import unicodedata
from typing import Any

from django.conf import settings
from django.http import HttpRequest


def client_ip(request: HttpRequest) -> str:
    """REMOTE_ADDR, or with NUM_PROXIES trusted proxies the address the outermost one saw.

    Each trusted proxy appends the address it received the request from to X-Forwarded-For, so the
    client is the NUM_PROXIES-th entry from the right; anything a client wrote further left is
    ignored. With NUM_PROXIES=0 the header is not read at all (a client could forge it). This is
    DRF's reading of the same setting (`SimpleRateThrottle.get_ident`), kept identical on purpose.
    """
    remote = request.META.get("REMOTE_ADDR", "") or ""
    proxies = settings.NUM_PROXIES
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR")
    if proxies <= 0 or not forwarded:
        return remote
    addresses = [part.strip() for part in forwarded.split(",") if part.strip()]
    if not addresses:
        return remote
    candidate = addresses[-min(proxies, len(addresses))]
    try:
        return str(ipaddress.ip_address(candidate))
    except ValueError:
        return remote


def fold_login_name(name: str) -> str:
    """The account a login attempt is about: NFKC, case-folded and trimmed, so `Alice`, `alice `
    and the full-width `ａｌｉｃｅ` count against one account."""
    return unicodedata.normalize("NFKC", name).strip().casefold()[:150]


def login_name(request: HttpRequest | None, credentials: dict[str, Any] | None) -> str:
    """django-axes' username reader (AXES_USERNAME_CALLABLE)."""
    raw = ""
    if credentials:
        raw = str(credentials.get("username") or "")
    if not raw and request is not None and request.method == "POST":
        raw = str(request.POST.get("username", ""))
    return fold_login_name(raw)

"""Small request helpers every app's views share."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.http import url_has_allowed_host_and_scheme


def is_htmx(request: HttpRequest) -> bool:
    """Whether htmx sent the request (it sets `HX-Request: true`): answer with the partial."""
    return request.headers.get("HX-Request") == "true"


def safe_next(request: HttpRequest, target: str | None, default: str = "/") -> str:
    """`target` when it is a path on this site (over HTTPS when the request was), else `default`:
    never an open redirect."""
    if target and url_has_allowed_host_and_scheme(target, {request.get_host()}, require_https=request.is_secure()):
        return target
    return default

"""The OpenAPI schema says every status the API can answer, so clients (and the fuzzer) can rely on it.

drf-spectacular documents only the success answer by itself; this adds, per operation, the
answers that the site's shared machinery produces: 400 for bad input (any operation: the input gate
refuses control characters in the path and query string), 413 for oversized bodies, 415 for a body
of a media type no parser takes (wildcards such as `*/*` included), 411 for a chunked body without
a length (the gate cannot bound it before reading; DELETE included, as the gate reads any method's
body but GET, HEAD and OPTIONS), 401/403 where a login is needed, 404 for an unknown object or page,
429 from the throttles.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.openapi import AutoSchema


def _error(description: str) -> dict[str, Any]:
    return {
        "description": description,
        "content": {"application/json": {"schema": {"type": "object", "additionalProperties": True}}},
    }


class SiteAutoSchema(AutoSchema):
    def _get_response_bodies(self, direction: str = "response") -> dict[str, Any]:  # type: ignore[override]
        responses = super()._get_response_bodies(direction)
        # Any operation: the input gate (common.gate) refuses control characters in the path or the
        # query string, and every view refuses bad fields.
        responses.setdefault("400", _error("Entrada no válida: el cuerpo nombra cada campo erróneo o el carácter rechazado."))
        if self.method in ("POST", "PUT", "PATCH"):
            responses.setdefault("413", _error("El cuerpo es demasiado grande (lo rechaza el filtro de entrada)."))
            responses.setdefault("415", _error("El tipo del cuerpo (Content-Type) no es JSON ni un formulario."))
        if self.method in ("POST", "PUT", "PATCH", "DELETE"):
            responses.setdefault("411", _error("Cuerpo troceado sin Content-Length (lo rechaza el filtro de entrada)."))
        if self._is_list_view() or "{" in self.path:
            responses.setdefault("404", _error("No existe (o la página pedida no existe)."))
        if self.get_auth() and not self._allows_anonymous():
            responses.setdefault("401", _error("Hace falta identificarse."))
            responses.setdefault("403", _error("No tienes permiso."))
        if self.method == "GET" and (self._get_filter_parameters() or self._is_list_view()):
            # A query string past the server's request-line limit (gunicorn: 4094 bytes).
            responses.setdefault("414", {"description": "La dirección es demasiado larga (lo responde el servidor)."})
        responses.setdefault("429", _error("Demasiadas peticiones: espera lo que indica Retry-After."))
        return responses

    def _allows_anonymous(self) -> bool:
        from rest_framework.permissions import AllowAny, IsAuthenticatedOrReadOnly

        perms = [type(p) for p in self.view.get_permissions()]
        if not perms or AllowAny in perms:
            return True
        return IsAuthenticatedOrReadOnly in perms and self.method in ("GET", "HEAD", "OPTIONS")

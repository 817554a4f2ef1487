"""Pagination shared by every list endpoint (`count`, `next`, `previous`, `results`)."""

from __future__ import annotations

from rest_framework.exceptions import ValidationError
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request


class Pagination(PageNumberPagination):
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 100

    def get_page_size(self, request: Request) -> int:
        """A malformed `page_size` is a 400 naming it, not silently the default."""
        raw = request.query_params.get(self.page_size_query_param)
        if raw is None:
            return self.page_size
        if not raw.isdigit() or int(raw) < 1:
            raise ValidationError({"page_size": f"Debe ser un entero entre 1 y {self.max_page_size}."})
        return min(int(raw), self.max_page_size)

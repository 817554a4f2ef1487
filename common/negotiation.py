"""The API's content negotiation (settings.REST_FRAMEWORK), apart from common.gate: the gate runs on
every request and is imported by the models' validation, and a command that only plays need not
load DRF."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.http import parse_header_parameters
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.parsers import BaseParser
from rest_framework.request import Request


class ExactContentNegotiation(DefaultContentNegotiation):
    """DRF's negotiation, but a parser is chosen only for its own media type, named exactly
    (parameters such as charset aside): a wildcard such as `*/*` in a request's Content-Type is
    not a type the gate could read, so the API answers 415 instead of parsing it unread."""

    def select_parser(self, request: Request, parsers: Sequence[BaseParser]) -> BaseParser | None:
        media_type, _ = parse_header_parameters(request.content_type or "")  # lower-cased, as Django's
        return next((parser for parser in parsers if parser.media_type == media_type), None)

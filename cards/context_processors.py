from __future__ import annotations

from django.http import HttpRequest

from cards.models import Game


def site(request: HttpRequest) -> dict[str, object]:
    return {"games": Game.choices}

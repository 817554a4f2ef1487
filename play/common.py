"""What the play features share: the seed bound, the deck picker of their forms, the seat policies.

Shared by goldfish, matchups, table and compare, which import one another only through play.runs
and the shared modules (this one, play.sources, play.boards, play.events, play.labels, play.cli,
play.models); tests/test_layers.py holds the rooms.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from decks.models import Deck

MAX_SEED = 2**63 - 1
POLICY_CHOICES = [
    ("rules", _("por reglas")),
    ("random", _("al azar")),
    ("search-quick", _("búsqueda rápida")),
    ("search", _("búsqueda")),
    ("search-deep", _("búsqueda a fondo (el más fuerte, lento)")),
]


class DeckChoice(forms.ModelChoiceField):
    def label_from_instance(self, obj: Deck) -> str:
        return f"{obj.name} · {obj.get_game_display()} · {obj.owner.get_username()}"


def deck_field(user: Any, label: str, *, required: bool = False, own_only: bool = False) -> DeckChoice:
    qs = Deck.objects.owned_by(user) if own_only else Deck.objects.visible_to(user)
    return DeckChoice(
        queryset=qs.select_related("owner").order_by("game", "name_folded", "pk"), required=required,
        label=label, empty_label=_("— ninguno —"),
    )

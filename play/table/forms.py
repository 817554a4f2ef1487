"""Forms of the table: they parse input, nothing more."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from cards.models import Game
from cards.validation import MAX_LIST_CHARS
from play.common import MAX_SEED, deck_field


class TableStartForm(forms.Form):
    game = forms.ChoiceField(label=_("Juego"), choices=Game.choices)
    list = forms.CharField(
        label=_("Lista del mazo"), required=False, max_length=MAX_LIST_CHARS,
        widget=forms.Textarea(attrs={"rows": 10}),
    )
    seed = forms.IntegerField(label=_("Semilla (opcional)"), min_value=0, max_value=MAX_SEED, required=False)

    def __init__(self, *args: Any, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["deck"] = deck_field(user, _("…o uno de tus mazos (o público)"))
        self.order_fields(["game", "list", "deck", "seed"])

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not (data.get("list") or "").strip() and not data.get("deck"):
            raise forms.ValidationError(_("Pega una lista o elige un mazo."))
        return data


class TablePlayForm(forms.Form):
    """One click on the table: the state so far plus what the player chose."""

    game = forms.ChoiceField(choices=Game.choices)
    src = forms.CharField(max_length=70_000)
    seed = forms.IntegerField(min_value=0, max_value=MAX_SEED)
    decisions = forms.CharField(required=False, max_length=200_000)
    key = forms.CharField(required=False, max_length=200)
    undo = forms.BooleanField(required=False)
    new = forms.BooleanField(required=False)

"""Forms of the matchup, replay and gauntlet pages: they parse input, nothing more."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from cards.models import Game
from cards.validation import MAX_LIST_CHARS
from play.common import MAX_SEED, POLICY_CHOICES, deck_field
from play.matchups.services import GAUNTLET_MAX_GAMES, MAX_GAMES


class MatchupForm(forms.Form):
    game = forms.ChoiceField(label=_("Juego"), choices=Game.choices)
    list_a = forms.CharField(label=_("Lista del mazo A"), required=False, max_length=MAX_LIST_CHARS,
                             widget=forms.Textarea(attrs={"rows": 8}))
    list_b = forms.CharField(label=_("Lista del mazo B"), required=False, max_length=MAX_LIST_CHARS,
                             widget=forms.Textarea(attrs={"rows": 8}))
    games = forms.IntegerField(
        label=_("Partidas"), min_value=1, max_value=MAX_GAMES, initial=200,
        help_text=_("Lo que no cabe en un instante se juega en la cola de trabajos: verás su progreso."),
    )
    seed = forms.IntegerField(label=_("Semilla (opcional)"), min_value=0, max_value=MAX_SEED, required=False)
    policy_a = forms.ChoiceField(label=_("Jugador del mazo A"), choices=POLICY_CHOICES, initial="rules")
    policy_b = forms.ChoiceField(label=_("Jugador del mazo B"), choices=POLICY_CHOICES, initial="rules")

    def __init__(self, *args: Any, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["deck_a"] = deck_field(user, _("…o el mazo A de tus mazos o los públicos"))
        self.fields["deck_b"] = deck_field(user, _("…o el mazo B de tus mazos o los públicos"))
        self.order_fields(["game", "list_a", "deck_a", "list_b", "deck_b", "games", "seed", "policy_a", "policy_b"])

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        for side in ("a", "b"):
            text, deck = (data.get(f"list_{side}") or "").strip(), data.get(f"deck_{side}")
            if not text and not deck:
                self.add_error(f"list_{side}", _("Pega una lista o elige un mazo."))
            if deck is not None and data.get("game") and deck.game != data["game"]:
                self.add_error(f"deck_{side}", _("Ese mazo es de otro juego."))
        return data


class ReplayForm(forms.Form):
    """Every input of a recorded matchup game, from the query string."""

    game = forms.ChoiceField(choices=Game.choices)
    a = forms.CharField(max_length=70_000)
    b = forms.CharField(max_length=70_000)
    seed = forms.IntegerField(min_value=0, max_value=MAX_SEED)
    index = forms.IntegerField(min_value=0, max_value=MAX_GAMES - 1, required=False)
    # Players count games from 1 (the table of games does): `number` is `index` + 1.
    number = forms.IntegerField(min_value=1, max_value=MAX_GAMES, required=False)
    pa = forms.ChoiceField(choices=POLICY_CHOICES, required=False)
    pb = forms.ChoiceField(choices=POLICY_CHOICES, required=False)
    step = forms.IntegerField(min_value=0, required=False)
    # The decks' names as the matchup knew them (a pasted list has none); old links without them still work.
    na = forms.CharField(max_length=80, required=False)
    nb = forms.CharField(max_length=80, required=False)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("number") is not None:
            data["index"] = data["number"] - 1
        elif data.get("index") is None:
            data["index"] = 0
        return data


class GauntletForm(forms.Form):
    games = forms.IntegerField(label=_("Partidas contra cada rival"), min_value=1, max_value=GAUNTLET_MAX_GAMES, initial=5)
    seed = forms.IntegerField(label=_("Semilla"), min_value=0, max_value=MAX_SEED, initial=1)
    policy_a = forms.ChoiceField(label=_("Jugador de tu mazo"), choices=POLICY_CHOICES, initial="rules")
    policy_b = forms.ChoiceField(label=_("Jugador de los rivales"), choices=POLICY_CHOICES, initial="rules")

    def __init__(self, *args: Any, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["deck"] = deck_field(user, _("Tu mazo"), required=True, own_only=True)
        self.order_fields(["deck", "games", "seed", "policy_a", "policy_b"])

"""Deck forms: they parse input; the writes and the rules live in services and the engine."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from cards.models import Game
from cards.validation import MAX_LIST_CHARS
from decks.messages import VISIBILITY_LABELS
from decks.models import MAX_DESCRIPTION, MAX_NAME, MAX_QUANTITY, Visibility

MAX_UPLOAD_BYTES = 256 * 1024
LIST_PLACEHOLDER = "Mazo:\n1 Cañón del sacrificio (BASE-105)\nOrganismo de fisión\nTokens:\n1 Token de fisión"


class DeckDetailsForm(forms.Form):
    name = forms.CharField(label=_("Nombre"), max_length=MAX_NAME)
    description = forms.CharField(
        label=_("Descripción"), required=False, max_length=MAX_DESCRIPTION, widget=forms.Textarea(attrs={"rows": 3})
    )
    visibility = forms.ChoiceField(
        label=_("Visibilidad"), choices=list(VISIBILITY_LABELS.items()), initial=Visibility.PRIVATE,
        help_text=_(
            "Privado: solo tú. Oculto: quien tenga el enlace secreto. "
            "Público: todos, en la lista de mazos públicos."
        ),
    )


class DeckEditForm(DeckDetailsForm):
    built = forms.BooleanField(label=_("Lo tengo montado con cartas reales"), required=False)
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=1)


class DeckListForm(forms.Form):
    """A pasted or uploaded list; the text wins over nothing, the file over an empty text."""

    text = forms.CharField(
        label=_("Lista"), required=False, strip=False,
        widget=forms.Textarea(attrs={"rows": 14, "placeholder": LIST_PLACEHOLDER, "spellcheck": "false"}),
        help_text=_(
            "Una carta por línea: «[N] NOMBRE [(CÓDIGO)]», bajo encabezados como «Mazo:» y «Tokens:» "
            "(Eliria) o «Entes:» y «Elementos:» (Misión S.O.S)."
        ),
    )
    upload = forms.FileField(label=_("…o sube un archivo de texto"), required=False)

    def clean_text(self) -> str:
        text = self.cleaned_data.get("text") or ""
        if len(text) > MAX_LIST_CHARS:
            chars, limit = f"{len(text):,}".replace(",", "."), f"{MAX_LIST_CHARS:,}".replace(",", ".")
            raise forms.ValidationError(
                _("La lista tiene %(chars)s caracteres; el máximo es %(max)s.")
                % {"chars": chars, "max": limit}
            )
        return text

    def clean_upload(self) -> str | None:
        upload = self.cleaned_data.get("upload")
        if not upload:
            return None
        if upload.size > MAX_UPLOAD_BYTES:
            raise forms.ValidationError(
                _("El archivo pesa demasiado (máximo %(kb)s kB).") % {"kb": MAX_UPLOAD_BYTES // 1024}
            )
        raw = upload.read(MAX_UPLOAD_BYTES + 1)
        try:
            return raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise forms.ValidationError(_("El archivo no es texto en UTF-8.")) from None

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("upload"):
            data["text"] = data["upload"]
        return data


class NewDeckForm(DeckDetailsForm, DeckListForm):
    game = forms.ChoiceField(label=_("Juego"), choices=Game.choices)
    field_order = ["game", "name", "description", "visibility", "text", "upload"]


class ReplaceListForm(DeckListForm):
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=1)


class ChangeCardForm(forms.Form):
    """One click of the builder: add or remove a copy of a card in a section, or a typed quantity."""

    card = forms.IntegerField(min_value=1)
    section = forms.CharField(max_length=10)
    delta = forms.TypedChoiceField(choices=[("1", "+1"), ("-1", "-1")], coerce=int, required=False, empty_value=0)
    quantity = forms.IntegerField(required=False, min_value=0, max_value=MAX_QUANTITY)
    version = forms.IntegerField(min_value=1)
    q = forms.CharField(required=False, max_length=500)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not data.get("delta") and data.get("quantity") is None:
            raise forms.ValidationError(_("Falta la cantidad."))
        return data


class PinForm(forms.Form):
    """Pin an entry to one of its card's editions (0: no pin)."""

    card = forms.IntegerField(min_value=1)
    section = forms.CharField(max_length=10)
    edition = forms.IntegerField(min_value=0)
    version = forms.IntegerField(min_value=1)
    q = forms.CharField(required=False, max_length=500)


class VersionForm(forms.Form):
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=1)

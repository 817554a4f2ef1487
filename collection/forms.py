"""Collection forms: they parse input; reading the lines and writing live in imports/services."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from cards.models import Game
from collection.imports import MAX_BYTES, size_problem
from collection.models import MAX_COPIES, Condition

LIST_PLACEHOLDER = "3 Cañón del sacrificio (BASE-105)\nOrganismo de fisión\n2 Centinela de Ámbar"
MODE_CHOICES = [
    ("add", _("Añadir a lo que ya tengo")),
    ("replace", _("Reemplazar toda mi colección por esto")),
]


class ImportForm(forms.Form):
    """A pasted list or a CSV file; the file wins when both are given."""

    game = forms.ChoiceField(
        label=_("Juego"), required=False, choices=[("", _("Los dos juegos (cada línea en el suyo)")), *Game.choices],
        help_text=_("Con «los dos juegos», cada línea se busca en Eliria y en Misión S.O.S (en un CSV, su columna "
                    "game). Con un juego, las cartas de otro juego son un error."),
    )
    mode = forms.ChoiceField(label=_("Qué hacer"), choices=MODE_CHOICES, initial="add", widget=forms.RadioSelect)
    text = forms.CharField(
        label=_("Pega una lista"), required=False, strip=False,
        widget=forms.Textarea(attrs={"rows": 10, "placeholder": LIST_PLACEHOLDER, "spellcheck": "false"}),
        help_text=_("Una carta por línea, como en las listas de mazos: «[N] NOMBRE [(CÓDIGO)]». "
                    "El código manda; sin código, el nombre. Se añade la edición vigente."),
    )
    upload = forms.FileField(
        label=_("…o sube un CSV"), required=False,
        help_text=_("Columnas: game,code,edition,quantity,condition,language (cabecera obligatoria)."),
    )

    def clean_upload(self) -> bytes | None:
        upload = self.cleaned_data.get("upload")
        if not upload:
            return None
        problem = size_problem(upload.size)
        if problem:  # refused before reading a byte of it
            raise forms.ValidationError(problem.message[:1].upper() + problem.message[1:])
        return upload.read(MAX_BYTES + 1)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not self.errors and not data.get("upload") and not (data.get("text") or "").strip():
            raise forms.ValidationError(_("Pega una lista o sube un archivo CSV."))
        return data


class ConfirmForm(forms.Form):
    """The previewed import, sent back as it was shown."""

    kind = forms.ChoiceField(choices=[("csv", "csv"), ("list", "list")])
    game = forms.ChoiceField(required=False, choices=[("", ""), *Game.choices])
    mode = forms.ChoiceField(choices=MODE_CHOICES)
    content = forms.CharField(strip=False, max_length=MAX_BYTES * 4 // 3 + 4)  # base64
    fingerprint = forms.CharField(max_length=64)
    skip_bad = forms.BooleanField(required=False)  # «guardar sin las líneas con errores»


class ChangeForm(forms.Form):
    """+1 / −1 (or +N) copies of a card, of an edition, condition and language if given."""

    card = forms.IntegerField(min_value=1)
    delta = forms.IntegerField(min_value=-MAX_COPIES, max_value=MAX_COPIES)
    edition = forms.IntegerField(min_value=1, required=False)
    condition = forms.ChoiceField(required=False, choices=[("", _("Sin indicar")), *Condition.choices])
    language = forms.CharField(required=False, max_length=3)
    next = forms.CharField(required=False, max_length=500)

    def clean_language(self) -> str:
        return (self.cleaned_data.get("language") or "").strip().lower()


class FlagForm(forms.Form):
    value = forms.BooleanField(required=False)


class DataImportForm(forms.Form):
    upload = forms.FileField(label=_("Archivo de «Descargar mis datos» (.json)"))

"""Admin for the publisher's editors: cards with their editions inline, image upload."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin

from cards.catalogue import effects_problems
from cards.images import ImageRejected, clean_image
from cards.models import Card, Edition, Set
from cards.services import card_refresh_current


class EditionForm(forms.ModelForm):
    class Meta:
        model = Edition
        fields = [
            "edition", "released", "potential", "card_class", "cross", "passive", "resistance", "attacks",
            "subtype", "effect", "effects", "water", "air", "fire", "earth", "chest", "image", "flavor", "artist",
            "errata",
        ]

    def clean_effects(self) -> Any:
        """The card's behaviour is checked by the engine's vocabulary, as on import (one rule, one place)."""
        effects = self.cleaned_data.get("effects")
        card = getattr(self.instance, "card", None) or getattr(self, "parent_card", None)
        game = getattr(card, "game", "eliria")
        problems = effects_problems(effects, game=game, attacks=self.cleaned_data.get("attacks"))
        if problems:
            raise forms.ValidationError(problems)
        return effects

    def clean_image(self) -> Any:
        """Uploads go through the same checks as imports: type, pixel bombs, re-encoding."""
        upload = self.cleaned_data.get("image")
        if not upload or not hasattr(upload, "read") or getattr(upload, "_committed", False):
            return upload
        try:
            name, data = clean_image(upload.read())
        except ImageRejected as exc:
            raise forms.ValidationError(str(exc)) from None
        from django.core.files.base import ContentFile

        return ContentFile(data, name=name)


class EditionInline(admin.StackedInline):
    model = Edition
    form = EditionForm
    extra = 0


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    list_display = ["code", "name", "game", "type", "set", "unsimulated"]
    list_filter = ["game", "type", "set", "unsimulated"]
    search_fields = ["code", "name", "name_folded"]
    inlines = [EditionInline]
    list_select_related = ["set"]

    def save_related(self, request: Any, form: Any, formsets: Any, change: bool) -> None:
        from cards.tasks import faces_after_change  # the faces' drawing (Pillow) loads with an editor's save

        super().save_related(request, form, formsets, change)
        card_refresh_current(card=form.instance)  # ruling TERCERO: the newest edition's text
        faces_after_change(card_ids=[form.instance.pk])  # its new face is drawn ahead (cards.tasks)


@admin.register(Set)
class SetAdmin(admin.ModelAdmin):
    list_display = ["code", "name", "game", "released", "sample"]
    list_filter = ["game", "sample"]

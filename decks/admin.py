"""Admin: decks with their entries inline and their revisions read-only."""

from __future__ import annotations

from django.contrib import admin

from decks.models import Deck, DeckEntry, DeckRevision
from decks.services import deck_update


class DeckEntryInline(admin.TabularInline):
    """Read-only: a deck's list changes through decks.services, which records the revision."""

    model = DeckEntry
    extra = 0
    can_delete = False
    fields = ["section", "card", "quantity", "edition"]
    readonly_fields = fields

    def has_add_permission(self, request, obj=None) -> bool:  # type: ignore[no-untyped-def]
        return False


class DeckRevisionInline(admin.TabularInline):
    model = DeckRevision
    extra = 0
    can_delete = False
    fields = ["number", "created", "author", "note"]
    readonly_fields = fields
    ordering = ["-number"]

    def has_add_permission(self, request, obj=None) -> bool:  # type: ignore[no-untyped-def]
        return False


@admin.register(Deck)
class DeckAdmin(admin.ModelAdmin):
    list_display = ["name", "game", "owner", "visibility", "version", "updated"]
    list_filter = ["game", "visibility", "built"]
    search_fields = ["name", "owner__username"]
    readonly_fields = ["owner", "game", "slug", "version", "forked_from", "created", "updated"]
    inlines = [DeckEntryInline, DeckRevisionInline]

    def has_add_permission(self, request) -> bool:  # type: ignore[no-untyped-def]
        return False  # decks are made by players, through decks.services

    def save_model(self, request, obj, form, change) -> None:  # type: ignore[no-untyped-def]
        """Edits go through the service: the version moves on and a revision is recorded."""
        deck_update(
            obj, expected_version=obj.version, actor=request.user, name=obj.name,
            description=obj.description, visibility=obj.visibility, built=obj.built,
            note="Editado en la administración",
        )

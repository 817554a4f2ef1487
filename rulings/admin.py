"""Admin for the publisher's editors: a ruling with the card codes it names inline."""

from __future__ import annotations

from django.contrib import admin

from rulings.models import Ruling, RulingCard


class RulingCardInline(admin.TabularInline):
    model = RulingCard
    extra = 0
    fields = ["role", "code", "position"]


@admin.register(Ruling)
class RulingAdmin(admin.ModelAdmin):
    list_display = ["number", "title", "date", "code", "all_cards", "edition"]
    list_filter = ["game", "all_cards"]
    search_fields = ["title", "text_folded", "links__code"]
    inlines = [RulingCardInline]

from django.contrib import admin

from collection.models import CollectionItem, WantedDeck


@admin.register(CollectionItem)
class CollectionItemAdmin(admin.ModelAdmin):
    list_display = ("owner", "card", "edition", "quantity", "condition", "language", "updated")
    list_filter = ("card__game", "condition", "language")
    search_fields = ("owner__username", "card__code", "card__name")
    raw_id_fields = ("owner", "edition")
    list_select_related = ("owner", "card", "edition")


@admin.register(WantedDeck)
class WantedDeckAdmin(admin.ModelAdmin):
    list_display = ("deck", "owner", "created")
    raw_id_fields = ("owner", "deck")
    list_select_related = ("owner", "deck")

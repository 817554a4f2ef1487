"""Deck pages (decks/views/, one module per thing a player does with decks). The account pages
are mounted by the site (eliria_site/urls.py)."""

from django.urls import path

from decks.views import builder, details, files, listing, odds, page, paste, revisions

app_name = "decks"

urlpatterns = [
    # Lists of decks (decks/views/listing.py).
    path("mazos/", listing.deck_mine, name="mine"),
    path("mazos/<int:pk>/archivar/", listing.deck_archive_view, name="archive"),
    path("mazos/<int:pk>/carpeta/", listing.deck_folder_view, name="folder"),
    path("mazos/publicos/", listing.deck_public, name="public"),
    # A deck from a list (paste.py), the deck page (page.py) and its builder (builder.py).
    path("mazos/nuevo/", paste.deck_new, name="new"),
    path("mazos/<int:pk>/", page.deck_detail, name="detail"),
    path("mazos/<int:pk>/datos/", details.deck_edit, name="edit"),
    path("mazos/<int:pk>/lista/", paste.deck_replace_list, name="replace"),
    path("mazos/<int:pk>/buscar/", builder.deck_search, name="search"),
    path("mazos/<int:pk>/cartas/", builder.deck_change, name="change"),
    path("mazos/<int:pk>/ediciones/", builder.deck_pin, name="pin"),
    path("mazos/<int:pk>/borrar/", details.deck_delete_view, name="delete"),
    path("mazos/<int:pk>/revisiones/", revisions.deck_revisions, name="revisions"),
    path("mazos/<int:pk>/revisiones/<int:number>/restaurar/", revisions.deck_restore, name="restore"),
    path("mazos/<int:pk>/exportar/<slug:fmt>/", files.deck_export, name="export"),
    path("mazos/<int:pk>/pruebas.pdf", files.deck_proxies, name="proxies"),
    path("mazos/<int:pk>/imagen.png", files.deck_picture, name="picture"),
    path("mazos/<int:pk>/copiar/", details.deck_fork_view, name="fork"),
    # The odds panel, tags and considering board (odds.py).
    path("mazos/<int:pk>/probabilidades/", odds.deck_odds, name="odds"),
    path("mazos/<int:pk>/estudio/", odds.deck_board, name="board"),
    path("mazos/<int:pk>/estudio/etiquetas/", odds.deck_tags, name="tags"),
    path("mazos/<int:pk>/estudio/cartas/", odds.deck_consider, name="consider"),
    # The card page's "add to a deck" and "decks that use this card" (htmx partial).
    path("mazos/carta/<slug:game>/<str:code>/", builder.card_decks, name="card-decks"),
    # Unlisted decks (and public ones) by their secret link.
    path("mazos/enlace/<slug:slug>/", page.deck_detail, name="shared"),
    path("mazos/enlace/<slug:slug>/exportar/<slug:fmt>/", files.deck_export, name="shared-export"),
    path("mazos/enlace/<slug:slug>/pruebas.pdf", files.deck_proxies, name="shared-proxies"),
    path("mazos/enlace/<slug:slug>/imagen.png", files.deck_picture, name="shared-picture"),
    path("mazos/enlace/<slug:slug>/copiar/", details.deck_fork_view, name="shared-fork"),
    path("mazos/enlace/<slug:slug>/probabilidades/", odds.deck_odds, name="shared-odds"),
]

"""Deck pages, and the account pages mounted beside them.

The accounts app keeps Django's un-namespaced auth URL names (login, password_reset_confirm…)
that its views and mails reverse, so it is included here without a namespace, under /cuenta/.
"""

from django.urls import include, path

from decks import views, views_mine, views_odds, views_picture

deck_patterns = [
    path("mazos/", views_mine.deck_mine, name="mine"),
    path("mazos/<int:pk>/archivar/", views_mine.deck_archive_view, name="archive"),
    path("mazos/<int:pk>/carpeta/", views_mine.deck_folder_view, name="folder"),
    path("mazos/publicos/", views.deck_public, name="public"),
    path("mazos/nuevo/", views.deck_new, name="new"),
    path("mazos/<int:pk>/", views.deck_detail, name="detail"),
    path("mazos/<int:pk>/datos/", views.deck_edit, name="edit"),
    path("mazos/<int:pk>/lista/", views.deck_replace_list, name="replace"),
    path("mazos/<int:pk>/buscar/", views.deck_search, name="search"),
    path("mazos/<int:pk>/cartas/", views.deck_change, name="change"),
    path("mazos/<int:pk>/ediciones/", views.deck_pin, name="pin"),
    path("mazos/<int:pk>/borrar/", views.deck_delete_view, name="delete"),
    path("mazos/<int:pk>/revisiones/", views.deck_revisions, name="revisions"),
    path("mazos/<int:pk>/revisiones/<int:number>/restaurar/", views.deck_restore, name="restore"),
    path("mazos/<int:pk>/exportar/<slug:fmt>/", views.deck_export, name="export"),
    path("mazos/<int:pk>/pruebas.pdf", views.deck_proxies, name="proxies"),
    path("mazos/<int:pk>/imagen.png", views_picture.deck_picture, name="picture"),
    path("mazos/<int:pk>/copiar/", views.deck_fork_view, name="fork"),
    # The odds panel, tags and considering board (decks/views_odds.py).
    path("mazos/<int:pk>/probabilidades/", views_odds.deck_odds, name="odds"),
    path("mazos/<int:pk>/estudio/", views_odds.deck_board, name="board"),
    path("mazos/<int:pk>/estudio/etiquetas/", views_odds.deck_tags, name="tags"),
    path("mazos/<int:pk>/estudio/cartas/", views_odds.deck_consider, name="consider"),
    # The card page's "add to a deck" and "decks that use this card" (htmx partial).
    path("mazos/carta/<slug:game>/<str:code>/", views.card_decks, name="card-decks"),
    # Unlisted decks (and public ones) by their secret link.
    path("mazos/enlace/<slug:slug>/", views.deck_detail, name="shared"),
    path("mazos/enlace/<slug:slug>/exportar/<slug:fmt>/", views.deck_export, name="shared-export"),
    path("mazos/enlace/<slug:slug>/pruebas.pdf", views.deck_proxies, name="shared-proxies"),
    path("mazos/enlace/<slug:slug>/imagen.png", views_picture.deck_picture, name="shared-picture"),
    path("mazos/enlace/<slug:slug>/copiar/", views.deck_fork_view, name="shared-fork"),
    path("mazos/enlace/<slug:slug>/probabilidades/", views_odds.deck_odds, name="shared-odds"),
]

urlpatterns = [
    path("", include((deck_patterns, "decks"))),
    path("cuenta/", include("accounts.urls")),
]

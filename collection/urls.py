from django.urls import path

from collection import deck_views, views

app_name = "collection"

urlpatterns = [
    path("coleccion/", views.collection_page, name="mine"),
    path("coleccion/cambiar/", views.collection_change, name="change"),
    path("coleccion/carta/<slug:game>/<str:code>/", views.collection_card, name="card"),
    path("coleccion/importar/", views.collection_import, name="import"),
    path("coleccion/exportar.csv", views.collection_export, name="export"),
    path("coleccion/expansiones/", views.collection_sets, name="sets"),
    path("coleccion/datos/", views.data_page, name="data"),
    path("coleccion/datos/descargar.json", views.data_download, name="data-download"),
    path("coleccion/datos/importar/", views.data_upload, name="data-upload"),
    path("coleccion/mazo/<int:deck_id>/", deck_views.deck_have_need, name="deck"),
    path("coleccion/mazo/<int:deck_id>/faltan.txt", deck_views.deck_missing_text, name="deck-missing"),
    path("coleccion/mazo/<int:deck_id>/montado/", deck_views.deck_built, name="built"),
    path("coleccion/mazo/<int:deck_id>/deseado/", deck_views.deck_wanted, name="wanted"),
    path("coleccion/compras/", deck_views.shopping_page, name="shopping"),
    path("coleccion/compras/descargar/<slug:fmt>/", deck_views.shopping_download, name="shopping-download"),
]

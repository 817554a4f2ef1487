from django.urls import path

from cards import views

app_name = "cards"

urlpatterns = [
    path("", views.home, name="home"),
    path("cartas/", views.card_list, name="list"),
    path("cartas/<slug:game>/<str:code>/", views.card_detail, name="detail"),
    path("cartas/<slug:game>/<str:code>/cara.png", views.card_face, name="face"),
    path("cartas/<slug:game>/<str:code>/cara-<int:number>.png", views.card_face, name="face-n"),
    path("busqueda/", views.search_help, name="search-help"),
    path("cartas/indice-<int:version>.json", views.search_index, name="search-index"),
    path("sw.js", views.service_worker, name="service-worker"),
    path("sin-conexion/", views.offline, name="offline"),
]

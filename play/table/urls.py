"""The solitaire table (its patterns join the ``play`` namespace in play/urls.py)."""

from django.urls import path

from play.table import views

urlpatterns = [
    path("goldfish/mesa/", views.table_page, name="table"),
    path("goldfish/mesa/empezar/", views.table_start, name="table-start"),
    path("goldfish/mesa/jugar/", views.table_move, name="table-move"),
]

"""«Mejorar el mazo» (its patterns join the ``play`` namespace in play/urls.py)."""

from django.urls import path

from play.improve import views

urlpatterns = [
    path("mazos/mejorar/", views.improve_page, name="improve"),
    path("mazos/mejorar/guardar/", views.improve_save, name="improve-save"),
]

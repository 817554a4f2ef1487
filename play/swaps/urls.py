"""Swap suggestions (their pattern joins the ``play`` namespace in play/urls.py)."""

from django.urls import path

from play.swaps import views

urlpatterns = [
    path("mazos/sugerencias/", views.swaps_page, name="swaps"),
]

"""The players' page (its pattern joins the ``play`` namespace in play/urls.py)."""

from django.urls import path

from play.players import views

urlpatterns = [path("jugadores/", views.players_page, name="players")]

"""Matchups, replays and the gauntlet (their patterns join the ``play`` namespace in play/urls.py)."""

from django.urls import path

from play.matchups import views

urlpatterns = [
    path("enfrentamientos/", views.matchup_page, name="matchups"),
    path("enfrentamientos/partida/", views.replay_page, name="replay"),
    path("enfrentamientos/contra-todos/", views.gauntlet_page, name="gauntlet"),
]

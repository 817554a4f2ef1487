"""Comparisons and saved fields (their patterns join the ``play`` namespace in
play/urls.py)."""

from django.urls import path

from play.compare import field_views, views

urlpatterns = [
    path("mazos/comparar/", views.compare_page, name="compare"),
    path("enfrentamientos/campos/", field_views.fields_page, name="fields"),
    path("enfrentamientos/campos/<int:pk>/", field_views.field_page, name="field"),
]

"""The page of a queued run (its patterns join the ``play`` namespace in play/urls.py)."""

from django.urls import path

from play.runs import views

urlpatterns = [
    path("goldfish/runs/<uuid:run_id>/", views.run_detail, name="run"),
    path("goldfish/runs/<uuid:run_id>/cancelar/", views.run_cancel_page, name="run-cancel"),
]

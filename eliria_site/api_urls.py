"""Every API route, in one router file."""

from django.urls import path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from cards import api as cards_api
from decks import api_play

app_name = "api"

urlpatterns = [
    path("cards/", cards_api.CardList.as_view(), name="card-list"),
    path("cards/<slug:game>/<str:code>/", cards_api.CardDetail.as_view(), name="card-detail"),
    path("sets/", cards_api.SetList.as_view(), name="set-list"),
    path("decks/validate/", api_play.validate_deck, name="deck-validate"),
    path("goldfish/", api_play.goldfish_run, name="goldfish"),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api:schema"), name="docs"),
]

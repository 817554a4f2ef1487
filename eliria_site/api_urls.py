"""Every API route, in one router file."""

from django.urls import path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework.routers import SimpleRouter

from cards import api as cards_api
from cards.pagecache import anonymous_cache
from collection.api import CollectionDeckViewSet, CollectionViewSet
from decks import api_odds, api_validate
from decks.api import DeckViewSet
from play.compare import api as api_compare
from play.goldfish import api as api_goldfish
from play.improve import api as api_improve
from play.matchups import api as play_api
from play.runs import api as api_runs
from play.swaps import api as api_swaps
from rulings import api as rulings_api

app_name = "api"

# Deck ids are digits only, so "decks/validate/" above can never be read as a deck.
decks_router = SimpleRouter()
decks_router.register("decks", DeckViewSet, basename="deck")
collection_router = SimpleRouter()
collection_router.register("collection/decks", CollectionDeckViewSet, basename="collection-deck")
collection_router.register("collection", CollectionViewSet, basename="collection")

urlpatterns = [
    # The search's JSON is the same for anyone when the query is not personal: signed-in players
    # are served the anonymous copy too (cards.api.search_answer_is_public).
    path("cards/", anonymous_cache(cards_api.CardList.as_view(), cards_api.search_answer_is_public),
         name="card-list"),
    path("cards/<slug:game>/<str:code>/", anonymous_cache(cards_api.CardDetail.as_view()), name="card-detail"),
    path("sets/", cards_api.SetList.as_view(), name="set-list"),
    path("rulings/", rulings_api.RulingList.as_view(), name="ruling-list"),
    path("rulings/<int:number>/", rulings_api.RulingDetail.as_view(), name="ruling-detail"),
    path("decks/validate/", api_validate.validate_deck, name="deck-validate"),
    path("odds/", api_odds.odds, name="odds"),
    path("goldfish/", api_goldfish.goldfish_run, name="goldfish"),
    path("goldfish/compare/", api_compare.goldfish_compare, name="goldfish-compare"),
    path("goldfish/swaps/", api_swaps.goldfish_swaps, name="goldfish-swaps"),
    path("goldfish/improve/", api_improve.goldfish_improve, name="goldfish-improve"),
    path("matchups/", play_api.matchups, name="matchups"),
    path("matchups/replay/", play_api.matchup_replay_view, name="matchup-replay"),
    path("matchups/compare/", api_compare.matchup_compare, name="matchup-compare"),
    path("matchups/runs/<uuid:run_id>/", api_runs.matchup_run_status, name="matchup-run"),
    path("runs/<uuid:run_id>/", api_runs.run_status, name="run"),
    path("runs/<uuid:run_id>/cancel/", api_runs.run_cancel_view, name="run-cancel"),
    *decks_router.urls,
    *collection_router.urls,
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="api:schema"), name="docs"),
]

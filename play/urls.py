"""The ``play`` namespace: every feature's pages but the goldfish's (``goldfish``, play/goldfish/urls.py)."""

from play.compare import urls as compare
from play.improve import urls as improve
from play.matchups import urls as matchups
from play.players import urls as players
from play.runs import urls as runs
from play.swaps import urls as swaps
from play.table import urls as table

app_name = "play"

urlpatterns = [*runs.urlpatterns, *table.urlpatterns, *matchups.urlpatterns, *compare.urlpatterns, *swaps.urlpatterns,
               *improve.urlpatterns, *players.urlpatterns]

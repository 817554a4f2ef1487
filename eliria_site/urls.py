"""Top-level URLs: pages per app, the API under /api/, health check, i18n switch."""

from django.conf import settings
from django.contrib import admin
from django.urls import include, path
from django.views.static import serve

from common.health import healthz
from eliria_site.views import switch_language

# The API first: Django tries the patterns in order, and reaching "api/" after every page's
# pattern cost a validation request 11 % of its time (bench/requests_profile.py, URL resolving).
# No page's path starts with "api/".
urlpatterns = [
    path("api/", include("eliria_site.api_urls")),
    path("", include("cards.urls")),
    path("", include("rulings.urls")),
    path("", include("decks.urls")),
    path("cuenta/", include("accounts.urls")),
    path("", include("play.goldfish.urls")),
    path("", include("collection.urls")),
    path("", include("play.urls")),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("idioma/<str:code>/", switch_language, name="language"),
    path("healthz", healthz, name="healthz"),
    # Uploaded card scans; a deployment may serve MEDIA_ROOT from its proxy instead.
    path("media/<path:path>", serve, {"document_root": settings.MEDIA_ROOT}),
]

# Django's last resort: the database down is a 503 with Retry-After (JSON on the API), never a 500.
handler500 = "common.outage.server_error"

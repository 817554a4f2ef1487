"""The site's URLs plus one page that fails, to see the 500 page a player would get."""

from django.urls import path

from eliria_site.urls import urlpatterns as site_patterns


def boom(request):  # type: ignore[no-untyped-def]
    raise RuntimeError("a deliberate failure for the 500 page test")


urlpatterns = [path("boom/", boom), *site_patterns]

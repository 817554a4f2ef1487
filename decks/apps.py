from django.apps import AppConfig


class DecksConfig(AppConfig):
    name = "decks"
    verbose_name = "Mazos"

    def ready(self) -> None:
        # The deck pages' filters join the site's `{% load site_i18n %}` library, which lives in
        # common and so cannot import this app.
        from common.templatetags.site_i18n import add_filters
        from decks.template_filters import FILTERS

        add_filters(FILTERS)

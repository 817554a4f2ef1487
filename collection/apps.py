from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CollectionConfig(AppConfig):
    name = "collection"
    verbose_name = _("Colección")

    def ready(self) -> None:
        # The catalogue search gains `owned` and `missing` without importing this app.
        from collection.search import register

        register()

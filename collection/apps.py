from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CollectionConfig(AppConfig):
    name = "collection"
    verbose_name = _("Colección")

    def ready(self) -> None:
        # The catalogue gains `owned` and `missing` in its search and the owned counts on its pages,
        # without importing this app.
        from cards.extensions import register_owned_counts
        from collection.search import register
        from collection.selectors import owned_copies, with_owned

        register()
        register_owned_counts(with_owned, owned_copies)

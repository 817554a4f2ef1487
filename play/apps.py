from django.apps import AppConfig


class PlayConfig(AppConfig):
    name = "play"
    verbose_name = "Simulaciones"

    def ready(self) -> None:
        # A deck's history shows the comparisons kept with its revisions, without decks importing play.
        from decks.history import register_revision_notes
        from play.compare_history import history_notes

        register_revision_notes(history_notes)

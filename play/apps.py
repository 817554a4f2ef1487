from django.apps import AppConfig


class PlayConfig(AppConfig):
    name = "play"
    verbose_name = "Simulaciones"

    def ready(self) -> None:
        # A deck's history shows the comparisons kept with its revisions, without decks importing play.
        from decks.history import register_revision_notes
        from play.compare.history import history_notes

        register_revision_notes(history_notes)
        # Each kind of run registers its job with the queue (play.runs.jobs), which names no feature.
        from play.compare import jobs as compare_jobs  # noqa: F401
        from play.goldfish import jobs as goldfish_jobs  # noqa: F401
        from play.improve import jobs as improve_jobs  # noqa: F401
        from play.matchups import jobs as matchup_jobs  # noqa: F401
        from play.swaps import jobs as swaps_jobs  # noqa: F401

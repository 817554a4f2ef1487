from django.apps import AppConfig

# Card-search flags for "the card is named by a ruling": has:rulings, tiene:resolucion…
FLAG_NAMES = ("rulings", "ruling", "resolucion", "resoluciones")


class RulingsConfig(AppConfig):
    name = "rulings"
    verbose_name = "Resoluciones"

    def ready(self) -> None:
        from django.db.models import Exists, OuterRef, Q

        from cards.extensions import register_rulings
        from cards.search import register_flag
        from rulings.models import RulingCard
        from rulings.services import rulings_for_card

        # Card pages and the card API list the rulings that touch a card.
        register_rulings(rulings_for_card)

        # Only cards a ruling names (involved): TERCERO covers every card and would make the
        # flag match the whole catalogue.
        named = RulingCard.objects.filter(
            role=RulingCard.Role.INVOLVED, code=OuterRef("code"), ruling__game=OuterRef("game")
        )
        for name in FLAG_NAMES:
            register_flag(name, Q(Exists(named)))

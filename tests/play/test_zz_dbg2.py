import pytest, re
from tests.play.test_compare_pages import _login, SWAPS
@pytest.mark.django_db
def test_dbg(client, decks):
    from cards.models import Card
    from decks.services import deck_consider_add
    deck = decks["ana_private"]
    card = Card.objects.filter(game="eliria", type="combat").order_by("-code").first()
    deck_consider_add(deck=deck, actor=deck.owner, card=card)
    _login(client, deck.owner)
    h = client.get(SWAPS, {"deck": deck.pk}).content.decode()
    print(re.findall(r'<input[^>]*considering[^>]*>', h))

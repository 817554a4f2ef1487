"""The interactive solitaire table: seed + decisions in the form, replayed per request."""

from __future__ import annotations

import pytest

from cards.validation import validate_list
from engine import IllegalAction
from play.sources import from_deck, pack_list
from play.table.services import table_play
from tests.play.conftest import MULLIGAN_LIST, mulligan_seed

START, MOVE = "/goldfish/mesa/empezar/", "/goldfish/mesa/jugar/"


def entries(text):  # type: ignore[no-untyped-def]
    return validate_list("eliria", text).entries


@pytest.mark.django_db
def test_a_table_starts_with_an_opening_hand_and_legal_actions(eliria_list):
    table = table_play(game="eliria", entries=entries(eliria_list), seed=1, decisions=[])
    assert len(table.state["hand"]) == 5 and table.state["deck"] == 35
    assert table.state["turn"] == 1 and table.state["phase"] == "movimiento"
    assert {"key": "end", "label": "Terminar la fase de movimiento", "code": "action.end", "params": {}} in table.state["actions"]
    assert [s["empty"] for s in table.state["board"]] == [True, True, True] and len(table.state["support"]) == 5
    assert "roba la mano" in table.log[0]["text"]


@pytest.mark.django_db
def test_rule_11b_the_player_chooses_the_mulligan_discard(bundled):
    seed = mulligan_seed()
    table = table_play(game="eliria", entries=entries(MULLIGAN_LIST), seed=seed, decisions=[])
    assert table.state["phase"] == "mulligan"
    keys = [a["key"] for a in table.state["actions"]]
    assert [k for k in keys if k.startswith("mulligan_discard:")] == [f"mulligan_discard:{i}" for i in range(5)]
    chosen = table.state["hand"][3]
    after = table_play(game="eliria", entries=entries(MULLIGAN_LIST), seed=seed, decisions=[], key="mulligan_discard:3")
    assert after.state["mulligans"] == 1
    assert [c["code"] for c in after.state["discard"]] == [chosen["code"]]
    assert len(after.state["hand"]) == 5 and after.decisions == ["mulligan_discard:3"]
    assert any("mulligan" in row["text"] for row in after.log)


@pytest.mark.django_db
def test_a_combatant_played_face_up_powers_up_over_two_turns_and_undo_goes_back(eliria_list):
    deck = entries(eliria_list)
    played = table_play(game="eliria", entries=deck, seed=1, decisions=[], key="play:0:slot0:up")  # Aprendiz
    slot = played.state["board"][0]
    assert not slot["empty"] and slot["up"] and slot["power"] == 0 and slot["potential"] >= 2
    one = table_play(game="eliria", entries=deck, seed=1, decisions=played.decisions, key="end")
    two = table_play(game="eliria", entries=deck, seed=1, decisions=one.decisions, key="end")
    assert (one.state["turn"], one.state["board"][0]["power"]) == (2, 1)  # rule 12.c: +1 per Poder phase
    assert (two.state["turn"], two.state["board"][0]["power"]) == (3, 2)
    assert two.state["deck"] == 33  # a draw each turn after the first (12.a)
    undone = table_play(game="eliria", entries=deck, seed=1, decisions=two.decisions, undo=True)
    assert undone.decisions == one.decisions and undone.state == one.state


@pytest.mark.django_db
def test_an_illegal_key_names_the_decision(eliria_list):
    with pytest.raises(IllegalAction, match="«attack:slot9:0» no es una decisión válida"):
        table_play(game="eliria", entries=entries(eliria_list), seed=1, decisions=[], key="attack:slot9:0")


@pytest.mark.django_db
def test_the_page_starts_a_table_from_a_pasted_list(client, eliria_list):
    page = client.get("/goldfish/mesa/")
    assert page.status_code == 200 and 'name="list"' in page.content.decode()
    r = client.post(START, {"game": "eliria", "list": eliria_list, "seed": 1})
    html = r.content.decode()
    assert r.status_code == 200
    assert html.count('class="hand-card"') == 5 and "/cartas/eliria/BASE-002/cara.png" in html
    assert "Aprendiz de la Bruma" in html and "Fase de movimiento (12.b)" in html
    assert 'value="play:0:slot0:up"' in html and "Deshacer" in html and "Nueva mano" in html
    assert 'name="decisions" value=""' in html and 'name="seed" value="1"' in html


def post_move(client, src, decisions, **extra):  # type: ignore[no-untyped-def]
    data = {"game": "eliria", "src": src, "seed": 1, "decisions": " ".join(decisions), **extra}
    return client.post(MOVE, data, HTTP_HX_REQUEST="true")


@pytest.mark.django_db
def test_each_click_posts_the_decisions_and_gets_the_table_partial(client, eliria_list):
    src = "list:" + pack_list(eliria_list)
    r = post_move(client, src, [], key="play:0:slot0:up")
    html = r.content.decode()
    assert r.status_code == 200 and "<html" not in html and 'id="table"' in html
    assert 'name="decisions" value="play:0:slot0:up"' in html
    r = post_move(client, src, ["play:0:slot0:up", "end"], key="end")
    html = r.content.decode()
    assert '<span class="power">2</span>/<span class="potential">' in html
    r = post_move(client, src, ["play:0:slot0:up", "end", "end"], undo="true")
    assert '<span class="power">1</span>/<span class="potential">' in r.content.decode()


@pytest.mark.django_db
def test_an_invalid_key_is_a_400_with_a_clear_message_and_the_table_as_it_was(client, eliria_list):
    r = post_move(client, "list:" + pack_list(eliria_list), ["play:0:slot0:up"], key="move:slot2:slot0")
    html = r.content.decode()
    assert r.status_code == 400
    assert "«move:slot2:slot0» no es una decisión válida" in html
    assert 'name="decisions" value="play:0:slot0:up"' in html  # the table before the refused click
    r = post_move(client, "list:" + pack_list(eliria_list), ["nonsense!"], key="end")
    assert r.status_code == 400 and "no es una decisión válida" in r.content.decode()


@pytest.mark.django_db
def test_new_hand_deals_with_a_new_seed(client, eliria_list):
    r = post_move(client, "list:" + pack_list(eliria_list), ["play:0:slot0:up"], new="true")
    html = r.content.decode()
    assert 'name="decisions" value=""' in html and 'name="seed" value="1"' not in html


@pytest.mark.django_db
def test_a_broken_token_or_unknown_cards_are_refused(client, bundled):
    assert post_move(client, "list:%%%", []).status_code == 400
    r = client.post(START, {"game": "eliria", "list": "Mazo:\n1 Lobo de ceniza\n2 Carta inventada\n"})
    assert r.status_code == 400 and "Línea 3" in r.content.decode()


@pytest.mark.django_db
def test_a_deck_opens_by_id_for_its_owner_or_when_public_and_by_slug_when_unlisted(client, decks, players):
    ana, _bruno = players
    client.force_login(ana)
    own = client.get(f"/goldfish/mesa/?deck={decks['ana_private'].pk}&seed=3")
    assert own.status_code == 200 and "Privado de Ana" in own.content.decode()
    assert 'id="permalink"' in own.content.decode()
    assert client.get(f"/goldfish/mesa/?deck={decks['bruno_public'].pk}").status_code == 200
    assert client.get(f"/goldfish/mesa/?slug={decks['bruno_unlisted'].slug}").status_code == 200
    assert client.get(f"/goldfish/mesa/?deck={decks['bruno_unlisted'].pk}").status_code == 404
    assert client.get(f"/goldfish/mesa/?deck={decks['bruno_private'].pk}").status_code == 404
    r = client.post(MOVE, {"game": "eliria", "src": f"deck:{decks['bruno_private'].pk}", "seed": 1, "decisions": ""})
    assert r.status_code == 404


@pytest.mark.django_db
def test_a_permalink_replays_a_saved_decks_position(client, decks, players):
    client.force_login(players[0])
    deck = decks["ana_private"]
    source = from_deck(deck)
    seed = next(s for s in range(50) if table_play(game="eliria", entries=source.entries, seed=s, decisions=[]).state["phase"] == "movimiento")
    start = table_play(game="eliria", entries=source.entries, seed=seed, decisions=[])
    play = next(a["key"] for a in start.state["actions"] if a["key"].endswith(":slot0:up"))
    d = f"{play} end end"
    html = client.get(f"/goldfish/mesa/?deck={deck.pk}&seed={seed}&d={d}").content.decode()
    assert f'name="decisions" value="{d}"' in html and '<strong class="turn">3</strong>' in html


@pytest.mark.django_db
def test_the_start_form_with_a_deck_redirects_to_its_table(client, decks, players):
    client.force_login(players[0])
    r = client.post(START, {"game": "eliria", "deck": decks["ana_private"].pk, "seed": 7})
    assert r.status_code == 302 and r["Location"].endswith(f"?deck={decks['ana_private'].pk}&seed=7")


@pytest.mark.django_db
def test_mision_table_against_the_rules_player_with_undo(mision_list):
    deck = validate_list("mision", mision_list).entries
    table = table_play(game="mision", entries=deck, seed=3, decisions=[])
    assert table.state["to_move"] == 0 and table.state["phase"] == "place"
    first = table.state["actions"][0]["key"]
    after = table_play(game="mision", entries=deck, seed=3, decisions=[], key=first)
    assert after.decisions[0] == first and len(after.decisions) > 1  # the rival answered at once
    assert after.state["to_move"] == 0
    undone = table_play(game="mision", entries=deck, seed=3, decisions=after.decisions, undo=True)
    assert undone.decisions == [] and undone.state["drawn"] == table.state["drawn"]


@pytest.mark.django_db
def test_mision_table_page(client, mision_list):
    r = client.post(START, {"game": "mision", "list": mision_list, "seed": 3})
    html = r.content.decode()
    assert r.status_code == 200 and "BAÚL" in html and 'value="place:water"' in html and "Agua" in html


@pytest.mark.django_db
def test_the_start_page_links_my_decks_to_their_tables(client, decks, players):
    client.force_login(players[0])
    html = client.get("/goldfish/mesa/").content.decode()
    assert f'href="/goldfish/mesa/?deck={decks["ana_private"].pk}"' in html
    assert f'?deck={decks["bruno_private"].pk}"' not in html


def small_mision_list(elements: int) -> str:  # type: ignore[no-untyped-def]
    from cards.models import Card

    entes = Card.objects.filter(game="mision", type="entity").order_by("code")[:5]
    elems = Card.objects.filter(game="mision", type="element").order_by("code")[:elements]
    return "Entes:\n" + "".join(f"1 {c.name}\n" for c in entes) + "Elementos:\n" + "".join(f"1 {c.name}\n" for c in elems)


@pytest.mark.django_db
def test_a_small_mision_table_ends_early_as_a_draw_that_can_no_longer_change(bundled):
    """Five Entes and ten Elementos: no BAÚL can reach 30 and the rival never spends its last Elementos de
    juego, so once both decks are empty the table ends as a draw with that reason, not at turn 200."""
    deck = validate_list("mision", small_mision_list(10)).entries
    table = table_play(game="mision", entries=deck, seed=4, decisions=[])
    clicks = 0
    while not table.state["over"]:
        key = next(a["key"] for a in table.state["actions"] if a["key"] != "reinforce:yes")
        table = table_play(game="mision", entries=deck, seed=4, decisions=table.decisions, key=key)
        clicks += 1
    outcome = table.state["outcome"]
    assert outcome["reason"] == "stalemate" and outcome["winner"] is None
    assert clicks < 20 and table.state["turn"] < 12  # it took 298 taps to reach turn 200
    again = table_play(game="mision", entries=deck, seed=4, decisions=table.decisions)
    assert again.state["outcome"] == outcome  # the same seed and decisions, the same game


@pytest.mark.django_db
def test_the_rival_accepts_a_draw_only_when_it_can_no_longer_force_a_win(bundled, mision_list):
    small = validate_list("mision", small_mision_list(10)).entries  # three prizes at most: no 30 in the BAÚL
    agreed = table_play(game="mision", entries=small, seed=3, decisions=[], key="draw")
    assert agreed.state["over"] and agreed.state["outcome"]["reason"] == "agreement"
    assert agreed.decisions == ["draw"] and not agreed.notice
    undone = table_play(game="mision", entries=small, seed=3, decisions=agreed.decisions, undo=True)
    assert undone.decisions == [] and not undone.state["over"]
    big = validate_list("mision", mision_list).entries  # twenty Elementos: the rival can still reach 30
    refused = table_play(game="mision", entries=big, seed=3, decisions=[], key="draw")
    assert not refused.state["over"] and refused.decisions == [] and "rechaza el empate" in refused.notice


@pytest.mark.django_db
def test_the_mision_table_page_offers_a_draw(client, bundled):
    text = small_mision_list(10)
    r = client.post(START, {"game": "mision", "list": text, "seed": 3})
    html = r.content.decode()
    assert 'id="offer-draw"' in html and 'value="draw"' in html
    data = {"game": "mision", "src": "list:" + pack_list(text), "seed": 3, "decisions": "", "key": "draw"}
    html = client.post(MOVE, data, HTTP_HX_REQUEST="true").content.decode()
    assert "Empate de mutuo acuerdo" in html and 'id="offer-draw"' not in html

"""Deck pages: lists, the new-deck preview, the deck page with its builder, revisions, exports,
proxies, forks, secret links; query counts that do not grow with the deck."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from cards.models import Card
from decks.models import Deck, Visibility
from decks.selectors import deck_rows, deck_text
from decks.services import EntrySpec, deck_create, deck_update
from tests.factories import MISION_LIST, UserFactory, deck_from_list

pytestmark = [pytest.mark.django_db]


@pytest.fixture
def client_in(player) -> Client:  # type: ignore[no-untyped-def]
    client = Client()
    client.force_login(player)
    return client


def htmx(client: Client, url: str, data: dict) -> object:  # type: ignore[type-arg]
    return client.post(url, data, HTTP_HX_REQUEST="true")


# ---------------------------------------------------------------- lists
def test_my_decks_needs_an_account_and_shows_only_mine(bundled, player, client_in):
    deck_from_list(player, name="Fisión rápida")
    deck_from_list(UserFactory(), name="De otro")
    assert Client().get("/mazos/").status_code == 302
    page = client_in.get("/mazos/").content.decode()
    assert "Fisión rápida" in page and "De otro" not in page
    assert "Fisión rápida" in client_in.get("/mazos/?q=FISION").content.decode()
    assert "Fisión rápida" not in client_in.get("/mazos/?q=agua").content.decode()


def test_public_decks_are_listed_and_searchable_without_accents(bundled, player):
    deck_from_list(player, name="Cañones públicos", visibility="public")
    deck_from_list(player, name="Secreto", visibility="unlisted")
    deck_from_list(player, name="Privado")
    page = Client().get("/mazos/publicos/").content.decode()
    assert "Cañones públicos" in page and "Secreto" not in page and "Privado" not in page
    assert "Cañones públicos" in Client().get("/mazos/publicos/?q=canones").content.decode()
    assert "Cañones públicos" not in Client().get("/mazos/publicos/?game=mision").content.decode()


def test_nav_has_the_deck_and_account_links(bundled, client_in):
    page = Client().get("/").content.decode()
    assert "Mazos públicos" in page and "Entrar" in page and "Mis mazos" not in page
    page = client_in.get("/").content.decode()
    assert "Mis mazos" in page and "Salir" in page


# ---------------------------------------------------------------- new deck: preview, then accept
def test_new_deck_previews_every_bad_line_and_saves_nothing(bundled, client_in):
    text = "Mazo:\n1 Lobo de ceniza\nesto no es\n2 Carta inventada\nEntes:\n1 Capitana Marea\n"
    response = client_in.post("/mazos/nuevo/", {"game": "eliria", "name": "Nuevo", "visibility": "private", "text": text})
    assert response.status_code == 200
    page = response.content.decode()
    assert "nada se ha guardado todavía" in page
    for line in ("Línea 3", "Línea 4", "Línea 5", "Línea 6"):
        assert line in page
    assert "Capitana Marea" in page and "Misión S.O.S" in page
    assert not Deck.objects.exists()
    fingerprint = response.context["preview"]["fingerprint"]
    # Accepting a different text than the one previewed shows the preview again.
    client_in.post("/mazos/nuevo/", {"game": "eliria", "name": "Nuevo", "visibility": "private",
                                     "text": text + "1 Gólem de barro\n", "accept": "1", "fingerprint": fingerprint})
    assert not Deck.objects.exists()
    saved = client_in.post("/mazos/nuevo/", {"game": "eliria", "name": "Nuevo", "visibility": "private",
                                             "text": text, "accept": "1", "fingerprint": fingerprint})
    deck = Deck.objects.get()
    assert saved.status_code == 302 and saved["Location"] == deck.get_absolute_url()
    assert [r.card.code for r in deck_rows(deck)] == ["BASE-003"]


def test_new_deck_from_an_uploaded_file(bundled, client_in):
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("mazo.txt", ("\ufeff" + MISION_LIST).encode(), content_type="text/plain")
    response = client_in.post("/mazos/nuevo/", {"game": "mision", "name": "Subido", "visibility": "private",
                                                "text": "", "upload": upload})
    assert response.context["preview"]["report"].valid
    assert "La lista es válida" in response.content.decode()


def test_new_deck_refuses_a_huge_paste_with_a_message(bundled, client_in):
    response = client_in.post("/mazos/nuevo/", {"game": "eliria", "name": "Enorme", "visibility": "private",
                                                "text": "x" * 1_000_000})
    assert response.status_code == 200
    assert "caracteres; el máximo es" in response.content.decode()
    assert not Deck.objects.exists()


def test_an_empty_new_deck_is_created_at_once(bundled, client_in):
    response = client_in.post("/mazos/nuevo/", {"game": "mision", "name": "Vacío", "visibility": "public", "text": ""})
    deck = Deck.objects.get()
    assert response["Location"] == deck.get_absolute_url() and deck.visibility == "public"


# ---------------------------------------------------------------- the deck page
def test_deck_page_explains_every_problem_with_rule_and_line(bundled, player, client_in):
    text = "Mazo:\n1 Cañón del sacrificio (BASE-105)\n1 Cañón del sacrificio (EXP-010)\n1 Token de fisión\n"
    deck = deck_from_list(player, text)
    page = client_in.get(deck.get_absolute_url()).content.decode()
    assert "El mazo no es legal" in page
    assert 'data-code="duplicate_name"' in page and "regla 4" in page
    assert 'data-code="token_in_deck"' in page and "regla 14" in page
    assert "línea 2" in page or "línea 3" in page
    assert 'data-code="no_combat"' not in page
    assert "class=\"uchart\"" in page and "Curva de potencial" in page and "Costes de ataque" in page


def test_mision_deck_page_has_its_own_stats(bundled, player, client_in):
    deck = deck_from_list(player, MISION_LIST, "mision")
    page = client_in.get(deck.get_absolute_url()).content.decode()
    assert "Mazo legal" in page
    assert "Fuerza media de los Entes por mundo" in page and "Valor en el BAÚL" in page


def test_an_outdated_pin_is_warned(bundled, player, client_in):
    card = Card.objects.get(game="eliria", code="BASE-105")
    deck = deck_create(owner=player, game="eliria", name="Fijado",
                       entries=[EntrySpec("main", card, 1, card.editions.get(edition=1))])
    page = client_in.get(deck.get_absolute_url()).content.decode()
    assert 'data-code="outdated_edition"' in page and "resolución TERCERO" in page


def test_deck_page_access(bundled, player, client_in):
    private = deck_from_list(player, name="Privadísimo")
    unlisted = deck_from_list(player, name="Con enlace", visibility=Visibility.UNLISTED)
    public = deck_from_list(player, name="De todos", visibility=Visibility.PUBLIC)
    stranger = Client()
    stranger.force_login(UserFactory())
    for client in (Client(), stranger):
        assert client.get(private.get_absolute_url()).status_code == 404
        assert client.get(unlisted.get_absolute_url()).status_code == 404
        assert client.get(private.get_share_url()).status_code == 404
        assert client.get(reverse("decks:export", args=[private.pk, "text"])).status_code == 404
        assert client.get(reverse("decks:proxies", args=[private.pk])).status_code == 404
        assert "Con enlace" in client.get(unlisted.get_share_url()).content.decode()
        assert "De todos" in client.get(public.get_absolute_url()).content.decode()
        shared_export = client.get(reverse("decks:shared-export", args=[unlisted.slug, "text"]))
        assert shared_export.status_code == 200
    # The builder and the writes are the owner's only.
    page = stranger.get(public.get_absolute_url()).content.decode()
    assert "Añadir cartas" not in page and "Copiar a mis mazos" in page
    # A deck the stranger may see but not change: 403 (a write without the right owner).
    assert stranger.get(reverse("decks:search", args=[public.pk]) + "?q=lobo").status_code == 403
    change = {"card": 1, "section": "main", "delta": "1", "version": 1}
    assert stranger.post(reverse("decks:change", args=[public.pk]), change).status_code == 403
    assert stranger.post(reverse("decks:edit", args=[public.pk]), {"name": "x", "version": 1,
                                                                    "visibility": "private"}).status_code == 403
    assert Deck.objects.get(pk=public.pk).version == 1
    # The owner sees the secret link of an unlisted deck.
    assert unlisted.get_share_url() in client_in.get(unlisted.get_absolute_url()).content.decode()


def test_deck_page_queries_do_not_grow_with_the_deck(bundled, player, client_in):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    playable = list(Card.objects.filter(game="eliria").exclude(type="token").order_by("code"))
    counts = {}
    for size in (5, 60):
        cards = playable[:size]
        deck = deck_create(owner=player, game="eliria", name=f"Mazo de {size}", visibility="unlisted",
                           entries=[EntrySpec("main", c, 1, c.current) for c in cards])
        with CaptureQueriesContext(connection) as owner_view:
            response = client_in.get(deck.get_absolute_url() + "?q=lobo")
        assert response.content.decode().count('<li class="entry') == size
        with CaptureQueriesContext(connection) as shared_view:
            assert Client().get(deck.get_share_url()).status_code == 200
        counts[size] = (len(owner_view), len(shared_view))
    assert counts[5] == counts[60]
    assert counts[60][0] <= 6 and counts[60][1] <= 3  # session, user, deck, entries, search


# ---------------------------------------------------------------- the builder (htmx)
def test_builder_search_and_add_without_reload(bundled, player, client_in):
    deck = deck_from_list(player)
    results = client_in.get(reverse("decks:search", args=[deck.pk]) + "?q=gólem", HTTP_HX_REQUEST="true")
    page = results.content.decode()
    assert "Gólem de barro" in page and "<html" not in page
    golem = Card.objects.get(game="eliria", code="BASE-009")
    response = htmx(client_in, reverse("decks:change", args=[deck.pk]),
                    {"card": golem.pk, "section": "main", "delta": "1", "version": 1, "q": "gólem"})
    body = response.content.decode()
    assert response.status_code == 200 and body.startswith('<div id="deck-panel"')
    assert 'data-code="BASE-009"' in body and 'name="version" value="2"' in body
    assert "BASE-009" in {r.card.code for r in deck_rows(Deck.objects.get(pk=deck.pk))}
    # a token found by the search goes under Tokens (rule 14)
    token = Card.objects.get(game="eliria", code="BASE-051")
    htmx(client_in, reverse("decks:change", args=[deck.pk]),
         {"card": token.pk, "section": "tokens", "delta": "1", "version": 2})
    results = client_in.get(reverse("decks:search", args=[deck.pk]) + "?q=espectro").content.decode()
    assert 'name="section" value="tokens"' in results


def test_builder_refuses_a_stale_click_with_the_reason(bundled, player, client_in):
    deck = deck_from_list(player)
    deck_update(deck, expected_version=1, actor=player, name="Cambiado en otra pestaña")
    golem = Card.objects.get(game="eliria", code="BASE-009")
    body = htmx(client_in, reverse("decks:change", args=[deck.pk]),
                {"card": golem.pk, "section": "main", "delta": "1", "version": 1}).content.decode()
    assert "cambió desde que lo abriste" in body
    assert "BASE-009" not in {r.card.code for r in deck_rows(deck)}
    # a card of the other game is refused too
    marea = Card.objects.get(game="mision", code="SOS1-001")
    body = htmx(client_in, reverse("decks:change", args=[deck.pk]),
                {"card": marea.pk, "section": "main", "delta": "1", "version": 2}).content.decode()
    assert "no es de este juego" in body


def test_builder_works_without_javascript_too(bundled, player, client_in):
    deck = deck_from_list(player)
    lobo = Card.objects.get(game="eliria", code="BASE-003")
    response = client_in.post(reverse("decks:change", args=[deck.pk]),
                              {"card": lobo.pk, "section": "main", "delta": "-1", "version": 1, "q": "lobo"})
    assert response.status_code == 302 and response["Location"].endswith("?q=lobo")
    page = client_in.get(response["Location"]).content.decode()
    assert "Lobo de ceniza" in page  # in the search results
    assert "BASE-003" not in {r.card.code for r in deck_rows(deck)}


def test_a_bad_search_shows_its_message(bundled, player, client_in):
    deck = deck_from_list(player)
    page = client_in.get(reverse("decks:search", args=[deck.pk]) + "?q=pot%3E%3D").content.decode()
    assert 'role="alert"' in page


# ---------------------------------------------------------------- edit, replace, revisions, delete
def test_edit_details_and_a_stale_edit(bundled, player, client_in):
    deck = deck_from_list(player)
    url = reverse("decks:edit", args=[deck.pk])
    client_in.post(url, {"name": "Renombrado", "description": "", "visibility": "public", "version": 1})
    deck.refresh_from_db()
    assert deck.name == "Renombrado" and deck.visibility == "public" and deck.version == 2
    response = client_in.post(url, {"name": "Pisado", "description": "", "visibility": "private", "version": 1},
                              follow=True)
    assert "cambió desde que lo abriste" in response.content.decode()
    assert Deck.objects.get(pk=deck.pk).name == "Renombrado"


def test_replace_the_list_after_a_preview(bundled, player, client_in):
    deck = deck_from_list(player)
    url = reverse("decks:replace", args=[deck.pk])
    assert "Cañón del sacrificio" in client_in.get(url).content.decode()
    preview = client_in.post(url, {"text": "Gólem de barro\n", "version": 1})
    assert "nada se ha guardado" in preview.content.decode()
    fingerprint = preview.context["preview"]["fingerprint"]
    client_in.post(url, {"text": "Gólem de barro\n", "version": 1, "accept": "1", "fingerprint": fingerprint})
    assert [r.card.code for r in deck_rows(deck)] == ["BASE-009"]


def test_revisions_list_and_restore(bundled, player, client_in):
    deck = deck_from_list(player)
    original = deck_text(deck_rows(deck), "eliria")
    deck_update(deck, expected_version=1, actor=player, entries=[])
    page = client_in.get(reverse("decks:revisions", args=[deck.pk])).content.decode()
    assert "Revisión 2" in page and "Revisión 1" in page and "−1 Cañón del sacrificio (BASE-105)" in page
    client_in.post(reverse("decks:restore", args=[deck.pk, 1]), {"version": 2})
    assert deck_text(deck_rows(deck), "eliria") == original
    # restoring from a stale page is refused
    response = client_in.post(reverse("decks:restore", args=[deck.pk, 2]), {"version": 2}, follow=True)
    assert "cambió desde que lo abriste" in response.content.decode()


def test_delete_needs_the_owner(bundled, player, client_in):
    deck = deck_from_list(player, visibility="public")
    stranger = Client()
    stranger.force_login(UserFactory())
    assert stranger.post(reverse("decks:delete", args=[deck.pk]), {"version": 1}).status_code == 403
    assert client_in.get(reverse("decks:delete", args=[deck.pk])).status_code == 200
    client_in.post(reverse("decks:delete", args=[deck.pk]), {"version": 1})
    assert not Deck.objects.exists()


# ---------------------------------------------------------------- export, proxies, fork
def test_export_downloads(bundled, player, client_in):
    deck = deck_from_list(player)
    text = client_in.get(reverse("decks:export", args=[deck.pk, "text"]))
    assert text["Content-Disposition"] == 'attachment; filename="mazo-de-prueba.txt"'
    assert text.content.decode() == deck_text(deck_rows(deck), "eliria")
    assert client_in.get(reverse("decks:export", args=[deck.pk, "csv"]))["Content-Type"].startswith("text/csv")
    assert client_in.get(reverse("decks:export", args=[deck.pk, "json"])).json()["game"] == "eliria"
    assert client_in.get(reverse("decks:export", args=[deck.pk, "xml"])).status_code == 404


def test_proxies_download(bundled, player, client_in):
    deck = deck_from_list(player)
    response = client_in.get(reverse("decks:proxies", args=[deck.pk]))
    assert response["Content-Type"] == "application/pdf" and response.content.startswith(b"%PDF")


def test_fork_a_public_deck(bundled, player):
    deck = deck_from_list(player, visibility="public")
    other = UserFactory()
    client = Client()
    client.force_login(other)
    response = client.post(reverse("decks:fork", args=[deck.pk]))
    copy = Deck.objects.get(owner=other)
    assert response["Location"] == copy.get_absolute_url() and copy.forked_from == deck
    assert Client().post(reverse("decks:fork", args=[deck.pk])).status_code == 302  # to the login page
    assert Deck.objects.count() == 2


def test_pin_an_edition_from_the_builder(bundled, player, client_in):
    deck = deck_from_list(player)
    page = client_in.get(deck.get_absolute_url()).content.decode()
    assert 'id="pins-title"' in page and "(vigente)" in page
    cañon = Card.objects.get(game="eliria", code="BASE-105")
    body = htmx(client_in, reverse("decks:pin", args=[deck.pk]),
                {"card": cañon.pk, "section": "main", "edition": 1, "version": 1}).content.decode()
    row = next(r for r in deck_rows(deck) if r.card.code == "BASE-105")
    assert row.edition.edition == 1 and row.pin_outdated
    assert 'data-code="outdated_edition"' in body
    htmx(client_in, reverse("decks:pin", args=[deck.pk]),
         {"card": cañon.pk, "section": "main", "edition": 0, "version": 2})
    assert next(r for r in deck_rows(deck) if r.card.code == "BASE-105").edition is None
    body = htmx(client_in, reverse("decks:pin", args=[deck.pk]),
                {"card": cañon.pk, "section": "main", "edition": 9, "version": 3}).content.decode()
    assert "Esa edición no existe" in body


def test_admin_edits_go_through_the_service(bundled, player):
    from django.contrib.auth import get_user_model

    deck = deck_from_list(player)
    admin = get_user_model().objects.create_superuser("jefa", "j@example.com", "x")
    client = Client()
    client.force_login(admin)
    assert client.get("/admin/decks/deck/").status_code == 200
    page = client.get(f"/admin/decks/deck/{deck.pk}/change/")
    assert page.status_code == 200 and "Cañón del sacrificio" in page.content.decode()
    client.post(f"/admin/decks/deck/{deck.pk}/change/", {
        "name": "Corregido", "description": "", "visibility": "private",
        "entries-TOTAL_FORMS": "0", "entries-INITIAL_FORMS": "0",
        "revisions-TOTAL_FORMS": "0", "revisions-INITIAL_FORMS": "0",
    })
    deck.refresh_from_db()
    assert deck.name == "Corregido" and deck.version == 2
    assert deck.revisions.get(number=2).note == "Editado en la administración"


def test_builder_only_what_i_own_switch(bundled, player, client_in):
    from collection.services import collection_add

    deck = deck_from_list(player)
    lobo = Card.objects.get(game="eliria", name="Lobo de ceniza")
    collection_add(owner=player, card=lobo, delta=2)
    url = reverse("decks:search", args=[deck.pk])
    owned = client_in.get(url, {"q": "", "owned": "1"}, HTTP_HX_REQUEST="true").content.decode()
    assert "Lobo de ceniza" in owned and "Centinela de Ámbar" not in owned
    everything = client_in.get(url, {"q": "t:combat"}, HTTP_HX_REQUEST="true").content.decode()
    assert "Centinela de Ámbar" in everything


# ---------------------------------------------------------------- the builder worth switching to
def test_builder_results_show_face_numbers_and_tell_same_name_cards_apart(bundled, player, client_in):
    deck = deck_from_list(player)
    body = client_in.get(reverse("decks:search", args=[deck.pk]) + "?q=canon", HTTP_HX_REQUEST="true").content.decode()
    assert body.count('class="thumb"') == 2
    assert "BASE-105" in body and "EXP-010" in body and "Pot." in body and "Res." in body
    mision = deck_from_list(player, MISION_LIST, game="mision")
    body = client_in.get(reverse("decks:search", args=[mision.pk]) + "?q=t:ente", HTTP_HX_REQUEST="true").content.decode()
    assert "Agua" in body and "Fuego" in body and "world-earth" in body


def test_builder_suggests_near_misses(bundled, player, client_in):
    deck = deck_from_list(player)
    body = client_in.get(reverse("decks:search", args=[deck.pk]) + "?q=Cañon del sacrifico").content.decode()
    assert "Quisiste decir" in body and 'data-code="BASE-105"' in body and 'data-code="EXP-010"' in body


def test_list_is_grouped_by_type_and_a_typed_quantity_sets_the_count(bundled, player, client_in):
    deck = deck_from_list(player)
    page = client_in.get(deck.get_absolute_url()).content.decode()
    assert 'class="type-group"' in page and "Combate" in page
    card = Card.objects.get(code="BASE-105")
    htmx(client_in, reverse("decks:change", args=[deck.pk]),
         {"card": card.pk, "section": "main", "quantity": "3", "version": deck.version, "q": ""})
    assert {r.card.code: r.quantity for r in deck_rows(deck)}["BASE-105"] == 3


def test_an_empty_deck_is_not_called_legal(bundled, player, client_in):
    deck = deck_create(owner=player, game="eliria", name="Vacío")
    page = client_in.get(deck.get_absolute_url()).content.decode()
    assert "Mazo vacío" in page and "Mazo legal" not in page


def test_add_to_a_deck_from_the_card_page_and_see_the_decks_that_use_it(bundled, player, client_in):
    deck = deck_from_list(player)
    public = deck_from_list(UserFactory(), visibility="public")
    url = reverse("decks:card-decks", args=["eliria", "BASE-009"])
    body = client_in.get(url).content.decode()
    assert deck.name in body and "Añadir al mazo" in body
    body = client_in.post(url, {"deck": deck.pk}, HTTP_HX_REQUEST="true").content.decode()
    assert "Añadida una copia" in body
    assert "BASE-009" in {r.card.code for r in deck_rows(deck)}
    body = Client().get(reverse("decks:card-decks", args=["eliria", "BASE-105"])).content.decode()
    assert public.name in body and "Entra para añadirla" in body
    # someone else's deck cannot be the target
    other = Client()
    other.force_login(UserFactory())
    assert other.post(url, {"deck": deck.pk}).status_code in (403, 404)


def test_engine_messages_badges_and_search_errors_read_in_english(bundled, player, client_in):
    text = "Mazo:\n1 Cañón del sacrificio (BASE-105)\n1 Cañón del sacrificio (EXP-010)\n1 Token de fisión\n"
    deck = deck_from_list(player, text, visibility="public")
    client_in.get("/idioma/en/?next=/")
    page = client_in.get(deck.get_absolute_url()).content.decode()
    assert "appears 2 times; rule 4 allows a single card with the same name" in page
    assert "is a token; by rule 14 tokens are not part of the deck" in page
    assert ">Public<" in page and "Entities" not in page and ">Main" not in page
    body = client_in.get(reverse("decks:search", args=[deck.pk]) + "?q=pot>=").content.decode()
    assert "needs a value" in body
    client_in.get("/idioma/es/?next=/")
    assert "aparece 2 veces" in client_in.get(deck.get_absolute_url()).content.decode()

"""Accounts: sign up, log in and out, password reset by e-mail, API tokens."""

from __future__ import annotations

import os
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.factories import EditionFactory, UserFactory

pytestmark = [pytest.mark.django_db]
PASSWORD = "una-clave-larga-123"  # noqa: S105 - the factories' test password


def test_sign_up_logs_the_player_in(client):
    response = client.post("/cuenta/registro/", {
        "username": "lucia", "email": "lucia@example.com", "password1": "Mazos-de-fision-9", "password2": "Mazos-de-fision-9",
    })
    assert response.status_code == 302 and response["Location"] == "/mazos/"
    user = get_user_model().objects.get(username="lucia")
    assert user.email == "lucia@example.com" and user.check_password("Mazos-de-fision-9")
    page = client.get("/mazos/").content.decode()
    assert "Mis mazos" in page and "Salir" in page


def _landing_pages() -> list[str]:
    card = EditionFactory().card
    return ["/mazos/", "/", "/cartas/", card.get_absolute_url(), "/resoluciones/", "/mazos/publicos/",
            "/coleccion/", "/goldfish/"]


def test_sign_up_welcomes_on_the_page_it_lands_on(client):
    """Issue 38: the welcome waited for a page that shows messages (only the deck and collection
    pages did), so a player sent back to the catalogue or a card read it a page late. Every page
    shows it now, the cached card page (its kept chrome holds no message) included, and only once."""
    for number, target in enumerate(_landing_pages()):
        visitor = Client()
        name = f"lucia{number}"
        welcome = f"¡Bienvenido, {name}! Ya puedes crear tus mazos."
        response = visitor.post("/cuenta/registro/", {
            "username": name, "email": f"{name}@example.com", "password1": "Mazos-de-fision-9",
            "password2": "Mazos-de-fision-9", "next": target,
        }, follow=True)
        assert response.redirect_chain[-1][0] == target
        page = response.content.decode()
        assert page.count(welcome) == 1, target
        assert welcome not in visitor.get("/mazos/").content.decode(), target


def test_sign_up_explains_what_is_wrong(client):
    UserFactory(username="ocupado", email="ya@example.com")
    response = client.post("/cuenta/registro/", {
        "username": "ocupado", "email": "YA@example.com", "password1": "123", "password2": "456",
    })
    page = response.content.decode()
    assert response.status_code == 200
    assert "Ya hay una cuenta con ese nombre" in page  # usernames are public: every public deck shows one
    assert "con ese correo" not in page  # nothing says the address has an account (issue 21)
    assert get_user_model().objects.count() == 1


def _sign_up(client, username, email):
    password = "Mazos-de-fision-9"
    response = client.post("/cuenta/registro/", {
        "username": username, "email": email, "password1": password, "password2": password,
    })
    page = client.get(response["Location"]).content.decode()
    return response.status_code, response["Location"], page.replace(username, "NOMBRE")


def test_sign_up_does_not_tell_whether_an_email_is_registered():
    """Issue 21: an address that has an account answers exactly as a new one (no error to tell them
    apart); the new account shares the address."""
    UserFactory(username="rosa", email="rosa@example.com")
    known = _sign_up(Client(), "intruso", "ROSA@example.com")
    new = _sign_up(Client(), "lucia", "lucia@example.com")
    assert known[:2] == new[:2] == (302, "/mazos/")
    strip = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"|nonce="[^"]+"')
    assert strip.sub("", known[2]) == strip.sub("", new[2])
    assert get_user_model().objects.filter(email__iexact="rosa@example.com").count() == 2


def test_password_reset_sends_one_link_per_account_of_a_shared_address(client, mailoutbox):
    UserFactory(username="rosa", email="rosa@example.com")
    UserFactory(username="rosa2", email="rosa@example.com")
    client.post("/cuenta/password_reset/", {"email": "rosa@example.com"})
    assert sorted(re.search(r"Hola, (\w+):", m.body).group(1) for m in mailoutbox) == ["rosa", "rosa2"]


def test_sign_up_keeps_a_safe_next_only(client):
    data = {"username": "pepe", "email": "pepe@example.com", "password1": "Mazos-de-fision-9",
            "password2": "Mazos-de-fision-9", "next": "https://evil.example/"}
    assert client.post("/cuenta/registro/", data)["Location"] == "/mazos/"


def test_log_in_and_out(client):
    UserFactory(username="marta")
    page = client.get("/cuenta/login/?next=/mazos/nuevo/").content.decode()
    assert "Entrar" in page and "¿Has olvidado la contraseña?" in page
    response = client.post("/cuenta/login/", {"username": "marta", "password": PASSWORD, "next": "/mazos/nuevo/"})
    assert response["Location"] == "/mazos/nuevo/"
    bad = client.post("/cuenta/login/", {"username": "marta", "password": "mal"})
    assert bad.status_code == 200
    out = client.post("/cuenta/logout/")
    assert out.status_code == 302 and out["Location"] == "/"
    assert client.get("/mazos/").status_code == 302


def test_pages_for_players_send_strangers_to_log_in(client):
    response = client.get("/mazos/nuevo/")
    assert response.status_code == 302 and response["Location"].startswith("/cuenta/login/?next=")


def test_password_reset_by_email(client, mailoutbox):
    UserFactory(username="rosa", email="rosa@example.com")
    response = client.post("/cuenta/password_reset/", {"email": "rosa@example.com"})
    assert response["Location"] == "/cuenta/password_reset/done/"
    assert len(mailoutbox) == 1
    mail = mailoutbox[0]
    assert mail.to == ["rosa@example.com"] and "contraseña" in mail.subject
    link = re.search(r"https?://[^/\s]+(/cuenta/reset/\S+)", mail.body).group(1)
    form = client.get(link, follow=True)
    assert "Elige una contraseña nueva" in form.content.decode()
    done = client.post(form.redirect_chain[-1][0], {"new_password1": "Otra-clave-larga-7", "new_password2": "Otra-clave-larga-7"})
    assert done["Location"] == "/cuenta/reset/done/"
    assert get_user_model().objects.get(username="rosa").check_password("Otra-clave-larga-7")
    # an unknown address sends nothing and says the same
    client.post("/cuenta/password_reset/", {"email": "nadie@example.com"})
    assert len(mailoutbox) == 1


def test_reset_mails_go_to_the_console_unless_configured():
    import eliria_site.settings as site_settings

    # pytest-django swaps the backend for its outbox; the settings module keeps what the site uses.
    if "EMAIL_BACKEND" not in os.environ:
        assert site_settings.EMAIL_BACKEND == "django.core.mail.backends.console.EmailBackend"


def test_api_token_page_creates_and_replaces_the_token():
    user = UserFactory()
    client = Client()
    client.force_login(user)
    assert "Aún no tienes clave" in client.get("/cuenta/clave-api/").content.decode()
    client.post("/cuenta/clave-api/")
    first = Token.objects.get(user=user).key
    assert first in client.get("/cuenta/clave-api/").content.decode()
    client.post("/cuenta/clave-api/")
    second = Token.objects.get(user=user).key
    assert second != first
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {second}")
    assert api.get("/api/decks/?scope=mine").status_code == 200
    assert Client().get("/cuenta/clave-api/").status_code == 302


@pytest.mark.django_db
def test_login_attempts_are_limited(client):
    from django.contrib.auth.models import User
    from django.urls import reverse

    User.objects.create_user("victima", password="la-clave-correcta-9")
    url = reverse("login")
    for _ in range(4):
        r = client.post(url, {"username": "victima", "password": "mala"})
        assert r.status_code == 200 and not r.wsgi_request.user.is_authenticated
    r = client.post(url, {"username": "Victima ", "password": "mala"})  # the same account, folded
    assert r.status_code == 429
    r = client.post(url, {"username": "victima", "password": "la-clave-correcta-9"})
    assert r.status_code == 429 and "Demasiados intentos" in r.content.decode()
    assert not r.wsgi_request.user.is_authenticated
    # The owner, from another address, is not locked out (lockouts are per account and client).
    r = client.post(url, {"username": "victima", "password": "la-clave-correcta-9"}, REMOTE_ADDR="10.9.8.7")
    assert r.status_code == 302 and r.wsgi_request.user.is_authenticated

"""Account pages: sign up (then logged in), the API token for scripts.

Log in, log out and the password reset by e-mail are django.contrib.auth's own views
(accounts/urls.py) with the templates in templates/registration/.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods
from rest_framework.authtoken.models import Token

from accounts.forms import LoginForm, SignupForm
from common.http import safe_next
from common.throttling import throttle_view


@throttle_view("signup")
@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("decks:mine")
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="accounts.backends.ModelBackend")
        welcome = _("¡Bienvenido, %(username)s! Ya puedes crear tus mazos.") % {"username": user.username}
        messages.success(request, welcome)
        return redirect(safe_next(request, request.POST.get("next", ""), reverse("decks:mine")))
    return render(request, "accounts/signup.html", {"form": form, "next": request.GET.get("next", "")})


@login_required
@require_http_methods(["GET", "POST"])
def api_token(request: HttpRequest) -> HttpResponse:
    """Show the player's API token; POST creates it or replaces it (the old one stops working)."""
    token = Token.objects.filter(user=request.user).first()
    if request.method == "POST":
        if token is not None:
            token.delete()
        token = Token.objects.create(user=request.user)
        messages.success(request, _("Nueva clave creada; la anterior ya no sirve."))
        return redirect("api-token")
    return render(request, "accounts/token.html", {"token": token})


def locked_out(request: HttpRequest, credentials: dict | None = None, *args: object, **kwargs: object) -> HttpResponse:
    """django-axes' answer once an (account, client) pair is locked: the login page again, with
    the reason, and 429 (AXES_LOCKOUT_CALLABLE). The admin's login gets the same page."""
    form = LoginForm(request, data=None)
    message = _("Demasiados intentos fallidos para esta cuenta desde tu conexión. Espera 15 minutos "
                "antes de volver a intentarlo.")
    return render(request, "registration/login.html", {"form": form, "locked_message": message,
                  "next": request.POST.get("next", "")}, status=429)

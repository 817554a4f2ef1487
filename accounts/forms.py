"""Sign-up form: a username, an e-mail for password resets and a password checked twice.

The e-mail address is not checked against other accounts: saying «that address already has an
account» would tell anybody who is registered. Several accounts may share an address; a password
reset sends one link per account (each mail names its account). Usernames stay unique and say so,
because they are public anyway (every public deck shows its owner's).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.utils.translation import gettext_lazy as _

from accounts.names import lookalike_exists, username_problem


class SignupForm(UserCreationForm):
    email = forms.EmailField(
        label=_("Correo electrónico"),
        help_text=_("Solo para recuperar la contraseña; nunca se muestra."),
    )

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # What accounts.names accepts (Django's own text offers @ and +, which are refused here).
        self.fields["username"].help_text = _(
            "Hasta 150 caracteres: letras (también con tilde y la ñ), números y . _ -"
        )

    def clean_username(self) -> str:
        name = self.cleaned_data["username"]
        problem = username_problem(name)
        if problem:
            raise forms.ValidationError(problem)
        if lookalike_exists(name):
            raise forms.ValidationError(_("Ya hay una cuenta con ese nombre o con uno que se confunde con él."))
        return name


class LoginForm(AuthenticationForm):
    """Django's login form. Failed attempts are counted and locked out by django-axes
    (settings.AXES_*), on this form, the admin's and every other authentication path alike."""

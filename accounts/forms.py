"""Sign-up form: a username, an e-mail for password resets and a password checked twice."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _


class SignupForm(UserCreationForm):
    email = forms.EmailField(
        label=_("Correo electrónico"),
        help_text=_("Solo para recuperar la contraseña; nunca se muestra."),
    )

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")

    def clean_email(self) -> str:
        email = self.cleaned_data["email"].strip()
        if get_user_model().objects.filter(email__iexact=email).exists():
            raise forms.ValidationError(_("Ya hay una cuenta con ese correo: ¿has olvidado la contraseña?"))
        return email


class LimitedAuthenticationForm(AuthenticationForm):
    """Django's login form, refusing further attempts after repeated failures (accounts.throttle)."""

    error_messages = {
        **AuthenticationForm.error_messages,
        "throttled": _("Demasiados intentos fallidos. Espera 15 minutos antes de volver a intentarlo."),
    }

    def clean(self) -> dict:
        from accounts.throttle import login_blocked, login_failed, login_succeeded

        username = self.cleaned_data.get("username") or ""
        if self.request is not None and login_blocked(self.request, username):
            raise ValidationError(self.error_messages["throttled"], code="throttled")
        try:
            cleaned = super().clean()
        except ValidationError:
            if self.request is not None:
                login_failed(self.request, username)
            raise
        if self.request is not None:
            login_succeeded(self.request, username)
        return cleaned

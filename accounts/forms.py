"""Sign-up form: a username, an e-mail for password resets and a password checked twice."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm


class SignupForm(UserCreationForm):
    email = forms.EmailField(
        label="Correo electrónico",
        help_text="Solo para recuperar la contraseña; nunca se muestra.",
    )

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")

    def clean_email(self) -> str:
        email = self.cleaned_data["email"].strip()
        if get_user_model().objects.filter(email__iexact=email).exists():
            raise forms.ValidationError("Ya hay una cuenta con ese correo: ¿has olvidado la contraseña?")
        return email

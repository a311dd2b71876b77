"""The public account forms: Django's own, with an optional email on sign-up."""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User


class SignUpForm(UserCreationForm):
    email = forms.EmailField(
        required=False,
        help_text="Optional. Only used if you ask to reset a forgotten password.",
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")


class DeleteAccountForm(forms.Form):
    """Deleting an account asks for its password, so a borrowed open session cannot do it."""

    password = forms.CharField(label="Your password", strip=False, widget=forms.PasswordInput)

    def __init__(self, *args, user: User, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_password(self) -> str:
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError("That is not your password; nothing was deleted.")
        return password

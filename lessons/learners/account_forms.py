"""The public account forms: Django's own, with an optional email on sign-up."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.forms import (
    PasswordChangeForm,
    SetPasswordForm,
    UserCreationForm,
)
from django.contrib.auth.models import User


class RulesUnderThePassword:
    """Show a password-rule error under the password, not under its confirmation.

    Django checks the rules on the confirming box ("password2"), so "This
    password is too short" appeared beside "Password confirmation", away from
    the box the learner has to change.
    """

    def validate_password_for_user(self, user: Any, password_field_name: str = "password2") -> None:
        first = password_field_name.removesuffix("2") + "1"
        super().validate_password_for_user(user, first)  # type: ignore[misc]


class SignUpForm(RulesUnderThePassword, UserCreationForm):
    """Django's sign-up form, which says when a username is taken, on purpose.

    A learner picks a name and must be told when it is in use, or could never
    finish signing up; any wording that lets them choose another also tells
    a prober the name exists. That is accepted: usernames are not secrets
    here, knowing one no longer lets anyone lock its owner out (the sign-in
    limits never pause an address for failures made elsewhere), and every
    sign-up post counts towards the per-address limit, so names cannot be
    probed in bulk.
    """

    email = forms.EmailField(
        required=False,
        help_text="Optional. Only used if you ask to reset a forgotten password.",
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")


class ChangePasswordForm(RulesUnderThePassword, PasswordChangeForm):
    """Django's form; a teacher-made account's "old password" is the secret on its card."""

    def clean_old_password(self) -> str:
        from django.utils.crypto import constant_time_compare

        from lessons.models import ManagedAccount

        old = self.cleaned_data.get("old_password", "")
        account = (
            ManagedAccount.objects.filter(user_id=self.user.pk).exclude(card_secret="").first()
        )
        if account is not None and constant_time_compare(
            old.strip().lower().replace(" ", "-"), account.card_secret
        ):
            return str(old)
        return str(super().clean_old_password())


class NewPasswordForm(RulesUnderThePassword, SetPasswordForm):
    pass


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

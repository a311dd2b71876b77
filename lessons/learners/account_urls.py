from __future__ import annotations

from django.urls import path

from lessons.learners import accounts

app_name = "accounts"

urlpatterns = [
    path("sign-up/", accounts.sign_up, name="sign_up"),
    path("sign-in/", accounts.sign_in, name="login"),
    path("sign-out/", accounts.sign_out, name="logout"),
    path("password/", accounts.password_change, name="password_change"),
    path("password/done/", accounts.password_change_done, name="password_change_done"),
    path("password-reset/", accounts.password_reset, name="password_reset"),
    path("password-reset/sent/", accounts.password_reset_done, name="password_reset_done"),
    path(
        "password-reset/<uidb64>/<token>/",
        accounts.password_reset_confirm,
        name="password_reset_confirm",
    ),
    path("password-reset/done/", accounts.password_reset_complete, name="password_reset_complete"),
    path("settings/", accounts.settings_page, name="settings"),
    path("settings/download/", accounts.download, name="download"),
    path("settings/delete-progress/", accounts.delete_progress, name="delete_progress"),
    path("settings/delete-account/", accounts.delete_account, name="delete_account"),
]

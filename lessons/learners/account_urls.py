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
    path("settings/", accounts.settings_page, name="settings"),
    path("settings/download/", accounts.download, name="download"),
    path("settings/delete-progress/", accounts.delete_progress, name="delete_progress"),
    path("settings/delete-account/", accounts.delete_account, name="delete_account"),
]

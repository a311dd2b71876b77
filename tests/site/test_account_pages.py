"""The account pages as a learner meets them: errors once and in place, races, asking first."""

from __future__ import annotations

import re

import pytest
from axes.models import AccessAttempt, AccessLog
from django.contrib.auth.models import User
from django.test import Client

from lessons.learners.account_forms import SignUpForm
from lessons.models import Attempt, Deal
from tests.factories import right_answer

pytestmark = [pytest.mark.django_db, pytest.mark.cache]
PHRASE = "a long safe phrase 91"
HTMX = {"HTTP_HX_REQUEST": "true"}


def test_a_failed_sign_in_says_so_once(client):
    User.objects.create_user("amara", password=PHRASE)
    response = client.post("/accounts/sign-in/", {"username": "amara", "password": "nope"})
    html = response.content.decode()
    assert response.status_code == 400
    assert html.count("Please enter a correct username and password") == 1


@pytest.mark.parametrize(
    ("url", "data", "field"),
    [
        ("/accounts/sign-up/", {"username": "kira", "password1": "123", "password2": "123"}, "1"),
        ("/accounts/password/", {"new_password1": "123", "new_password2": "123"}, "new1"),
    ],
)
def test_a_password_rule_error_is_shown_under_the_password(client, url, data, field):
    if url == "/accounts/password/":
        client.force_login(User.objects.create_user("ines", password=PHRASE))
        data = {**data, "old_password": PHRASE}
    html = client.post(url, data).content.decode()
    box = "id_password1" if field == "1" else "id_new_password1"
    confirm = box.replace("1", "2")
    # The summary links the message to the password box, not to its confirmation.
    assert re.search(rf'<a href="#{box}">[^<]+</a>: This password is too short', html)
    assert f'<a href="#{confirm}">' not in html


def test_a_double_clicked_sign_up_signs_in_instead_of_failing(client, monkeypatch):
    """Both posts pass the "username is free" check; the first one's account appears in between."""
    check = SignUpForm._post_clean

    def twin_saves_first(form):
        check(form)
        if not User.objects.filter(username="amara").exists():
            User.objects.create_user("amara", password=PHRASE)

    monkeypatch.setattr(SignUpForm, "_post_clean", twin_saves_first)
    data = {"username": "amara", "password1": PHRASE, "password2": PHRASE}
    response = client.post("/accounts/sign-up/", data)
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(User.objects.get(username="amara").pk)


def test_a_name_taken_between_check_and_save_gets_a_message(client, monkeypatch):
    check = SignUpForm._post_clean

    def someone_else_saves_first(form):
        check(form)
        if not User.objects.filter(username="amara").exists():
            User.objects.create_user("amara", password="somebody else's phrase 4")

    monkeypatch.setattr(SignUpForm, "_post_clean", someone_else_saves_first)
    data = {"username": "amara", "password1": PHRASE, "password2": PHRASE}
    response = client.post("/accounts/sign-up/", data)
    assert response.status_code == 400
    assert "was created a moment ago" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_deleting_all_progress_asks_first(client):
    deal = Deal.objects.get(lesson="badugi", number=1)
    client.post(deal.check_url, right_answer(deal), **HTMX)
    settings_page = client.get("/accounts/settings/").content.decode()
    assert 'href="/accounts/settings/delete-progress/"' in settings_page
    asked = client.post("/accounts/settings/delete-progress/")
    assert asked.status_code == 200
    assert "Delete all your progress?" in asked.content.decode()
    assert "1 recorded answer " in asked.content.decode()
    assert Attempt.objects.count() == 1  # asking deleted nothing
    assert client.get("/accounts/settings/delete-progress/").status_code == 200
    assert Attempt.objects.count() == 1
    done = client.post("/accounts/settings/delete-progress/", {"confirm": "yes"})
    assert "Your progress is deleted" in done.content.decode()
    assert not Attempt.objects.exists()


def test_a_deleted_account_leaves_no_sign_in_records(client):
    user = User.objects.create_user("pavel", password=PHRASE)
    other = User.objects.create_user("olu", password=PHRASE)
    for who in ("pavel", "olu"):
        Client().post("/accounts/sign-in/", {"username": who, "password": "nope"})
        Client().post("/accounts/sign-in/", {"username": who, "password": PHRASE})
    assert AccessAttempt.objects.filter(username="pavel").exists()
    assert AccessLog.objects.filter(username="pavel").exists()
    client.force_login(user)
    client.post("/accounts/settings/delete-account/", {"password": PHRASE})
    assert not User.objects.filter(pk=user.pk).exists()
    assert not AccessAttempt.objects.filter(username="pavel").exists()
    assert not AccessLog.objects.filter(username="pavel").exists()
    # Other people's records stay.
    assert AccessLog.objects.filter(username=other.username).exists()

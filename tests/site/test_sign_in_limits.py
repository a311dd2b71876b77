"""Too many failed sign-ins pause sign-in for that username and for that address.

Each password check costs real CPU (about 0.7 s here with the production
hasher), so a flood of guesses could stall the site: once paused, an attempt
is answered without hashing anything, and the right password does not help.
"""

from __future__ import annotations

import pytest
from django.conf import settings as django_settings
from django.contrib.auth import authenticate
from django.contrib.auth.hashers import MD5PasswordHasher
from django.test import RequestFactory
from pytest_django.asserts import assertContains

from badacey_site.client_address import client_address
from tests.factories import make_teacher

# cache: signing in writes a session, which Redis holds on the scripts/test Redis run.
pytestmark = [pytest.mark.django_db, pytest.mark.cache]

LOGIN = "/admin/login/"
PASSWORD = "a-long-teaching-pass"


@pytest.fixture
def hashes(settings, monkeypatch) -> list[str]:
    """Every password hash computed, by a fast hasher standing in for the real one."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    made: list[str] = []
    encode = MD5PasswordHasher.encode

    # Checking a password (and the stand-in check for an unknown username)
    # hashes the attempt once through encode().
    def counted_encode(self, password, salt):
        made.append(password)
        return encode(self, password, salt)

    monkeypatch.setattr(MD5PasswordHasher, "encode", counted_encode)
    return made


@pytest.fixture
def teacher(hashes):
    user = make_teacher(password=PASSWORD)
    hashes.clear()
    return user


def sign_in(client, username: str, password: str, address: str):
    return client.post(LOGIN, {"username": username, "password": password}, REMOTE_ADDR=address)


def signed_in(client) -> bool:
    return "_auth_user_id" in client.session


def test_under_the_limit_the_right_password_still_signs_in(client, teacher):
    for _ in range(django_settings.AXES_FAILURE_LIMIT - 1):
        assert sign_in(client, "teacher", "wrong", "10.0.0.1").status_code == 200
    assert sign_in(client, "teacher", PASSWORD, "10.0.0.1").status_code == 302
    assert signed_in(client)


def test_forty_wrong_passwords_from_anywhere_pause_that_username(client, teacher, hashes):
    for n in range(40):
        sign_in(client, "teacher", "wrong", f"10.0.1.{n}")
    response = sign_in(client, "teacher", PASSWORD, "10.0.2.1")  # the 41st, right, elsewhere
    assertContains(response, "Sign-in paused", status_code=429)
    assertContains(response, "Your password was not checked", status_code=429)
    minutes = int(django_settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    assertContains(response, f"Try again in {minutes} minutes", status_code=429)
    assert not signed_in(client)
    # Only the attempts before the pause were checked; the other 31 cost no hash.
    assert len(hashes) == django_settings.AXES_FAILURE_LIMIT


def test_wrong_passwords_for_many_usernames_pause_that_address(client, teacher, hashes):
    for n in range(40):
        sign_in(client, f"guess{n}", "wrong", "10.0.3.7")
    response = sign_in(client, "teacher", PASSWORD, "10.0.3.7")
    assert response.status_code == 429
    assert not signed_in(client)
    assert len(hashes) == django_settings.AXES_FAILURE_LIMIT
    # The teacher's own username was never over its limit: from elsewhere it works.
    assert sign_in(client, "teacher", PASSWORD, "10.0.4.1").status_code == 302


def test_any_sign_in_that_calls_authenticate_is_paused_the_same_way(client, teacher, hashes):
    """A public sign-in page needs no code of its own: authenticate() refuses too."""
    for n in range(django_settings.AXES_FAILURE_LIMIT):
        sign_in(client, "teacher", "wrong", f"10.0.5.{n}")
    hashes.clear()
    request = RequestFactory().post("/sign-in/", REMOTE_ADDR="10.0.6.1")
    assert authenticate(request, username="teacher", password=PASSWORD) is None
    assert hashes == []


def test_behind_a_proxy_the_address_is_the_one_the_proxy_saw(settings):
    factory = RequestFactory()
    # The client wrote the first entry itself; the proxy appended the last.
    request = factory.get(
        "/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="198.51.100.9, 203.0.113.5"
    )
    settings.BEHIND_PROXY = True
    assert client_address(request) == "203.0.113.5"
    settings.BEHIND_PROXY = False
    assert client_address(request) == "127.0.0.1"  # without a proxy the header is not believed


def test_the_learners_sign_in_pauses_the_same_way(client, teacher, hashes):
    for n in range(40):
        client.post(
            "/accounts/sign-in/",
            {"username": "teacher", "password": "wrong"},
            REMOTE_ADDR=f"10.0.3.{n}",
        )
    response = client.post("/accounts/sign-in/", {"username": "teacher", "password": PASSWORD})
    assertContains(response, "Sign-in paused", status_code=429)
    assert not signed_in(client)
    assert len(hashes) == django_settings.AXES_FAILURE_LIMIT

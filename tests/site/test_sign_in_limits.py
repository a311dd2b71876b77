"""Too many failed sign-ins with one username from one address pause that pair.

Each password check costs real CPU (about 0.7 s here with the production
hasher), so a flood of guesses could stall the site: once paused, an attempt
is answered without hashing anything, and the right password does not help.
Failures from other addresses never pause the owner: see
test_sign_in_lockout.py for the address and account limits around this one.
"""

from __future__ import annotations

import pytest
from django.conf import settings as django_settings
from django.contrib.auth import authenticate
from django.test import RequestFactory
from pytest_django.asserts import assertContains

from badacey_site.client_address import client_address
from tests.factories import make_teacher
from tests.site.password_hashes import hashes  # noqa: F401  (fixture)

# cache: signing in writes a session, which Redis holds on the scripts/test Redis run.
# database_engine: the counts and pauses are rows (LimitCount, axes' attempts)
# added to by UPDATE ... + 1 under a unique key, which the engine decides.
pytestmark = [
    pytest.mark.django_db,
    pytest.mark.cache,
    pytest.mark.database_engine,
    pytest.mark.usefixtures("one_limit_window"),
]

LOGIN = "/admin/login/"
PASSWORD = "a-long-teaching-pass"


@pytest.fixture
def teacher(hashes):  # noqa: F811
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


def test_forty_wrong_passwords_from_one_address_pause_that_username_there(
    client,
    teacher,
    hashes,  # noqa: F811
):
    for _ in range(40):
        sign_in(client, "teacher", "wrong", "10.0.1.1")
    response = sign_in(client, "teacher", PASSWORD, "10.0.1.1")  # the 41st, right
    assertContains(response, "Sign-in paused", status_code=429)
    assertContains(response, "Your password was not checked", status_code=429)
    minutes = int(django_settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    assertContains(response, f"Try again in {minutes} minutes", status_code=429)
    assert not signed_in(client)
    # Only the attempts before the pause were checked; the other 31 cost no hash.
    assert len(hashes) == django_settings.AXES_FAILURE_LIMIT


def test_any_sign_in_that_calls_authenticate_is_paused_the_same_way(client, teacher, hashes):  # noqa: F811
    """A public sign-in page needs no code of its own: authenticate() refuses too."""
    for _ in range(django_settings.AXES_FAILURE_LIMIT):
        sign_in(client, "teacher", "wrong", "10.0.5.1")
    hashes.clear()
    request = RequestFactory().post("/sign-in/", REMOTE_ADDR="10.0.5.1")
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


def test_the_learners_sign_in_pauses_the_same_way(client, teacher, hashes):  # noqa: F811
    for _ in range(40):
        client.post(
            "/accounts/sign-in/",
            {"username": "teacher", "password": "wrong"},
            REMOTE_ADDR="10.0.3.1",
        )
    response = client.post(
        "/accounts/sign-in/", {"username": "teacher", "password": PASSWORD}, REMOTE_ADDR="10.0.3.1"
    )
    assertContains(response, "Sign-in paused", status_code=429)
    assert not signed_in(client)
    assert len(hashes) == django_settings.AXES_FAILURE_LIMIT

"""Every request that hashes a password, or could help a guesser, is limited before the hash.

Changing the password and deleting the account check the password of a
signed-in session: without a limit, anyone holding a session could guess
at full speed. Sign-up hashes the new password, and a flood of sign-ups
from one address once slowed every page. Limits are per address and per
account; over one, the answer is a 429 page and nothing is hashed.
"""

from __future__ import annotations

import pytest
from django.conf import settings as django_settings
from django.contrib.auth.models import User
from django.test import Client
from pytest_django.asserts import assertContains

from tests.site.password_hashes import hashes  # noqa: F401  (fixture)

pytestmark = [pytest.mark.django_db, pytest.mark.cache, pytest.mark.usefixtures("one_limit_window")]

PASSWORD = "ines's long phrase 6"
NEW = "ines's newer phrase 8"


@pytest.fixture
def ines(client, hashes):  # noqa: F811
    user = User.objects.create_user("ines", password=PASSWORD)
    client.force_login(user)
    hashes.clear()
    return user


def change(client, old: str, address: str = "10.3.0.1"):
    data = {"old_password": old, "new_password1": NEW, "new_password2": NEW}
    return client.post("/accounts/password/", data, REMOTE_ADDR=address)


def delete(client, password: str, address: str = "10.3.0.1"):
    return client.post(
        "/accounts/settings/delete-account/", {"password": password}, REMOTE_ADDR=address
    )


@pytest.mark.parametrize("check", [change, delete])
def test_password_checks_are_limited_per_account_before_hashing(client, ines, hashes, check):  # noqa: F811
    limit = django_settings.LIMITS["password_per_account"]
    for n in range(limit):
        assert check(client, "guess", address=f"10.3.{n}.1").status_code == 400
    assert len(hashes) == limit
    response = check(client, PASSWORD, address="10.3.200.1")  # right, from a fresh address
    assertContains(response, "your password was not checked", status_code=429)
    assert len(hashes) == limit
    ines.refresh_from_db()
    assert ines.check_password(PASSWORD)  # nothing changed, nothing deleted


def test_password_checks_are_limited_per_address_across_accounts(client, hashes, settings):  # noqa: F811
    settings.LIMITS = {**settings.LIMITS, "password_per_address": 4}
    for n in range(3):
        session = Client()
        session.force_login(User.objects.create_user(f"learner{n}", password=PASSWORD))
        for _ in range(2):
            change(session, "guess", address="10.2.0.1")
    assert len(hashes) - 3 == 4  # three accounts created, then four checks
    assert change(session, PASSWORD, address="10.2.0.1").status_code == 429
    assert change(session, PASSWORD, address="10.2.0.2").status_code == 302


def test_sign_ups_are_limited_per_address(client, hashes):  # noqa: F811
    limit = django_settings.LIMITS["sign_up_per_address"]
    for n in range(limit):
        fresh = Client()
        phrase = f"a long safe phrase {n}"
        data = {"username": f"new{n}", "password1": phrase, "password2": phrase}
        assert fresh.post("/accounts/sign-up/", data, REMOTE_ADDR="10.1.0.1").status_code == 302
    hashes.clear()
    data = {"username": "one-more", "password1": "a long phrase 9", "password2": "a long phrase 9"}
    response = client.post("/accounts/sign-up/", data, REMOTE_ADDR="10.1.0.1")
    assertContains(response, "Too many requests", status_code=429)
    assert hashes == []
    assert not User.objects.filter(username="one-more").exists()
    assert client.post("/accounts/sign-up/", data, REMOTE_ADDR="10.1.0.2").status_code == 302

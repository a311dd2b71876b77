"""Nobody can lock anyone else out, while guessing stays bounded everywhere.

django-axes pauses a username only for the address that failed with it;
an address that fails too often is paused whatever the usernames; an
account failing from everywhere together is paused only for addresses it
never signed in from. Every refusal comes before any password hash.
"""

from __future__ import annotations

import pytest
import time_machine
from django.conf import settings as django_settings
from django.contrib.auth.models import User
from pytest_django.asserts import assertContains

from tests.factories import make_teacher
from tests.site.password_hashes import hashes  # noqa: F401  (fixture)

# database_engine: the counts and pauses are rows (LimitCount, axes' attempts)
# added to by UPDATE ... + 1 under a unique key, which the engine decides.
pytestmark = [
    pytest.mark.django_db,
    pytest.mark.cache,
    pytest.mark.database_engine,
    pytest.mark.usefixtures("one_limit_window"),
]

PASSWORD = "a-long-teaching-pass"
SIGN_INS = ["/accounts/sign-in/", "/admin/login/"]


@pytest.fixture
def teacher(hashes):  # noqa: F811
    user = make_teacher(password=PASSWORD)
    hashes.clear()
    return user


def sign_in(client, url: str, password: str, address: str, username: str = "teacher"):
    return client.post(url, {"username": username, "password": password}, REMOTE_ADDR=address)


def signed_in(client) -> bool:
    return "_auth_user_id" in client.session


@pytest.mark.long  # an attack from ten addresses, one sign-in at a time
@pytest.mark.parametrize("url", SIGN_INS)
def test_failures_from_other_addresses_never_lock_the_owner_out(client, teacher, url):
    """The owner, at their usual address, signs in in the middle of an attack on their name."""
    client.post(url, {"username": "teacher", "password": PASSWORD}, REMOTE_ADDR="192.0.2.10")
    client.post("/accounts/sign-out/")
    limit = django_settings.AXES_FAILURE_LIMIT
    for n in range(10):  # ten attacking addresses, each past the pair's limit
        for _ in range(limit + 2):
            sign_in(client, url, "guess", f"10.9.{n}.1")
    assert sign_in(client, url, "guess", "10.9.0.1").status_code == 429
    response = sign_in(client, url, PASSWORD, "192.0.2.10")
    assert response.status_code == 302
    assert signed_in(client)


@pytest.mark.parametrize("url", SIGN_INS)
def test_a_username_is_paused_for_the_address_that_failed_with_it(client, teacher, hashes, url):  # noqa: F811
    limit = django_settings.AXES_FAILURE_LIMIT
    for _ in range(limit + 5):
        sign_in(client, url, "guess", "10.8.0.1")
    response = sign_in(client, url, PASSWORD, "10.8.0.1")
    assertContains(response, "Sign-in paused", status_code=429)
    assertContains(response, "Your password was not checked", status_code=429)
    assert not signed_in(client)
    assert len(hashes) == limit  # nothing after the pause was hashed
    # The same username from another address is checked as usual.
    assert sign_in(client, url, PASSWORD, "10.8.0.2").status_code == 302


def test_attempts_during_a_pause_do_not_make_it_longer(client, teacher):
    limit = django_settings.AXES_FAILURE_LIMIT
    cool_off = django_settings.AXES_COOLOFF_TIME
    with time_machine.travel("2031-03-01 09:00 +0000", tick=False) as traveller:
        for _ in range(limit):
            sign_in(client, SIGN_INS[0], "guess", "10.7.0.1")
        # A flood all through the pause, up to a minute before it ends...
        for _ in range(int(cool_off.total_seconds() // 60) - 1):
            traveller.shift(60)
            assert sign_in(client, SIGN_INS[0], "guess", "10.7.0.1").status_code == 429
        traveller.shift(61)
        # ...and the pause still ends when it would have ended without it.
        assert sign_in(client, SIGN_INS[0], PASSWORD, "10.7.0.1").status_code == 302


def test_one_address_guessing_many_usernames_is_paused(client, teacher, hashes):  # noqa: F811
    limit = django_settings.LIMITS["sign_in_per_address"]
    for n in range(limit + 5):
        sign_in(client, SIGN_INS[0], "guess", "10.6.0.1", username=f"name{n}")
    response = sign_in(client, SIGN_INS[0], PASSWORD, "10.6.0.1")
    assertContains(response, "Sign-in paused", status_code=429)
    assert len(hashes) == limit
    assert sign_in(client, SIGN_INS[0], PASSWORD, "10.6.0.2").status_code == 302


@pytest.mark.parametrize("url", SIGN_INS)
def test_an_account_guessed_from_everywhere_is_paused_for_new_addresses_only(
    client,
    teacher,
    hashes,  # noqa: F811
    settings,
    url,
):
    settings.LIMITS = {**settings.LIMITS, "sign_in_per_account": 12}
    sign_in(client, url, PASSWORD, "192.0.2.20")  # the owner's usual address
    client.post("/accounts/sign-out/")
    hashes.clear()
    for n in range(30):  # one guess from each of many addresses: no pair, no address limit
        sign_in(client, url, "guess", f"10.5.{n}.1")
    assert len(hashes) == 12
    hashes.clear()
    refused = sign_in(client, url, PASSWORD, "10.5.99.1")  # right, but from a new address
    assertContains(refused, "Sign-in paused", status_code=429)
    assert hashes == []
    assert sign_in(client, url, PASSWORD, "192.0.2.20").status_code == 302


def test_a_deleted_accounts_name_starts_with_no_pause(client, teacher):
    """Its attempt records go with the account, so a new owner of the name inherits nothing."""
    for _ in range(django_settings.AXES_FAILURE_LIMIT):
        sign_in(client, SIGN_INS[0], "guess", "10.4.0.1")
    teacher.delete()
    User.objects.create_user("teacher", password=PASSWORD)
    assert sign_in(client, SIGN_INS[0], PASSWORD, "10.4.0.1").status_code == 302

"""Request limits and an owner's known addresses hold across two app servers.

Two gunicorn servers on one database, as the documented production layout
runs them, without Redis (the Redis run of scripts/test repeats this with a
shared Redis). Each request alternates between them. Before the counts and
known addresses moved to the database, each worker kept its own: a limit of
four sign-ups let eight through, and an owner who had signed in through one
worker was paused by the other during an attack on their name.

The servers trust X-Forwarded-For (DJANGO_BEHIND_TLS_PROXY) so that one
loopback client can speak from several addresses.
"""

from __future__ import annotations

import http.cookiejar
import re
import urllib.error
import urllib.parse
import urllib.request
from itertools import cycle

import pytest

from badacey_site.app_server import app_server

from .conftest import manage, process_env

pytestmark = [pytest.mark.django_db, pytest.mark.cache]

PASSWORD = "a-long-teaching-pass"


class Visitor:
    """One browser at one address: its own cookies, its address on every request."""

    def __init__(self, address: str) -> None:
        self.address = address
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )

    def _open(self, url: str, data: bytes | None = None) -> tuple[int, str]:
        request = urllib.request.Request(url, data=data)
        request.add_header("X-Forwarded-For", self.address)
        request.add_header("X-Forwarded-Proto", "http")
        try:
            with self.opener.open(request, timeout=60) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    def post(self, url: str, fields: dict[str, str]) -> tuple[int, str]:
        _, form = self._open(url)
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form)
        assert token, form[:500]
        data = urllib.parse.urlencode({**fields, "csrfmiddlewaretoken": token.group(1)})
        return self._open(url, data.encode())

    def signed_in(self, server: str) -> bool:
        """Only a signed-in visitor's settings page has a sign-out button."""
        return "Sign out" in self._open(server + "/accounts/settings/")[1]


@pytest.fixture
def two_servers(fresh_database_url, tmp_path):
    env = process_env(
        fresh_database_url,
        DJANGO_BEHIND_TLS_PROXY="true",
        DJANGO_LIMIT_SIGN_UP_PER_ADDRESS="4",
        DJANGO_LIMIT_SIGN_IN_PER_ACCOUNT="6",
    )
    manage(fresh_database_url, "createteacher", "ines", TEACHER_PASSWORD=PASSWORD)
    options = ["--timeout", "120"]
    with (
        app_server(env, tmp_path / "a.log", options=options, within=120) as a,
        app_server(env, tmp_path / "b.log", options=options, within=120) as b,
    ):
        yield a, b


def test_a_sign_up_limit_counts_once_across_two_servers(two_servers):
    statuses = []
    for n, server in zip(range(8), cycle(two_servers), strict=False):
        visitor = Visitor("198.51.100.7")
        status, _ = visitor.post(
            server + "/accounts/sign-up/",
            {"username": f"learner{n}", "password1": PASSWORD, "password2": PASSWORD},
        )
        statuses.append(status)
    assert statuses.count(429) == 4, statuses
    assert 429 not in statuses[:4], statuses


def test_the_owner_gets_in_from_home_through_either_server_during_an_attack(two_servers):
    a, b = two_servers
    home = Visitor("192.0.2.44")
    home.post(a + "/accounts/sign-in/", {"username": "ines", "password": PASSWORD})
    assert home.signed_in(a), "the owner could not sign in at first"

    for n, server in zip(range(14), cycle((a, b)), strict=False):
        Visitor(f"203.0.113.{n + 1}").post(
            server + "/accounts/sign-in/", {"username": "ines", "password": "a-wrong-guess"}
        )

    for server in (a, b) * 5:  # ten sign-ins from home, half through the other server
        owner = Visitor("192.0.2.44")
        status, _ = owner.post(
            server + "/accounts/sign-in/", {"username": "ines", "password": PASSWORD}
        )
        assert status == 200 and owner.signed_in(server), f"the owner was refused by {server}"

    # A stranger's new address is still paused for that account.
    status, _ = Visitor("203.0.113.200").post(
        b + "/accounts/sign-in/", {"username": "ines", "password": PASSWORD}
    )
    assert status == 429


@pytest.mark.parametrize(
    ("overrides", "warning"),
    [
        ({"AXES_HANDLER": "axes.handlers.cache.AxesCacheHandler"}, "badacey.W010"),
        ({"SESSION_ENGINE": "django.contrib.sessions.backends.cache"}, "badacey.W011"),
    ],
)
def test_check_deploy_warns_of_a_setting_that_would_split_state_per_worker(
    settings, overrides, warning
):
    from badacey_site.shared_counts import check_shared_state

    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    assert check_shared_state() == []
    for name, value in overrides.items():
        setattr(settings, name, value)
    assert [message.id for message in check_shared_state()] == [warning]

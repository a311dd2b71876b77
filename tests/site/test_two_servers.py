"""Two app servers sharing one database (and Redis, when REDIS_URL is set) agree.

This is the README's production layout on loopback: two gunicorn processes
on their own ports. A teacher signs in through one server, saves an edit
through the other (the session is shared), and both then serve the edited
page, including the server that had rendered the old one just before.
The lesson page is a cached one (lessons/pages/page_cache.py): each server keeps
the page it rendered, and the edit moves the deal's version, so neither may
serve its copy again.

The scripts/test Redis run sets REDIS_URL, so there the servers share the
cache and cached sessions too; on the other runs each keeps its own memory.
The servers run with DJANGO_DEBUG=true (as scripts/serve does), which serves
static files without collectstatic; nothing here depends on it.
"""

from __future__ import annotations

import http.cookiejar
import json
import re
import urllib.error
import urllib.parse
import urllib.request
from contextlib import AbstractContextManager
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.sessions.backends.cached_db import KEY_PREFIX
from django.core.cache import caches

from badacey_site.app_server import app_server as site_server

from .conftest import manage, process_env

pytestmark = [pytest.mark.django_db, pytest.mark.cache]

PASSWORD = "a-long-teaching-pass"


def app_server(database_url: str, log: Path) -> AbstractContextManager[str]:
    """One of the two servers: one worker, on its own port, on the shared database."""
    return site_server(
        process_env(database_url), log, workers=1, options=["--timeout", "120"], within=120
    )


class Browser:
    """One visitor: a cookie jar shared by both servers, as one host name would share it."""

    def __init__(self) -> None:
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def get(self, url: str) -> str:
        with self.opener.open(url, timeout=60) as response:
            return response.read().decode()

    def post(self, url: str, fields: dict[str, str]) -> tuple[str, str]:
        """Post a form as the browser would, token included; the final URL and page."""
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', self.get(url)).group(1)
        data = urllib.parse.urlencode({**fields, "csrfmiddlewaretoken": token}).encode()
        with self.opener.open(url, data=data, timeout=60) as response:
            return response.url, response.read().decode()

    def cookie(self, name: str) -> str:
        return next(c.value for c in self.jar if c.name == name)


def test_an_edit_saved_through_one_server_is_served_by_both(fresh_database_url, tmp_path):
    manage(fresh_database_url, "createteacher", "ines", TEACHER_PASSWORD=PASSWORD)
    export = tmp_path / "deals.json"
    manage(fresh_database_url, "export_deals", "--output", str(export))
    document = json.loads(export.read_text(encoding="utf-8"))
    (exercise,) = [deal for deal in document["deals"] if deal["slug"] == "badacey-1"]
    old_title = exercise["title"]
    new_title = f"{old_title}, as edited on the other server"
    exercise["title"] = new_title
    document["deals"] = [exercise]

    with (
        app_server(fresh_database_url, tmp_path / "a.log") as a,
        app_server(fresh_database_url, tmp_path / "b.log") as b,
    ):
        browser = Browser()
        pages = ["/badacey/", "/exercises/badacey-1/"]
        for server in (a, b):  # both render (and may keep) the old page first
            for page in pages:
                assert old_title in browser.get(server + page)

        landed, _ = browser.post(
            a + "/admin/login/?next=/admin/", {"username": "ines", "password": PASSWORD}
        )
        assert landed == a + "/admin/", "the teacher could not sign in"
        # Server B knows the session that server A started.
        landed, page = browser.post(
            b + "/admin/lessons/deal/import/", {"text": json.dumps(document)}
        )
        assert landed == b + "/admin/lessons/deal/", page
        assert "1 updated" in page

        for server in (a, b):
            for page in pages:
                html = browser.get(server + page)
                assert new_title in html, f"{server}{page} is stale"

    if settings.CACHES["default"]["BACKEND"].endswith("RedisCache"):
        session = caches[settings.SESSION_CACHE_ALIAS].get(KEY_PREFIX + browser.cookie("sessionid"))
        assert session is not None, "the session should be read through the shared Redis"

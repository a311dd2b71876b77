"""The cache and the sessions, whichever backend this run uses (Redis on scripts/test's third run).

Sessions live in the database: read through Redis when there is one, never
only in a cache, so a restart (of Redis or of an app server) signs nobody out.
"""

from __future__ import annotations

import pytest
from django.contrib.sessions.backends.cached_db import KEY_PREFIX
from django.contrib.sessions.models import Session
from django.core.cache import cache
from django.utils.safestring import SafeString, mark_safe

from tests.factories import make_teacher

pytestmark = [pytest.mark.django_db, pytest.mark.cache]


def test_a_rendered_fragment_comes_back_from_the_cache_as_it_went_in():
    html = mark_safe("<p>Kira’s A♠ 2♥ 3♦ 4♣ reads 4-3-2-A</p>")
    cache.set("test:fragment", html, timeout=60)
    back = cache.get("test:fragment")
    assert back == html and isinstance(back, SafeString)
    cache.delete("test:fragment")
    assert cache.get("test:fragment") is None


def test_a_signed_in_teacher_stays_signed_in_when_the_cache_forgets_the_session(client):
    client.force_login(make_teacher())
    assert client.get("/admin/").status_code == 200
    key = client.session.session_key
    assert Session.objects.filter(session_key=key).exists()  # stored where a restart keeps it
    cache.delete(KEY_PREFIX + key)  # what a restarted Redis or app server has lost
    assert client.get("/admin/").status_code == 200


def test_signing_out_ends_the_session_everywhere(client):
    client.force_login(make_teacher())
    key = client.session.session_key
    client.post("/admin/logout/")
    assert not Session.objects.filter(session_key=key).exists()
    assert cache.get(KEY_PREFIX + key) is None

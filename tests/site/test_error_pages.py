"""Error pages keep the site's layout and tell the learner what to do next."""

from __future__ import annotations

import pytest
from django.template.loader import render_to_string
from django.test import Client

pytestmark = pytest.mark.django_db


def test_a_missing_page_gets_the_sites_own_not_found_page(client, settings):
    settings.DEBUG = False
    response = client.get("/no-such-lesson/")
    assert response.status_code == 404
    html = response.content.decode()
    assert "We could not find that page" in html
    assert 'class="skip-link"' in html  # the normal layout, skip link included


def test_an_unpublished_exercise_answers_with_the_same_page(client, settings):
    settings.DEBUG = False
    response = client.get("/exercises/not-a-deal/")
    assert response.status_code == 404
    assert "We could not find that page" in response.content.decode()


def test_a_form_sent_without_its_csrf_token_explains_nothing_was_saved(settings):
    settings.DEBUG = False
    client = Client(enforce_csrf_checks=True)
    response = client.post("/exercises/badacey-1/check/", {})
    assert response.status_code == 403
    assert "nothing was saved" in response.content.decode()


def test_the_server_error_page_renders_without_a_request():
    html = render_to_string("500.html")
    assert "Something went wrong on our side" in html
    assert "{%" not in html


def test_the_debug_page_masks_the_service_urls_and_their_passwords(rf, settings):
    """DJANGO_DEBUG=true's error page lists settings and, under runserver, the environment."""
    database_url = "postgres://app:db-pass-4t7@db.internal:5432/app"
    redis_url = "redis://:redis-pass-9q2@cache.internal:6379/0"
    settings.DEBUG = True
    settings.DATABASE_URL = database_url
    settings.REDIS_URL = redis_url
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": redis_url,  # as the Redis cache names its server
        }
    }
    # The development server hands its environment on in request.META.
    page = _debug_page(rf.get("/", DATABASE_URL=database_url, REDIS_URL=redis_url))
    assert "a failing view" in page  # it is the debug page
    assert "DATABASE_URL" in page and "REDIS_URL" in page
    for secret in ("db-pass-4t7", "redis-pass-9q2", "db.internal", "cache.internal"):
        assert secret not in page


def _debug_page(request) -> str:
    """The debug page of an error, raised where no local variable holds a secret.

    The page shows each frame's variables and source lines, which would
    otherwise include the test's own copies of the URLs.
    """
    import sys

    from django.views.debug import technical_500_response

    try:
        raise RuntimeError("a failing view")
    except RuntimeError:
        return technical_500_response(request, *sys.exc_info()).content.decode()

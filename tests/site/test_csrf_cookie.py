"""Only a page with a form sets a cookie; that form still posts, with and without htmx.

A page that sets a cookie cannot be kept by a shared cache downstream, so the
CSRF token is asked for only where a form needs it.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from lessons.models import Deal
from tests.factories import make_deal, right_answer

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def pages_without_a_form() -> list[str]:
    history = Deal.objects.published().exclude(history="").first()
    return [
        reverse("lessons:home"),
        reverse("lessons:games"),
        reverse("lessons:practice"),
        reverse("lessons:replay", args=[history.slug]),
        "/no-such-page/",
    ]


def test_pages_without_a_form_set_no_cookie_at_all():
    client = Client(enforce_csrf_checks=True)
    make_deal(title="A listed practice deal")
    for url in pages_without_a_form():
        response = client.get(url)
        assert response.status_code in (200, 404), url
        assert not response.cookies, url
        assertNotContains(response, "csrfmiddlewaretoken", status_code=response.status_code)


def test_the_home_page_can_be_stored_by_a_shared_cache():
    response = Client().get(reverse("lessons:home"))
    assert "Cookie" not in response.headers.get("Vary", "")


@pytest.fixture
def exercise() -> Deal:
    return Deal.objects.get(slug="badacey-1")


def token_from(page) -> str:
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text).group(1)


def test_a_page_with_a_form_sets_the_token_its_form_carries(exercise):
    client = Client(enforce_csrf_checks=True)
    page = client.get(exercise.get_absolute_url())
    assert "csrftoken" in page.cookies
    assert token_from(page)
    assert "hx-headers" not in page.text, "the token travels in the form, not on the page"


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain post", "htmx post"])
def test_the_form_posts_with_the_token_it_carries(exercise, headers):
    client = Client(enforce_csrf_checks=True)
    token = token_from(client.get(exercise.get_absolute_url()))
    # htmx sends every field of the form it posts, the hidden token included.
    data = {**right_answer(exercise), "csrfmiddlewaretoken": token}
    response = client.post(exercise.check_url, data, **headers)
    assertContains(response, "All right: every part is correct.")
    if headers:
        assertNotContains(response, "<html")


def test_a_post_without_the_token_is_still_refused(exercise):
    client = Client(enforce_csrf_checks=True)
    client.get(exercise.get_absolute_url())
    response = client.post(exercise.check_url, right_answer(exercise), **HTMX)
    assert response.status_code == 403

"""Lesson pages come from the cache, yet an edit or a deploy is seen at once.

A lesson page is rendered once per content version (the code's and the
stored deals') and reused for every reader; what differs per reader (the
CSRF token of the exercise forms, an answered exercise) is filled into the
cached page's slots on each response.
"""

from __future__ import annotations

import re
from functools import partial

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils.autoreload import file_changed
from pytest_django.asserts import assertContains, assertNotContains

from lessons import code_version
from lessons.course import LESSONS
from lessons.models import Deal
from lessons.pages import lesson_page as pages
from lessons.pages import page_cache, slots
from tests.factories import right_answer

# fresh_pages: these tests count and time renders (tests/django_setup.py).
pytestmark = [pytest.mark.django_db, pytest.mark.cache, pytest.mark.fresh_pages]

TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]*)"')


@pytest.fixture
def renders(monkeypatch) -> list[str]:
    """The lessons whose page was rendered (not taken from the cache), in order."""
    seen: list[str] = []
    real = pages.lesson_context

    def counting(lesson: str) -> dict:
        seen.append(lesson)
        return real(lesson)

    monkeypatch.setattr(pages, "lesson_context", counting)
    return seen


@pytest.mark.parametrize("lesson", [item.key for item in LESSONS])
def test_a_lesson_page_is_rendered_once_for_every_reader(client, renders, lesson):
    url = reverse(f"lessons:{lesson}")
    first = client.get(url).content.decode()
    second = Client().get(url).content.decode()
    assert renders == [lesson]
    # The same page apart from each visitor's own form token.
    assert TOKEN.sub("", first) == TOKEN.sub("", second)


def test_a_teachers_edit_is_on_the_next_page(client, renders):
    deal = Deal.objects.get(slug="badugi-2")
    assertContains(client.get(reverse("lessons:badugi")), deal.title)
    deal.title = "Retitled while the page was cached"
    deal.save()
    assertContains(client.get(reverse("lessons:badugi")), "Retitled while the page was cached")
    deal.published = False
    deal.save()
    assertNotContains(client.get(reverse("lessons:badugi")), "Retitled while the page was cached")
    assert renders == ["badugi"] * 3


def test_an_edit_to_another_lessons_deal_keeps_this_page(client, renders):
    client.get(reverse("lessons:badugi"))
    deal = Deal.objects.get(slug="badacey-2")
    deal.title = "Edited elsewhere"
    deal.save()
    client.get(reverse("lessons:badugi"))
    assert renders == ["badugi"]


def test_a_deploy_of_other_code_renders_afresh(client, renders, monkeypatch):
    client.get(reverse("lessons:drawing"))
    monkeypatch.setenv("BADACEY_CODE_VERSION", "release-2")
    client.get(reverse("lessons:drawing"))
    client.get(reverse("lessons:drawing"))
    assert renders == ["drawing", "drawing"]


def test_a_template_edit_seen_by_the_development_server_renders_afresh(
    client, renders, monkeypatch
):
    monkeypatch.delenv("BADACEY_CODE_VERSION", raising=False)
    client.get(reverse("lessons:badugi"))
    template = code_version.ROOT / "templates" / "lessons" / "badugi.html"
    # What runserver's reloader sends when a watched template changes.
    file_changed.send(sender=None, file_path=template)
    client.get(reverse("lessons:badugi"))
    assert renders == ["badugi", "badugi"]


def test_no_visitors_token_is_kept_in_the_shared_page():
    tokens = set()
    for _ in range(2):
        html = Client().get(reverse("lessons:badacey")).content.decode()
        found = set(TOKEN.findall(html))
        assert len(found) == 1 and "" not in found
        tokens |= found
    assert len(tokens) == 2, "each visitor gets their own token"
    key = page_cache.page_key("badacey", partial(pages.lesson_deals, "badacey"))
    stored = b"".join(slots.join(p, {}) for p in cache.get(key).values()).decode()
    assert TOKEN.findall(stored), "the cached page has the exercise forms"
    assert set(TOKEN.findall(stored)) == {""}, "only the token's slot is kept"


@pytest.mark.parametrize("htmx", [False, True], ids=["plain post", "htmx post"])
def test_the_token_on_a_cached_lesson_page_lets_its_form_post(htmx):
    client = Client(enforce_csrf_checks=True)
    page = client.get(reverse("lessons:badeucey"))
    assert "csrftoken" in page.cookies
    deal = Deal.objects.get(slug="badeucey-1")
    data = {**right_answer(deal), "csrfmiddlewaretoken": TOKEN.search(page.text).group(1)}
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    assertContains(client.post(deal.check_url, data, **headers), "All right")


def test_the_no_javascript_check_fills_one_exercise_into_the_cached_page(client, renders):
    client.get(reverse("lessons:badugi"))
    deal = Deal.objects.get(slug="badugi-3")
    response = client.post(deal.check_url, right_answer(deal))
    assertContains(response, "All right")
    assert renders == ["badugi"], "the rest of the page came from the cache"
    html = response.content.decode()
    assert "<!--slot:" not in html and "slot:" not in html
    assert html.count('id="exercise-badugi-3"') == 1


def test_a_page_without_exercises_asks_for_no_token(client):
    response = client.get(reverse("lessons:games"))
    assert not response.cookies
    assert "csrfmiddlewaretoken" not in response.content.decode()


CACHED_PAGES = ["badugi", "badacey", "badeucey", "drawing", "games"]


@pytest.mark.parametrize("name", CACHED_PAGES)
def test_a_cached_pages_blocks_are_the_cached_partials_of_base_html(name):
    # The cache renders each block alone as "template#block": a top-level block
    # without its partial, or one the cache does not know, would be lost.
    source = (code_version.ROOT / "templates" / "lessons" / f"{name}.html").read_text()
    assert source.startswith(f'{{% extends "{page_cache.PARENT}" %}}')
    top_level = re.findall(r"^\{% block (\w+) %\}\{% partialdef (\w+) inline %\}", source, re.M)
    assert [block for block, _ in top_level] == list(page_cache.CACHED_BLOCKS)
    assert all(block == partial for block, partial in top_level)
    assert source.count("{% block ") == len(page_cache.CACHED_BLOCKS)

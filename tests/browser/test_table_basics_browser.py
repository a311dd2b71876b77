"""The Table basics lesson in a browser: axe in both colour schemes, on the page and replay."""

from __future__ import annotations

import pytest
from django.urls import reverse

from lessons.content.loader import load_content
from lessons.pages import page_data
from tests.browser.axe import CLEAN

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def shipped():
    load_content()  # the shipped deals, however an earlier test's flush left the database


def test_the_lesson_has_no_axe_violations(page, live_server, axe_both, shipped):
    page.goto(live_server.url + reverse("lessons:table_basics"))
    assert page.locator("h1").inner_text().startswith("Table basics")
    assert axe_both(page) == CLEAN


def test_the_lessons_step_links_open_the_replay_clean_of_axe_violations(
    page, live_server, axe_both, shipped
):
    page.goto(live_server.url + reverse("lessons:table_basics"))
    link = page.locator('section[aria-labelledby="side-pots"] a[href*="/replay/"]').first
    link.focus()
    page.keyboard.press("Enter")  # keyboard alone
    page.wait_for_url(f"**{page_data.TABLE_BASICS_REPLAY}/?step=*")
    assert page.locator("[data-replay-index]").count() == 1
    assert axe_both(page) == CLEAN

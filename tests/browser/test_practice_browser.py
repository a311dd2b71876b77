"""The Practice list in a real browser: its pages and its filter, by keyboard, with axe."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from lessons.exercises.practice import PAGE_SIZE
from tests.factories import make_deal

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_next_page_is_reached_by_keyboard_and_has_no_axe_violations(page, live_server, axe):
    for n in range(PAGE_SIZE + 2):
        make_deal(title=f"Keyboard deal {n:02}")
    page.goto(live_server.url + "/practice/")
    assert axe(page) == []
    next_link = page.get_by_role("link", name="Next page")
    for _ in range(80):
        page.keyboard.press("Tab")
        if next_link.evaluate("el => el === document.activeElement"):
            break
    else:
        pytest.fail("Tab never reached the Next page link")
    page.keyboard.press("Enter")
    expect(page).to_have_url(live_server.url + "/practice/?page=2")
    expect(page.get_by_role("link", name="Keyboard deal 00")).to_be_visible()
    expect(page.get_by_role("link", name="Page 2")).to_have_attribute("aria-current", "page")
    assert axe(page) == []


def test_the_crispy_filter_refilters_the_list_in_place(page, live_server, axe):
    make_deal(title="A Badacey deal")
    page.goto(live_server.url + "/practice/")
    page.get_by_label("Game").select_option("badugi")
    page.get_by_role("button", name="Show").click()
    expect(page.get_by_text("No practice deals for this game yet.")).to_be_visible()
    expect(page).to_have_url(live_server.url + "/practice/?game=badugi")
    assert axe(page) == []

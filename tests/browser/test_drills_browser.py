"""A drill answered three times by keyboard alone, with and without JavaScript, with axe."""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import pytest

from evaluator import PROFILES
from evaluator.drills import generate
from lessons.drill_forms import drill_url

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

KIND, GAME, DIFFICULTY = "betting", "badacey", 1


def right_total(seed: int) -> int:
    """The engine's full raise for the item this seed deals."""
    part = generate(KIND, GAME, DIFFICULTY, seed).parts[0]
    return PROFILES[GAME].full_raise_to(part["round"], part["facing"])


def answer_by_keyboard(pg, seed: int) -> None:
    """Tab into the radio group, arrow to the engine's total, and press Enter."""
    label = f"To {right_total(seed)}"
    for _ in range(60):
        pg.keyboard.press("Tab")
        if pg.evaluate("document.activeElement.type === 'radio'"):
            break
    else:
        raise AssertionError("Tab never reached the options")
    for _ in range(10):
        if pg.evaluate("document.activeElement.labels[0].innerText") == label:
            break
        pg.keyboard.press("ArrowDown")
    pg.keyboard.press("Space")
    pg.keyboard.press("Enter")


def seed_of(pg) -> int:
    return int(parse_qs(urlparse(pg.url).query)["seed"][0])


def test_three_items_by_keyboard_with_htmx_and_axe_finds_nothing(page, live_server, axe):
    page.goto(live_server.url + drill_url(KIND, GAME, DIFFICULTY, 100))
    page.wait_for_function("window.htmx !== undefined")
    assert axe(page) == []
    for n in range(3):
        answer_by_keyboard(page, 100 + n)
        page.wait_for_function(f"location.search.includes('seed={101 + n}')", timeout=5000)
        page.wait_for_function(
            "document.activeElement.hasAttribute('data-drill-focus')", timeout=5000
        )
        assert "Every part is correct" in page.locator(".drill__last").inner_text()
    assert seed_of(page) == 103
    assert axe(page) == []


def test_three_items_without_javascript(browser, live_server, axe):
    context = browser.new_context(java_script_enabled=False)
    try:
        pg = context.new_page()
        pg.goto(live_server.url + drill_url(KIND, GAME, DIFFICULTY, 200))
        for n in range(3):
            with pg.expect_navigation():  # without JavaScript each answer loads a new page
                answer_by_keyboard(pg, 200 + n)
            assert "Every part is correct" in pg.locator(".drill__last").inner_text()
            link = pg.locator(".drill__share a")
            assert f"seed={201 + n}" in link.get_attribute("href")
    finally:
        context.close()


def test_the_drills_index_and_a_card_drill_pass_axe(page, live_server, axe):
    page.goto(live_server.url + "/drills/")
    assert axe(page) == []
    page.goto(live_server.url + drill_url("badugi-cards", "badeucey", 3, 5))
    assert axe(page) == []
    page.goto(live_server.url + drill_url("payouts", "badacey", 3, 5))
    assert axe(page) == []

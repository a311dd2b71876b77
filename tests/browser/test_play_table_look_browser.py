"""The study table at 1280 x 800 and 375 x 667: at every decision of a whole hand the
learner's cards (drawn inside the felt) and the action buttons are on screen
without scrolling, the felt does not move when the coach's grade arrives, no
hidden card is in the page, and axe finds nothing in either colour scheme.

Each action is the engine's coach's choice, pressed with the table's keys.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from evaluator.play import coach_action
from tests.browser.axe import CLEAN
from tests.browser.test_play_table_browser import (  # noqa: F401  (the seeded fixture)
    KEYS,
    advanced,
    no_hidden_card_is_exposed,
    the_hand,
)
from tests.browser.test_play_table_browser import (
    seeded as seeded,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = [(1280, 800), (375, 667)]


def scrolled_to_the_table(page) -> None:
    """Wait until the landing on #play-table is done (Bootstrap scrolls smoothly)."""
    page.wait_for_function(
        "() => new Promise(done => { const y = scrollY; setTimeout(() => done("
        "scrollY === y && scrollY > 0), 200); })"
    )


def boxes(page, selector: str) -> list[dict[str, float]]:
    found = page.locator(selector)
    return [found.nth(n).bounding_box() for n in range(found.count())]


def on_screen(box: dict[str, float], width: int, height: int) -> bool:
    return (
        box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= width
        and box["y"] + box["height"] <= height
    )


def inside(box: dict[str, float], outer: dict[str, float]) -> bool:
    return (
        box["x"] >= outer["x"]
        and box["y"] >= outer["y"]
        and box["x"] + box["width"] <= outer["x"] + outer["width"]
        and box["y"] + box["height"] <= outer["y"] + outer["height"]
    )


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_cards_and_buttons_stay_in_view_at_every_decision(
    page, live_server, seeded, axe_both, width, height
):
    page.set_viewport_size({"width": width, "height": height})
    page.goto(live_server.url + "/play/")
    with page.expect_navigation():
        page.get_by_role("button", name="Deal me in").click()
    page.wait_for_function("window.htmx !== undefined")
    scrolled_to_the_table(page)
    checked_axe = False
    felt_top = None
    decisions = 0
    for _ in range(40):
        row, live = the_hand()
        if live.is_over:
            break
        decisions += 1
        no_hidden_card_is_exposed(page, live)
        buttons = boxes(page, "[data-play-form] button")
        cards = boxes(page, "[data-play-you] .hand .pc, [data-play-you] .play-throw .pc")
        felt = page.locator("[data-play-felt]").bounding_box()
        assert buttons and len(cards) == len(live.learner_cards)
        for box in buttons + cards:
            assert on_screen(box, width, height), (row.step, box)
        for box in cards:
            assert inside(box, felt)
        # The grade of the last decision arrives in its own slot: the felt stays put.
        if felt_top is None:
            felt_top = felt["y"]
        else:
            assert felt["y"] == pytest.approx(felt_top, abs=1)
        if row.step == 1 and not checked_axe:
            expect(page.locator(".play-coach .play-grade")).to_be_visible()
            assert axe_both(page) == CLEAN
            checked_axe = True
        action = coach_action(live)
        if action.kind == "draw":
            for card in action.discards:
                page.keyboard.press(str(live.learner_cards.index(card) + 1))
            page.keyboard.press("d" if action.discards else "p")
        else:
            page.keyboard.press(KEYS[action.kind])
        advanced(page, row.step)
    row, live = the_hand()
    assert live.is_over and decisions >= 2 and checked_axe
    result = page.locator("#play-result-title").bounding_box()
    assert on_screen(result, width, height)
    # N deals the next hand at once, on the same table.
    with page.expect_navigation():
        page.keyboard.press("n")
    expect(page.locator("[data-play-felt]")).to_be_visible()
    assert page.url.endswith("#play-table") and f"/play/{row.pk}/" not in page.url


ANIMATION = "el => getComputedStyle(el).animationName"


def test_cards_and_chips_move_unless_the_reader_asks_for_less_motion(page, live_server, seeded):
    page.goto(live_server.url + "/play/")
    with page.expect_navigation():
        page.get_by_role("button", name="Deal me in").click()
    page.wait_for_function("window.htmx !== undefined")
    for _ in range(40):
        row, live = the_hand()
        action = coach_action(live)
        if action.kind == "draw" and action.discards:
            break
        page.keyboard.press(KEYS[action.kind] if action.kind != "draw" else "p")
        advanced(page, row.step)
    # The betting round before this draw closed: its bets move to the pot.
    chips = page.locator(".play-seat__to-pot")
    assert chips.count() > 0
    assert chips.first.evaluate(ANIMATION) == "play-to-pot"
    for card in action.discards:
        page.keyboard.press(str(live.learner_cards.index(card) + 1))
    page.keyboard.press("d")
    advanced(page, row.step)
    new = page.locator("[data-play-you] .pc.new")
    expect(new).to_have_count(len(action.discards))
    assert new.first.evaluate(ANIMATION) == "play-card-in"
    thrown = page.locator(".play-seat__thrown")
    assert thrown.evaluate(ANIMATION) == "play-card-out"
    page.emulate_media(reduced_motion="reduce")
    assert new.first.evaluate(ANIMATION) == "none"
    assert thrown.evaluate(ANIMATION) == "none"
    assert thrown.evaluate("el => getComputedStyle(el).visibility") == "hidden"

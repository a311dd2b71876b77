"""Ask the coach (/play/spot/) in a browser: keyboard alone, JavaScript off, axe in both schemes.

The verdict each test expects is asked of the engine (``judge_spot``), never typed in.
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import pytest
from django.urls import reverse

from evaluator.play.spot import judge_spot, spot_from_json
from play import spot_answers
from tests.browser.axe import CLEAN

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LINE = {
    "game": "badugi",
    "decision": "bet",
    "cards": "As 2h 3d 3c",
    "draws_left": 0,
    "pot": 40,
    "to_call": 4,
    "bet": 4,
    "opponents": [{"drew": [2, 1, 1], "acts_after": False}],
}


def best_label() -> str:
    return judge_spot(spot_from_json(LINE), seed=spot_answers.SEED).best.label


def query(page) -> dict[str, list[str]]:
    return parse_qs(urlparse(page.url).query)


def focus_lands_on(page, css_class):
    page.wait_for_function(
        "name => document.activeElement.classList.contains(name)", arg=css_class, timeout=5000
    )


def tab_to(page, selector, limit=120):
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(f"document.activeElement.matches({selector!r})"):
            return
    raise AssertionError(f"Tab never reached {selector}")


def choose(page, label):
    """Move the focused select to ``label`` with the arrow keys, as a keyboard user does."""
    for _ in range(20):
        if page.evaluate("document.activeElement.selectedOptions[0].text") == label:
            return
        page.keyboard.press("ArrowDown")
    raise AssertionError(f"no option {label}")


def type_into(page, selector, text):
    tab_to(page, selector)
    page.keyboard.press("Control+A")
    page.keyboard.type(text)


def fill_by_keyboard(page, *, cards: str, pick: tuple[str, ...] = ()):
    """The spot of LINE, typed field by field with Tab, arrows and Space; Enter submits."""
    tab_to(page, "#id_game")
    choose(page, "Badugi")
    type_into(page, "#id_cards", cards)
    if pick:
        tab_to(page, "details.card-picker summary")
        page.keyboard.press("Enter")  # opens the list of cards
        for code in pick:
            tab_to(page, f"#id_pick_{code}")
            page.keyboard.press("Space")
    type_into(page, "#id_pot", "40")
    type_into(page, "#id_to_call", "4")
    type_into(page, "#id_bet", "4")
    type_into(page, "#id_o1_drew", "2 1 1")
    page.keyboard.press("Enter")  # Enter in a text field submits its form


def test_a_spot_by_keyboard_answers_in_place_and_axe_finds_nothing(page, live_server, axe_both):
    page.goto(live_server.url + reverse("play:spot"))
    page.wait_for_function("window.htmx !== undefined")
    assert axe_both(page) == CLEAN
    page.emulate_media(color_scheme="light")
    # Two cards typed, two picked from the list: the hand is all four.
    fill_by_keyboard(page, cards="As 2h", pick=("3d", "3c"))
    answer = page.locator(".tool__answer")
    answer.wait_for()
    focus_lands_on(page, "tool__answer")
    assert f"Best: {best_label()}" in answer.inner_text()
    assert query(page)["pick"] == ["3d", "3c"]  # the spot has a URL to share
    # The table of choices is reached and scrolled by keyboard too.
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.matches('.table-scroll')")
    assert axe_both(page) == CLEAN

    # A mistake: the list of problems takes focus and the field says what is wrong.
    page.emulate_media(color_scheme="light")
    page.locator("#id_cards").focus()
    page.keyboard.press("End")
    page.keyboard.type(" Zz")
    page.keyboard.press("Enter")
    page.locator(".tool__problems").wait_for()
    focus_lands_on(page, "tool__problems")
    assert "Zz" in page.locator("#id_cards_error").inner_text()
    assert axe_both(page) == CLEAN

    # Put right, the answer comes back and the message beside the field goes.
    page.emulate_media(color_scheme="light")
    page.locator("#id_cards").focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("As 2h")
    page.keyboard.press("Enter")
    focus_lands_on(page, "tool__answer")
    assert page.locator("#id_cards_error").count() == 0


def test_a_spot_works_without_javascript(browser, live_server):
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(live_server.url + reverse("play:spot"))
        fill_by_keyboard(page, cards="As 2h 3d 3c")
        page.wait_for_load_state()
        assert f"Best: {best_label()}" in page.locator(".tool__answer").inner_text()
        assert query(page)["cards"] == ["As 2h 3d 3c"]
        # One draw too few for the opponent: the page comes back with the message beside it.
        type_into(page, "#id_o1_drew", "2 1")
        page.keyboard.press("Enter")
        page.wait_for_load_state()
        assert "type 3 numbers" in page.locator("#id_o1_drew_error").inner_text()
    finally:
        context.close()


def test_a_phone_width_screen_needs_no_sideways_scrolling(page, live_server):
    page.set_viewport_size({"width": 375, "height": 740})
    page.goto(live_server.url + reverse("play:spot"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 375

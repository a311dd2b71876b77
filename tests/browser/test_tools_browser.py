"""The draw-odds page and the showdown calculator, filled by keyboard alone, with axe."""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import pytest
from django.urls import reverse

from evaluator.odds import draw_odds

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def query(page) -> dict[str, list[str]]:
    return parse_qs(urlparse(page.url).query)


def focus_lands_on(page, css_class):
    """Focus moves once htmx has settled the swap, a moment after the content appears."""
    page.wait_for_function(
        "name => document.activeElement.classList.contains(name)", arg=css_class, timeout=5000
    )


def tab_to(page, selector, limit=80):
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(f"document.activeElement.matches({selector!r})"):
            return
    raise AssertionError(f"Tab never reached {selector}")


def choose(page, select, label):
    """Move a focused select to ``label`` with the arrow keys, as a keyboard user does."""
    for _ in range(20):
        if page.evaluate("document.activeElement.selectedOptions[0].text") == label:
            return
        page.keyboard.press("ArrowDown")
    raise AssertionError(f"{select} has no option {label}")


def fill_odds_by_keyboard(page, *, hand, discard):
    tab_to(page, "#id_game")
    choose(page, "#id_game", "Badugi")
    page.keyboard.press("Tab")
    page.keyboard.type(hand)
    page.keyboard.press("Tab")
    page.keyboard.type(discard)
    tab_to(page, "button[type=submit]")
    page.keyboard.press("Enter")


def fill_calculator_by_keyboard(page, hands, pot):
    tab_to(page, "#id_pot")
    page.keyboard.type(str(pot))
    for n, hand in enumerate(hands, start=1):
        tab_to(page, f"#id_hand{n}")
        page.keyboard.type(hand)
    page.keyboard.press("Enter")  # Enter in a text field submits its form


def test_the_odds_page_by_keyboard_answers_in_place_and_axe_finds_nothing(page, live_server, axe):
    page.goto(live_server.url + reverse("lessons:odds"))
    page.wait_for_function("window.htmx !== undefined")
    assert axe(page) == []
    fill_odds_by_keyboard(page, hand="As 2h 3d Ks", discard="Ks")
    answer = page.locator(".tool__answer")
    answer.wait_for()
    expected = draw_odds("badugi", "As 2h 3d", discarded="Ks").outcome("badugi")
    assert expected.percent_text in answer.inner_text()
    focus_lands_on(page, "tool__answer")
    assert query(page)["hand"] == ["As 2h 3d Ks"]  # the answer has a URL to share
    assert axe(page) == []
    page.goto(page.url)  # and opening that URL again shows the same answer
    assert expected.percent_text in page.locator(".tool__answer").inner_text()
    page.wait_for_function("window.htmx !== undefined")

    # A mistake: the list of problems takes focus and the field says what is wrong.
    page.locator("#id_hand").focus()
    page.keyboard.press("End")
    page.keyboard.type(" Zz")
    page.keyboard.press("Enter")
    problems = page.locator(".tool__problems")
    problems.wait_for()
    focus_lands_on(page, "tool__problems")
    assert "'Zz' is not a card" in page.locator("#id_hand_error").inner_text()
    assert axe(page) == []

    # Put right, the answer comes back and the old message beside the field goes.
    page.locator("#id_hand").focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("As 2h 3d Ks")
    page.keyboard.press("Enter")
    focus_lands_on(page, "tool__answer")
    assert page.locator("#id_hand_error").count() == 0
    assert page.locator("#id_hand").get_attribute("aria-invalid") is None


def test_the_calculator_by_keyboard_settles_in_place_and_axe_finds_nothing(page, live_server, axe):
    page.goto(live_server.url + reverse("lessons:calculator"))
    page.wait_for_function("window.htmx !== undefined")
    assert axe(page) == []
    fill_calculator_by_keyboard(page, ["As 2h 3d 4c 5c", "2c 3h 4s 5d 7c", "Kc Kd Qs Jh 9c"], 90)
    answer = page.locator(".tool__answer")
    answer.wait_for()
    focus_lands_on(page, "tool__answer")
    assert answer.locator(".pc", has_text="ace of spades").count() > 0
    assert query(page)["pot"] == ["90"]
    page.locator("details.tool__report summary").focus()
    page.keyboard.press("Enter")
    assert "Payouts" in page.locator("details.tool__report pre").inner_text()
    assert axe(page) == []

    page.locator("#id_hand2").focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("As 3h 4s 5d 7c")
    page.keyboard.press("Enter")
    page.locator(".tool__problems").wait_for()
    focus_lands_on(page, "tool__problems")
    assert "A♠ is also in Seat 1's hand" in page.locator("#id_hand2_error").inner_text()
    assert axe(page) == []


def test_both_pages_work_without_javascript(browser, live_server):
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(live_server.url + reverse("lessons:odds"))
        fill_odds_by_keyboard(page, hand="As 2h 3d Ks", discard="Ks")
        page.wait_for_load_state()
        assert "four of clubs" in page.locator(".tool__answer").inner_text()
        assert query(page)["discard"] == ["Ks"]

        page.goto(live_server.url + reverse("lessons:calculator"))
        fill_calculator_by_keyboard(page, ["As 2h 3d 4c 5c", "2c 3h 4s 5d 7c"], 80)
        page.wait_for_load_state()
        assert "Payouts" in page.locator(".tool__answer").inner_text()
    finally:
        context.close()


def test_the_tools_break_none_of_their_content_security_policy(browser, live_server):
    context = browser.new_context()  # the shared context bypasses CSP for axe
    try:
        page = context.new_page()
        errors = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.goto(live_server.url + reverse("lessons:odds"))
        page.wait_for_function("window.htmx !== undefined")
        fill_odds_by_keyboard(page, hand="As 2h", discard="")
        page.locator(".tool__answer").wait_for()
        assert errors == []
    finally:
        context.close()


@pytest.mark.parametrize("name", ["lessons:odds", "lessons:calculator"])
def test_a_phone_width_screen_needs_no_sideways_scrolling(page, live_server, name):
    page.set_viewport_size({"width": 375, "height": 740})
    page.goto(live_server.url + reverse(name))
    assert page.evaluate("document.documentElement.scrollWidth") <= 375


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_short_hand_is_warned_about_and_axe_finds_nothing(page, live_server, axe, scheme):
    page.emulate_media(color_scheme=scheme)
    page.goto(live_server.url + reverse("lessons:odds"))
    page.wait_for_function("window.htmx !== undefined")
    fill_odds_by_keyboard(page, hand="Ac 2d 3h", discard="")
    page.locator(".tool__answer").wait_for()
    assert "could come back in the draw" in page.locator(".odds-unnamed").inner_text()
    assert "three of hearts" in page.locator(".odds-seen").inner_text()
    assert axe(page) == []


@pytest.mark.cache
def test_a_paused_costly_question_shows_its_message_in_place(page, live_server, monkeypatch):
    monkeypatch.setattr("lessons.tools.odds_answers.COSTLY_PER_MINUTE", 0)
    page.goto(live_server.url + reverse("lessons:odds"))
    page.wait_for_function("window.htmx !== undefined")
    tab_to(page, "#id_game")
    choose(page, "#id_game", "Badacey")
    page.keyboard.press("Tab")
    page.keyboard.type("As 2h 9c 10c Jc")
    page.keyboard.press("Tab")
    page.keyboard.type("9c 10c Jc")
    page.keyboard.press("Enter")
    problems = page.locator(".tool__problems")
    problems.wait_for()
    focus_lands_on(page, "tool__problems")
    assert "ask again in a minute" in problems.inner_text()

"""The study table's single-key shortcuts can be turned off (WCAG 2.2, 2.1.4).

A speech-input user's words, or a stray key, must not play a hand: with the
switch off a key does nothing; switched back on (and after a reload, which
keeps the choice), the same key plays the coach's action as before.
"""

from __future__ import annotations

import pytest

from evaluator.play import coach_action
from tests.browser.test_play_table_browser import KEYS, advanced, seeded, the_hand  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def step(page) -> int:
    return int(page.locator("#play-table input[name=step]").first.input_value())


def test_the_single_key_shortcuts_turn_off_and_on(page, live_server, seeded):  # noqa: F811
    page.goto(live_server.url + "/play/")
    with page.expect_navigation():
        page.get_by_role("button", name="Deal me in").click()
    page.wait_for_function("window.htmx !== undefined")
    switch = page.get_by_role("button", name="Single-key shortcuts")
    assert switch.get_attribute("aria-pressed") == "true"
    _, live = the_hand()
    action = coach_action(live)
    assert action.kind in KEYS, "the seeded hand starts with a bet to answer"
    before = step(page)

    switch.click()
    assert switch.get_attribute("aria-pressed") == "false"
    page.locator("body").focus()
    page.keyboard.press(KEYS[action.kind])
    page.wait_for_timeout(500)
    assert step(page) == before, "a key did something with the shortcuts off"

    page.reload()
    switch = page.get_by_role("button", name="Single-key shortcuts")
    assert switch.get_attribute("aria-pressed") == "false", "the choice is kept"
    switch.click()
    assert switch.get_attribute("aria-pressed") == "true"
    page.keyboard.press(KEYS[action.kind])
    advanced(page, before)

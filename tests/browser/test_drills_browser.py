"""Drills by keyboard alone, with and without JavaScript, with axe: answers and hints."""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import expect

from evaluator import PROFILES, format_cards
from evaluator.drills import generate
from lessons.deals import parts
from lessons.drills.forms import drill_url
from lessons.drills.items import DrillTable
from lessons.models import Attempt
from tests.browser.axe import axe_violations_without_javascript
from tests.speech import HEARD_JS, spoken_words

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


def side_pot_seed(game: str) -> int:
    """The first hard payouts item whose contributions make more than one pot (engine's say)."""
    for seed in range(300):
        table = DrillTable.of(generate("payouts", game, 3, seed))
        if table.item.contributions and len(table.settlement().pots) > 1:
            return seed
    raise AssertionError("no seeded payouts item has side pots")


def test_side_pot_hints_one_at_a_time_by_keyboard_then_counted(page, live_server, axe):
    """The pot-by-pot hints arrive in the live list, focus stays on the button, axe is clean."""
    seed = side_pot_seed(GAME)
    table = DrillTable.of(generate("payouts", GAME, 3, seed))
    hints = parts.hints(table)[0]
    page.goto(live_server.url + drill_url("payouts", GAME, 3, seed))
    page.wait_for_function("window.htmx !== undefined")
    box = "drill-p0-hints"
    live = page.locator(f"#{box}-list")
    assert live.get_attribute("aria-live") == "polite"
    assert live.get_attribute("aria-relevant") == "additions"
    page.locator(f"#{box}-button").focus()
    for number in range(1, len(hints) + 1):
        page.keyboard.press("Enter")
        page.locator(f"#{box}-{number}").wait_for()
        heard = page.locator(f"#{box}-{number}").evaluate(HEARD_JS)
        assert spoken_words(hints[number - 1]) in heard
        expect(live.locator("li")).to_have_count(number)  # one hint per press, none ahead
        if number < len(hints):
            page.wait_for_function(
                f"document.activeElement.id === '{box}-button'"
                f" && document.activeElement.textContent.includes('hint {number + 1} of')"
            )
    page.wait_for_function(f"document.activeElement.id === '{box}-done'")
    for pot in table.settlement().pots:  # every pot the engine makes is walked through
        assert pot.name in live.inner_text()
    assert axe(page) == []
    payouts = table.settlement().payouts
    for s, chips in enumerate(payouts):
        page.fill(f'input[name="drill-{parts.answer_key(0, "seat", s)}"]', str(chips))
    page.get_by_role("button", name="Check and deal the next item").click()
    page.wait_for_function(f"location.search.includes('seed={seed + 1}')", timeout=5000)
    assert "Every part is correct" in page.locator(".drill__last").inner_text()
    attempt = Attempt.objects.get(drill_kind="payouts")
    assert attempt.correct and attempt.hints_used == len(hints)
    assert axe(page) == []


def test_a_hint_without_javascript_keeps_the_item_and_is_counted(browser, live_server):
    seed = 300
    hints = parts.hints(DrillTable.of(generate(KIND, GAME, DIFFICULTY, seed)))[0]
    context = browser.new_context(java_script_enabled=False)
    try:
        pg = context.new_page()
        pg.goto(live_server.url + drill_url(KIND, GAME, DIFFICULTY, seed))
        label = f"To {right_total(seed)}"
        pg.get_by_label(label, exact=True).check()
        with pg.expect_navigation():
            pg.locator("#drill-p0-hints-button").click()
        assert pg.url.endswith("#drill-p0-hints-1")
        assert spoken_words(hints[0]) in pg.locator("#drill-p0-hints-1").evaluate(HEARD_JS)
        assert pg.get_by_label(label, exact=True).is_checked()  # the answer so far is kept
        assert f"hint 2 of {len(hints)}" in pg.locator("#drill-p0-hints-button").inner_text()
        with pg.expect_navigation():  # Enter on the choice checks it, not another hint
            pg.get_by_label(label, exact=True).press("Enter")
        assert "Every part is correct" in pg.locator(".drill__last").inner_text()
        attempt = Attempt.objects.get(drill_kind=KIND)
        assert attempt.item_key == f"{GAME}/{DIFFICULTY}/{seed}" and attempt.hints_used == 1
    finally:
        context.close()


CARDS_KIND, CARDS_GAME, CARDS_DIFFICULTY, CARDS_SEED = "badugi-cards", "badugi", 2, 40


def typed_cards() -> str:
    """What a learner types in the card question's box: the seat's first cards, as printed."""
    table = DrillTable.of(generate(CARDS_KIND, CARDS_GAME, CARDS_DIFFICULTY, CARDS_SEED))
    return format_cards(table.hands[table.parts[0]["seat"]][:3])


def test_typed_cards_survive_a_hint_without_javascript_and_axe_finds_nothing(
    browser, page, live_server
):
    typed = typed_cards()
    box = 'input[name="drill-p0_cards-typed"]'
    context = browser.new_context(java_script_enabled=False)
    try:
        pg = context.new_page()
        pg.goto(live_server.url + drill_url(CARDS_KIND, CARDS_GAME, CARDS_DIFFICULTY, CARDS_SEED))
        pg.get_by_label("Or type the cards").fill(typed)
        with pg.expect_navigation():
            pg.locator("#drill-p0-hints-button").click()
        assert pg.url.endswith("#drill-p0-hints-1")
        assert pg.locator("#drill-p0-hints-1").is_visible()
        assert pg.input_value(box) == typed  # the typing is still there to finish
        assert pg.locator('input[name="drill-p0_cards"]:checked').count() == 0
        assert axe_violations_without_javascript(page, pg.content(), pg.url) == []
    finally:
        context.close()


def test_typed_cards_stay_in_their_box_when_htmx_brings_a_hint(page, live_server):
    typed = typed_cards()
    page.goto(live_server.url + drill_url(CARDS_KIND, CARDS_GAME, CARDS_DIFFICULTY, CARDS_SEED))
    page.wait_for_function("window.htmx !== undefined")
    page.get_by_label("Or type the cards").fill(typed)
    page.locator("#drill-p0-hints-button").click()
    page.locator("#drill-p0-hints-1").wait_for()
    assert page.get_by_label("Or type the cards").input_value() == typed
    assert f"seed={CARDS_SEED}" in page.url  # the hint came in place, not as a new page

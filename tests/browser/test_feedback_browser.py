"""Feedback in a real browser: the error pattern under axe, focus, and hints in both modes."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from evaluator import settle
from evaluator.misconceptions import MISCONCEPTIONS, payout_beliefs
from lessons.deals import parts
from tests.browser.answering import fill_answer
from tests.factories import field, make_deal, right_answer
from tests.speech import HEARD_JS, spoken_words

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def deal():
    """Three players who do not share both halves alike, so splitting the pot by winners fails."""
    seats = [
        {"name": "Kira", "cards": "A♠ 2♥ 3♦ 4♣ 5♣"},
        {"name": "Noor", "cards": "A♥ 2♦ 3♣ 4♠ 5♠"},
        {"name": "Amara", "cards": "A♣ 2♣ 3♠ 4♥ 5♥"},
    ]
    deal = make_deal(slug="feedback-deal", seats=seats, pot=180)
    right = settle(deal.profile, deal.hands, pot=deal.pot).payouts
    assert whole_pot_split_payouts(deal) != right  # the premise, from the engine
    return deal


def open_exercise(page, live_server, deal):
    page.goto(live_server.url + deal.get_absolute_url())
    page.wait_for_function("window.htmx !== undefined")


def whole_pot_split_payouts(deal):
    return payout_beliefs(deal.profile, deal.hands, pot=deal.pot)["whole-pot-split"][0]


def whole_pot_split(deal):
    wrong = whole_pot_split_payouts(deal)
    return {field(deal, 2, "seat", s): str(c) for s, c in enumerate(wrong)}


def test_a_wrong_answer_moves_focus_to_the_summary_and_passes_axe(page, live_server, axe, deal):
    open_exercise(page, live_server, deal)
    fill_answer(page, right_answer(deal) | whole_pot_split(deal))
    page.get_by_role("button", name="Check my answer").click()
    summary = page.locator(f"#feedback-{deal.slug}-summary")
    summary.get_by_text("Not yet").first.wait_for()
    assert page.evaluate("document.activeElement.id") == f"feedback-{deal.slug}-summary"
    correction = MISCONCEPTIONS["whole-pot-split"].correction
    assert spoken_words(correction) in summary.evaluate(HEARD_JS)
    # Beside the question: the message, and the wrong inputs flagged and described by it.
    error = page.locator(f"#{deal.slug}-p2-error")
    assert error.is_visible()
    marked = page.locator('input[aria-invalid="true"]')
    assert marked.count() >= 1
    assert marked.first.get_attribute("aria-describedby") == f"{deal.slug}-p2-error"
    assert axe(page) == []
    # The summary's link puts the learner on the first wrong input.
    summary.locator(f'a[href="#id_{field(deal, 2, "seat", 0)}"]').click()
    assert page.evaluate("location.hash") == f"#id_{field(deal, 2, 'seat', 0)}"


def test_without_javascript_the_summary_leads_the_page(browser, live_server, axe, deal):
    context = browser.new_context(java_script_enabled=False)
    try:
        tab = context.new_page()
        tab.goto(live_server.url + deal.get_absolute_url())
        fill_answer(tab, {k: v for k, v in right_answer(deal).items() if not k.endswith("_cards")})
        tab.get_by_role("button", name="Check my answer").click()
        tab.wait_for_load_state()
        assert tab.url.endswith(f"#feedback-{deal.slug}")
        summary = tab.locator(f"#feedback-{deal.slug}-summary")
        assert "There is a problem" in summary.inner_text()
        assert tab.locator(f"#{deal.slug}-p0-error").is_visible()
    finally:
        context.close()


def test_hints_with_htmx_arrive_one_at_a_time_and_keep_the_focus(page, live_server, axe, deal):
    open_exercise(page, live_server, deal)
    hints = parts.hints(deal)[0]
    box = f"{deal.slug}-p0-hints"
    button = page.locator(f"#{box}-button")
    button.focus()
    page.keyboard.press("Enter")
    page.locator(f"#{box}-1").wait_for()
    assert spoken_words(hints[0]) in page.locator(f"#{box}-1").evaluate(HEARD_JS)
    assert page.locator(f"#{box}-2").count() == 0
    live = page.locator(f"#{box}-list")
    assert live.get_attribute("aria-live") == "polite"
    assert live.get_attribute("aria-relevant") == "additions"
    page.wait_for_function(f"document.activeElement.id === '{box}-button'")
    assert "hint 2 of" in page.locator(f"#{box}-button").inner_text()
    for number in range(2, len(hints) + 1):
        # The new button (offering this hint) has the focus once the swap has settled.
        page.wait_for_function(
            f"document.activeElement.id === '{box}-button'"
            f" && document.activeElement.textContent.includes('hint {number} of')"
        )
        page.keyboard.press("Enter")
        page.locator(f"#{box}-{number}").wait_for()
    page.locator(f"#{box}-done").wait_for()
    page.wait_for_function(f"document.activeElement.id === '{box}-done'")
    expect(page.locator(f"#{box}-list li")).to_have_count(len(hints))
    assert axe(page) == []
    # The count taken goes with the answer.
    count = page.locator(f'input[name="{deal.slug}-p0_hints"]')
    assert count.get_attribute("value") == str(len(hints))


def test_hints_without_javascript_return_the_page_with_the_answer_kept(browser, live_server, deal):
    context = browser.new_context(java_script_enabled=False)
    try:
        tab = context.new_page()
        tab.goto(live_server.url + deal.get_absolute_url())
        payout = field(deal, 2, "seat", 0)
        tab.fill(f'input[name="{payout}"]', "17")
        tab.locator(f"#{deal.slug}-p0-hints-button").click()
        tab.wait_for_load_state()
        box = f"{deal.slug}-p0-hints"
        assert tab.locator(f"#{box}-1").is_visible()
        assert tab.url.endswith(f"#{box}-1")
        assert tab.input_value(f'input[name="{payout}"]') == "17"
        assert "hint 2 of" in tab.locator(f"#{box}-button").inner_text()
    finally:
        context.close()


def test_enter_in_an_answer_box_checks_the_answer_not_a_hint(page, live_server, deal):
    """The hint buttons come first in the form; Enter must still press the check."""
    open_exercise(page, live_server, deal)
    fill_answer(page, right_answer(deal))
    page.locator(f'input[name="{field(deal, 2, "seat", 0)}"]').press("Enter")
    page.locator(f"#feedback-{deal.slug}-summary").wait_for()
    assert page.locator(f"#{deal.slug}-p0-hints-list li").count() == 0


def test_enter_in_an_answer_box_checks_without_javascript_too(browser, live_server, deal):
    context = browser.new_context(java_script_enabled=False)
    try:
        tab = context.new_page()
        tab.goto(live_server.url + deal.get_absolute_url())
        fill_answer(tab, right_answer(deal))
        with tab.expect_navigation():
            tab.locator(f'input[name="{field(deal, 2, "seat", 0)}"]').press("Enter")
        assert tab.url.endswith(f"#feedback-{deal.slug}")
        assert tab.locator(f"#{deal.slug}-p0-hints-list li").count() == 0
    finally:
        context.close()

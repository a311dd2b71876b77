"""Guess mode in a real browser: questions answered by keyboard alone, axe-clean in both schemes."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from evaluator.notation import parse_deal
from evaluator.replay import replay
from lessons.content.loader import load_content
from lessons.models import Attempt, Deal
from tests.browser.axe import CLEAN, axe_violations_without_javascript

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DEAL = "ines-olu-pavel"


@pytest.fixture
def played():
    load_content()  # the shipped deals, however an earlier test's flush left the database
    return replay(parse_deal(Deal.objects.get(slug=DEAL).history))


def tab_to(page, test: str, tries: int = 60) -> None:
    """Press Tab until ``test`` (a JavaScript expression on the focused element) holds."""
    for _ in range(tries):
        page.keyboard.press("Tab")
        if page.evaluate(f"(el => Boolean({test}))(document.activeElement)"):
            return
    pytest.fail(f"Tab never reached {test}")


def pot_steps(played) -> list[int]:
    return [s.index for s in played.steps if s.kind == "action" and s.amount]


def test_questions_answered_by_keyboard_alone_and_axe_clean(page, live_server, played, axe_both):
    page.emulate_media(reduced_motion="reduce")
    first, second, third = pot_steps(played)[:3]
    base = f"{live_server.url}/replay/{DEAL}/"
    page.goto(f"{base}?step={first}&study=1&guess=1")
    assert axe_both(page) == CLEAN

    # Right: the pot from the engine, typed and sent with Enter.
    tab_to(page, "el.dataset.replayControl === 'guess-answer'")
    page.keyboard.type(str(played.steps[first].state.pot))
    page.keyboard.press("Enter")
    expect(page.locator('[data-guess-verdict="right"]')).to_be_visible()
    expect(page).to_have_url(f"{base}?step={first}&study=1&guess=1&q=1")
    assert axe_both(page) == CLEAN

    # On to the next bet; a wrong pot is told, with the engine's.
    tab_to(page, "el.dataset.replayControl === 'next'")
    page.keyboard.press("Enter")
    expect(page.locator('[data-guess-kind="pot"]')).to_be_visible()
    assert page.locator('[data-replay-control="next"]').count() == 0
    tab_to(page, "el.dataset.replayControl === 'guess-answer'")
    page.keyboard.type(str(played.steps[second].state.pot + 1))
    page.keyboard.press("Enter")
    expect(page.locator('[data-guess-verdict="wrong"]')).to_be_visible()
    expect(page.locator("[data-guess-answer]")).to_contain_text(str(played.steps[second].state.pot))
    assert axe_both(page) == CLEAN

    # "Show me" skips the third by keyboard too.
    tab_to(page, "el.dataset.replayControl === 'next'")
    page.keyboard.press("Enter")
    expect(page).to_have_url(f"{base}?step={third}&study=1&guess=1")
    tab_to(page, "el.dataset.replayControl === 'guess-show'")
    page.keyboard.press("Enter")
    expect(page.locator("[data-guess-answer]")).to_contain_text(str(played.steps[third].state.pot))
    assert [a.correct for a in Attempt.objects.order_by("pk")] == [True, False, False]

    # Reload keeps the place; Back goes to the question before.
    page.reload()
    expect(page.locator("[data-guess-answer]")).to_be_visible()


def test_the_draw_and_showdown_questions_are_axe_clean(page, live_server, played, axe_both):
    page.emulate_media(reduced_motion="reduce")
    base = f"{live_server.url}/replay/{DEAL}/"
    draw = next(s.index for s in played.steps if s.kind == "draw" and s.actor == 1)
    showdown = next(s.index for s in played.steps if s.kind == "showdown")
    for url in (
        f"{base}?step={draw}&study=1&guess=1",
        f"{base}?step={draw}&study=1&guess=1&q=1",
        f"{base}?step={showdown}&study=1&guess=1",
    ):
        page.goto(url)
        expect(page.locator("[data-guess-kind]")).to_be_visible()
        assert axe_both(page) == CLEAN
    # "Show me" on the showdown, then the settlement's tables are there and clean too.
    page.get_by_role("button", name="Show me").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#replay-results-title")).to_be_visible()
    assert axe_both(page) == CLEAN


def test_without_javascript_a_typed_answer_posts_and_the_next_place_loads(
    browser, page, live_server, played
):
    step = pot_steps(played)[0]
    base = f"{live_server.url}/replay/{DEAL}/"
    context = browser.new_context(java_script_enabled=False)
    try:
        tab = context.new_page()
        tab.goto(f"{base}?step={step}&study=1&guess=1")
        tab.get_by_label("What is the pot now?").fill(str(played.steps[step].state.pot))
        tab.keyboard.press("Enter")
        tab.wait_for_url(f"{base}?step={step}&study=1&guess=1&q=1")
        assert tab.locator('[data-guess-verdict="right"]').count() == 1
        assert tab.get_by_role("link", name="Next", exact=True).count() == 1
        assert axe_violations_without_javascript(page, tab.content(), tab.url) == []
    finally:
        context.close()

"""The drawing lesson's questions in a real browser: keyboard only, no JavaScript, axe.

The answers typed are the engine's (``tests.factories.right_answer``); the
deals are the lesson's own, made again here when an earlier browser test
flushed the database.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from lessons.content.loader import content_deals
from lessons.models import Deal
from tests.browser.answering import fill_answer
from tests.factories import card_value, right_answer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def drawing_deal(slug: str) -> Deal:
    deal = Deal.objects.filter(slug=slug).first()
    if deal is None:  # an earlier transactional test flushed the loaded content
        deal = next(d for d in content_deals() if d.slug == slug)
        deal.save()
    return deal


def open_exercise(page, live_server, deal):
    page.goto(live_server.url + deal.get_absolute_url())
    page.wait_for_function("window.htmx !== undefined")


def box_id(page, name, card) -> str:
    return page.locator(f'input[name="{name}"][value="{card_value(card)}"]').get_attribute("id")


def tab_to(page, selector, limit=80):
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(f"document.activeElement.matches({selector!r})"):
            return
    raise AssertionError(f"Tab never reached {selector}")


def test_outs_are_typed_and_checked_from_the_keyboard(page, live_server):
    deal = drawing_deal("drawing-1")
    open_exercise(page, live_server, deal)
    right = right_answer(deal)
    for name, value in right.items():
        tab_to(page, f'input[name="{name}"]')
        page.keyboard.type(value)
    tab_to(page, "button.exercise__check")
    page.keyboard.press("Enter")
    feedback = page.locator(f"#feedback-{deal.slug}")
    feedback.get_by_text("All right").wait_for()
    assert page.evaluate("document.activeElement.id") == f"feedback-{deal.slug}-summary"


def test_a_discard_is_chosen_and_its_cards_ticked_from_the_keyboard(page, live_server):
    deal = drawing_deal("drawing-5")
    open_exercise(page, live_server, deal)
    right = right_answer(deal)
    decision = next(name for name in right if name.endswith("_decision"))
    cards = next(name for name in right if name.endswith("_cards"))
    tab_to(page, f'input[name="{decision}"]')
    # Arrow keys move within a radio group; Space selects the one in focus.
    while page.evaluate("document.activeElement.value") != right[decision]:
        page.keyboard.press("ArrowDown")
    page.keyboard.press("Space")
    for value in right[cards]:
        tab_to(page, f'input[name="{cards}"][value="{value}"]')
        page.keyboard.press("Space")
    tab_to(page, "button.exercise__check")
    page.keyboard.press("Enter")
    page.locator(f"#feedback-{deal.slug}").get_by_text("All right").wait_for()


def test_without_javascript_a_wrong_discard_then_the_right_one_works_by_whole_pages(
    browser, live_server
):
    deal = drawing_deal("drawing-6")
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(live_server.url + reverse("lessons:drawing"))
        right = right_answer(deal)
        decision = next(name for name in right if name.endswith("_decision"))
        cards = next(name for name in right if name.endswith("_cards"))
        other = next(c for c in deal.hands[0] if card_value(c) not in right[cards])
        wrong = {decision: "throw", cards: [card_value(other)]}
        fill_answer(page, wrong)
        page.locator(f"#exercise-{deal.slug} button.exercise__check").click()
        feedback = page.locator(f"#feedback-{deal.slug}")
        assert "another choice does better" in feedback.inner_text()
        assert page.locator(f'input[name="{cards}"][value="{card_value(other)}"]').is_checked()
        # A ticked card sits raised over its box, so a learner clicks the card to untick it.
        page.locator(f'label[for="{box_id(page, cards, other)}"]').click()
        fill_answer(page, right)
        page.locator(f"#exercise-{deal.slug} button.exercise__check").click()
        assert "All right" in page.locator(f"#feedback-{deal.slug}").inner_text()
    finally:
        context.close()


def test_the_drawing_lesson_has_no_axe_violations_with_an_answer_open(page, live_server, axe):
    deal = drawing_deal("drawing-4")
    page.goto(live_server.url + reverse("lessons:drawing"))
    page.wait_for_function("window.htmx !== undefined")
    page.locator(f"#exercise-{deal.slug} summary").click()
    page.locator(f"#exercise-{deal.slug} .worked-answer").wait_for()
    assert axe(page) == []

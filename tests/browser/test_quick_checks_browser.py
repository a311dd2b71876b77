"""Quick checks in a real browser: answered wrong then right in place, with and without JavaScript.

The skill level beside the section's "Practise this" link follows the
answers, and axe finds nothing to fault in the answered section in either
colour scheme.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from lessons import skills
from lessons.learners import mastery
from lessons.models import Deal, SkillState
from tests.browser.answering import fill_answer
from tests.browser.axe import CLEAN, axe_violations_without_javascript, in_both_schemes
from tests.factories import right_answer

pytestmark = [pytest.mark.browser, pytest.mark.cache, pytest.mark.django_db(transaction=True)]

ANCHOR = "best-subset"
SKILL = skills.BADUGI_SKILL["badugi"]


def the_check() -> Deal:
    return Deal.objects.published().get(lesson="badugi", section=ANCHOR)


def fewer_cards(deal: Deal) -> dict:
    """The right selection less one card: legal, but not the best."""
    answer = right_answer(deal)
    (key,) = answer
    answer[key] = list(answer[key])[:-1]
    return answer


def level_words(page) -> str:
    name = skills.BY_KEY[SKILL].name
    row = page.locator(
        ".practise-this", has=page.get_by_role("link", name=f"Practise this: {name}")
    )
    return row.locator(".skill-level__name").inner_text().strip()


def stored_level() -> str:
    state = SkillState.objects.filter(skill=SKILL).first()
    return mastery.level_name(state.level if state else mastery.NOT_STARTED)


def test_a_quick_check_with_javascript_wrong_then_right(page, live_server, axe_both):
    page.emulate_media(reduced_motion="reduce")
    deal = the_check()
    page.goto(f"{live_server.url}/badugi/#{ANCHOR}")
    page.wait_for_function("window.htmx !== undefined")
    block = page.locator(f"#exercise-{deal.slug}")
    assert "Quick check" in block.locator("h3").inner_text()
    assert level_words(page) == stored_level()
    url = page.url

    fill_answer(page, fewer_cards(deal))
    block.locator(".exercise__check").click()
    page.locator(f"#feedback-{deal.slug}").get_by_text("Not yet").first.wait_for()
    assert page.url == url, "the answer was checked in place"
    # htmx settles a redrawn element's class a moment after the swap, so wait for it.
    expect(block.locator(".exercise__part--error")).to_have_count(1)
    assert axe_both(page) == CLEAN

    fill_answer(page, right_answer(deal))
    block.locator(".exercise__check").click()
    page.locator(f"#feedback-{deal.slug}").get_by_text("All right").first.wait_for()
    assert page.locator(f"#status-{deal.slug}").get_attribute("data-status") == "solved"
    page.reload()
    assert level_words(page) == stored_level() != mastery.level_name(mastery.NOT_STARTED)
    assert axe_both(page) == CLEAN


def axe_as_sent(tab, page):
    """Axe in both schemes on the page the script-less browser was sent."""
    html, url = page.content(), page.url
    return in_both_schemes(tab, lambda: axe_violations_without_javascript(tab, html, url))


def test_a_quick_check_without_javascript_wrong_then_right(browser, live_server):
    deal = the_check()
    context = browser.new_context(java_script_enabled=False)
    checker = browser.new_context(bypass_csp=True)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/badugi/")
        block = page.locator(f"#exercise-{deal.slug}")
        fill_answer(page, fewer_cards(deal))
        with page.expect_navigation():  # without JavaScript the lesson comes back whole
            block.locator(".exercise__check").click()
        assert "Not yet" in page.locator(f"#feedback-{deal.slug}").inner_text()
        assert page.url.endswith(f"#feedback-{deal.slug}")
        tab = checker.new_page()
        html, url = page.content(), page.url
        assert (
            in_both_schemes(tab, lambda: axe_violations_without_javascript(tab, html, url)) == CLEAN
        )

        fill_answer(page, right_answer(deal))
        with page.expect_navigation():
            page.locator(f"#exercise-{deal.slug} .exercise__check").click()
        assert "All right" in page.locator(f"#feedback-{deal.slug}").inner_text()
        assert level_words(page) == stored_level() != mastery.level_name(mastery.NOT_STARTED)
        html, url = page.content(), page.url
        assert (
            in_both_schemes(tab, lambda: axe_violations_without_javascript(tab, html, url)) == CLEAN
        )
    finally:
        checker.close()
        context.close()

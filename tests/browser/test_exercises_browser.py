"""Exercises in a real browser: keyboard-only, with and without JavaScript, axe, phone width."""

from __future__ import annotations

import pytest

from lessons import course
from lessons.models import Deal
from tests.browser.answering import fill_answer
from tests.factories import make_deal, right_answer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def deal():
    return make_deal(slug="browser-deal", explanation="Score each half on its own.")


def open_exercise(page, live_server, deal):
    page.goto(live_server.url + deal.get_absolute_url())
    page.wait_for_function("window.htmx !== undefined")
    return page


def expanded(page, selector="details.answer-panel summary"):
    """The expanded state Chromium exposes to screen readers for the element."""
    cdp = page.context.new_cdp_session(page)
    try:
        root = cdp.send("DOM.getDocument")["root"]["nodeId"]
        node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
        tree = cdp.send("Accessibility.getPartialAXTree", {"nodeId": node, "fetchRelatives": False})
        properties = tree["nodes"][0].get("properties", [])
        return {p["name"]: p["value"]["value"] for p in properties}.get("expanded")
    finally:
        cdp.detach()


def tab_to(page, selector, limit=80):
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(f"document.activeElement.matches({selector!r})"):
            return
    raise AssertionError(f"Tab never reached {selector}")


def test_the_answer_panel_opens_and_closes_from_the_keyboard(page, live_server, deal):
    open_exercise(page, live_server, deal)
    details = page.locator("details.answer-panel")
    assert page.locator(".answer-panel .worked-answer").count() == 0  # not in the page yet
    tab_to(page, ".answer-panel summary")
    assert expanded(page) is False
    page.keyboard.press("Enter")
    page.locator(".answer-panel .worked-answer").wait_for()
    assert details.evaluate("d => d.open")
    assert expanded(page) is True
    page.keyboard.press("Enter")
    assert not details.evaluate("d => d.open")
    assert expanded(page) is False
    page.keyboard.press("Space")
    assert details.evaluate("d => d.open")
    assert page.locator(".answer-panel .worked-answer").is_visible()
    assert page.get_by_text("Score each half on its own.").first.is_visible()


def test_a_wrong_then_right_answer_moves_focus_to_the_feedback(page, live_server, deal):
    open_exercise(page, live_server, deal)
    right = right_answer(deal)
    fill_answer(page, right)
    payout = f'input[name="{deal.slug}-p2_seat_0"]'
    page.fill(payout, str(int(right[f"{deal.slug}-p2_seat_0"]) + 5))
    page.get_by_role("button", name="Check my answer").click()
    feedback = page.locator(f"#feedback-{deal.slug}")
    feedback.get_by_text("Not yet").first.wait_for()
    assert page.evaluate("document.activeElement.id") == f"feedback-{deal.slug}-summary"
    assert "add up to" in feedback.inner_text()
    page.fill(payout, right[f"{deal.slug}-p2_seat_0"])
    page.get_by_role("button", name="Check my answer").click()
    feedback.get_by_text("All right").wait_for()
    assert page.evaluate("document.activeElement.id") == f"feedback-{deal.slug}-summary"


def test_space_toggles_a_card_named_for_screen_readers(page, live_server, deal):
    open_exercise(page, live_server, deal)
    first = page.locator(".card-toggle input").first
    tab_to(page, ".card-toggle input")
    page.keyboard.press("Space")
    assert first.is_checked()
    page.keyboard.press("Space")
    assert not first.is_checked()
    assert page.get_by_role("checkbox", name="ace of spades").count() == 1


def test_an_unreadable_answer_shows_its_message_in_the_feedback(page, live_server, deal):
    open_exercise(page, live_server, deal)
    fill_answer(page, right_answer(deal))
    # A tampered card value: the server answers 400 and the message still appears.
    page.locator(".card-toggle input").first.evaluate(
        "box => { box.value = 'Kd'; box.checked = true; }"
    )
    page.get_by_role("button", name="Check my answer").click()
    page.locator(f"#feedback-{deal.slug}").get_by_text("Kd is not one of Kira").wait_for()


def test_without_javascript_the_same_flow_works_by_whole_pages(browser, live_server, deal):
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(live_server.url + deal.get_absolute_url())
        fill_answer(page, right_answer(deal) | {f"{deal.slug}-p3": "18"})
        page.get_by_role("button", name="Check my answer").click()
        page.wait_for_load_state()
        assert page.url.endswith(f"{deal.check_url}#feedback-{deal.slug}")
        assert "full raise is not to 18" in page.locator(f"#feedback-{deal.slug}").inner_text()
        assert page.locator(f'input[name="{deal.slug}-p3"][value="18"]').is_checked()  # kept
        page.check(f'input[name="{deal.slug}-p3"][value="24"]')
        page.get_by_role("button", name="Check my answer").click()
        page.wait_for_load_state()
        assert "All right" in page.locator(f"#feedback-{deal.slug}").inner_text()
        page.locator("details.answer-panel summary").click()
        assert page.locator(".answer-panel .worked-answer").is_visible()  # the <noscript> copy
    finally:
        context.close()


def test_no_axe_violations_with_the_panel_closed_or_open(page, live_server, deal, axe):
    open_exercise(page, live_server, deal)
    assert axe(page) == []
    page.locator("details.answer-panel summary").click()
    page.locator(".answer-panel .worked-answer").wait_for()
    fill_answer(page, right_answer(deal))
    page.get_by_role("button", name="Check my answer").click()
    page.locator(f"#feedback-{deal.slug}").get_by_text("All right").wait_for()
    assert axe(page) == []


def test_a_phone_width_screen_needs_no_sideways_scrolling(page, live_server, deal):
    page.set_viewport_size({"width": 375, "height": 740})
    open_exercise(page, live_server, deal)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    page.locator("details.answer-panel summary").click()
    page.locator(".answer-panel .worked-answer").wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= 375


def test_the_exercise_page_breaks_none_of_its_content_security_policy(browser, live_server, deal):
    context = browser.new_context()  # the shared context bypasses CSP for axe
    try:
        page = context.new_page()
        errors = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        open_exercise(page, live_server, deal)
        page.locator("details.answer-panel summary").click()
        page.locator(".answer-panel .worked-answer").wait_for()
        fill_answer(page, right_answer(deal))
        page.get_by_role("button", name="Check my answer").click()
        page.locator(f"#feedback-{deal.slug}").get_by_text("All right").wait_for()
        assert errors == []
    finally:
        context.close()


def test_a_lesson_answer_updates_on_this_page_and_the_count_without_a_reload(page, live_server):
    deals = list(Deal.objects.published().for_lesson("badugi"))
    last = deals[-1]
    # Opened at the exercise, as the contents and the next-step links open it.
    page.goto(f"{live_server.url}{course.BY_KEY['badugi'].url}#exercise-{last.slug}")
    page.wait_for_function("window.htmx !== undefined")
    entry = page.locator(f"#toc-exercise-{last.slug}")
    assert entry.locator("a").get_attribute("data-status") == "new"
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    fill_answer(page, right_answer(last))
    page.locator(f"#exercise-{last.slug} .exercise__check").click()
    page.locator(f"#feedback-{last.slug}").get_by_text("All right").wait_for()
    assert entry.locator("a").get_attribute("data-status") == "solved"
    assert entry.locator(".progress-status").inner_text().strip() == "Solved"
    assert page.locator(".lesson-toc").get_by_text("Solved").count() == 1
    count = page.locator("#lesson-pager-count").inner_text()
    assert count == f"1 of {len(deals)} solved in this lesson"
    # The next step offers the first exercise left, not the next lesson.
    link = page.locator(f"#feedback-{last.slug} .next-step__link")
    assert link.get_attribute("href").endswith(f"#exercise-{deals[0].slug}")
    assert errors == []


# Where a ticked card's tick and its corner text (rank and suit) are drawn, in page pixels.
# The corner is the card's ::before (drawn from its classes), the tick the label's ::after.
TICK_AND_CORNER = """label => {
  const card = label.querySelector(".pc");
  const box = card.getBoundingClientRect();
  const edge = label.getBoundingClientRect();
  const style = getComputedStyle(card);
  const corner = getComputedStyle(card, "::before");
  const tick = getComputedStyle(label, "::after");
  const px = value => parseFloat(value) || 0;
  // Chromium resolves a positioned box's insets and size to pixels, whichever sides were set.
  const textLeft = box.left + px(style.borderLeftWidth) + px(corner.left) + px(corner.paddingLeft);
  const textTop = box.top + px(style.borderTopWidth) + px(corner.top) + px(corner.paddingTop);
  const left = edge.left + px(tick.left);
  const top = edge.top + px(tick.top);
  return {
    tick: [left, top, left + px(tick.width), top + px(tick.height)],
    text: [textLeft, textTop, textLeft + px(corner.width), textTop + px(corner.height)],
    content: tick.content,
    corner: corner.content,
  };
}"""


def test_the_tick_on_a_chosen_ten_leaves_its_rank_and_suit_in_view(page, live_server):
    deal = make_deal(
        slug="ten-deal",
        seats=[
            {"name": "Kira", "cards": "10♠ 10♥ 2♦ 3♣ K♠"},
            {"name": "Noor", "cards": "5♠ 4♥ 3♦ 2♥ A♣"},
        ],
    )
    open_exercise(page, live_server, deal)
    for name in ("ten of spades", "ten of hearts"):
        toggle = page.get_by_role("checkbox", name=name)
        toggle.check()
        found = page.locator(f'label[for="{toggle.get_attribute("id")}"]').evaluate(TICK_AND_CORNER)
        assert "✓" in found["content"]
        assert "10" in found["corner"], found  # the corner is drawn, and a ten's is widest
        (tl, tt, tr, tb), (xl, xt, xr, xb) = found["tick"], found["text"]
        overlap = min(tr, xr) - max(tl, xl) > 0 and min(tb, xb) - max(tt, xt) > 0
        assert not overlap, found

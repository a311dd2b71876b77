"""The replayer in a real browser: keyboard stepping, URLs and history, no-JS links, axe."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from evaluator.notation import parse_deal
from evaluator.replay import replay
from lessons.content.loader import load_content
from lessons.models import Deal
from tests.speech import HEARD_JS, spoken_words

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SEED = "amara-bram-kira-noor"


@pytest.fixture
def played():
    load_content()  # the shipped deals, however an earlier test's flush left the database
    return replay(parse_deal(Deal.objects.get(slug=SEED).history))


@pytest.fixture
def replay_url(live_server, played):
    def at(step: int | None = None) -> str:
        base = f"{live_server.url}/replay/{SEED}/"
        return base if step is None else f"{base}?step={step}"

    return at


def shows_step(page, n: int) -> None:
    expect(page.locator("[data-replay-index]")).to_have_text(str(n))


def test_keyboard_alone_steps_from_the_first_step_to_the_last_and_back(page, replay_url, played):
    last = len(played.steps) - 1
    page.goto(replay_url())
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.replayControl") == "next":
            break
    else:
        pytest.fail("Tab never reached the Next control")
    page.keyboard.press("Enter")
    shows_step(page, 1)
    assert page.evaluate("document.activeElement.dataset.replayControl") == "next"
    for n in range(2, last + 1):
        page.keyboard.press("ArrowRight")
        shows_step(page, n)
        heard = page.locator("#replay-status").evaluate(HEARD_JS)
        assert heard == spoken_words(played.steps[n].text)
    assert page.locator('[data-replay-control="next"]').count() == 0
    assert page.evaluate("document.activeElement.id") == "replayer"
    for n in range(last - 1, -1, -1):
        page.keyboard.press("ArrowLeft")
        shows_step(page, n)
    assert page.url.endswith("?step=0")


def test_the_live_sentence_announces_the_new_step(page, replay_url, played):
    step = next(s for s in played.steps if s.text == "Noor bets 12. The pot is 60.")
    page.goto(replay_url(step.index - 1))
    page.get_by_role("link", name="Next", exact=True).click()
    shows_step(page, step.index)
    status = page.locator("#replay-status")
    expect(status).to_have_text("Noor bets 12. The pot is 60.")
    assert status.get_attribute("aria-live") == "polite"


def test_the_url_and_browser_history_follow_the_steps(page, replay_url):
    page.goto(replay_url(0))
    for n in (1, 2, 3):
        page.get_by_role("link", name="Next", exact=True).click()
        shows_step(page, n)
        expect(page).to_have_url(replay_url(n))
    page.go_back()
    shows_step(page, 2)
    expect(page).to_have_url(replay_url(2))
    page.go_back()
    shows_step(page, 1)
    page.go_forward()
    shows_step(page, 2)
    expect(page).to_have_url(replay_url(2))


def test_the_step_list_jumps_to_any_step(page, replay_url, played):
    showdown = next(s for s in played.steps if s.kind == "showdown")
    page.goto(replay_url(0))
    page.locator(".replay-steps summary").click()
    page.locator(f'[data-replay-control="step-{showdown.index}"]').click()
    shows_step(page, showdown.index)
    expect(page).to_have_url(replay_url(showdown.index))
    current = page.locator('.replay-steps [aria-current="step"]')
    expect(current).to_have_attribute("data-replay-control", f"step-{showdown.index}")
    expect(page.locator(".replay-results")).to_be_visible()


def test_without_javascript_the_controls_are_plain_links(browser, replay_url, played):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(replay_url())
        page.get_by_role("link", name="Next", exact=True).click()
        shows_step(page, 1)
        assert page.url == replay_url(1)
        page.get_by_role("link", name="Last", exact=True).click()
        shows_step(page, len(played.steps) - 1)
        page.get_by_role("link", name="Previous", exact=True).click()
        shows_step(page, len(played.steps) - 2)
        page.get_by_role("link", name="First", exact=True).click()
        shows_step(page, 0)
    finally:
        context.close()


@pytest.mark.parametrize("which", ["first", "draw", "last"])
def test_the_replayer_has_no_axe_violations(page, replay_url, played, axe, which):
    index = {
        "first": 0,
        "draw": next(s.index for s in played.steps if s.kind == "draw"),
        "last": len(played.steps) - 1,
    }[which]
    page.goto(replay_url(index))
    page.locator(".replay-steps summary").click()
    assert axe(page) == []


@pytest.mark.parametrize("which", ["draw", "last"])
def test_a_phone_width_screen_needs_no_sideways_scrolling(page, replay_url, played, which):
    index = {
        "draw": next(s.index for s in played.steps if s.kind == "draw"),
        "last": len(played.steps) - 1,
    }[which]
    page.set_viewport_size({"width": 375, "height": 740})
    page.goto(replay_url(index))
    assert page.evaluate("document.documentElement.scrollWidth") <= 375


def draw_step(played) -> int:
    return next(s.index for s in played.steps if s.kind == "draw")


# Every animation holds still from its first frame, so a test can look at any frame.
HOLD_ANIMATIONS = """document.addEventListener("DOMContentLoaded", () => {
  const style = document.createElement("style");
  style.textContent = "* { animation-play-state: paused !important; }";
  document.head.append(style);
});"""

FREEZE_AT = """ms => {
  const moving = document.getAnimations();
  for (const animation of moving) { animation.pause(); animation.currentTime = ms; }
  return moving.map(a => a.animationName);
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_an_arriving_card_meets_contrast_in_every_frame(page, replay_url, played, axe, scheme):
    page.emulate_media(color_scheme=scheme, reduced_motion="no-preference")
    page.add_init_script(HOLD_ANIMATIONS)
    page.goto(replay_url(draw_step(played)))
    assert page.locator(".replayer .pc.new").count() > 0
    for ms in (0, 100, 200):  # the animation's first frame, and on through its 300 ms
        assert "card-in" in page.evaluate(FREEZE_AT, ms)
        assert axe(page) == []


def test_with_reduced_motion_nothing_moves(page, replay_url, played):
    page.emulate_media(reduced_motion="reduce")
    page.goto(replay_url(draw_step(played)))
    assert page.locator(".replayer .pc.new").count() > 0
    assert page.evaluate("document.getAnimations().length") == 0
    page.get_by_role("link", name="Next", exact=True).click()
    assert page.evaluate("document.getAnimations().length") == 0


BAR_AND_STATUS = """() => {
  const bar = document.querySelector(".replay-bar").getBoundingClientRect();
  const status = document.querySelector("#replay-status").getBoundingClientRect();
  return {bar: [bar.top, bar.bottom], status: [status.top, status.bottom]};
}"""


@pytest.mark.parametrize("width", [1000, 375])
def test_the_sticky_controls_never_cover_the_step_sentence(page, replay_url, played, width):
    page.set_viewport_size({"width": width, "height": 740})
    page.goto(replay_url(draw_step(played)))
    page.wait_for_function("window.htmx !== undefined")
    page.keyboard.press("ArrowRight")  # after a swap as well as on the first load
    page.locator("[data-replay-index]").filter(has_text=str(draw_step(played) + 1)).wait_for()
    height = page.evaluate("document.documentElement.scrollHeight")
    for y in range(0, height, 60):
        page.evaluate("y => window.scrollTo(0, y)", y)
        found = page.evaluate(BAR_AND_STATUS)
        (bar_top, bar_bottom), (status_top, status_bottom) = found["bar"], found["status"]
        if bar_top <= 0.5 and status_bottom > 0:  # the bar is stuck and the sentence on screen
            assert status_top >= bar_bottom - 0.5, (y, found)
    # Scrolled to the table, the sentence is still there to read.
    page.locator(".poker-table").scroll_into_view_if_needed()
    page.evaluate("window.scrollBy(0, 300)")
    found = page.evaluate(BAR_AND_STATUS)
    assert found["status"][0] >= found["bar"][1] - 0.5 and found["status"][1] > 0

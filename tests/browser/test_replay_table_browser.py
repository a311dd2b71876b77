"""The replayer as a poker table: keys from page load, slider, round jumps,
autoplay, study mode, both colour schemes, and screenshots kept as artefacts.

Expected steps, pots and streets come from the engine's own replay of the
stored history.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from evaluator.notation import parse_deal
from evaluator.replay import replay
from lessons.content.loader import load_content
from lessons.models import Deal
from tests.browser.axe import CLEAN

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SEED = "amara-bram-kira-noor"
MARA = "badugi-6"
ARTEFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


@pytest.fixture
def played():
    load_content()
    return replay(parse_deal(Deal.objects.get(slug=SEED).history))


@pytest.fixture
def at(live_server, played):
    def url(step: int | None = None, slug: str = SEED, extra: str = "") -> str:
        base = f"{live_server.url}/replay/{slug}/"
        return base + ("" if step is None else f"?step={step}") + extra

    return url


def shows_step(page, n: int) -> None:
    expect(page.locator("[data-replay-index]")).to_have_text(str(n))


def reaches_step(page, n: int) -> None:
    """Playing has got to step ``n`` or past it.

    A played step shows for 600 ms; on a loaded machine the checks between
    polls can miss one altogether, so waiting for that exact step would fail
    a replay that played perfectly well.
    """
    page.wait_for_function(
        "n => Number(document.querySelector('[data-replay-index]').textContent) >= n", arg=n
    )


def first_of(played, street: str) -> int:
    return next(s.index for s in played.steps if s.state.street == street)


def test_arrow_keys_step_from_page_load_without_focusing_anything(page, at, played):
    page.emulate_media(reduced_motion="reduce")
    page.goto(at())
    page.keyboard.press("ArrowRight")
    shows_step(page, 1)
    page.keyboard.press("End")
    shows_step(page, len(played.steps) - 1)
    page.keyboard.press("Home")
    shows_step(page, 0)
    expect(page).to_have_url(at(0))


def test_quick_key_presses_are_each_honoured_in_order(page, at):
    page.emulate_media(reduced_motion="reduce")
    page.goto(at())
    for _ in range(5):
        page.keyboard.press("ArrowRight")
    shows_step(page, 5)
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    shows_step(page, 3)


def test_arrow_keys_in_a_form_field_are_left_to_the_field(page, at):
    page.goto(at(4))
    page.locator("#replay-study-seat").focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_timeout(300)
    shows_step(page, 4)


@pytest.mark.parametrize("javascript", [True, False])
def test_the_slider_and_round_jumps_move_to_their_step(browser, at, played, javascript):
    context = browser.new_context(java_script_enabled=javascript, reduced_motion="reduce")
    page = context.new_page()
    try:
        page.goto(at())
        target = first_of(played, "after draw two")
        page.get_by_role("navigation", name="Rounds and draws").get_by_role(
            "link", name="After draw two"
        ).click()
        shows_step(page, target)
        expect(page).to_have_url(at(target))
        pot = played.steps[target].state.pot
        expect(page.locator("[data-replay-pot]")).to_have_text(str(pot))
        slider = page.locator("#replay-step")
        slider.fill("7")
        if not javascript:
            page.get_by_role("button", name="Go").click()
        shows_step(page, 7)
        expect(page).to_have_url(at(7))
    finally:
        context.close()


def stays_on_step(page, n: int) -> None:
    """Autoplay has really stopped: no step comes however long the page waits.

    Rather than sit through real seconds, the page's clock (installed before
    it loaded) runs three seconds of its timers at once: a 600 ms autoplay
    that was still going would ask for the next step several times.
    """
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.clock.run_for(3000)
    page.evaluate("() => 0")  # a round trip, so any request it made has been reported
    assert asked == []
    shows_step(page, n)


def test_autoplay_steps_on_and_stops_when_paused(page, at):
    page.emulate_media(reduced_motion="reduce")
    page.clock.install()  # time flows as usual until stays_on_step runs it on
    page.goto(at())
    page.select_option("[data-replay-speed]", "600")
    play = page.locator('[data-replay-control="play"]')
    play.click()
    reaches_step(page, 2)
    page.locator('[data-replay-control="play"]').click()  # now "Pause"
    expect(page.locator('[data-replay-control="play"]')).to_have_attribute("aria-pressed", "false")
    stopped = int(page.locator("[data-replay-index]").inner_text())
    stays_on_step(page, stopped)


def test_autoplay_stops_when_the_window_loses_focus(page, at):
    page.emulate_media(reduced_motion="reduce")
    page.clock.install()
    page.goto(at())
    page.select_option("[data-replay-speed]", "600")
    page.locator('[data-replay-control="play"]').click()
    reaches_step(page, 1)
    page.evaluate("window.dispatchEvent(new Event('blur'))")
    stopped = int(page.locator("[data-replay-index]").inner_text())
    stays_on_step(page, stopped)
    expect(page.locator('[data-replay-control="play"]')).to_have_text("Play")


def test_study_mode_hides_the_other_hands_until_the_showdown(page, at, played):
    showdown = next(s.index for s in played.steps if s.kind == "showdown")
    page.goto(at(0))
    page.select_option("#replay-study-seat", "0")
    page.get_by_role("button", name="Apply").click()
    mine, theirs = played.record.seats[0].name, played.record.seats[1].name
    assert page.locator(f'[data-seat="{mine}"] .pc.back').count() == 0
    expect(page.locator(f'[data-seat="{theirs}"] .pc.back')).to_have_count(
        len(played.record.seats[1].cards)
    )
    page.keyboard.press("End")
    shows_step(page, len(played.steps) - 1)
    assert page.locator(".replay-seats .pc.back").count() == 0
    page.goto(at(showdown - 1, extra="&study=0"))
    assert page.locator(".replay-seats .pc.back").count() > 0
    page.goto(at(showdown, extra="&study=0"))
    assert page.locator(".replay-seats .pc.back").count() == 0


def distinct_states(steps):
    """One step of each kind in each street, of each action, and the last.

    A step's markup depends on its kind (a post, the deal, a bet, a draw, a
    round's end, the showdown, the payout), on the street it names and, for
    a bet, on the action (a fold dims a seat, an all-in marks one); two
    calls in one round differ only in their words and chips. Checking each
    of those once keeps axe on every state a learner can see while sparing
    the suite a page load and an axe run for each of a deal's 40-odd steps.
    """
    chosen, seen = [], set()
    for step in steps:
        keys = {(step.kind, step.state.street), (step.kind, step.action)}
        if not keys <= seen:
            seen |= keys
            chosen.append(step)
    if steps[-1] not in chosen:
        chosen.append(steps[-1])
    return chosen


@pytest.mark.parametrize("slug", [SEED, MARA])
def test_every_kind_of_step_is_axe_clean_in_both_schemes(page, at, axe_both, slug):
    """Each step is loaded once and checked light, then dark (one load, not two)."""
    page.emulate_media(reduced_motion="reduce")
    steps = replay(parse_deal(Deal.objects.get(slug=slug).history)).steps
    for step in distinct_states(steps):
        page.goto(at(step.index, slug))
        page.locator(".replay-steps summary").click()  # so the step links are checked too
        page.locator(".card-legend summary").click()
        assert axe_both(page, wcag22=True) == CLEAN, step.index


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [375, 1280])
def test_screenshots_at_phone_and_desktop_width_fit_the_screen(page, at, played, scheme, width):
    page.emulate_media(color_scheme=scheme, reduced_motion="reduce")
    page.set_viewport_size({"width": width, "height": 800})
    draw = next(s.index for s in played.steps if s.kind == "draw")
    page.goto(at(draw))
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    ARTEFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTEFACTS / f"replay-{width}-{scheme}.png"), full_page=True)
    # The controls stay on screen after scrolling to the bottom of a long page.
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    expect(page.locator('[data-replay-control="next"]')).to_be_in_viewport()

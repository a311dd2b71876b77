"""Ask the coach (/play/spot/) in a browser: keyboard alone, JavaScript off, axe in both schemes.

The verdict each test expects is asked of the engine (``judge_spot``), never typed in.
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlencode, urlparse

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from evaluator.play import Action, LiveHand, TableSettings
from evaluator.play.math_says import math_says, mix_words, round_position
from evaluator.play.spot import judge_spot, spot_from_json
from evaluator.solver import advice_for
from play import hands, math_answers, spot_answers
from play.models import PlayedHand, SolvedRound
from play.spot_query import spot_line
from tests.browser.axe import CLEAN

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LINE = {
    "game": "badugi",
    "decision": "bet",
    "cards": "As 2h 3d 3c",
    "draws_left": 0,
    "pot": 40,
    "to_call": 4,
    "bet": 4,
    "opponents": [{"drew": [2, 1, 1], "acts_after": False}],
}


def best_label() -> str:
    return judge_spot(spot_from_json(LINE), seed=spot_answers.SEED).best.label


def query(page) -> dict[str, list[str]]:
    return parse_qs(urlparse(page.url).query)


def focus_lands_on(page, css_class):
    page.wait_for_function(
        "name => document.activeElement.classList.contains(name)", arg=css_class, timeout=5000
    )


def tab_to(page, selector, limit=120):
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(f"document.activeElement.matches({selector!r})"):
            return
    raise AssertionError(f"Tab never reached {selector}")


def choose(page, label):
    """Move the focused select to ``label`` with the arrow keys, as a keyboard user does."""
    for _ in range(20):
        if page.evaluate("document.activeElement.selectedOptions[0].text") == label:
            return
        page.keyboard.press("ArrowDown")
    raise AssertionError(f"no option {label}")


def type_into(page, selector, text):
    tab_to(page, selector)
    page.keyboard.press("Control+A")
    page.keyboard.type(text)


def fill_by_keyboard(page, *, cards: str, pick: tuple[str, ...] = ()):
    """The spot of LINE, typed field by field with Tab, arrows and Space; Enter submits."""
    tab_to(page, "#id_game")
    choose(page, "Badugi")
    type_into(page, "#id_cards", cards)
    if pick:
        tab_to(page, "details.card-picker summary")
        page.keyboard.press("Enter")  # opens the list of cards
        for code in pick:
            tab_to(page, f"#id_pick_{code}")
            page.keyboard.press("Space")
    type_into(page, "#id_pot", "40")
    type_into(page, "#id_to_call", "4")
    type_into(page, "#id_bet", "4")
    type_into(page, "#id_o1_drew", "2 1 1")
    page.keyboard.press("Enter")  # Enter in a text field submits its form


def test_a_spot_by_keyboard_answers_in_place_and_axe_finds_nothing(page, live_server, axe_both):
    page.goto(live_server.url + reverse("play:spot"))
    page.wait_for_function("window.htmx !== undefined")
    assert axe_both(page) == CLEAN
    page.emulate_media(color_scheme="light")
    # Two cards typed, two picked from the list: the hand is all four.
    fill_by_keyboard(page, cards="As 2h", pick=("3d", "3c"))
    answer = page.locator(".tool__answer")
    answer.wait_for()
    focus_lands_on(page, "tool__answer")
    assert f"Best: {best_label()}" in answer.inner_text()
    said = math_says(round_position(spot_from_json(LINE)))
    expect(page.locator("#math-says")).to_contain_text(f"equilibrium play is: {said.mix_text}.")
    assert query(page)["pick"] == ["3d", "3c"]  # the spot has a URL to share
    # The table of choices is reached and scrolled by keyboard too.
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.matches('.table-scroll')")
    assert axe_both(page) == CLEAN

    # A mistake: the list of problems takes focus and the field says what is wrong.
    page.emulate_media(color_scheme="light")
    page.locator("#id_cards").focus()
    page.keyboard.press("End")
    page.keyboard.type(" Zz")
    page.keyboard.press("Enter")
    page.locator(".tool__problems").wait_for()
    focus_lands_on(page, "tool__problems")
    assert "Zz" in page.locator("#id_cards_error").inner_text()
    assert axe_both(page) == CLEAN

    # Put right, the answer comes back and the message beside the field goes.
    page.emulate_media(color_scheme="light")
    page.locator("#id_cards").focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("As 2h")
    page.keyboard.press("Enter")
    focus_lands_on(page, "tool__answer")
    assert page.locator("#id_cards_error").count() == 0


def test_a_spot_works_without_javascript(browser, live_server):
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(live_server.url + reverse("play:spot"))
        fill_by_keyboard(page, cards="As 2h 3d 3c")
        page.wait_for_load_state()
        assert f"Best: {best_label()}" in page.locator(".tool__answer").inner_text()
        assert query(page)["cards"] == ["As 2h 3d 3c"]
        # One draw too few for the opponent: the page comes back with the message beside it.
        type_into(page, "#id_o1_drew", "2 1")
        page.keyboard.press("Enter")
        page.wait_for_load_state()
        assert "type 3 numbers" in page.locator("#id_o1_drew_error").inner_text()
    finally:
        context.close()


def test_a_phone_width_screen_needs_no_sideways_scrolling(page, live_server):
    page.set_viewport_size({"width": 375, "height": 740})
    page.goto(live_server.url + reverse("play:spot"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 375


def passive(hand: LiveHand) -> Action:
    kinds = [legal.kind for legal in hand.legal_actions()]
    if "draw" in kinds:
        return Action("draw", ())
    return Action("check" if "check" in kinds else "call")


def heads_up_seed() -> int:
    """A heads-up table (the start page's default opponent) whose hand, played passively,
    gives the learner a bet after the last draw (found by the engine)."""
    for seed in range(1, 300):
        hand = LiveHand.start(TableSettings.default("badacey", seed, personalities=("solid",)))
        while not hand.is_over:
            if hand.draws_left == 0 and hand.legal_actions()[0].kind != "draw":
                return seed
            hand.play(passive(hand))
    raise AssertionError("no seed reaches the last round")


def test_a_reviewed_heads_up_hand_shows_the_math_and_links_to_the_coach(
    page, live_server, monkeypatch, axe_both
):
    seed = heads_up_seed()
    monkeypatch.setattr(hands, "new_seed", lambda: seed)
    page.goto(live_server.url + reverse("play:start"))
    page.get_by_label("Players at the table, you included").select_option("2")
    with page.expect_navigation():
        page.get_by_role("button", name="Deal me in").press("Enter")
    page.wait_for_function("window.htmx !== undefined")
    for _ in range(40):
        row = PlayedHand.objects.get()
        live = hands.live_of(row)
        if live.is_over:
            break
        action = passive(live)
        page.keyboard.press("p" if action.kind == "draw" else "c")
        page.wait_for_function(
            """step => {
                const input = document.querySelector('#play-table input[name=step]');
                return document.querySelector('#play-result-title')
                    || (input && Number(input.value) > step);
            }""",
            arg=row.step,
        )
    row = PlayedHand.objects.get()
    assert row.is_over
    page.goto(live_server.url + reverse("play:review", args=[row.pk]))
    whole = hands.live_of(row)
    steps = [
        s
        for s in range(row.step)
        if whole.at_step(s).draws_left == 0 and whole.at_step(s).legal_actions()[0].kind != "draw"
    ]
    advice = advice_for(whole.at_step(steps[0]))
    assert advice is not None
    panel = page.locator(f"#math-says-{steps[0]}")
    expect(panel).to_contain_text(f"equilibrium play is: {mix_words(advice.mix)}.")
    expect(panel).to_contain_text("not a solution of the whole game")
    assert axe_both(page) == CLEAN
    # The link to ask the coach, followed by keyboard, opens the same spot.
    link = page.get_by_role("link", name="Ask the coach about this spot").nth(steps[0])
    link.focus()
    with page.expect_navigation():
        page.keyboard.press("Enter")
    expect(page.locator(".tool__answer")).to_contain_text("Best:")
    expect(page.locator("#math-says")).to_contain_text("The math says")
    assert axe_both(page) == CLEAN


def run_the_queued_solve() -> None:
    """Do the task worker's job for LINE's question, as `manage.py db_worker` would."""
    spot = spot_from_json(LINE)
    key = math_answers.question_key(spot, None, None)
    assert SolvedRound.objects.get(key=key).state == "working"
    math_answers.solve_round.call(key, spot_line(spot), None, None)


def spot_url(live_server) -> str:
    query = {**{k: str(v) for k, v in LINE.items() if k != "opponents"}, "opponents": "1"}
    return f"{live_server.url}{reverse('play:spot')}?{urlencode({**query, 'o1_drew': '2 1 1'})}"


@pytest.fixture
def no_worker(settings):
    """Tasks are queued and left there, as on a site whose worker has not got to them yet."""
    settings.TASKS = {"default": {"BACKEND": "django.tasks.backends.dummy.DummyBackend"}}


def test_a_working_panel_fills_in_by_itself_once_solved(page, live_server, no_worker, axe_both):
    page.goto(spot_url(live_server))
    page.wait_for_function("window.htmx !== undefined")
    panel = page.locator("#math-says")
    expect(panel).to_contain_text("Working: the solver is finding the equilibrium")
    assert page.locator(".math-says__live").get_attribute("aria-live") == "polite"
    assert axe_both(page) == CLEAN
    run_the_queued_solve()
    said = math_says(round_position(spot_from_json(LINE)))
    expect(panel).to_contain_text(f"equilibrium play is: {said.mix_text}.", timeout=20_000)


def test_a_working_panel_without_javascript_has_a_link_to_check_again(
    browser, live_server, no_worker
):
    context = browser.new_context(java_script_enabled=False)
    try:
        tab = context.new_page()
        tab.goto(spot_url(live_server))
        expect(tab.locator("#math-says")).to_contain_text("Working")
        run_the_queued_solve()
        tab.get_by_role("button", name="Check again").focus()
        with tab.expect_navigation():
            tab.keyboard.press("Enter")
        expect(tab.locator("#math-says")).to_contain_text("equilibrium play is:")
    finally:
        context.close()

"""The study table in a browser: a whole hand by keyboard alone, a whole hand with
JavaScript off, axe in both colour schemes on the table and the review, and no
opponent's card in the accessibility tree until the showdown.

Every action is the engine's coach's choice for the hand as the engine
rebuilds it from the database, and every card checked is the engine's.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from evaluator.play import Action, LiveHand, TableSettings, coach_action
from play import hands
from play.models import PlayedHand
from tests.browser.axe import CLEAN, axe_violations_without_javascript

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

KEYS = {"fold": "f", "check": "c", "call": "c", "bet": "r", "raise": "r"}


def drawing_seed(game: str = "badacey") -> int:
    """A seed whose hand, played the coach's way, reaches a draw that throws cards."""
    for seed in range(1, 500):
        hand = LiveHand.start(TableSettings.default(game, seed))
        while not hand.is_over:
            action = coach_action(hand)
            if action.kind == "draw" and action.discards:
                return seed
            hand.play(action)
    raise AssertionError("no seed reaches a draw that throws cards")


@pytest.fixture
def seeded(monkeypatch):
    seed = drawing_seed()
    monkeypatch.setattr(hands, "new_seed", lambda: seed)
    return seed


def the_hand() -> tuple[PlayedHand, LiveHand]:
    row = PlayedHand.objects.get()
    return row, hands.live_of(row)


def hidden_cards(live: LiveHand) -> list[str]:
    """The names of every card the learner may not see yet."""
    if live.is_over:
        return []
    return [c.name for s in live.settings.computer_seats for c in live.hand_of(s)]


def no_hidden_card_is_exposed(page, live: LiveHand) -> None:
    """No card the learner may not see, in the accessibility tree or anywhere in the HTML;
    an opponent's cards are backs named only "a face-down card"."""
    tree = page.locator("#play-table").aria_snapshot()
    html = page.content()
    for name in hidden_cards(live):
        assert name not in tree and name not in html
    waiting = [s for s in live.settings.computer_seats if not live.folded(s)]
    if waiting and not live.is_over:
        assert "face-down card" in tree
    for card in live.learner_cards if not live.is_over else ():
        assert card.name in tree


def advanced(page, step: int) -> None:
    """Wait until the table answers a later step, or shows the end of the hand."""
    page.wait_for_function(
        """step => {
            const input = document.querySelector('#play-table input[name=step]');
            const over = document.querySelector('#play-result-title');
            return over || (input && Number(input.value) > step);
        }""",
        arg=step,
    )


def test_a_whole_hand_by_keyboard_with_axe_in_both_schemes(page, live_server, seeded, axe_both):
    page.goto(live_server.url + "/play/")
    page.get_by_label("Game").focus()
    page.keyboard.press("Enter")  # the select opens and closes; the default game stays
    page.keyboard.press("Escape")
    page.get_by_role("button", name="Deal me in").focus()
    with page.expect_navigation():
        page.keyboard.press("Enter")
    page.wait_for_function("window.htmx !== undefined")
    checked_draw = False
    for _ in range(40):
        row, live = the_hand()
        if live.is_over:
            break
        no_hidden_card_is_exposed(page, live)
        action = coach_action(live)
        if action.kind == "draw":
            if not checked_draw:
                assert axe_both(page) == CLEAN
                checked_draw = True
            for card in action.discards:
                page.keyboard.press(str(live.learner_cards.index(card) + 1))
            for n, card in enumerate(live.learner_cards, start=1):
                box = page.locator(f"#throw-{n}")
                if card in action.discards:
                    expect(box).to_be_checked()
                else:
                    expect(box).not_to_be_checked()
            page.keyboard.press("d" if action.discards else "p")
        else:
            page.keyboard.press(KEYS[action.kind])
        advanced(page, row.step)
        # Each event is read out by the polite live region.
        row, after = the_hand()
        status = page.locator("#play-status")
        assert status.get_attribute("aria-live") == "polite"
        for event in [e for e in after.events if e.step == after.step]:
            expect(status).to_contain_text(event.text)
    row, live = the_hand()
    assert live.is_over and row.is_over and checked_draw
    expect(page.locator("#play-result-title")).to_be_focused()
    assert axe_both(page) == CLEAN
    page.get_by_role("link", name="Review the hand, every decision graded").focus()
    with page.expect_navigation():
        page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Your decisions")).to_be_visible()
    assert axe_both(page) == CLEAN


def test_a_whole_hand_without_javascript(browser, live_server, seeded, page):
    context = browser.new_context(java_script_enabled=False)
    try:
        tab = context.new_page()
        tab.goto(live_server.url + "/play/")
        with tab.expect_navigation():
            tab.get_by_role("button", name="Deal me in").click()
        checked = False
        for _ in range(40):
            row, live = the_hand()
            if live.is_over:
                break
            no_hidden_card_is_exposed(tab, live)
            action = coach_action(live)
            if action.kind == "draw" and not checked:
                # The page as the script-less browser got it, with its noscript rules.
                html, url = tab.content(), tab.url
                assert axe_violations_without_javascript(page, html, url) == []
                checked = True
            with tab.expect_navigation():
                press_without_script(tab, live, action)
            assert PlayedHand.objects.get().step == row.step + 1
        row, live = the_hand()
        assert live.is_over and checked
        expect(tab.locator("#play-result-title")).to_be_visible()
        if row.net:
            expect(tab.locator(".play-result__net")).to_contain_text(str(abs(row.net)))
    finally:
        context.close()


def press_without_script(tab, live: LiveHand, action: Action) -> None:
    if action.kind == "draw":
        for card in action.discards:
            tab.get_by_role("checkbox", name=card.name, exact=True).check()
        name = "Throw the ticked cards" if action.discards else "Stand pat"
        tab.get_by_role("button", name=name).click()
        return
    label = next(a.label for a in live.legal_actions() if a.kind == action.kind)
    tab.get_by_role("button", name=label).click()


def test_a_double_post_is_refused_in_the_page_and_the_table_fits_375_px(page, live_server, seeded):
    page.set_viewport_size({"width": 375, "height": 800})
    page.goto(live_server.url + "/play/")
    with page.expect_navigation():
        page.get_by_role("button", name="Deal me in").click()
    page.wait_for_function("window.htmx !== undefined")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    row, live = the_hand()
    action = coach_action(live)  # a bet: the seed's first draw comes later
    page.keyboard.press(KEYS[action.kind])
    advanced(page, row.step)
    assert not PlayedHand.objects.get().is_over  # the seed's hand goes on to a draw
    token = page.locator("input[name=csrfmiddlewaretoken]").first.get_attribute("value")
    response = page.request.post(
        f"{live_server.url}/play/{row.pk}/act",
        form={"step": str(row.step), "action": action.kind, "csrfmiddlewaretoken": token},
    )
    assert response.status == 409 and "was not played again" in response.text()
    assert PlayedHand.objects.get().step == row.step + 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 375

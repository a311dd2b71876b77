"""Practise a moment of a real hand in a browser: by keyboard, and clean for axe in both schemes.

A visitor pastes a hand, goes to the player's own draw, follows "Practise
this draw" and answers with the keyboard alone; a teacher's refused draft
exercise is a page of its own with a way back. Both pages are checked with
axe in the light and the dark scheme.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from evaluator.hand_histories import read_text, room_name, to_notation
from lessons.models import RealHand
from tests.browser.axe import CLEAN
from tests.factories import make_teacher

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FILE = Path(__file__).parent.parent / "evaluator" / "hand_histories" / "mix_badacey.txt"
PASSWORD = "a-long-teaching-pass"


def first_hand() -> str:
    return FILE.read_text(encoding="utf-8").split("\n\n")[0]


def test_a_visitor_practises_their_own_draw_by_keyboard(page, live_server, axe_both):
    played = read_text(first_hand())[0].verified.replay
    own = next(i for i, s in enumerate(played.steps[0].state.seats) if not s.hidden)
    draw = next(s.index for s in played.steps if s.kind == "draw" and s.actor == own)
    page.goto(live_server.url + "/replay/paste/")
    page.get_by_label("One hand from your card room's history").fill(first_hand())
    page.get_by_role("button", name="Replay this hand").click()
    page.goto(page.url.split("?")[0] + f"?step={draw}")
    link = page.locator('[data-practise-link="discard"]')
    link.focus()
    page.keyboard.press("Enter")
    answer = page.locator("#id_guess-answer")
    expect(answer).to_be_visible()
    assert axe_both(page) == CLEAN
    answer.focus()
    page.keyboard.type("1")
    page.keyboard.press("Enter")
    expect(page.locator("[data-guess-verdict]")).to_be_visible()


def test_a_refused_draft_exercise_is_a_page_with_a_way_back(page, live_server, axe_both):
    verified = read_text(first_hand())[0].verified
    hand = RealHand.objects.create(
        slug="practice-refused",
        room=room_name(verified),
        hand_id=verified.hand_id,
        game=verified.game,
        history=to_notation(verified),
        published=True,
    )
    make_teacher(password=PASSWORD)
    page.goto(live_server.url + "/admin/")
    page.get_by_label("Username").fill("teacher")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    last = len(verified.replay.steps) - 1
    page.goto(live_server.url + hand.get_absolute_url() + f"?step={last}")
    button = page.locator('[data-practise="showdown"]')
    # A stale page: the step it posts is no longer in the hand.
    button.evaluate("b => b.form.querySelector('[name=step]').value = '9999'")
    button.click()
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "This moment cannot become an exercise"
    )
    assert axe_both(page) == CLEAN
    page.get_by_role("link", name="Back to the hand at this step").click()
    expect(page).to_have_url(live_server.url + hand.get_absolute_url())

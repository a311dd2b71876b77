"""Real hands in a browser: a teacher imports, replays and publishes an exercise; a
learner pastes a hand and steps through it by keyboard alone; axe in both schemes."""

from __future__ import annotations

from importlib import import_module
from pathlib import Path

import pytest
from django.db import connection
from django.db.migrations.loader import MigrationLoader
from playwright.sync_api import expect

from evaluator.hand_histories import read_text
from lessons.models import Deal, RealHand
from tests.browser.axe import CLEAN
from tests.factories import make_teacher
from tests.speech import HEARD_JS, spoken_words

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DATA = Path(__file__).parent.parent / "evaluator" / "hand_histories"
FILE = DATA / "mix_badacey.txt"
PASSWORD = "a-long-teaching-pass"


@pytest.fixture(autouse=True)
def teachers_group():
    """The Teachers group and its rights, as the migrations made them before a flush."""
    state = MigrationLoader(connection).project_state(("lessons", "0018_hhsite_real_hands"))
    with connection.schema_editor() as editor:
        import_module("lessons.migrations.0003_teachers_group").create_group(state.apps, editor)
        import_module("lessons.migrations.0018_hhsite_real_hands").teachers_manage_real_hands(
            state.apps, editor
        )


def first_hand() -> str:
    return FILE.read_text(encoding="utf-8").split("\n\n")[0]


def shows_step(page, n: int) -> None:
    expect(page.locator("[data-replay-index]")).to_have_text(str(n))


def test_a_teacher_imports_replays_and_publishes_a_showdown_exercise(page, live_server):
    make_teacher(password=PASSWORD)
    page.goto(live_server.url + "/admin/")
    page.get_by_label("Username").fill("teacher")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()

    page.goto(live_server.url + "/admin/lessons/deal/")
    page.get_by_role("link", name="Import hand histories").click()
    page.get_by_label("History file").set_input_files(str(FILE))
    page.get_by_role("button", name="Check (saves nothing)").click()
    expected = read_text(FILE.read_text(encoding="utf-8"))
    expect(page.locator("tr[data-ok='true']")).to_have_count(len(expected))
    assert RealHand.objects.count() == 0
    page.get_by_role("button", name="Import the").click()
    expect(page.locator(".messagelist")).to_contain_text(f"{len(expected)} new hand(s)")

    hand = RealHand.objects.get(hand_id=expected[0].hand_id)
    page.goto(live_server.url + hand.get_absolute_url())
    page.locator('[data-replay-control="last"]').click()
    shows_step(page, len(expected[0].verified.replay.steps) - 1)
    page.locator('[data-practise="showdown"]').click()
    expect(page.get_by_label("Published")).not_to_be_checked()
    page.get_by_label("Published").check()
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator(".messagelist")).to_contain_text("was changed successfully")
    deal = Deal.objects.get(slug__startswith=hand.slug)
    assert deal.published and [p["kind"] for p in deal.parts] == ["winners", "payouts"]


def test_a_learner_pastes_a_hand_and_steps_through_it_by_keyboard_alone(page, live_server):
    played = read_text(first_hand())[0].verified.replay
    page.goto(live_server.url + "/replay/paste/")
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.name") == "hand":
            break
    else:
        pytest.fail("Tab never reached the paste box")
    page.keyboard.insert_text(first_hand())
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", level=1)).to_contain_text(played.record.notes[0])
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.replayControl") == "next":
            break
    else:
        pytest.fail("Tab never reached the Next control")
    page.keyboard.press("Enter")
    shows_step(page, 1)
    for n in range(2, len(played.steps)):
        page.keyboard.press("ArrowRight")
        shows_step(page, n)
        heard = page.locator("#replay-status").evaluate(HEARD_JS)
        assert heard == spoken_words(played.steps[n].text)
    folded = page.get_by_role("group", name="Ivy's face-down cards")  # never shown
    expect(folded.locator(".pc.back").first).to_have_text("a face-down card")


def test_the_new_pages_have_no_axe_violations(page, live_server, axe_both):
    """Each page of the flow is walked to once and checked in both colour schemes."""
    page.goto(live_server.url + "/replay/paste/")
    assert axe_both(page) == CLEAN
    page.get_by_label("One hand from your card room's history").fill("hello")
    page.get_by_role("button", name="Replay this hand").click()
    assert axe_both(page) == CLEAN
    page.get_by_label("One hand from your card room's history").fill(first_hand())
    page.get_by_role("button", name="Replay this hand").click()
    played = read_text(first_hand())[0].verified.replay
    show = next(s.index for s in played.steps if s.kind == "show")
    for step in (0, next(s.index for s in played.steps if s.kind == "draw"), show):
        page.goto(page.url.split("?")[0] + f"?step={step}")
        assert axe_both(page) == CLEAN, step

"""Hints on drill items: one at a time, with and without htmx, from the item's own seed.

The hints' text is read from the part kinds for the item the URL deals
(``parts.hints`` of ``generate(...)``), never typed; the tests check what a
learner sees, what a tampered request gets, and what the attempt records.
"""

from __future__ import annotations

import re

import pytest
from pytest_django.asserts import assertContains, assertNotContains

from evaluator import format_cards
from evaluator.drills import KINDS
from lessons.deals import parts
from lessons.drills.forms import drill_hint_url, drill_url
from lessons.drills.items import DrillTable
from lessons.models import Attempt
from tests.drill_tables import side_pot_item, table_of
from tests.form_values import answer_boxes, as_sent, kept
from tests.hint_checks import assert_hints_shown, first_hint_fragment
from tests.speech import heard, spoken_words

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
SEED = 11
# One item of every drill kind, in a game and difficulty whose first part has hints.
SAMPLE = [(kind, drill.games[0], 2) for kind, drill in KINDS.items()]


def ask(client, kind, game, difficulty, seed=SEED, index=0, shown=0, extra=None, htmx=False):
    data = {"hint": str(index), f"drill-p{index}_hints": str(shown)} | (extra or {})
    url = drill_hint_url(kind, game, difficulty, seed)
    return client.post(url, data, **(HTMX if htmx else {}))


@pytest.mark.parametrize("kind, game, difficulty", SAMPLE)
def test_without_javascript_each_hint_comes_back_with_the_same_item(client, kind, game, difficulty):
    table = table_of(kind, game, difficulty, SEED)
    hints = parts.hints(table)[0]
    assert hints, "every sampled item offers hints on its first question"
    first = client.get(drill_url(kind, game, difficulty, SEED)).content.decode()
    assert f"Show hint 1 of {len(hints)}" in heard(first)
    assert spoken_words(hints[0]) not in heard(first)  # nothing is shown until asked for
    for shown in range(len(hints)):
        response = ask(client, kind, game, difficulty, shown=shown)
        assert response.status_code == 200
        assertContains(response, "<html")
        page = heard(response.content.decode())
        assert f"(item {SEED}," in page  # the same item, dealt again from its seed
        assert_hints_shown(page, hints, shown)
        assertContains(response, f'name="drill-p0_hints" value="{shown + 1}"')
        assertNotContains(response, "Not quite")  # asking for a hint is not a check


@pytest.mark.parametrize("kind, game, difficulty", SAMPLE[:3])
def test_with_htmx_only_the_new_hint_and_the_controls_come_back(client, kind, game, difficulty):
    hints = parts.hints(table_of(kind, game, difficulty, SEED))[0]
    response = ask(client, kind, game, difficulty, htmx=True)
    html = first_hint_fragment(response, hints, "drill-p0_hints", "drill-p0-hints-list")
    # The next button asks for the same item's next hint.
    assert drill_hint_url(kind, game, difficulty, SEED).replace("&", "&amp;") in html


def test_the_hint_is_the_items_own_for_its_seed(client):
    """Two seeds of one drill: each hint request is answered from the item it names."""
    kind, game, difficulty = "badugi-cards", "badugi", 3
    for seed in (SEED, SEED + 1):
        hints = parts.hints(table_of(kind, game, difficulty, seed))[0]
        response = ask(client, kind, game, difficulty, seed=seed, shown=len(hints) - 1)
        page = heard(response.content.decode())
        assert all(spoken_words(text) in page for text in hints)


def test_a_second_part_has_its_own_hints(client):
    kind, game, difficulty = "outs", "badugi", 2
    hints = parts.hints(table_of(kind, game, difficulty, SEED))
    assert len(hints) == 2 and hints[1]
    response = ask(client, kind, game, difficulty, index=1, htmx=True)
    assert f"Hint 1 of {len(hints[1])}: {spoken_words(hints[1][0])}" in heard(
        response.content.decode()
    )
    assert response["HX-Retarget"] == "#drill-p1-hints-list"


def test_the_answer_so_far_is_kept_when_a_hint_is_shown(client):
    kind, game, difficulty = "payouts", "badacey", 2
    name = f"drill-{parts.answer_key(0, 'seat', 0)}"
    response = ask(client, kind, game, difficulty, extra={name: "3"})
    assert re.search(rf'name="{name}"[^>]*value="3"', response.content.decode())


def answer_so_far(table: DrillTable, typed: str | None = None) -> dict[str, str | list[str]]:
    """A learner's answer in progress: the engine's answer, with each card question typed.

    The card questions' toggles are left unticked and the seat's first cards
    (or ``typed``) are written in the "Or type the cards" box instead, as a
    keyboard learner would.
    """
    answer = {f"drill-{k}": v for k, v in parts.model_answer(table).items()}
    for question in parts.questions(table):
        if question.kind == "badugi_cards":
            (name,) = question.fields
            seat = table.parts[question.part]["seat"]
            del answer[f"drill-{name}"]
            answer[f"drill-{name}-typed"] = typed or format_cards(table.hands[seat][:3])
    return answer


@pytest.mark.parametrize("kind, game, difficulty", SAMPLE)
def test_without_javascript_a_hint_keeps_every_answer_box_as_it_was(client, kind, game, difficulty):
    """Ticks, numbers, choices and typed cards all come back as the learner left them."""
    answer = answer_so_far(table_of(kind, game, difficulty, SEED))
    response = ask(client, kind, game, difficulty, extra=answer)
    assert response.status_code == 200
    assert kept(response.content.decode(), answer) == as_sent(answer)


@pytest.mark.parametrize("kind, game, difficulty", SAMPLE)
def test_with_htmx_a_hint_reply_holds_no_answer_box_to_overwrite(client, kind, game, difficulty):
    """htmx adds the hint and swaps the controls only: every box stays as the learner left it."""
    answer = answer_so_far(table_of(kind, game, difficulty, SEED))
    response = ask(client, kind, game, difficulty, extra=answer, htmx=True)
    assert response.status_code == 200
    assert answer_boxes(response.content.decode()) == {}
    assert response["HX-Reswap"] == "beforeend"  # appended to the list, nothing replaced


@pytest.mark.parametrize("typed", ["As 2h", "Ah 11x", "  7c ", "<b>&amp;"])
def test_the_typed_cards_box_keeps_whatever_was_typed_through_a_hint(client, typed):
    """A hint checks nothing, so even a slip comes back as typed, for the learner to mend."""
    kind, game, difficulty = "badugi-cards", "badugi", 2
    answer = answer_so_far(table_of(kind, game, difficulty, SEED), typed=typed)
    response = ask(client, kind, game, difficulty, extra=answer)
    assert response.status_code == 200
    assert kept(response.content.decode(), answer) == as_sent(answer)


@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
def test_typed_cards_that_cannot_be_checked_come_back_in_their_box(client, htmx):
    """A slip in the typed cards is said beside the item, and the box still holds the typing."""
    kind, game, difficulty = "badugi-cards", "badugi", 2
    answer = answer_so_far(table_of(kind, game, difficulty, SEED), typed="As 1x")
    response = client.post(
        drill_url(kind, game, difficulty, SEED), answer, **(HTMX if htmx else {})
    )
    assertContains(response, "could not be checked yet")
    assert kept(response.content.decode(), answer) == as_sent(answer)


def test_the_hints_taken_are_recorded_with_the_attempt(client):
    kind, game, difficulty = "betting", "badacey", 1
    table = table_of(kind, game, difficulty, SEED)
    answer = {f"drill-{k}": v for k, v in parts.model_answer(table).items()}
    response = client.post(
        drill_url(kind, game, difficulty, SEED), answer | {"drill-p0_hints": "2"}
    )
    assert response.status_code == 200
    attempt = Attempt.objects.get(drill_kind=kind)
    assert attempt.correct and attempt.hints_used == 2
    assert attempt.item_key == f"{game}/{difficulty}/{SEED}"
    # The next item starts again with no hints shown.
    assertContains(response, 'name="drill-p0_hints" value="0"')


def test_side_pot_hints_reach_the_learner_pot_by_pot(client):
    seed, table = side_pot_item("badacey")
    outcome = table.settlement()
    hints = parts.hints(table)[0]
    response = ask(client, "payouts", "badacey", 3, seed=seed, shown=len(hints) - 1)
    page = heard(response.content.decode())
    for text in hints:
        assert spoken_words(text) in page
    for pot in outcome.pots:  # the engine's pots, each named with its chips in the first hint
        assert f"{pot.name} holds {pot.amount}" in hints[0]


@pytest.mark.parametrize(
    "count, words", [("9", "changed"), ("-1", "changed"), ("x", "changed"), ("1e3", "changed")]
)
def test_a_tampered_hint_count_is_a_400_with_a_message(client, count, words):
    response = client.post(
        drill_hint_url("winners", "badacey", 1, SEED), {"hint": "0", "drill-p0_hints": count}
    )
    assertContains(response, words, status_code=400)


def test_a_hint_for_a_question_that_is_not_there_is_a_400(client):
    url = drill_hint_url("winners", "badacey", 1, SEED)
    assertContains(client.post(url, {"hint": "7"}), "no hints", status_code=400)
    assertContains(client.post(url, {"hint": "x"}), "by its number", status_code=400)
    assertContains(client.post(url, {}), "which question", status_code=400)


def test_a_choice_question_has_no_hints_and_says_so(client):
    kind, game, difficulty = "betting", "badacey", 3
    assert parts.hints(table_of(kind, game, difficulty, SEED)) == [[]]
    page = client.get(drill_url(kind, game, difficulty, SEED))
    assertNotContains(page, "Show hint")
    response = ask(client, kind, game, difficulty)
    assertContains(response, "no hints for that question", status_code=400)


@pytest.mark.parametrize(
    "query, words",
    [
        ("game=badacey&difficulty=1", "Give the item number"),
        ("game=badacey&difficulty=1&seed=-4", "whole number"),
        ("game=omaha&difficulty=1&seed=3", "not played in that game"),
        ("game=badacey&difficulty=9&seed=3", "easy, medium or hard"),
    ],
)
def test_a_hint_request_that_does_not_name_an_item_is_a_400(client, query, words):
    response = client.post(f"/drills/winners/hint/?{query}", {"hint": "0"})
    assertContains(response, words, status_code=400)
    assertNotContains(response, "Hint 1 of", status_code=400)


def test_a_hint_url_opened_directly_goes_back_to_the_item(client):
    response = client.get(drill_hint_url("winners", "badacey", 1, SEED))
    assert response.status_code == 302
    assert response.url == drill_url("winners", "badacey", 1, SEED)
    assert client.post("/drills/no-such-drill/hint/", {"hint": "0"}).status_code == 404

"""The Table basics quick checks: one per section, each a valid deal of its own cards.

The quick-check mechanism lives on another branch; here each check is
built as the loader builds an exercise of the lesson (its ``section`` key
set aside, no number) and its answers are checked by the parts: the
engine's right answer is accepted and one made wrong from it is refused.
"""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from lessons import course
from lessons.content.loader import build
from lessons.content.quick_checks.table_basics import CHECKS
from lessons.deals import parts
from lessons.exercises.forms import AnswerForm
from tests.factories import lesson_exercises, right_answer

pytestmark = pytest.mark.django_db

NO_NUMBER = "An exercise in a lesson needs its number."


def deal_of(entry: dict):
    fields = {k: v for k, v in entry.items() if k != "section"}
    slug = f"table_basics-check-{entry['section']}"
    deal = build({"slug": slug, "lesson": "table_basics", "number": None, **fields})
    try:
        deal.full_clean(validate_unique=False, validate_constraints=False)
    except ValidationError as error:  # a check is a lesson deal without a number
        assert error.message_dict == {"number": [NO_NUMBER]}
    return deal


def verdicts(deal, data) -> list[bool]:
    form = AnswerForm(data, deal=deal)
    assert form.is_valid(), form.errors
    return [result.ok for result in parts.check(deal, form.cleaned_data)]


def wrong_answer(deal, right: dict) -> dict:
    """One answer made wrong from the engine's right one."""
    (part,) = deal.parts
    kind = part["kind"]
    if kind == "payouts":
        keys = list(right)
        paid = [right[k] for k in keys]
        turned = paid[::-1] if paid[::-1] != paid else [str(deal.pot)] + ["0"] * (len(paid) - 1)
        return dict(zip(keys, turned, strict=True))
    (key,) = right
    if kind == "pot_at":
        return {key: str(int(right[key]) + 1)}
    if kind == "next_to_act":
        return {key: str((int(right[key]) + 1) % len(deal.seats))}
    options = range(len(part["options"])) if kind == "choice" else part["options"]
    return {key: next(str(o) for o in options if str(o) != right[key])}


def test_there_is_one_check_per_section_in_order():
    anchors = [section.anchor for section in course.BY_KEY["table_basics"].sections]
    assert [check["section"] for check in CHECKS] == anchors


def test_no_check_deals_the_cards_of_one_of_the_lessons_exercises():
    dealt = {
        frozenset(hand)
        for deal in lesson_exercises()
        if deal.lesson == "table_basics" and not deal.section  # the exercises, not the checks
        for hand in deal.hands
    }
    for entry in CHECKS:
        for hand in deal_of(entry).hands:
            assert frozenset(hand) not in dealt, (entry["section"], hand)


def test_the_checks_ask_the_engine_rather_than_a_typed_choice():
    assert all(entry["parts"][0]["kind"] != "choice" for entry in CHECKS)


@pytest.mark.parametrize("entry", CHECKS, ids=lambda e: e["section"])
def test_each_check_is_one_short_question_that_checks_right_and_wrong(entry):
    assert len(entry["parts"]) == 1
    assert len(entry["prompt"]) <= 200 and len(entry["explanation"]) <= 200
    deal = deal_of(entry)
    assert len(parts.questions(deal)) == 1
    right = right_answer(deal)
    assert verdicts(deal, right) == [True]
    assert verdicts(deal, wrong_answer(deal, right)) == [False]


def test_the_first_check_asks_nothing_a_later_section_teaches():
    """Seats and the button come first; draws, all-ins, blinds and bets are taught later."""
    from lessons.content.quick_checks.table_basics import CHECKS

    (first,) = [c for c in CHECKS if c["section"] == "seats"]
    words = f"{first['title']} {first['prompt']} {first['explanation']}".lower()
    for later in ("draw", "all-in", "all in", "blind", "bet", "raise", "pot"):
        assert later not in words, later

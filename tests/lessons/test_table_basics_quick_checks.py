"""The Table basics quick checks: one per section, each a valid deal of its own cards.

The quick-check mechanism itself lives on another branch; here each check
is built as the loader builds an exercise (its ``section`` key set aside)
and its answers are checked by the parts, right and wrong.
"""

from __future__ import annotations

import pytest

from lessons import course
from lessons.content.exercises import lesson_entries
from lessons.content.loader import build
from lessons.content.quick_checks.table_basics import CHECKS
from lessons.deals import parts
from lessons.exercises.forms import AnswerForm
from tests.factories import right_answer

pytestmark = pytest.mark.django_db


def deal_of(number: int, entry: dict):
    fields = {k: v for k, v in entry.items() if k != "section"}
    deal = build({"slug": f"quick-table-basics-{number}", **fields})
    deal.full_clean()
    return deal


def verdicts(deal, data) -> list[bool]:
    form = AnswerForm(data, deal=deal)
    assert form.is_valid(), form.errors
    return [result.ok for result in parts.check(deal, form.cleaned_data)]


def test_there_is_one_check_per_section_in_order():
    anchors = [section.anchor for section in course.BY_KEY["table_basics"].sections]
    assert [check["section"] for check in CHECKS] == anchors


def test_the_checks_use_cards_of_their_own():
    exercise_cards = {
        seat["cards"]
        for entry in lesson_entries()
        if entry["lesson"] == "table_basics"
        for seat in entry.get("seats", [])
    }
    for check in CHECKS:
        assert not {seat["cards"] for seat in check["seats"]} & exercise_cards


@pytest.mark.parametrize("number", range(len(CHECKS)))
def test_each_check_is_one_short_question_that_checks_right_and_wrong(number):
    deal = deal_of(number, CHECKS[number])
    assert len(deal.parts) == 1 and len(parts.questions(deal)) == 1
    right = right_answer(deal)
    assert verdicts(deal, right) == [True]
    (part,) = deal.parts
    if part["kind"] in ("choice", "raise_to"):
        (key,) = right
        options = range(len(part["options"])) if part["kind"] == "choice" else part["options"]
        wrong = next(str(o) for o in options if str(o) != right[key])
        assert verdicts(deal, {key: wrong}) == [False]
    else:  # payouts: the odd chip given to the other tied seat
        a, b = right
        assert right[a] != right[b]
        assert verdicts(deal, {a: right[b], b: right[a]}) == [False]

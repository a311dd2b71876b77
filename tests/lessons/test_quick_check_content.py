"""The card lessons' quick checks, each asked, answered and shown.

(Table basics asks about steps of a history: test_table_basics_quick_checks.py.)

Each check is one short question after one section of its lesson page, in
the exercises' format plus a ``section``. These tests build every entry as
the loader does (an unsaved ``Deal``), let the model and the engine judge
it, and draw its form, its feedback and its worked answer. Every right answer is the engine's
(``right_answer``); every wrong one is made from it, never typed.
"""

from __future__ import annotations

import pytest
from django.template.loader import render_to_string
from django.utils.html import escape

from lessons.content.loader import build
from lessons.content.quick_checks import check_entries, check_slug, lesson_checks
from lessons.course import BY_KEY
from lessons.deals import parts
from lessons.exercises.blocks import ExerciseBlock
from lessons.exercises.forms import AnswerForm
from lessons.models import Deal
from tests.factories import lesson_exercises, right_answer

LESSONS = ("badugi", "badacey", "badeucey", "drawing")
# Until a deal can name its section, a lesson deal must have a number: the
# only complaint the model may make of a check then is that it has none.


def checks_of(lesson: str) -> list[dict]:
    return lesson_checks(lesson)


def built(lesson: str, entry: dict) -> Deal:
    """The unsaved deal the loader makes of one check (its lesson's game by default)."""
    (fields,) = [e for e in check_entries() if e["slug"] == check_slug(lesson, entry["section"])]
    return build(fields)


def deal_of(lesson: str, entry: dict) -> Deal:
    return built(lesson, entry)


CASES = [
    pytest.param(lesson, entry, id=f"{lesson}-{entry['section']}")
    for lesson in LESSONS
    for entry in checks_of(lesson)
]


def checked(deal: Deal, post: dict) -> AnswerForm:
    form = AnswerForm(post, deal=deal)
    form.checked = True
    assert form.is_valid(), form.errors
    return form


def wrong_part(deal: Deal, index: int) -> dict:
    """A wrong answer to part ``index``, made from the engine's right one."""
    part = deal.parts[index]
    right = parts.kind_of(part).model_answer(index, part, deal)
    seats = [str(s) for s in range(len(deal.seats))]
    wrong: dict = {}
    kind = part["kind"]
    for key, value in right.items():
        if kind == "winners":
            others = [s for s in seats if s not in value]
            wrong[key] = others or seats[:1]
        elif kind == "badugi_cards":
            hand = parts.kind_of(part).questions(index, part, deal)[0].fields[key].choices
            left_out = [v for v, _ in hand if v not in value]
            wrong[key] = left_out or value[:1]
        elif kind == "choice":
            wrong[key] = str((int(value) + 1) % len(part["options"]))
        elif kind == "raise_to":
            wrong[key] = next(str(o) for o in part["options"] if str(o) != str(value))
        elif kind == "outs":
            wrong[key] = str(int(value) + 1)
        elif kind == "odds":
            off = float(value) + part["within"] + 1
            wrong[key] = str(off if off <= 100 else float(value) - part["within"] - 1)
    if kind == "payouts":
        paid = [right[parts.answer_key(index, "seat", s)] for s in range(len(seats))]
        turned = paid[::-1] if paid[::-1] != paid else [str(deal.pot)] + ["0"] * (len(paid) - 1)
        wrong = {parts.answer_key(index, "seat", s): c for s, c in enumerate(turned)}
    if kind == "discard":
        decision, cards = parts.answer_key(index, "decision"), parts.answer_key(index, "cards")
        if right[decision] == "throw":
            wrong = {decision: "pat", cards: []}
        else:
            first = parts.kind_of(part).questions(index, part, deal)[0].fields[cards].choices[0]
            wrong = {decision: "throw", cards: [first[0]]}
    assert wrong, f"no wrong answer made for a {kind} part"
    return {f"{deal.slug}-{key}": value for key, value in wrong.items()}


@pytest.mark.parametrize("lesson", LESSONS)
def test_each_section_of_the_lesson_has_exactly_one_check(lesson):
    anchors = [entry["section"] for entry in checks_of(lesson)]
    assert anchors == [section.anchor for section in BY_KEY[lesson].sections]


@pytest.mark.parametrize("lesson, entry", CASES)
def test_the_model_accepts_each_check(lesson, entry):
    deal = built(lesson, entry)
    deal.full_clean(validate_unique=False, validate_constraints=False)
    assert deal.stored_problems == []


@pytest.mark.parametrize("lesson, entry", CASES)
def test_each_check_is_one_short_question(lesson, entry):
    assert len(entry["parts"]) == 1
    assert len(entry["prompt"]) <= 200 and len(entry["explanation"]) <= 200
    # A teacher's own multiple choice only where no engine could compute the answer:
    # at most one per lesson, on how the game is read or played, not on a hand.
    choices = [e for e in checks_of(lesson) if e["parts"][0]["kind"] == "choice"]
    assert len(choices) <= 1


@pytest.mark.parametrize("lesson", LESSONS)
def test_no_check_deals_the_cards_of_one_of_its_lessons_exercises(lesson):
    dealt = {
        frozenset(hand)
        for deal in lesson_exercises()
        if deal.lesson == lesson and not deal.section  # the exercises, not the checks
        for hand in deal.hands
    }
    for entry in checks_of(lesson):
        for hand in deal_of(lesson, entry).hands:
            assert frozenset(hand) not in dealt, (entry["section"], hand)


@pytest.mark.parametrize("lesson, entry", CASES)
def test_the_engines_answer_is_right_and_its_feedback_says_so(lesson, entry):
    deal = deal_of(lesson, entry)
    form = checked(deal, right_answer(deal))
    assert form.results and form.all_right, [r.message for r in form.results]
    html = render_to_string(
        "lessons/_exercise.html#feedback", {"exercise": ExerciseBlock(deal, form)}
    )
    assert "All right: every part is correct." in html


@pytest.mark.parametrize("lesson, entry", CASES)
def test_a_wrong_answer_is_marked_wrong_beside_its_question(lesson, entry):
    deal = deal_of(lesson, entry)
    form = checked(deal, right_answer(deal) | wrong_part(deal, 0))
    assert not form.all_right
    html = render_to_string(
        "lessons/_exercise.html#feedback", {"exercise": ExerciseBlock(deal, form)}
    )
    assert f"Not yet: {form.right_count} of {len(form.results)} correct." in html
    for result in form.results:
        if not result.ok:
            assert escape(result.heading) in html


@pytest.mark.parametrize("lesson, entry", CASES)
def test_each_check_shows_its_question_and_its_worked_answer(lesson, entry):
    deal = deal_of(lesson, entry)
    block = ExerciseBlock.of(deal)
    html = render_to_string("lessons/_exercise.html", {"exercise": block})
    for question in parts.questions(deal):
        assert escape(question.legend) in html
    for name in deal.names:
        assert name in html
    answer = render_to_string("lessons/_answer.html", {"exercise": block})
    assert answer.strip()
    for piece in parts.worked_pieces(deal):
        assert render_to_string(piece.template, dict(piece.context)).strip()
    for hints in parts.hints(deal):  # the engine's hints work the check out too
        assert all(hint.strip() for hint in hints)

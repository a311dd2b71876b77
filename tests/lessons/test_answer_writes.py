"""What recording an answer writes, and what it reads to write it.

An answer is recorded in one transaction: the attempt, the learner's row for
the deal (tries, rights, last answer), the deal's figures, the activity
row, the skills it moves. A returning learner's answer reads its deal row
once under a lock and writes it once; the learner's retention and FSRS
parameters are read only when the answer reviews a skill's card (the day's
first answer to it); the run of misses is written with the skill's step. These
tests hold those, that the kept row still equals a recount of the answers, and
that a skill target keeps the moment it was first reached.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from lessons import skills
from lessons.classes import records
from lessons.learners import deal_figures, skill_records
from lessons.models import (
    Assignment,
    AssignmentFinish,
    Attempt,
    Classroom,
    DealProgress,
    Learner,
    Membership,
    ReviewLog,
    SkillState,
)
from tests.factories import right_answer
from tests.lessons.test_progress import winners_deal, wrong_answer

pytestmark = pytest.mark.django_db

PROGRESS = DealProgress._meta.db_table
SCHEDULING_TABLES = ("lessons_retentionchoice", "lessons_fittedparameters")


def row_of(user: User, deal_id: int) -> tuple:
    return (
        DealProgress.objects.filter(user=user, deal_id=deal_id)
        .values_list(
            "tries",
            "rights",
            "hints",
            "first_right",
            "last_wrong_at",
            "last_at",
        )
        .get()
    )


def test_the_kept_row_equals_a_recount_of_the_answers():
    """Wrong, right, wrong and right again over two weeks: the row a recount makes is the same."""
    learner = User.objects.create_user("lee")
    deal = winners_deal(1)
    start = timezone.now() - timedelta(days=30)
    moments = [
        (start, False, 0),
        (start + timedelta(hours=2), True, 1),
        (start + timedelta(days=1, hours=1), True, 0),
        (start + timedelta(days=2), False, 0),
        (start + timedelta(days=5), True, 2),
        (start + timedelta(days=13), True, 0),
    ]
    for at, correct, hints in moments:
        attempt = Attempt(
            user=learner, deal=deal, correct=correct, hints_used=hints, parts=[correct]
        )
        with time_machine.travel(at, tick=False):
            deal_figures.save_answer(attempt)
    kept = row_of(learner, deal.pk)
    assert kept[:4] == (6, 4, 3, False)
    assert (kept[4], kept[5]) == (moments[3][0], moments[-1][0])

    deal_figures.recount([deal.pk])
    assert row_of(learner, deal.pk) == kept


def answered(client: Client, deal, right: bool = True) -> list[str]:
    """The SQL of one answer sent through the site."""
    data = right_answer(deal) if right else wrong_answer(deal)
    with CaptureQueriesContext(connection) as captured:
        assert client.post(deal.check_url, data, HTTP_HX_REQUEST="true").status_code == 200
    return [query["sql"] for query in captured.captured_queries]


def test_a_returning_answer_reads_its_deal_row_once_and_writes_it_once(client):
    client.force_login(User.objects.create_user("ana"))
    deal = winners_deal(1)
    first = answered(client, deal, right=False)
    again = answered(client, deal, right=True)

    assert any(sql.startswith("INSERT") and PROGRESS in sql for sql in first)
    touching = [sql.split()[0] for sql in again if PROGRESS in sql]
    assert touching == ["SELECT", "UPDATE"]
    # No insert tried and rolled back: the only savepoint is the answer's own
    # transaction (inside the test's), none for the deal row.
    assert not [sql for sql in again if "ROLLBACK" in sql]
    assert len([sql for sql in again if sql.startswith("SAVEPOINT")]) == 1
    tries, rights, *_ = row_of(User.objects.get(username="ana"), deal.pk)
    assert (tries, rights) == (2, 1)


def test_the_scheduling_settings_are_read_only_when_an_answer_reviews_a_card(client):
    client.force_login(User.objects.create_user("bo"))
    deal = winners_deal(1)
    first = answered(client, deal)
    later = answered(client, deal)

    assert ReviewLog.objects.count() > 0, "the day's first answer reviews the skills' cards"
    reviewed = ReviewLog.objects.count()
    for table in SCHEDULING_TABLES:
        assert any(table in sql for sql in first), f"the first answer reads {table}"
        assert not any(table in sql for sql in later), f"a later answer read {table}"
    assert ReviewLog.objects.count() == reviewed, "a later answer the same day reviews nothing"


def test_the_run_of_misses_moves_with_the_skill_step_for_answers_but_not_played_decisions():
    lee = User.objects.create_user("lee")
    me = Learner(lee.pk, "")
    skill = skills.SKILLS[0].key
    at = timezone.now()
    items = iter(range(100))

    def step(answer: skill_records.SkillAnswer, count_misses: bool = True) -> int:
        item = f"x/{next(items)}"  # a new item each time: the same one again moves nothing
        skill_records.after_answer(me, [answer], item, "practice", at, count_misses=count_misses)
        return SkillState.objects.get(user=lee, skill=skill).misses_in_a_row

    wrong = skill_records.SkillAnswer(skill, correct=False)
    assert step(wrong) == 1  # the row is made by this answer, its run starts at one
    assert step(wrong) == 2
    after_last_hint = skill_records.SkillAnswer(skill, correct=True, hints=2, after_last_hint=True)
    assert step(after_last_hint) == 3
    # A decision at the study table moves the skill but not the class page's run.
    assert step(wrong, count_misses=False) == 3
    assert step(skill_records.SkillAnswer(skill, correct=True)) == 0


def test_a_skill_target_keeps_the_moment_it_was_first_reached():
    teacher = User.objects.create_user("teacher")
    lee = User.objects.create_user("lee")
    classroom = Classroom.objects.create(name="room", join_code="ABCDEFGH")
    classroom.teachers.add(teacher)
    Membership.objects.create(classroom=classroom, user=lee)
    skill = skills.SKILLS[0].key
    work = Assignment.objects.create(
        classroom=classroom, kind=Assignment.SKILL, skill=skill, target_level=2
    )
    deal = winners_deal(1)
    state = SkillState.objects.create(user=lee, skill=skill, level=1)

    def right_answer_at(at):
        attempt = Attempt.objects.create(user=lee, deal=deal, correct=True, parts=[True])
        attempt.created_at = at
        records.note_skill_targets(lee.pk, {skill}, attempt)

    start = timezone.now()
    right_answer_at(start)
    assert not AssignmentFinish.objects.exists(), "level 1 is short of the target"
    state.level = 2
    state.save()
    right_answer_at(start + timedelta(hours=1))
    right_answer_at(start + timedelta(hours=2))
    finish = AssignmentFinish.objects.get()
    assert (finish.assignment, finish.user, finish.finished_at) == (
        work,
        lee,
        start + timedelta(hours=1),
    )


def test_one_played_decision_answered_again_the_same_day_moves_its_skill_once():
    lee = User.objects.create_user("lee")
    me = Learner(lee.pk, "")
    skill = skills.SKILLS[0].key
    SkillState.objects.create(user=lee, skill=skill, level=4, answers=5, rights=5)
    wrong = skill_records.SkillAnswer(skill, correct=False)
    at = timezone.now()

    def played(item: str, when) -> None:
        skill_records.after_answer(me, [wrong], item, "review", when, source="played")

    for n in range(4):
        played("play:7:3", at + timedelta(minutes=n))
    state = SkillState.objects.get(user=lee, skill=skill)
    assert (state.level, state.answers) == (3, 6)
    # Another decision the same day moves it; the same decision the next day does too.
    played("play:7:4", at + timedelta(minutes=9))
    assert SkillState.objects.get(user=lee, skill=skill).level == 2
    played("play:7:3", at + timedelta(days=1))
    assert SkillState.objects.get(user=lee, skill=skill).level == 1
    # An exercise retried keeps counting: each miss is a new try.
    skill_records.after_answer(me, [wrong], "deal:x", "practice", at + timedelta(days=1, hours=1))
    skill_records.after_answer(me, [wrong], "deal:x", "practice", at + timedelta(days=1, hours=2))
    assert SkillState.objects.get(user=lee, skill=skill).answers == 10

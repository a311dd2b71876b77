"""The same-deals check: fixed matched forms, before and after a week, and the change."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.contrib.auth.models import User
from django.test import Client

from evaluator.drills import generate
from lessons.learners import skill_records
from lessons.models import Learner, StudySession
from lessons.study import check
from tests.factories import make_teacher
from tests.lessons.test_class_reports import joined
from tests.lessons.test_classes import make_class, signed_in
from tests.lessons.test_study_views import answer_url, current, right_answer, wrong_answer

pytestmark = pytest.mark.django_db
MONDAY = datetime(2026, 5, 4, 18, 0, tzinfo=UTC)


def test_the_two_forms_test_the_same_skills_at_the_same_difficulty_on_other_deals():
    a, b = check.form_items("A"), check.form_items("B")
    assert len(a) == len(b) == check.ITEMS
    assert [(k, g, d) for k, g, d, _ in a] == [(k, g, d) for k, g, d, _ in b]
    assert all(sa != sb for (*_, sa), (*_, sb) in zip(a, b, strict=True))
    for rows in (check.rows_for(Learner(1, ""), 1), check.rows_for(Learner(2, ""), 1)):
        for row in rows:  # every item exercises the skill it stands for
            item = generate(row.drill_kind, row.game, row.difficulty, row.seed)
            assert row.skill in skill_records.item_skills(item)
    # The same for everyone; which form comes first alternates between learners.
    assert check.form_items("A") == a
    assert check.first_form(Learner(1, "")) != check.first_form(Learner(2, ""))


def take(client: Client, rights: int) -> StudySession:
    response = client.post("/study/start/", {"kind": "check"})
    assert response.status_code == 302, response.content[:300]
    session = StudySession.objects.filter(kind="check").latest("pk")
    for n in range(check.ITEMS):
        item = current(session)
        data = (n >= rights and wrong_answer(item)) or right_answer(item)
        assert client.post(answer_url(session, item), data).status_code == 200
    return session


def test_a_learner_takes_the_check_before_and_after_a_week_and_sees_the_change():
    user = User.objects.create_user("ines", password="a long enough password")
    client = Client()
    client.force_login(user)
    me = Learner(user.pk, "")
    with time_machine.travel(MONDAY, tick=False):
        assert "Take the first check" in client.get("/study/").content.decode()
        first = take(client, rights=3)
        forms = {row[3] for row in check.form_items(check.first_form(me))}
        assert {i.seed for i in first.items.all()} == forms
        before = check.status(me, MONDAY).first
        assert before is not None and before.total == check.ITEMS
        page = client.get("/study/").content.decode()
        assert f"<strong>{before.right} of {check.ITEMS}</strong>" in page
        assert "The second check opens on" in page
        refused = client.post("/study/start/", {"kind": "check"})
        assert refused.status_code == 400 and "after a week of practice" in refused.content.decode()
    with time_machine.travel(MONDAY + timedelta(days=7, hours=1), tick=False):
        second = take(client, rights=7)
        assert not {i.seed for i in second.items.all()} & forms  # the other form
        found = check.status(me, MONDAY + timedelta(days=8))
        change = check.difference(found.first, found.second)
        assert change.low < change.points < change.high
        page = client.get("/study/").content.decode()
        sign = "+" if change.points > 0 else ""
        assert f"{sign}{change.points} points</strong>" in page
        assert f"95% interval {change.low} to {change.high} points" in page
        assert client.post("/study/start/", {"kind": "check"}).status_code == 400


def test_the_interval_is_newcombes_method_ten():
    """Newcombe (1998), table II example: 56/70 against 48/80 gives 0.0524 to 0.3339."""
    change = check.difference(check.Score(48, 80, MONDAY), check.Score(56, 70, MONDAY))
    assert (change.points, change.low, change.high) == (20, 5, 33)


def test_a_teacher_sees_the_class_mean_change_with_an_interval():
    teacher = make_teacher()
    classroom = make_class(teacher)
    results = [(2, 6), (4, 5), (3, 7)]
    for n, (before, after) in enumerate(results):
        client = signed_in(joined(classroom, f"pupil{n}"))
        with time_machine.travel(MONDAY, tick=False):
            take(client, before)
        with time_machine.travel(MONDAY + timedelta(days=8), tick=False):
            take(client, after)
    with time_machine.travel(MONDAY + timedelta(days=9), tick=False):
        page = signed_in(teacher).get(f"/teach/{classroom.pk}/").content.decode()
    statuses = check.class_statuses(
        User.objects.filter(username__startswith="pupil").values("pk"), MONDAY
    )
    found = check.class_change(statuses)
    assert found is not None and found.learners == 3
    assert found.low is not None and found.low < found.points < found.high
    assert f"3 learners took both checks: {found.before}% right before" in page
    assert f"(95% interval {found.low} to {found.high} points)" in page

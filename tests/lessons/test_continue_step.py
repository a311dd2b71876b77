"""Home's "Continue": set work that is overdue or due soon first, then an unfinished lesson."""

from __future__ import annotations

import html
from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from lessons import course
from lessons.classes import assigned
from lessons.models import Assignment, Deal
from tests.factories import make_teacher, right_answer
from tests.lessons.test_class_reports import joined
from tests.lessons.test_classes import make_class, signed_in
from tests.lessons.test_skill_pages import wrong_answer

pytestmark = pytest.mark.django_db


def continue_label(client) -> str:
    body = html.unescape(client.get("/").content.decode())
    start = body.index('class="home-return__continue"')
    return body[start : body.index("</p>", start)]


def exercises(lesson: str) -> list[Deal]:
    return list(Deal.objects.published().for_lesson(lesson))


def test_an_earlier_lesson_left_half_way_comes_before_the_next_new_one():
    teacher = make_teacher()
    lee = joined(make_class(teacher), "lee")
    client = signed_in(lee)
    first, later = course.LESSONS[1].key, course.LESSONS[2].key
    started = exercises(first)
    client.post(started[0].check_url, wrong_answer(started[0]))
    for deal in exercises(later):  # the lesson last worked on is then finished
        client.post(deal.check_url, right_answer(deal))
    label = continue_label(client)
    assert f"Unfinished: {course.BY_KEY[first].title}: {started[0].title}" in label


def test_overdue_set_work_comes_first_then_work_due_this_week():
    teacher = make_teacher()
    classroom = make_class(teacher)
    lee = joined(classroom, "lee")
    client = signed_in(lee)
    deal = exercises(course.LESSONS[1].key)[0]
    client.post(deal.check_url, wrong_answer(deal))
    today = timezone.now().date()
    later = Assignment.objects.create(
        classroom=classroom,
        kind="lesson",
        lesson=course.LESSONS[2].key,
        due_on=today + timedelta(days=3),
    )
    label = continue_label(client)
    assert f"Set work: {assigned.title(later)}" in label
    overdue = Assignment.objects.create(
        classroom=classroom,
        kind="lesson",
        lesson=course.LESSONS[3].key,
        due_on=today - timedelta(days=2),
    )
    label = continue_label(client)
    assert f"Set work: {assigned.title(overdue)} (missing" in label
    # Work due in ten days waits until it is due within the week.
    overdue.delete()
    later.due_on = today + timedelta(days=10)
    later.save()
    assert "Set work" not in continue_label(client)
    with time_machine.travel(timezone.now() + timedelta(days=4)):
        assert "Set work" in continue_label(client)

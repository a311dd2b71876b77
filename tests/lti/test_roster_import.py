"""The class list from the course site: a roster of 40 fills the grid before any launch.

The course site is the simulated platform (tests/lti/platform.py), which
answers the Names and Role Provisioning call over HTTP, the boundary the tool
really crosses; nothing inside the tool is mocked. The import is a background
task: with the database queue it waits for the worker, as on a served site.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client, override_settings

from lessons.models import Attempt, Membership
from lti.models import CourseClass
from tests.factories import make_deal, right_answer
from tests.lti.test_teacher_pages import member

pytestmark = pytest.mark.django_db(transaction=True)
CLASS_SIZE = 40


def roster(n: int = CLASS_SIZE) -> list[dict]:
    return [member("teacher-1", "Instructor")] + [
        member(f"learner-{k}", given_name=f"Pupil{k:02d}", family_name="Lee") for k in range(n)
    ]


def grid_names(teacher: Client, course: CourseClass) -> list[str]:
    page = teacher.get(f"/teach/{course.classroom_id}/").content.decode()
    return [f"Pupil{k:02d} Lee" for k in range(CLASS_SIZE) if f"Pupil{k:02d} Lee" in page]


def test_a_roster_of_forty_fills_the_grid_before_any_launch_through_the_task_queue(platform):
    teacher = Client()
    platform.launch(teacher, sub="teacher-1", role="Instructor")
    course = CourseClass.objects.get()
    platform.members = roster()
    with override_settings(TASKS=settings.TASKS_DATABASE):
        response = teacher.post(f"/lti/scores/{course.pk}/roster/", follow=True)
        assert "Importing the class list" in response.content.decode()
        # Queued, not done: the request did not wait for the course site.
        assert not Membership.objects.filter(classroom=course.classroom).exists()
        assert "Importing now" in teacher.get("/lti/scores/").content.decode()
        call_command("db_worker", "--batch", "--no-startup-delay", "--interval", "0")
    course.refresh_from_db()
    assert course.roster_state == CourseClass.DONE
    assert Membership.objects.filter(classroom=course.classroom).count() == CLASS_SIZE
    assert len(grid_names(teacher, course)) == CLASS_SIZE
    scores = teacher.get("/lti/scores/").content.decode()
    assert f"{CLASS_SIZE} learners joined" in scores
    assert scores.count("<strong>Not yet</strong>") == CLASS_SIZE


def test_launches_show_and_a_learner_gone_from_the_course_site_is_marked_left_not_deleted(
    platform,
):
    teacher = Client()
    platform.launch(teacher, sub="teacher-1", role="Instructor")
    course = CourseClass.objects.get()
    platform.members = roster()
    teacher.post(f"/lti/scores/{course.pk}/roster/")
    # One learner opens a link and answers; the page now says they launched.
    deal = make_deal()
    learner = Client()
    platform.launch(learner, sub="learner-3", target=f"deal:{deal.slug}")
    learner.post(deal.check_url, right_answer(deal))
    scores = teacher.get("/lti/scores/").content.decode()
    assert scores.count("<strong>Not yet</strong>") == CLASS_SIZE - 1

    # On the course site learner-3 is removed and learner-5 made inactive.
    platform.members = [m for m in roster() if m["user_id"] != "learner-3"]
    next(m for m in platform.members if m["user_id"] == "learner-5")["status"] = "Inactive"
    teacher.post(f"/lti/scores/{course.pk}/roster/")
    left = Membership.objects.filter(classroom=course.classroom, left_at__isnull=False)
    assert sorted(m.user.first_name for m in left) == ["Pupil03", "Pupil05"]
    # Never deleted: still 40 in the class, the grid marks them, their work stays.
    assert Membership.objects.filter(classroom=course.classroom).count() == CLASS_SIZE
    page = teacher.get(f"/teach/{course.classroom_id}/").content.decode()
    assert page.count('class="class-grid__left"') == 2
    assert len(grid_names(teacher, course)) == CLASS_SIZE
    assert Attempt.objects.filter(user__first_name="Pupil03").count() == 1
    assert "2 learners marked as left" in teacher.get("/lti/scores/").content.decode()

    # Back on the list, the mark goes.
    platform.members = roster()
    teacher.post(f"/lti/scores/{course.pk}/roster/")
    assert not Membership.objects.filter(classroom=course.classroom, left_at__isnull=False).exists()

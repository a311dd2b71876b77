"""A teacher's view of the course sites' scores, and the class filled from the member list."""

from __future__ import annotations

import pytest
from django.test import Client

from lessons.models import Membership
from lti.models import CourseClass, LearnerScore
from tests.factories import make_deal, right_answer
from tests.lti.platform import ROLE

pytestmark = pytest.mark.django_db


def member(sub: str, role: str = "Learner", status: str = "Active", **kw) -> dict:
    return {"user_id": sub, "roles": [ROLE + role], "status": status, **kw}


def test_the_teacher_sees_each_learners_score_and_its_error(
    platform, django_capture_on_commit_callbacks
):
    teacher = Client()
    platform.launch(teacher, sub="teacher-1", role="Instructor")
    deal = make_deal(title="Kira's split pot")
    platform.statuses.append(404)
    learner = Client()
    platform.launch(learner, sub="learner-1", target=f"deal:{deal.slug}", given_name="Noor")
    platform.launch(Client(), sub="learner-2", target=f"deal:{deal.slug}", given_name="Sami")
    with django_capture_on_commit_callbacks(execute=True):
        learner.post(deal.check_url, right_answer(deal))

    page = teacher.get("/lti/scores/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "Noor" in text and "Sami" in text
    assert "Sending failed" in text and "The platform answered 404" in text
    assert "Not finished yet" in text

    # Another course's teacher sees none of it.
    other = Client()
    platform.launch(other, sub="teacher-9", role="Instructor", course="course-2")
    assert "Noor" not in other.get("/lti/scores/").content.decode()
    assert LearnerScore.objects.count() == 2


def test_a_learner_cannot_open_the_scores_page(platform):
    learner = Client()
    platform.launch(learner, sub="learner-1")
    assert learner.get("/lti/scores/").status_code == 403


def test_the_class_is_filled_from_the_course_sites_member_list(platform):
    teacher = Client()
    platform.launch(teacher, sub="teacher-1", role="Instructor")
    course = CourseClass.objects.get()
    platform.members = [
        member("teacher-1", "Instructor"),
        member("learner-1", given_name="Noor", family_name="Haddad", email="noor@school.example"),
        member("learner-2"),
        member("learner-3", status="Inactive"),
    ]
    response = teacher.post(f"/lti/scores/{course.pk}/roster/", follow=True)
    assert "2 learners joined" in response.content.decode()
    joined = Membership.objects.filter(classroom=course.classroom).select_related("user")
    assert sorted(m.user.first_name for m in joined) == ["", "Noor"]

    # The learner's own first launch later finds the same account.
    platform.launch(Client(), sub="learner-1")
    assert Membership.objects.filter(classroom=course.classroom).count() == 2
    again = teacher.post(f"/lti/scores/{course.pk}/roster/", follow=True)
    assert "0 learners joined" in again.content.decode()


def test_a_refused_member_list_is_said_and_changes_nothing(platform):
    teacher = Client()
    platform.launch(teacher, sub="teacher-1", role="Instructor")
    course = CourseClass.objects.get()
    platform.members = [member("learner-1")]
    platform.members_status = 403
    response = teacher.post(f"/lti/scores/{course.pk}/roster/", follow=True)
    assert "refused the member list (403)" in response.content.decode()
    assert not Membership.objects.exists()


def test_another_teachers_course_cannot_be_filled(platform):
    platform.launch(Client(), sub="teacher-1", role="Instructor")
    course = CourseClass.objects.get()
    stranger = Client()
    platform.launch(stranger, sub="teacher-9", role="Instructor", course="course-2")
    assert stranger.post(f"/lti/scores/{course.pk}/roster/").status_code == 404


def test_the_admin_shows_the_addresses_to_give_a_course_site(platform, admin_client):
    from lti_tool.models import LtiRegistration

    registration = LtiRegistration.objects.get()
    page = admin_client.get(f"/admin/lti_tool/ltiregistration/{registration.pk}/change/")
    assert page.status_code == 200
    text = page.content.decode()
    assert f"http://testserver/lti/init/{registration.uuid}/" in text
    assert "http://testserver/lti/launch/" in text
    assert "http://testserver/lti/.well-known/jwks.json" in text
    assert (
        "(save first" in admin_client.get("/admin/lti_tool/ltiregistration/add/").content.decode()
    )
    platform.launch(Client(), sub="learner-1", target="play:5")
    for listing in ("learnerscore", "linkedwork", "courseclass"):
        assert admin_client.get(f"/admin/lti/{listing}/").status_code == 200, listing


def test_rotating_keys_adds_a_key_to_the_key_set(platform):
    from django.core.management import call_command

    before = Client().get("/lti/.well-known/jwks.json").json()["keys"]
    call_command("rotate_keys", verbosity=0)
    after = Client().get("/lti/.well-known/jwks.json").json()["keys"]
    assert len(after) == len(before) + 1


def test_an_administrator_sends_failed_scores_again(
    platform, admin_client, django_capture_on_commit_callbacks
):
    deal = make_deal()
    learner = Client()
    platform.statuses.append(404)
    platform.launch(learner, sub="learner-1", target=f"deal:{deal.slug}")
    with django_capture_on_commit_callbacks(execute=True):
        learner.post(deal.check_url, right_answer(deal))
    score = LearnerScore.objects.get()
    assert score.state == LearnerScore.FAILED
    with django_capture_on_commit_callbacks(execute=True):
        admin_client.post(
            "/admin/lti/learnerscore/",
            {"action": "send_again", "_selected_action": [score.pk]},
        )
    score.refresh_from_db()
    assert (score.state, score.attempts) == (LearnerScore.SENT, 1)
    assert len(platform.stored) == 1

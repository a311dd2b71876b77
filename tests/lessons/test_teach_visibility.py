"""Every teacher-area URL that takes a class id refuses a class its teacher does not teach.

The routes are read from the URL resolver, not listed by hand, so a view added
under ``/teach/`` later is walked too: one that looks its class up in the whole
table instead of through ``access.taught_class`` fails here. Each route is
tried with GET and POST by a teacher of another class, and must answer with a
refusal and nothing of the class's learners.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import URLPattern, get_resolver, reverse

from lessons.models import Assignment, Classroom, Membership
from tests.factories import make_teacher

pytestmark = pytest.mark.django_db
# 405: a GET-only page refuses a POST before it looks anything up.
REFUSED = (302, 403, 404, 405)


def teach_routes() -> list[URLPattern]:
    """The ``classes`` app's routes that open one class by its id."""
    patterns = []
    for entry in get_resolver().url_patterns:
        for pattern in getattr(entry, "url_patterns", ()):
            if (
                isinstance(pattern, URLPattern)
                and getattr(entry, "namespace", None) == "classes"
                and "class_id" in str(pattern.pattern)
                and str(pattern.pattern).startswith("teach/")
            ):
                patterns.append(pattern)
    return patterns


def kwargs_for(
    pattern: URLPattern, classroom: Classroom, learner: User, assignment: Assignment
) -> dict[str, int]:
    wanted = {"class_id": classroom.pk, "user_id": learner.pk, "assignment_id": assignment.pk}
    return {name: wanted[name] for name in pattern.pattern.converters}


def test_every_teach_route_with_a_class_id_refuses_another_teachers_class():
    owner, stranger = make_teacher(), make_teacher("stranger")
    classroom = Classroom.objects.create(name="Tuesday group", join_code="QWERTYUP")
    classroom.teachers.add(owner)
    lee = User.objects.create_user("lee-the-learner", password="a-long-learning-pass")
    Membership.objects.create(classroom=classroom, user=lee)
    work = Assignment.objects.create(classroom=classroom, kind="lesson", lesson="badugi")
    # The owner does see the learner on the class page: the refusal below is
    # about who asks, not an empty class.
    owner_client = Client()
    owner_client.force_login(owner)
    assert "lee-the-learner" in owner_client.get(f"/teach/{classroom.pk}/").content.decode()

    client = Client()
    client.force_login(stranger)
    walked = []
    for pattern in teach_routes():
        url = reverse(f"classes:{pattern.name}", kwargs=kwargs_for(pattern, classroom, lee, work))
        for method in (client.get, client.post):
            response = method(url)
            walked.append(url)
            assert response.status_code in REFUSED, (method.__name__, url, response.status_code)
            assert b"lee-the-learner" not in response.content, url
    classroom.refresh_from_db()
    assert classroom.join_code == "QWERTYUP", "a refused POST changed the class"
    assert list(classroom.teachers.all()) == [owner]
    assert Assignment.objects.filter(pk=work.pk, classroom=classroom).exists()
    assert list(classroom.memberships.values_list("user_id", flat=True)) == [lee.pk]
    # The class page, its CSV, the learner page, assigning, joining, the new
    # code and adding a teacher: the walk really found the teacher routes.
    assert len(set(walked)) >= 7, walked

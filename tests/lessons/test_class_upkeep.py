"""Keeping a class tidy: edit and delete work, rename, archive, delete, remove people.

Each change is tried by the class's teacher (it happens, learners see it at
once) and by a teacher of another class, by URL and by form (refused with a
404, nothing changes). Deleting asks first: a GET changes nothing.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from pytest_django.asserts import assertContains, assertNotContains

from lessons.models import Assignment, Attempt, Classroom, Membership, Removal
from tests.factories import make_deal, make_teacher, right_answer
from tests.lessons.test_class_reports import joined
from tests.lessons.test_classes import make_class, signed_in

pytestmark = [pytest.mark.django_db, pytest.mark.cache]


@pytest.fixture
def term():
    """A teacher, their class with one learner and one lesson set, and a stranger teacher."""
    teacher = make_teacher()
    classroom = make_class(teacher)
    lee = joined(classroom, "lee")
    signed_in(teacher).post(
        f"/teach/{classroom.pk}/assign/", {"kind": "lesson", "lesson": "badugi"}
    )
    work = Assignment.objects.get()
    stranger = signed_in(make_teacher("stranger"))
    return signed_in(teacher), classroom, lee, work, stranger


def refused(client: Client, url: str, data: dict | None = None) -> None:
    assert client.get(url).status_code == 404, url
    assert client.post(url, data or {}).status_code == 404, url


def test_editing_work_changes_what_learners_see_at_once_and_a_stranger_cannot(term):
    tutor, classroom, lee, work, stranger = term
    url = f"/teach/{classroom.pk}/assignments/{work.pk}/edit/"
    form = tutor.get(url)
    assertContains(form, 'value="badugi" selected', html=False)
    new = {"kind": "skill", "skill": "side-pots", "target_level": "2"}
    refused(stranger, url, new)
    work.refresh_from_db()
    assert work.kind == "lesson"
    assert tutor.post(url, new).status_code == 302
    work.refresh_from_db()
    assert (work.kind, work.skill, work.lesson, work.target_level) == ("skill", "side-pots", "", 2)
    assertContains(signed_in(lee).get("/"), "Reach Familiar in")
    # A bad edit is refused whole.
    assertContains(tutor.post(url, {"kind": "deals"}), "Tick at least one", status_code=400)
    work.refresh_from_db()
    assert work.kind == "skill"


def test_deleting_work_asks_first_then_it_leaves_every_list(term):
    tutor, classroom, lee, work, stranger = term
    url = f"/teach/{classroom.pk}/assignments/{work.pk}/delete/"
    refused(stranger, url)
    page = tutor.get(url)
    assertContains(page, "Delete “Lesson: Badugi rules”?")
    assertContains(page, "they stay theirs")
    assert Assignment.objects.filter(pk=work.pk).exists()
    assertContains(signed_in(lee).get("/"), "Lesson: Badugi rules")
    assert tutor.post(url).status_code == 302
    assert not Assignment.objects.exists()
    assertNotContains(signed_in(lee).get("/"), "Lesson: Badugi rules")


def test_work_of_another_class_is_a_404_through_this_class(term):
    tutor, classroom, lee, work, stranger = term
    other = make_class(User.objects.get(username="teacher"), "Thursday group")
    for action in ("", "edit/", "delete/"):
        url = f"/teach/{other.pk}/assignments/{work.pk}/{action}"
        assert tutor.get(url).status_code == 404
        if action:  # the status page itself answers GET only
            assert tutor.post(url).status_code == 404
    assert Assignment.objects.filter(pk=work.pk).exists()


def test_renaming_a_class(term):
    tutor, classroom, lee, work, stranger = term
    url = f"/teach/{classroom.pk}/rename/"
    refused(stranger, url, {"name": "Hijacked"})
    assertContains(tutor.post(url, {"name": "   "}), "This field is required", status_code=400)
    assert tutor.post(url, {"name": "Wednesday  group"}).status_code == 302
    classroom.refresh_from_db()
    assert classroom.name == "Wednesday group"
    assertContains(signed_in(lee).get("/accounts/settings/"), "Wednesday group")


def test_an_archived_class_is_read_only_hidden_from_learners_and_restorable(term):
    tutor, classroom, lee, work, stranger = term
    url = f"/teach/{classroom.pk}/archive/"
    assert stranger.post(url, {"archive": "1"}).status_code == 404
    classroom.refresh_from_db()
    assert not classroom.archived
    tutor.post(url, {"archive": "1"})
    classroom.refresh_from_db()
    assert classroom.archived
    learner = signed_in(lee)
    assertNotContains(learner.get("/"), "Lesson: Badugi rules")
    assertNotContains(learner.get("/accounts/settings/"), "Tuesday group")
    # Read-only: no work set, no code change, and the code no longer joins.
    code = classroom.join_code
    response = tutor.post(f"/teach/{classroom.pk}/assign/", {"kind": "lesson", "lesson": "badugi"})
    assert response.status_code == 302
    tutor.post(f"/teach/{classroom.pk}/new-code/")
    tutor.post(f"/teach/{classroom.pk}/assignments/{work.pk}/delete/")
    assert Assignment.objects.count() == 1
    classroom.refresh_from_db()
    assert classroom.join_code == code
    newcomer = signed_in(User.objects.create_user("newcomer", password="a-long-learning-pass"))
    assertContains(newcomer.post("/classes/join/", {"code": code}), "No class", status_code=400)
    page = tutor.get(f"/teach/{classroom.pk}/")
    assertContains(page, "Archived on")
    assertContains(page, "Restore the class")
    home = tutor.get("/teach/").content.decode()
    assert home.index("Archived classes") < home.index("Tuesday group")
    tutor.post(url, {"archive": "0"})
    assertContains(learner.get("/"), "Lesson: Badugi rules")
    assertContains(learner.get("/accounts/settings/"), "Tuesday group")


def test_deleting_a_class_asks_first_says_what_goes_and_keeps_the_learners_answers(term):
    tutor, classroom, lee, work, stranger = term
    deal = make_deal()
    signed_in(lee).post(deal.check_url, right_answer(deal))
    url = f"/teach/{classroom.pk}/delete/"
    refused(stranger, url)
    page = tutor.get(url)
    assertContains(page, "1 piece of work set")
    assertContains(page, "1 learner")
    assert Classroom.objects.filter(pk=classroom.pk).exists()
    assert tutor.post(url).status_code == 302
    assert not Classroom.objects.exists()
    assert not Membership.objects.exists() and not Assignment.objects.exists()
    assert Attempt.objects.filter(user=lee).count() == 1
    assert tutor.get(f"/teach/{classroom.pk}/").status_code == 404


def test_a_removed_learner_loses_the_class_at_once_is_told_and_keeps_their_answers(term):
    tutor, classroom, lee, work, stranger = term
    deal = make_deal()
    signed_in(lee).post(deal.check_url, right_answer(deal))
    url = f"/teach/{classroom.pk}/learners/{lee.pk}/remove/"
    refused(stranger, url)
    assertContains(tutor.get(url), "Remove lee from “Tuesday group”?")
    assert Membership.objects.filter(user=lee).exists()
    assert tutor.post(url).status_code == 302
    assert not Membership.objects.filter(user=lee).exists()
    assert tutor.get(f"/teach/{classroom.pk}/learners/{lee.pk}/").status_code == 404
    assertNotContains(tutor.get(f"/teach/{classroom.pk}/"), ">lee<")
    learner = signed_in(lee)
    assertNotContains(learner.get("/"), "Lesson: Badugi rules")
    settings = learner.get("/accounts/settings/")
    assertContains(settings, "A teacher removed you from the class <strong>Tuesday group</strong>")
    assert Attempt.objects.filter(user=lee).count() == 1
    # Only the learner can dismiss their note.
    note = Removal.objects.get(user=lee)
    assert tutor.post(f"/classes/removed/{note.pk}/dismiss/").status_code == 404
    assert learner.post(f"/classes/removed/{note.pk}/dismiss/").status_code == 302
    assertNotContains(learner.get("/accounts/settings/"), "A teacher removed you")


def test_a_removed_learner_is_told_on_home_once(term):
    tutor, classroom, lee, work, stranger = term
    learner = signed_in(lee)
    told = "A teacher removed you from the class <strong>Tuesday group</strong>"
    assertNotContains(learner.get("/"), told)
    assert tutor.post(f"/teach/{classroom.pk}/learners/{lee.pk}/remove/").status_code == 302
    assertContains(learner.get("/"), told)
    # Once: the next visit home is quiet; the account page keeps the note until dismissed.
    assertNotContains(learner.get("/"), told)
    assertContains(learner.get("/accounts/settings/"), told)


def test_a_co_teacher_can_be_removed_but_never_the_last_teacher(term):
    tutor, classroom, lee, work, stranger = term
    owner = User.objects.get(username="teacher")
    helper = make_teacher("helper")
    tutor.post(f"/teach/{classroom.pk}/teachers/", {"username": "helper"})
    assert set(classroom.teachers.all()) == {owner, helper}
    refused(stranger, f"/teach/{classroom.pk}/teachers/{helper.pk}/remove/")
    assertContains(
        tutor.get(f"/teach/{classroom.pk}/teachers/{helper.pk}/remove/"), "Remove helper"
    )
    tutor.post(f"/teach/{classroom.pk}/teachers/{helper.pk}/remove/")
    assert list(classroom.teachers.all()) == [owner]
    assert signed_in(helper).get(f"/teach/{classroom.pk}/").status_code == 404
    response = tutor.post(f"/teach/{classroom.pk}/teachers/{owner.pk}/remove/", follow=True)
    assertContains(response, "A class keeps at least one teacher")
    assert list(classroom.teachers.all()) == [owner]
    # A learner is not a teacher of the class: no such teacher to remove.
    assert tutor.post(f"/teach/{classroom.pk}/teachers/{lee.pk}/remove/").status_code == 404

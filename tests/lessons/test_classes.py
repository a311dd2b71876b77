"""Classes: a teacher starts one, learners join and leave, and each sees only what is theirs."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from pytest_django.asserts import assertContains, assertNotContains

from lessons.classes import codes
from lessons.classes.forms import NO_OPEN_CLASS
from lessons.models import JOIN_ALPHABET, Classroom, Membership
from tests.factories import make_teacher

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-learning-pass"


def signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def learner(name: str = "lee", email: str = "") -> User:
    return User.objects.create_user(name, email=email, password=PASSWORD)


def make_class(teacher: User, name: str = "Tuesday group") -> Classroom:
    response = signed_in(teacher).post("/teach/", {"name": name})
    assert response.status_code == 302
    return Classroom.objects.get(name=name, teachers=teacher)


def test_a_teacher_starts_a_class_with_a_code_of_eight_unmistakable_characters():
    teacher = make_teacher()
    classroom = make_class(teacher)
    assert len(classroom.join_code) == 8
    assert set(classroom.join_code) <= set(JOIN_ALPHABET)
    assert not set(JOIN_ALPHABET) & set("0O1IL")
    page = signed_in(teacher).get(f"/teach/{classroom.pk}/")
    assertContains(page, classroom.join_code)
    assertContains(page, f"/classes/join/{classroom.join_code}/")
    assertContains(signed_in(teacher).get("/teach/"), "Tuesday group")


def test_a_class_with_no_name_is_refused_with_a_message_and_not_saved():
    teacher = make_teacher()
    response = signed_in(teacher).post("/teach/", {"name": "   "})
    assertContains(response, "Name of the class", status_code=400)
    assert not Classroom.objects.exists()


def test_a_learner_joins_by_code_in_any_case_and_joining_twice_keeps_one_membership():
    classroom = make_class(make_teacher())
    client = signed_in(learner())
    typed = classroom.join_code.lower()[:4] + " " + classroom.join_code.lower()[4:]
    assertContains(client.post("/classes/join/", {"code": typed}), "You joined")
    assertContains(client.post("/classes/join/", {"code": classroom.join_code}), "already in")
    assert Membership.objects.filter(classroom=classroom).count() == 1
    assertContains(client.get("/accounts/settings/"), "Tuesday group")


def test_a_code_with_a_look_alike_or_no_class_gets_a_message():
    client = signed_in(learner())
    assertContains(client.post("/classes/join/", {"code": "ABCD0EFG"}), "no 0, O", status_code=400)
    assertContains(
        client.post("/classes/join/", {"code": "ABCDEFGH"}), NO_OPEN_CLASS, status_code=400
    )
    assert not Membership.objects.exists()


def test_a_closed_classs_code_gets_the_same_answer_as_no_class_at_all():
    teacher = make_teacher()
    closed = make_class(teacher)
    signed_in(teacher).post(f"/teach/{closed.pk}/joining/", {"open": "0"})
    client = signed_in(learner())
    for code in (closed.join_code, "ABCDEFGH"):
        page = client.post("/classes/join/", {"code": code})
        assertContains(page, NO_OPEN_CLASS, status_code=400)
        assertNotContains(page, "Tuesday group", status_code=400)
    link = client.get(f"/classes/join/{closed.join_code}/")
    assertContains(link, NO_OPEN_CLASS, status_code=404)


def test_wrong_codes_are_limited_per_account_and_right_ones_were_never_counted(
    settings, one_limit_window
):
    settings.LIMITS = {**settings.LIMITS, "join_code_per_account": 3}
    classroom = make_class(make_teacher())
    guesser = signed_in(learner())
    for n in range(3):
        code = f"ABCDEFG{'HJK'[n]}"
        assertContains(
            guesser.post("/classes/join/", {"code": code}), NO_OPEN_CLASS, status_code=400
        )
    paused = guesser.post("/classes/join/", {"code": classroom.join_code})
    assertContains(paused, "Too many wrong class codes", status_code=429)
    assert not Membership.objects.exists()
    # Another learner (another account, same test address) who types the code right joins.
    settings.LIMITS = {**settings.LIMITS, "join_code_per_address": 100}
    other = signed_in(learner("ola"))
    assertContains(other.post("/classes/join/", {"code": classroom.join_code}), "You joined")


def test_the_join_link_asks_first_and_its_post_joins():
    classroom = make_class(make_teacher())
    client = signed_in(learner())
    page = client.get(f"/classes/join/{classroom.join_code}/")
    assertContains(page, "Join “Tuesday group”?")
    assert not Membership.objects.exists()
    client.post(f"/classes/join/{classroom.join_code}/")
    assert Membership.objects.filter(classroom=classroom).exists()


def test_an_anonymous_visitor_is_asked_to_sign_up_first_and_joins_nothing():
    classroom = make_class(make_teacher())
    response = Client().post(f"/classes/join/{classroom.join_code}/")
    assertContains(response, "Create an account")
    assertContains(response, f"next=/classes/join/{classroom.join_code}/")
    assert not Membership.objects.exists()


def test_joining_turned_off_refuses_the_code_and_a_new_code_retires_the_old_one():
    teacher = make_teacher()
    classroom = make_class(teacher)
    old = classroom.join_code
    signed_in(teacher).post(f"/teach/{classroom.pk}/joining/", {"open": "0"})
    client = signed_in(learner())
    assertContains(client.post("/classes/join/", {"code": old}), NO_OPEN_CLASS, status_code=400)
    signed_in(teacher).post(f"/teach/{classroom.pk}/joining/", {"open": "1"})
    signed_in(teacher).post(f"/teach/{classroom.pk}/new-code/")
    classroom.refresh_from_db()
    assert classroom.join_code != old
    assertContains(client.post("/classes/join/", {"code": old}), NO_OPEN_CLASS, status_code=400)
    assertContains(client.post("/classes/join/", {"code": classroom.join_code}), "You joined")


def test_a_co_teacher_added_by_username_sees_the_class_and_a_learner_cannot_be_added():
    teacher, other = make_teacher(), make_teacher("second")
    classroom = make_class(teacher)
    learner("lee")
    refused = signed_in(teacher).post(f"/teach/{classroom.pk}/teachers/", {"username": "lee"})
    assertContains(refused, "No teacher has that username", status_code=400)
    assert signed_in(other).get(f"/teach/{classroom.pk}/").status_code == 404
    signed_in(teacher).post(f"/teach/{classroom.pk}/teachers/", {"username": "second"})
    assert signed_in(other).get(f"/teach/{classroom.pk}/").status_code == 200


def test_a_learner_leaving_disappears_from_the_class_page_at_once():
    teacher = make_teacher()
    classroom = make_class(teacher)
    lee = learner("lee")
    client = signed_in(lee)
    client.post("/classes/join/", {"code": classroom.join_code})
    assertContains(signed_in(teacher).get(f"/teach/{classroom.pk}/"), ">lee</a>")
    client.post(f"/classes/{classroom.pk}/leave/")
    assertNotContains(signed_in(teacher).get(f"/teach/{classroom.pk}/"), ">lee</a>")
    assert signed_in(teacher).get(f"/teach/{classroom.pk}/learners/{lee.pk}/").status_code == 404


def test_a_deleted_account_disappears_from_the_class_at_once():
    teacher = make_teacher()
    classroom = make_class(teacher)
    lee = learner("lee")
    signed_in(lee).post("/classes/join/", {"code": classroom.join_code})
    signed_in(lee).post("/accounts/settings/delete-account/", {"password": PASSWORD})
    assert not User.objects.filter(username="lee").exists()
    assertNotContains(signed_in(teacher).get(f"/teach/{classroom.pk}/"), ">lee</a>")


def test_a_teacher_cannot_open_another_teachers_class_or_its_learners_or_csv():
    owner, stranger = make_teacher(), make_teacher("stranger")
    classroom = make_class(owner)
    lee = learner("lee")
    signed_in(lee).post("/classes/join/", {"code": classroom.join_code})
    client = signed_in(stranger)
    for url in (
        f"/teach/{classroom.pk}/",
        f"/teach/{classroom.pk}/grid.csv",
        f"/teach/{classroom.pk}/learners/{lee.pk}/",
        f"/teach/{classroom.pk}/assign/",
        f"/teach/{classroom.pk}/teachers/",
    ):
        assert client.get(url).status_code == 404, url
    assert client.post(f"/teach/{classroom.pk}/new-code/").status_code == 404
    assertNotContains(client.get("/teach/"), "Tuesday group")


def test_a_teacher_cannot_open_a_learner_who_is_not_in_the_class():
    teacher = make_teacher()
    classroom = make_class(teacher)
    outsider = learner("outsider")
    response = signed_in(teacher).get(f"/teach/{classroom.pk}/learners/{outsider.pk}/")
    assert response.status_code == 404


def test_a_learner_gets_403_from_the_teacher_area_and_a_visitor_is_sent_to_sign_in():
    assert signed_in(learner()).get("/teach/").status_code == 403
    response = Client().get("/teach/")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/sign-in/")


def test_the_teacher_sees_usernames_never_email_addresses():
    teacher = make_teacher()
    classroom = make_class(teacher)
    lee = learner("lee", email="lee.private@example.org")
    signed_in(lee).post("/classes/join/", {"code": classroom.join_code})
    for url in (f"/teach/{classroom.pk}/", f"/teach/{classroom.pk}/learners/{lee.pk}/"):
        page = signed_in(teacher).get(url)
        assertContains(page, "lee")
        assertNotContains(page, "lee.private")
    assert (
        "lee.private"
        not in signed_in(teacher).get(f"/teach/{classroom.pk}/grid.csv").getvalue().decode()
    )


def test_the_teach_link_shows_for_teachers_only():
    assertContains(signed_in(make_teacher()).get("/accounts/settings/"), 'href="/teach/"')
    assertNotContains(signed_in(learner()).get("/accounts/settings/"), 'href="/teach/"')


def test_a_new_code_is_never_one_a_class_has(monkeypatch):
    teacher = make_teacher()
    taken = make_class(teacher).join_code
    picks = iter(taken + "ABCDEFGH")
    monkeypatch.setattr(codes.secrets, "choice", lambda alphabet: next(picks))
    assert codes.new_code() == "ABCDEFGH"

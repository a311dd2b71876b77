"""What a learner sees of their skills: home, /progress/, /drills/, the download and deletion."""

from __future__ import annotations

import json
import re
from datetime import timedelta

import pytest
import time_machine
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from evaluator.drills import generate
from lessons import course, skills
from lessons.learners import mastery, skill_records
from lessons.models import Attempt, Deal, SkillState, StudySession
from tests.factories import right_answer
from tests.lessons.test_study_views import answer_url, current, start
from tests.lessons.test_study_views import right_answer as item_answer

pytestmark = [pytest.mark.django_db, pytest.mark.cache]
HTMX = {"HTTP_HX_REQUEST": "true"}


def badugi_deal(number: int = 1) -> Deal:
    return Deal.objects.get(lesson="badugi", number=number)


def wrong_answer(deal: Deal) -> dict:
    data = dict(right_answer(deal))
    key = next(k for k in data if k.endswith("_badugi"))
    data[key] = ["0" if data[key] == ["1"] else "1"]
    return data


def test_a_first_visit_sees_the_welcome_and_no_panel(client):
    body = client.get("/").content.decode()
    assert "Welcome to the Badacey Study Room" in body
    assert "Where you are" not in body and "Continue" not in body


def test_an_exercise_answer_moves_its_skills(client):
    deal = badugi_deal()
    client.post(deal.check_url, right_answer(deal), **HTMX)
    expected = {k for p in deal.parts for k in skills.skills_for(p["kind"], deal.game)}
    stored = {s.skill: s.level for s in SkillState.objects.all()}
    assert set(stored) == expected
    assert set(stored.values()) == {mastery.ATTEMPTED}


def test_a_returning_learner_is_offered_the_next_unsolved_exercise(client):
    first, second = badugi_deal(1), badugi_deal(2)
    client.post(first.check_url, right_answer(first), **HTMX)
    body = client.get("/").content.decode()
    assert "Welcome back" in body and "Where you are" in body
    assert f'href="/badugi/#exercise-{second.slug}"' in body
    assert "Start a practice session" in body
    assert "Learning" in body  # a skill with its level


def test_continue_goes_to_the_next_lesson_when_this_one_is_solved(client):
    for deal in Deal.objects.published().for_lesson("badugi"):
        client.post(deal.check_url, right_answer(deal), **HTMX)
    body = client.get("/").content.decode()
    _, after = course.neighbours("badugi")
    assert f'href="{after.url}"' in body and f"Next lesson: {after.title}" in body


def test_reviews_due_are_counted_on_home_with_a_button_that_starts_a_session(client):
    deal = badugi_deal()
    client.post(deal.check_url, wrong_answer(deal), **HTMX)
    states = list(SkillState.objects.all())
    n = len(states)
    latest = max(state.due for state in states)
    assert "review due" not in client.get("/").content.decode()
    with time_machine.travel(latest + timedelta(minutes=1), tick=False):
        body = client.get("/").content.decode()
        plural = "s" if n > 1 else ""
        assert f"{n} review{plural} due." in body
        assert f"Start a session with {n} review{plural}" in body
        session = start(client)
    first = list(session.items.order_by("position"))[:n]
    assert {i.purpose for i in first} == {mastery.REVIEW}
    assert {i.skill for i in first} == {state.skill for state in states}


def test_the_skills_page_shows_levels_due_dates_accuracy_streak_and_the_chart(client):
    deal = badugi_deal()
    client.post(deal.check_url, right_answer(deal), **HTMX)
    client.post(badugi_deal(2).check_url, wrong_answer(badugi_deal(2)), **HTMX)
    body = client.get("/progress/").content.decode()
    for skill in skills.SKILLS:
        assert skill.name in body
    assert "Not started" in body and "Learning" in body
    assert re.search(r"Due (tomorrow|in \d+ (days|hours?))", body)
    assert "Right in the last 7 days: <strong>50% of 2</strong>" in body
    assert "Day streak: <strong>1 day</strong>" in body
    assert "<svg" in body and body.count('class="activity__bar"') == 28
    assert "<caption>Answers per day over the last four weeks</caption>" in body
    # The exercise list stays below the skills.
    assert body.index("Your skills") < body.index(deal.title)


def test_the_streak_counts_consecutive_days_and_breaks_on_a_day_off(client):
    deal = badugi_deal()
    start_day = timezone.now()
    with time_machine.travel(start_day, tick=False) as clock:
        for day in (0, 1, 2, 4, 5):
            clock.move_to(start_day + timedelta(days=day))
            client.post(deal.check_url, right_answer(deal), **HTMX)
        body = client.get("/progress/").content.decode()
    assert "Day streak: <strong>2 days</strong>" in body


def test_the_drills_page_names_each_drills_skills_with_the_learners_level(client):
    body = client.get("/drills/").content.decode()
    for skill in skills.SKILLS:
        assert skill.name in body
    session = start(client)
    item = current(session)
    client.post(answer_url(session, item), item_answer(item))
    body = client.get("/drills/").content.decode()
    name = skills.BY_KEY[item.skill].name
    assert re.search(rf"{re.escape(name)}: <span class=\"skill-level\" data-level=\"1\"", body)


def test_the_download_holds_skills_levels_and_schedule_and_deleting_removes_them(client):
    user = User.objects.create_user("ines", password="ines's long phrase 8")
    client.force_login(user)
    session = start(client)
    item = current(session)
    client.post(answer_url(session, item), item_answer(item))
    data = json.loads(client.get("/accounts/settings/download/").getvalue())
    # A raise question also trains following the round: an item may move more than one skill.
    moved = skill_records.item_skills(
        generate(item.drill_kind, item.game, item.difficulty, item.seed)
    )
    assert item.skill in moved
    assert sorted(s["skill"] for s in data["skills"]) == sorted(moved)
    assert data["skills"][0]["level"] == "Learning" and data["skills"][0]["next_review"]
    assert data["sessions"][0]["items"][0]["item"] == item.item_key
    client.post("/accounts/settings/delete-progress/", {"confirm": "yes"})
    assert not SkillState.objects.exists() and not StudySession.objects.exists()
    assert not Attempt.objects.exists()


def test_another_learner_never_sees_or_deletes_my_skills(client):
    deal = badugi_deal()
    client.post(deal.check_url, right_answer(deal), **HTMX)
    other = Client()
    other.force_login(User.objects.create_user("olu", password="olu's long phrase 4"))
    assert "Learning" not in other.get("/progress/").content.decode()
    assert json.loads(other.get("/accounts/settings/download/").getvalue())["skills"] == []
    other.post("/accounts/settings/delete-progress/", {"confirm": "yes"})
    assert SkillState.objects.count() >= 1


def test_signing_up_keeps_the_browsers_skills_and_session(client):
    session = start(client)
    item = current(session)
    client.post(answer_url(session, item), item_answer(item))
    client.post(
        "/accounts/sign-up/",
        {
            "username": "amara",
            "password1": "a long safe phrase 91",
            "password2": "a long safe phrase 91",
        },
    )
    user = User.objects.get(username="amara")
    assert SkillState.objects.exists()
    assert set(SkillState.objects.values_list("user", flat=True)) == {user.pk}
    assert StudySession.objects.get().user == user
    assert client.get(f"/study/{session.pk}/").status_code == 200


def test_a_first_right_answer_is_not_labelled_as_a_mere_try(client):
    """The first answer puts a skill at one level right or wrong; its name must fit a right one."""
    deal = badugi_deal()
    client.post(deal.check_url, right_answer(deal), **HTMX)
    first_right = mastery.Answer(correct=True, at=timezone.now(), item=f"deal:{deal.slug}")
    level, _, _ = mastery.next_level(mastery.Standing(), first_right)
    assert set(SkillState.objects.values_list("level", flat=True)) == {level}
    body = client.get("/progress/").content.decode()
    shown = re.findall(r'<span class="skill-level__name">([^<]*)</span>', body)
    assert mastery.level_name(level) in shown
    assert "Learning" in shown and "Attempted" not in body

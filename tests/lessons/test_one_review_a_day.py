"""What a learner using the site for days meets: one review a day, one schedule, a true report.

The clock is held by time-machine, so "the same day" and "the next day" are
the days a learner would live through.
"""

from __future__ import annotations

import json
import random
import re
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.contrib.auth.models import User
from django.test import Client

from evaluator.drills import generate
from lessons import skills
from lessons.learners import mastery, skill_records
from lessons.models import Learner, SkillState, StudyItem, StudySession
from lessons.study import sessions as study
from tests.lessons.test_study_views import answer_url, current, right_answer, start, wrong_answer

# database_engine: the days are the database's own reading of stored times
# (lessons/study/standing.py _utc_day), which each engine does its own way.
pytestmark = [pytest.mark.django_db, pytest.mark.database_engine]
MONDAY = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def card_of(skill: str) -> dict:
    return SkillState.objects.get(skill=skill).card


def test_same_day_answers_move_the_level_but_not_the_schedule(client):
    with time_machine.travel(MONDAY, tick=False) as clock:
        session = start(client)
        first = current(session)
        skill = first.skill
        client.post(answer_url(session, first), right_answer(first))
        after_first = SkillState.objects.get(skill=skill)
        card, due = after_first.card, after_first.due
        levels = [after_first.level]
        # The rest of the session the same morning: several more answers to this skill.
        for _ in range(9):
            clock.shift(timedelta(minutes=3))
            item = current(session)
            client.post(answer_url(session, item), right_answer(item))
            if item.skill == skill:
                levels.append(SkillState.objects.get(skill=skill).level)
        state = SkillState.objects.get(skill=skill)
        assert len(levels) > 1, "the session should have dealt this skill more than once"
        assert levels[-1] > levels[0]  # the level climbed with the day's answers
        assert state.card == card and state.due == due  # but the card saw one review
        # The review is taken at the start of its UTC day: gaps are whole days.
        assert state.card["last_review"] == mastery.day_start(MONDAY).isoformat()
    with time_machine.travel(due + timedelta(hours=1), tick=False):
        answer = mastery.Answer(True, due + timedelta(hours=1), "x/badugi/1/5")
        standing = skill_records.standing_of(state)
        taken = mastery.take_step(standing, answer, 1)
        assert taken.review is not None  # the first answer once it is due is a review
        assert taken.review.elapsed_days == (due.date() - MONDAY.date()).days
        assert taken.due > due


def test_a_week_of_daily_sessions_spreads_the_reviews_out(client):
    """Answered right daily, a skill's stability grows past a day: it stops coming due daily."""
    day = MONDAY
    for _ in range(7):
        with time_machine.travel(day, tick=False):
            session = start(client)
            for _ in range(10):
                item = current(session)
                client.post(answer_url(session, item), right_answer(item))
        day += timedelta(days=1)
    stabilities = [s.card["stability"] for s in SkillState.objects.all()]
    assert min(stabilities) > 1  # with a review per answer they sank below a day
    with time_machine.travel(day, tick=False):
        home = client.get("/").content.decode()
        due_now = SkillState.objects.filter(due__lte=day).count()
        assert due_now < SkillState.objects.count()
        if due_now:
            assert f"{due_now} review" in home


def test_progress_home_and_study_show_one_schedule(client):
    with time_machine.travel(MONDAY, tick=False):
        session = start(client)
        for _ in range(10):
            item = current(session)
            client.post(answer_url(session, item), right_answer(item))
        latest = max(s.due for s in SkillState.objects.all())
    later = latest + timedelta(hours=1)
    with time_machine.travel(later, tick=False):
        due = SkillState.objects.filter(due__lte=later).count()
        assert due == SkillState.objects.count() and due > 0
        words = f"{due} review{'s' * (due != 1)} due."
        for page in ("/", "/study/", "/progress/"):
            assert words in client.get(page).content.decode(), page
        progress_page = client.get("/progress/").content.decode()
        review = progress_page[progress_page.index('id="review"') :]
        review = review[: review.index("</section>")]
        for state in SkillState.objects.all():
            assert skills.BY_KEY[state.skill].name in review
        assert "3 days, then 7" not in progress_page  # the exercises' own steps are gone


def tie_item_seed(skill: skills.Skill) -> int:
    """A seed whose item tests ``skill`` and at least one other skill."""
    rng = random.Random(7)
    for _ in range(200):
        seed = rng.randrange(10**6)
        item = generate(skill.drill, skill.game, skill.difficulty, seed)
        found = skill_records.item_skills(item)
        if skill.key in found and len(found) > 1:
            return seed
    raise AssertionError("no item found that tests a second skill")


def test_the_report_lists_every_skill_an_item_moved():
    """A tie item also tests splitting the pot: that skill's change is in the report too."""
    user = User.objects.create_user("tess", password="a long enough password")
    client = Client()
    client.force_login(user)
    tie = next(s for s in skills.SKILLS if s.needs == skills.TIE)
    seed = tie_item_seed(tie)
    others = skill_records.item_skills(generate(tie.drill, tie.game, tie.difficulty, seed)) - {
        tie.key
    }
    with time_machine.travel(MONDAY, tick=False):
        for key in others:  # proficient in the other skills: a wrong answer takes them down
            SkillState.objects.create(
                user=user, skill=key, level=mastery.PROFICIENT, answers=3, rights=3
            )
        session = StudySession.objects.create(user=user)
        item = StudyItem.objects.create(
            session=session,
            position=1,
            skill=tie.key,
            purpose=mastery.NEW,
            drill_kind=tie.drill,
            game=tie.game,
            difficulty=tie.difficulty,
            seed=seed,
        )
        data = wrong_answer(item)
        assert data is not None
        assert client.post(answer_url(session, item), data).status_code == 200
        item.refresh_from_db()
        written = {skill: (before, after) for skill, before, after in item.changes}
        assert set(written) == others | {tie.key}
        body = client.get(f"/study/{session.pk}/").content.decode()
        down = body[body.index("Moved down:") :]
        for key in others:
            state = SkillState.objects.get(user=user, skill=key)
            assert written[key] == (mastery.PROFICIENT, state.level)
            assert (
                f"{skills.BY_KEY[key].name}: Proficient to {mastery.level_name(state.level)}"
                in down
            )
        assert re.search(rf"{re.escape(tie.name)} \(now Learning\)", body)
        summary = study.summary(Learner(user.pk, ""), [item], MONDAY)
        assert {m.skill.key for m in summary.down} == others


def test_the_download_holds_each_items_written_changes(client):
    with time_machine.travel(MONDAY, tick=False):
        session = start(client)
        item = current(session)
        client.post(answer_url(session, item), right_answer(item))
        data = json.loads(client.get("/accounts/settings/download/").getvalue())
    written = data["sessions"][0]["items"][0]["changes"]
    moved = skill_records.item_skills(
        generate(item.drill_kind, item.game, item.difficulty, item.seed)
    )
    assert [item.skill, 0, 1] in written and {skill for skill, _, _ in written} == moved

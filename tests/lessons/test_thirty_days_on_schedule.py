"""Thirty days of a scripted learner, the clock moved a day at a time (issue 47's "done when").

The learner opens home every evening, reads the reviews due and the streak,
then works through practice sessions until nothing is due, missing about
one on-time review in ten (what the schedule's 90% aims at); practice
answers are right. Over the month:

- no skill is reviewed before its due date: each review's skill was due at
  the start of that day (a practice answer never counts as one);
- the on-time reviews done each day are the reviews home said were due;
- the workload /progress/ showed on the first day (reviews a day at the
  site's 90%) is within 25% of the reviews the month then took;
- every study day opens at least one new skill while any are left;
- home and /progress/ show the same streak every day.
"""

from __future__ import annotations

import re
from collections import Counter
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from lessons import skills
from lessons.learners import mastery
from lessons.models import ReviewLog, SkillState, StudyItem
from tests.lessons.test_study_views import answer_url, right_answer, wrong_answer

pytestmark = [pytest.mark.django_db, pytest.mark.long]
START = datetime(2026, 4, 6, 19, 0, tzinfo=UTC)
DAYS = 30


def shown_due(html: str) -> int:
    found = re.search(r"<strong>(\d+) reviews? due\.</strong>", html)
    return int(found.group(1)) if found else 0


def shown_streak(html: str) -> int:
    found = re.search(r"Day streak: <strong>(\d+) days?</strong>", html)
    return int(found.group(1)) if found else 0


def shown_reviews_a_day(html: str) -> float:
    found = re.search(r"90%: about ([\d.]+) reviews? and", html)
    assert found, "the 90% choice states its workload"
    return float(found.group(1))


def next_item(session_pk: int) -> StudyItem | None:
    return (
        StudyItem.objects.filter(session_id=session_pk, answered_at__isnull=True)
        .order_by("position")
        .first()
    )


def test_thirty_days_keep_the_schedule_the_site_shows():
    user = User.objects.create_user("tomas", password="a long enough password")
    client = Client()
    client.force_login(user)
    with time_machine.travel(START - timedelta(hours=1), tick=False):
        promised = shown_reviews_a_day(client.get("/progress/").content.decode())
    on_time = 0
    shown_total = 0
    reviewed_total = 0
    for day in range(DAYS):
        evening = START + timedelta(days=day)
        with time_machine.travel(evening, tick=False) as clock:
            home = client.get("/").content.decode()
            due_shown = shown_due(home) if day else 0
            shown_total += due_shown
            due_at_start = {s.skill: s.due for s in SkillState.objects.filter(user=user) if s.level}
            started_before = len(due_at_start)
            for _ in range(4):  # sessions until nothing is due
                response = client.post("/study/start/", {"kind": "practice"})
                assert response.status_code == 302
                session_pk = int(response["Location"].strip("/").split("/")[-1])
                while (item := next_item(session_pk)) is not None:
                    clock.shift(timedelta(minutes=1))
                    state = SkillState.objects.filter(user=user, skill=item.skill).first()
                    is_due = state is None or not state.level or state.due <= timezone.now()
                    wrong = None
                    if is_due:
                        on_time += 1
                        wrong = wrong_answer(item) if on_time % 10 == 0 else None
                    data = wrong or right_answer(item)
                    assert client.post(answer_url(item.session, item), data).status_code == 200
                if not SkillState.objects.filter(user=user, level__gt=0, due__lte=timezone.now()):
                    break
            today = ReviewLog.objects.filter(user=user, reviewed_at__gte=mastery.day_start(evening))
            reviewed_total += today.count()
            # No review before its due date: a skill reviewed today was due when the day began.
            for row in today.exclude(state_before=0):
                assert due_at_start[row.skill] <= row.reviewed_at, (day, row.skill)
            # One review per skill and day.
            assert max(Counter(today.values_list("skill", flat=True)).values(), default=0) <= 1
            # The on-time reviews of started skills are the ones home showed as due.
            if day:
                assert today.exclude(state_before=0).count() == due_shown, day
            # The course moves on: a new skill every study day while any are left.
            if started_before < len(skills.SKILLS):
                assert today.filter(state_before=0).exists(), day
            # One streak on every page.
            home = client.get("/").content.decode()
            progress = client.get("/progress/").content.decode()
            assert shown_streak(home) == shown_streak(progress) == day + 1
    assert SkillState.objects.filter(user=user, level__gt=0).count() == len(skills.SKILLS)
    done_a_day = reviewed_total / DAYS
    assert abs(promised - done_a_day) <= 0.25 * done_a_day, (promised, done_a_day)
    assert shown_total > 0

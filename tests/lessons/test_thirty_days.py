"""A simulated learner over thirty days, on a controlled clock.

Every day or so the learner opens a practice session and answers it, right
about three times in four. Beside the site, the test keeps its own copy of
each skill's standing, stepped by the rules in ``lessons.learners.mastery``
with the very answers it sent: the stored levels and due dates must match
it after every answer. It also checks what a learner would notice: reviews
come first once due, no item is ever one seen before, and no answer moves a
skill up two levels.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest
import time_machine

from evaluator.drills import generate
from lessons.learners import mastery, skill_records
from lessons.models import SkillState, StudyItem
from tests.lessons.test_study_views import answer_url, current, right_answer, start, wrong_answer

pytestmark = pytest.mark.django_db

START = datetime(2026, 3, 2, 8, 0, tzinfo=UTC)


# Four learners' answer patterns; 6 and 8 once caught a challenge item moving a
# second, merely familiar skill straight to mastered, 105 one mastering a second
# skill on the day it became proficient. Each takes half a minute, so all four
# are "long" and --quick runs none: its study simulation is the shared week of
# tests/lessons/test_retention_choice.py (sessions, reviews and rescheduling).


@pytest.mark.long
@pytest.mark.parametrize("pattern", [23, 6, 8, 105])
def test_thirty_days_of_sessions_follow_the_rules(client, django_user_model, pattern):
    # An account, signed in afresh each visit: a browser session lasts two weeks.
    learner = django_user_model.objects.create_user("learner", password="pw-123456789")
    rng = random.Random(pattern)
    shadow: dict[str, mastery.Standing] = {}
    seen: set[tuple[str, str]] = set()
    challenged = False
    with time_machine.travel(START, tick=False) as clock:
        client.force_login(learner)
        # Day 0 begins on a drill page: those items count and are never dealt again.
        for seed in (5, 6):
            url = f"/drills/badugi-cards/?game=badugi&difficulty=1&seed={seed}"
            item = StudyItem(drill_kind="badugi-cards", game="badugi", difficulty=1, seed=seed)
            data = {k.replace("study-", "drill-", 1): v for k, v in right_answer(item).items()}
            assert client.post(url, data).status_code == 200
            _step(shadow, item, True, mastery.PRACTICE)
            seen.add(("badugi-cards", item.item_key))
        for day in range(30):
            if rng.random() < 0.2:
                continue  # a day off
            clock.move_to(START + timedelta(days=day, hours=rng.randint(0, 10)))
            client.force_login(learner)
            now = datetime.now(UTC)
            kind = "practice"
            if (
                not challenged
                and day > 12
                and any(s.level == mastery.PROFICIENT for s in shadow.values())
            ):
                kind, challenged = "challenge", True
            session = start(client, kind)
            items = list(session.items.order_by("position"))
            _check_order(items, shadow, now, kind)
            for item in items:
                key = (item.drill_kind, item.item_key)
                assert key not in seen, f"day {day}: {key} was dealt before"
                seen.add(key)
            for _ in items:
                item = current(session)
                ok = rng.random() < 0.75
                data = None if ok else wrong_answer(item)
                if data is None:  # right by choice, or an item with no wrong option to pick
                    ok, data = True, right_answer(item)
                before = {k: s.level for k, s in shadow.items()}
                response = client.post(answer_url(session, item), data)
                assert response.status_code == 200
                _step(shadow, item, ok, item.purpose)
                _check_stored(shadow, before, item)
                clock.shift(timedelta(minutes=2))
    assert challenged, "the learner reached a proficient skill and took a challenge"
    levels = {s.level for s in shadow.values()}
    assert mastery.MASTERED in levels, "thirty days of mostly right answers master something"


def _step(shadow, item, ok, purpose):
    """The rules' own step: a challenge's rule is for its chosen skill, a review for the rest."""
    dealt = generate(item.drill_kind, item.game, item.difficulty, item.seed)
    now = datetime.now(UTC)
    for key in skill_records.item_skills(dealt):
        own = mastery.REVIEW if purpose == mastery.CHALLENGE and key != item.skill else purpose
        answer = mastery.Answer(ok, now, f"{item.drill_kind}/{item.item_key}", purpose=own)
        shadow[key], _ = mastery.step(shadow.get(key, mastery.Standing()), answer, 1)


def _check_stored(shadow, before, item):
    stored = {s.skill: s for s in SkillState.objects.all()}
    assert set(stored) == set(shadow)
    for key, standing in shadow.items():
        state = stored[key]
        assert state.level == standing.level, key
        assert state.level - before.get(key, 0) <= 1, f"{key} jumped two levels"
        card = mastery.Card.from_json(standing.card)
        assert state.due == card.due, key
        assert state.proficient_on == standing.proficient_on, key
        # Only a challenge of this very skill may master it on the day it was reached.
        challenged = item.purpose == mastery.CHALLENGE and item.skill == key
        if state.level == mastery.MASTERED and before.get(key) == mastery.PROFICIENT:
            assert challenged or state.proficient_on < state.last_answered.date(), key


def _check_order(items, shadow, now, kind):
    """Reviews due come first, each once; a challenge asks only proficient skills."""
    if kind == "challenge":
        assert {i.purpose for i in items} == {mastery.CHALLENGE}
        assert all(shadow[i.skill].level == mastery.PROFICIENT for i in items)
        return
    due = {
        key for key, s in shadow.items() if s.level and mastery.Card.from_json(s.card).due <= now
    }
    reviews = [i.skill for i in items if i.purpose == mastery.REVIEW]
    assert set(reviews) <= due and len(reviews) == min(len(due), len(items))
    assert len(set(reviews)) == len(reviews)
    # Reviews lead, moved only as far as interleaving needs: when one skill fills
    # half the session its items take every other place, so each review is
    # still among the first two places per review.
    places = [n for n, i in enumerate(items) if i.purpose == mastery.REVIEW]
    assert all(place < 2 * len(reviews) for place in places)
    assert all(a.skill != b.skill for a, b in zip(items, items[1:], strict=False))

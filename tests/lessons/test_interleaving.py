"""Sessions are interleaved: never two items of one skill in a row once two skills are in it,
and the items after the due reviews go to the weakest skill first.

Hypothesis draws the learners' states: any skills, levels, due dates, cards
and recent misconceptions."""

from __future__ import annotations

import json
from collections import Counter
from datetime import UTC, datetime, timedelta

import pytest
from fsrs import Card, Rating
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from evaluator.misconceptions import MISCONCEPTIONS
from lessons import skills
from lessons.learners import mastery
from lessons.models import SkillState
from lessons.study import sessions as study

NOW = datetime(2026, 5, 4, 10, 0, tzinfo=UTC)
KEYS = [s.key for s in skills.SKILLS]


def card_reviewed(days_ago: float, rating: Rating = Rating.Good) -> dict:
    """An FSRS card last reviewed ``days_ago``: the longer ago, the less likely remembered."""
    at = NOW - timedelta(days=days_ago)
    card, _ = mastery.scheduler().review_card(Card(card_id=1), rating, review_datetime=at)
    return json.loads(card.to_json())


@st.composite
def learner_states(draw) -> list[SkillState]:
    chosen = draw(st.lists(st.sampled_from(KEYS), unique=True, max_size=len(KEYS)))
    states = []
    for key in chosen:
        level = draw(st.integers(0, mastery.MASTERED))
        reviewed = draw(st.one_of(st.none(), st.floats(0.01, 90)))
        states.append(
            SkillState(
                learner_key="k",
                skill=key,
                level=level,
                due=NOW + timedelta(days=draw(st.floats(-30, 30))) if level else None,
                card=card_reviewed(reviewed) if reviewed is not None and level else {},
                recent_mistakes=draw(st.lists(st.sampled_from(sorted(MISCONCEPTIONS)), max_size=5)),
            )
        )
    return states


def adjacent_repeats(planned: list[study.Planned]) -> list[int]:
    return [i for i in range(1, len(planned)) if planned[i].skill == planned[i - 1].skill]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(learner_states(), st.integers(2, 14))
def test_no_session_puts_two_items_of_one_skill_side_by_side(states, size):
    planned = study.plan(states, NOW, size)
    assert planned
    if len({p.skill for p in planned}) >= 2:
        assert adjacent_repeats(planned) == [], [p.skill for p in planned]
    # Every review that is due (up to the session's size, less the new skills) is still
    # in it, and reviews beyond the size leave room for one new skill only.
    due = [
        s.skill
        for s in sorted(states, key=lambda s: (s.due or NOW, skills.ORDER[s.skill]))
        if s.level and s.due is not None and s.due <= NOW
    ]
    opened = sum(1 for p in planned if p.purpose == mastery.NEW)
    assert opened <= (1 if len(due) >= size else mastery.NEW_PER_DAY)
    reviews = Counter(p.skill for p in planned if p.purpose == mastery.REVIEW)
    assert reviews == Counter(due[: size - opened])
    assert len(planned) <= size


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(KEYS), min_size=1, max_size=20), st.data())
def test_interleave_keeps_any_balanced_multiset_apart(keys, data):
    planned = [study.Planned(k, mastery.PRACTICE) for k in keys]
    balanced = study.balance(planned, [])
    counts = Counter(p.skill for p in balanced)
    assert max(counts.values()) <= (len(balanced) + 1) // 2 or len(counts) == 1
    ordered = study.interleave(balanced)
    assert Counter(p.skill for p in ordered) == counts
    if len(counts) >= 2:
        assert adjacent_repeats(ordered) == []


def test_one_skill_and_one_review_are_topped_up_with_other_skills_not_repeated():
    review = SkillState(
        learner_key="k", skill=KEYS[0], level=2, due=NOW - timedelta(days=1), card=card_reviewed(3)
    )
    working = SkillState(
        learner_key="k", skill=KEYS[1], level=1, due=NOW + timedelta(days=2), card=card_reviewed(1)
    )
    rest = [
        SkillState(
            learner_key="k", skill=k, level=4, due=NOW + timedelta(days=40), card=card_reviewed(20)
        )
        for k in KEYS[2:]
    ]
    planned = study.plan([review, working, *rest], NOW)
    assert len(planned) == study.SESSION_SIZE and adjacent_repeats(planned) == []
    assert planned[0] == study.Planned(KEYS[0], mastery.REVIEW)


def test_new_items_go_to_the_weakest_skill_first():
    """Three skills in progress, none due: the one reviewed longest ago comes first, and most."""
    ages = {KEYS[1]: 1.0, KEYS[2]: 12.0, KEYS[3]: 5.0}
    states = [
        SkillState(
            learner_key="k",
            skill=key,
            level=mastery.FAMILIAR,
            due=NOW + timedelta(days=30),
            card=card_reviewed(age),
        )
        for key, age in ages.items()
    ]
    strength = {s.skill: study.retrievability(s, NOW) for s in states}
    assert strength[KEYS[2]] < strength[KEYS[3]] < strength[KEYS[1]]
    planned = study.plan(states, NOW)
    practice = [p.skill for p in planned if p.purpose == mastery.PRACTICE]
    assert practice[:3] == [KEYS[2], KEYS[3], KEYS[1]]
    counts = Counter(practice)
    assert counts[KEYS[2]] >= counts[KEYS[1]]


@pytest.mark.django_db
def test_a_started_session_is_interleaved_as_planned(client):
    from tests.lessons.test_study_views import start

    session = start(client)
    skills_in_order = list(session.items.order_by("position").values_list("skill", flat=True))
    assert len(set(skills_in_order)) == 2
    assert all(a != b for a, b in zip(skills_in_order, skills_in_order[1:], strict=False))

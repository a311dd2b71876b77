"""Which skills a session brings, in what order (the plan alone, no pages)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import pytest

from evaluator.misconceptions import MISCONCEPTIONS
from lessons import skills
from lessons.learners import mastery, skill_records
from lessons.models import SkillState
from lessons.study import sessions as study

NOW = datetime(2026, 5, 4, 10, 0, tzinfo=UTC)


def state(key: str, level: int, due_in: float = 3, mistakes=()) -> SkillState:
    return SkillState(
        learner_key="k",
        skill=key,
        level=level,
        due=NOW + timedelta(days=due_in),
        recent_mistakes=list(mistakes),
    )


def test_due_reviews_come_first_in_the_order_they_fell_due():
    states = [
        state("badugi-cards", mastery.FAMILIAR, due_in=-1),
        state("badugi-compare", mastery.ATTEMPTED, due_in=-3),
        state("ace-to-five", mastery.ATTEMPTED, due_in=2),
    ]
    planned = study.plan(states, NOW)
    assert [p.skill for p in planned[:2]] == ["badugi-compare", "badugi-cards"]
    assert [p.purpose for p in planned[:2]] == [mastery.REVIEW, mastery.REVIEW]
    assert len(planned) == study.SESSION_SIZE
    rest = {p.skill for p in planned[2:]}
    assert "ace-to-five" in rest  # in progress
    assert skills.SKILLS[3].key in rest  # and the next skill of the course, new


def test_a_new_learner_starts_with_the_first_skills_of_the_course():
    planned = study.plan([], NOW)
    opened = [p for p in planned if p.purpose == mastery.NEW]
    assert [p.skill for p in opened] == [s.key for s in skills.SKILLS[: mastery.NEW_PER_DAY]]
    # The rest of the session practises them: no skill past the day's pace.
    assert {p.skill for p in planned} == {p.skill for p in opened}
    assert {p.purpose for p in planned} == {mastery.NEW, mastery.PRACTICE}


def test_a_misconception_in_recent_answers_brings_more_items_of_its_skill():
    plain = [state("badugi-cards", mastery.FAMILIAR), state("ace-high-badugi", mastery.ATTEMPTED)]
    leaning = [
        state("badugi-cards", mastery.FAMILIAR),
        state("ace-high-badugi", mastery.ATTEMPTED, mistakes=["badugi-ace-low-in-badeucey"] * 2),
    ]
    before = Counter(p.skill for p in study.plan(plain, NOW))["ace-high-badugi"]
    after = Counter(p.skill for p in study.plan(leaning, NOW))["ace-high-badugi"]
    assert after > before


def test_a_misconception_of_a_skill_not_started_brings_that_skill_in():
    states = [state("badugi-cards", mastery.FAMILIAR, mistakes=["side-pots-ignored"])]
    assert "side-pots" in {p.skill for p in study.plan(states, NOW)}


def test_a_challenge_takes_only_proficient_skills_and_needs_one():
    states = [
        state("badugi-cards", mastery.PROFICIENT),
        state("badugi-compare", mastery.FAMILIAR),
        state("ace-to-five", mastery.PROFICIENT),
    ]
    planned = study.challenge_plan(states)
    assert {p.skill for p in planned} == {"badugi-cards", "ace-to-five"}
    assert {p.purpose for p in planned} == {mastery.CHALLENGE}
    with pytest.raises(study.StudyError):
        study.challenge_plan(states[1:2])


@dataclass
class FakeResult:
    ok: bool
    index: int = 0
    hints: int = 0
    misconception: object = None


@dataclass
class FakeTable:
    parts: list
    game: str = "badeucey"


def test_a_wrong_answers_misconception_is_kept_with_its_skill():
    mistake = MISCONCEPTIONS["badugi-ace-low-in-badeucey"]
    table = FakeTable([{"kind": "badugi_cards", "seat": 0}])
    (answer,) = skill_records.from_results(table, [FakeResult(False, misconception=mistake)], set())
    assert answer.skill == "ace-high-badugi" and not answer.correct
    assert answer.misconception == mistake.name
    assert skill_records._mistakes([], answer) == [mistake.name]


@pytest.mark.django_db
def test_a_challenge_masters_only_the_skill_it_was_chosen_for():
    from lessons.models import Learner

    learner = Learner(None, "k")
    for key in ("split-pot", "ties-odd-chips"):
        SkillState.objects.create(
            learner_key="k", skill=key, level=mastery.PROFICIENT, proficient_on=NOW.date()
        )
    answers = [
        skill_records.SkillAnswer("ties-odd-chips", True),
        skill_records.SkillAnswer("split-pot", True),
    ]
    changes = skill_records.after_answer(
        learner, answers, "payouts/badacey/3/7", mastery.CHALLENGE, NOW, challenged="split-pot"
    )
    after = {c.skill: c.after for c in changes}
    assert after == {"split-pot": mastery.MASTERED, "ties-odd-chips": mastery.PROFICIENT}

"""A skill whose rule is the same in several games is practised in each of them in turn."""

from __future__ import annotations

from collections import defaultdict

import pytest
from django.utils import timezone

from evaluator.drills import KINDS
from lessons import skills
from lessons.learners import skill_records
from lessons.models import Learner, SkillState
from lessons.study import sessions

pytestmark = pytest.mark.django_db


def test_each_mixed_skills_games_are_games_its_drill_deals():
    for key, games in skills.MIXED_GAMES.items():
        skill = skills.BY_KEY[key]
        assert skill.game in games, key
        assert set(games) <= set(KINDS[skill.drill].games), key


def test_sessions_deal_a_mixed_skill_in_each_of_its_games_and_each_item_still_exercises_it():
    learner = Learner(None, "mixed-games-learner")
    now = timezone.now()
    for key in skills.MIXED_GAMES:
        SkillState.objects.create(learner_key=learner.key, skill=key, level=1, answers=1)
    seen: dict[str, set[str]] = defaultdict(set)
    for _ in range(6):
        session = sessions.build(learner, "practice", now)
        for item in session.items.all():
            seen[item.skill].add(item.game)
            skill = skills.BY_KEY[item.skill]
            assert item.game in skill.games
            if skill.needs:
                dealt = sessions.generate(item.drill_kind, item.game, item.difficulty, item.seed)
                assert item.skill in skill_records.item_skills(dealt)
        session.items.update(answered_at=now)
        session.finished = now
        session.save()
    mixed = [key for key in seen if len(skills.BY_KEY[key].games) > 1]
    assert mixed, "the sessions dealt some mixed skill"
    assert any(len(seen[key]) > 1 for key in mixed)
    # A skill of one game never moves.
    for key, games in seen.items():
        if key not in skills.MIXED_GAMES:
            assert games == {skills.BY_KEY[key].game}

"""Practising one decision again and again in a sitting moves its skills once (issue 47)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from evaluator.play import Action, LiveHand
from lessons import skills
from lessons.learners import mastery
from lessons.models import SkillState
from play.models import GradedDecision
from tests.play.helpers import settings_of
from tests.play.test_review_pages import finished, loose

pytestmark = pytest.mark.django_db


def test_four_wrong_tries_at_one_decision_take_its_skills_down_one_level(client, monkeypatch):
    user = User.objects.create_user("rui")
    client.force_login(user)
    hand = finished(client, monkeypatch, chooser=loose)
    missed = GradedDecision.objects.filter(hand=hand).exclude(grade="correct").first()
    if missed is None:
        pytest.skip("the coach graded every loose play correct in this hand")  # pragma: no cover
    keys = skills.decision_skills(missed.skill_kind, missed.reason_code)
    assert keys
    SkillState.objects.filter(user=user, skill__in=keys).delete()
    for key in keys:
        SkillState.objects.create(user=user, skill=key, level=mastery.MASTERED, answers=5, rights=5)
    before = LiveHand.replay(
        settings_of(hand), [Action(a["kind"]) for a in hand.actions][: missed.step]
    )
    same = loose(before)  # the play the coach marked down, sent again four times
    url = f"/play/{hand.pk}/practise/{missed.step}/"
    for _ in range(4):
        assert client.post(url, {"step": missed.step, "action": same.kind}).status_code == 200
    for key in keys:
        assert SkillState.objects.get(user=user, skill=key).level == mastery.PROFICIENT

"""Practising a decision through the real view, with no test transaction around it.

The other tests of the study table run inside the transaction pytest-django
wraps each test in, and that hides a row lock taken outside one: PostgreSQL
refuses ``select_for_update()`` in autocommit (``TransactionManagementError``),
SQLite takes no row locks at all. Here every request commits on its own, as on
a site, and the PostgreSQL run (scripts/test) takes this module.
"""

from __future__ import annotations

import pytest

from evaluator.play import Action, LiveHand, card_code, coach_action, grade_decision
from lessons.models import SkillState
from play.models import DecisionCard, GradedDecision
from tests.play.helpers import open_seed, settings_of
from tests.play.test_review_pages import finished, loose

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.database_engine]


def answers_at(before: LiveHand) -> list[Action]:
    """Every kind of answer the learner may give at this moment: each bet, and three throws."""
    answers = []
    for legal in before.legal_actions():
        if legal.kind != "draw":
            answers.append(Action(legal.kind))
            continue
        best = coach_action(before)
        hand = before.hand_of(before.settings.learner_seat)
        answers += [Action("draw", ()), best, Action("draw", tuple(hand[: legal.max_discards]))]
    return list(dict.fromkeys(answers))


def post(client, hand, step, action):
    data = {"step": step, "action": action.kind}
    if action.kind == "draw":
        data["throw"] = [card_code(c) for c in action.discards]
        if not action.discards:
            data["action"] = "pat"
    return client.post(f"/play/{hand.pk}/practise/{step}/", data)


def test_every_answer_on_a_practised_decision_is_graded_and_stored(client, monkeypatch, settings):
    settings.LIMITS = {**settings.LIMITS, "play_practise_per_address": 10_000}
    seen_kinds: set[str] = set()
    seen_codes: set[str] = set()
    for game in ("badacey", "badugi"):
        hand = finished(client, monkeypatch, game=game, first=open_seed(game), chooser=loose)
        queued = GradedDecision.objects.filter(hand=hand).order_by("step").first()
        assert queued is not None
        client.post(f"/play/{hand.pk}/practise/{queued.step}/queue")
        actions = [Action(a["kind"]) for a in hand.actions]  # loose play throws nothing
        for graded in GradedDecision.objects.filter(hand=hand).order_by("step"):
            before = LiveHand.replay(settings_of(hand), actions[: graded.step])
            for action in answers_at(before):
                expected = grade_decision(before, action)
                response = post(client, hand, graded.step, action)
                assert response.status_code == 200, (action, response.content.decode()[:300])
                assert expected.grade.capitalize() in response.content.decode()
                seen_kinds.add(action.kind)
                seen_codes.add(expected.reason_code)
        # The queued decision was due, so its first answer here reviewed its card.
        assert DecisionCard.objects.get(decision=queued).reviews == 1
    assert {"fold", "draw"} <= seen_kinds
    assert len(seen_codes) >= 4, seen_codes
    # The answers moved the learner's skills: the rows were written under their locks.
    assert SkillState.objects.filter(skill__in=("discard", "table-betting")).count() == 2

"""Starting, rebuilding and advancing a stored hand; the learner model hears each decision.

Every change to a hand happens in ``act``: under a row lock, the engine
rebuilds the hand from its stored actions, grades and plays the new one, and
the row moves on with a conditional update that names the step it answered.
Two tabs posting the same step therefore cannot both advance the hand (the
second meets a ``StaleStep``), and an action the rules refuse rolls the
whole transaction back, so nothing is half-saved. A hand that ends fires
``lessons.events.HAND_FINISHED`` in that transaction (a course site's
"play N hands" link hears it there: the row's UPDATE sends no save signal).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import transaction
from django.db.models import Prefetch, Q
from django.http import HttpRequest
from django.utils import timezone

from evaluator import EvaluatorError
from evaluator.play import Action, ActResult, Grade, LiveHand, TableSettings
from lessons import events, skills
from lessons.learners import skill_records
from lessons.learners.progress import SESSION_KEY
from lessons.models import Learner
from play import decision_queue, encoding
from play.models import COACH_LIVE, DecisionCard, GradedDecision, PlayedHand

MAX_OPEN_HANDS = 3  # unfinished hands a learner may keep; starting another reopens the newest


class StaleStep(Exception):
    """The post answered a step the hand has already passed."""

    def __init__(self, hand: PlayedHand) -> None:
        super().__init__(f"hand {hand.pk} is at step {hand.step}")
        self.hand = hand


class BrokenHand(Exception):
    """A stored hand the engine can no longer rebuild (a changed rule or an edited row)."""


def new_seed() -> int:
    return secrets.randbelow(2**31)


def live_of(hand: PlayedHand) -> LiveHand:
    """The engine's hand for a row, rebuilt from its settings and actions (not graded again)."""
    try:
        settings = encoding.settings_from(hand.table)
        return LiveHand.replay(settings, encoding.actions_from(hand.actions))
    except EvaluatorError as error:
        raise BrokenHand(str(error)) from None


def settings_of(hand: PlayedHand) -> TableSettings:
    try:
        return encoding.settings_from(hand.table)
    except EvaluatorError as error:
        raise BrokenHand(str(error)) from None


def open_hands(learner: Learner) -> Any:
    return PlayedHand.objects.of_learner(learner).filter(is_over=False)


def start(learner: Learner, settings: TableSettings, coaching: str) -> PlayedHand:
    """Deal a new hand for ``learner`` and store it (the computer seats have played up to them)."""
    live = LiveHand.start(settings)
    hand = PlayedHand(
        **learner.owner(),
        game=settings.game,
        coaching=coaching,
        table=encoding.settings_json(settings),
        big_bet=live.profile.big_bet,
    )
    _note_state(hand, live)
    with transaction.atomic():
        hand.save()
        if hand.is_over:  # the computer seats played the whole hand
            events.HAND_FINISHED.fire(learner, hand)
    return hand


def next_settings(hand: PlayedHand) -> TableSettings:
    """The following hand at the same table: the button moves, the chips carry over."""
    live = live_of(hand)
    stacks = live.final_stacks() if live.is_over else None
    return live.settings.next_hand(stacks, seed=new_seed())


@dataclass(frozen=True)
class Played:
    """What one accepted action did: the grade, and what followed up to the learner's turn."""

    hand: PlayedHand
    live: LiveHand
    result: ActResult


def act(learner: Learner, hand_id: int, step: int, action: Action) -> Played:
    """Play ``action`` as the answer to ``step``; ``StaleStep`` or ``IllegalAction`` refuse it.

    The grade is stored and the skills it exercises move in the same
    transaction, so a refused or failed action leaves no trace.
    """
    with transaction.atomic():
        hand = PlayedHand.objects.of_learner(learner).select_for_update().get(pk=hand_id)
        if step != hand.step or hand.is_over:
            raise StaleStep(hand)
        live = live_of(hand)
        result = live.act(action)  # IllegalAction leaves the row untouched
        hand.actions = [*hand.actions, encoding.action_json(action)]
        _note_state(hand, live)
        grade = result.grade
        hand.decisions += 1
        hand.blunders += grade.grade == "blunder"
        hand.mistake_total += grade.size
        # The condition repeats the step: on a database without row locks, the
        # second of two posts finds no row at that step and is refused.
        changed = PlayedHand.objects.filter(pk=hand.pk, step=step).update(
            actions=hand.actions,
            step=hand.step,
            is_over=hand.is_over,
            net=hand.net,
            decisions=hand.decisions,
            blunders=hand.blunders,
            mistake_total=hand.mistake_total,
            updated_at=timezone.now(),
        )
        if changed != 1:
            raise StaleStep(hand)
        store_grade(hand, grade)
        feed_skills(learner, hand, grade)
        if hand.is_over:
            events.HAND_FINISHED.fire(learner, hand)
    return Played(hand, live, result)


def _note_state(hand: PlayedHand, live: LiveHand) -> None:
    hand.step = live.step
    hand.is_over = live.is_over
    if live.is_over:
        hand.net = live.net()[live.settings.learner_seat]


def store_grade(hand: PlayedHand, grade: Grade) -> GradedDecision:
    better = grade.better_action
    return GradedDecision.objects.create(
        hand=hand,
        step=grade.step,
        skill_kind=grade.skill_kind,
        decision=grade.decision[:200],
        grade=grade.grade,
        reason_code=grade.reason_code,
        reason=grade.reason,
        better_play=(grade.better_play or "")[:200],
        better_action=encoding.action_json(better) if better is not None else None,
        size=round(grade.size, 4),
    )


def feed_skills(
    learner: Learner, hand: PlayedHand, grade: Grade, purpose: str = "practice"
) -> None:
    """A decision counts towards the skills it exercises (``lessons.skills.decision_skills``)."""
    answers = [
        skill_records.SkillAnswer(key, correct=grade.grade == "correct")
        for key in skills.decision_skills(grade.skill_kind, grade.reason_code)
    ]
    item = f"play:{hand.pk}:{grade.step}"
    skill_records.after_answer(learner, answers, item, purpose, timezone.now(), source="played")


def practised(
    learner: Learner, graded: GradedDecision, verdict: Grade, now: datetime
) -> DecisionCard | None:
    """An answer on "practise this decision": the skills move and the queued card is reviewed.

    One transaction for both, so the row locks they take (the skill rows, the
    card) are held until the answer is stored, and a failure leaves neither
    half written (PostgreSQL refuses a row lock outside a transaction).
    """
    with transaction.atomic():
        feed_skills(learner, graded.hand, verdict, purpose="review")
        return decision_queue.review(graded, verdict.grade == "correct", now)


def shows_grades(hand: PlayedHand) -> bool:
    """Grades appear at the table only in "as you play" mode; every mode's review has them."""
    return hand.coaching == COACH_LIVE or hand.is_over


def adopt_session_hands(sender: Any, request: HttpRequest, user: Any, **kwargs: Any) -> None:
    """On sign-in, the hands the browser played become the account's."""
    if request is None or not hasattr(request, "session"):
        return
    key = request.session.get(SESSION_KEY, "")
    if isinstance(key, str) and key:
        PlayedHand.objects.filter(Q(user=None) & Q(learner_key=key)).update(
            user=user, learner_key=""
        )


def delete_hands(learner: Learner) -> None:
    """Deleting a learner's progress deletes their hands and grades with it."""
    PlayedHand.objects.of_learner(learner).delete()


def export_hands(learner: Learner) -> dict[str, Any]:
    """The learner's hands for the progress download: settings, actions, grades, queue."""
    if not learner.known:
        return {"played_hands": []}
    # Two queries for any number of hands: the hands, then every grade with its card.
    grades = GradedDecision.objects.select_related("review_card").order_by("step", "pk")
    hands = (
        PlayedHand.objects.of_learner(learner)
        .order_by("created_at", "pk")
        .prefetch_related(Prefetch("grades", queryset=grades))
    )
    return {
        "played_hands": [
            {
                "game": h.game,
                "coaching": h.coaching,
                "table": h.table,
                "actions": h.actions,
                "over": h.is_over,
                "net": h.net,
                "at": h.created_at.isoformat(),
                "grades": [
                    {
                        "step": g.step,
                        "decision": g.decision,
                        "grade": g.grade,
                        "reason": g.reason,
                        "better_play": g.better_play,
                        "size_big_bets": g.size,
                        "in_review_queue": hasattr(g, "review_card"),
                    }
                    for g in h.grades.all()
                ],
            }
            for h in hands
        ]
    }

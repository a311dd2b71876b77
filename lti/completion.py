"""When a learner has finished a graded link's work, queue its score, once.

The rules are the class assignments' (``lessons.classes.status``): a lesson
is finished when each of its published exercises has been answered right, a
practice deal when it has been answered right; a ``play`` link counts hands
finished at the study table since the learner first opened the link. An
answer (``lessons.events.ANSWER_STORED``) or a finished hand
(``HAND_FINISHED``) checks the learner's waiting scores, in the transaction
that stored it; a launch checks too, for work finished before the link was
opened.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from lessons import events
from lessons.classes import status
from lessons.models import Assignment, Attempt
from lti import targets
from lti.models import LearnerScore
from play.models import PlayedHand


def is_finished(score: LearnerScore) -> bool:
    """Whether the learner has done the work of the score's link."""
    try:
        target = targets.parse(score.work.target)
    except targets.BadTarget:
        return False
    if target.kind == targets.LESSON:
        wanted = Assignment(kind=Assignment.LESSON, lesson=target.key)
        evidence = status.Evidence.gather([wanted], [score.user_id])
        return status.status_of(wanted, score.user_id, evidence, timezone.now().date()).finished
    if target.kind == targets.DEAL:
        return Attempt.objects.filter(
            user_id=score.user_id, deal__slug=target.key, correct=True
        ).exists()
    if target.kind == targets.PLAY:
        played = PlayedHand.objects.filter(
            user_id=score.user_id, is_over=True, updated_at__gte=score.started_at
        )
        return played.count() >= target.hands
    return False


def queue_if_finished(score: LearnerScore) -> bool:
    """Move a finished score from waiting to queued and send it after commit; True if moved.

    The move is one guarded UPDATE, so two answers saved at once (two
    workers) cannot both queue a score for the same completion.
    """
    if score.state != LearnerScore.WAITING or not score.work.graded or not is_finished(score):
        return False
    moved = LearnerScore.objects.filter(pk=score.pk, state=LearnerScore.WAITING).update(
        state=LearnerScore.QUEUED, finished_at=timezone.now()
    )
    if not moved:
        return False
    from lti.grades import send_score

    score_id = score.pk
    transaction.on_commit(lambda: send_score.enqueue(score_id))
    return True


def check_learner(user_id: int, kinds: tuple[str, ...]) -> None:
    """Check every waiting score of the learner whose link is one of ``kinds``."""
    waiting = LearnerScore.objects.filter(user_id=user_id, state=LearnerScore.WAITING)
    for score in waiting.select_related("work"):
        if score.work.target.partition(":")[0] in kinds:
            queue_if_finished(score)


def answer_stored(learner: Any, attempt: Attempt, answers: Any) -> None:
    """``lessons.events.ANSWER_STORED``: a right answer may finish a lesson or deal link."""
    if attempt.correct and attempt.user_id is not None:
        check_learner(attempt.user_id, (targets.LESSON, targets.DEAL))


def hand_finished(learner: Any, hand: PlayedHand) -> None:
    """``lessons.events.HAND_FINISHED``: a finished hand may finish a "play N hands" link."""
    if hand.user_id is not None:
        check_learner(hand.user_id, (targets.PLAY,))


def connect() -> None:
    events.ANSWER_STORED.subscribe(answer_stored)
    events.HAND_FINISHED.subscribe(hand_finished)

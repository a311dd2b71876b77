"""Writing the review log: one row per FSRS review, with how long the answer took.

``lessons.learners.skill_records.after_answer`` calls ``write`` in the
answer's transaction for every skill whose card the answer reviewed.

How long the learner took comes from the browser when it can: the small
script ``static/js/answer-timer.js`` measures from the moment an answer
form is first shown on screen to the moment it is sent, and posts it as
``answer_ms``. A value outside ``MIN_MS``-``MAX_MS`` is clamped to the range
(a tab left open over lunch is not a ten-hour answer; a double-clicked
submit is not a zero). Without JavaScript the server's own clock measures
from the later of the learner's previous answer and the moment the item was
dealt (a practice session's), and gives up (not measured) beyond ``MAX_MS``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from lessons.learners.mastery import Review
from lessons.memory.models import BROWSER, SERVER
from lessons.models import Attempt, Learner, ReviewLog

FIELD = "answer_ms"  # the hidden field the browser's timer posts
MIN_MS = 500
MAX_MS = 10 * 60 * 1000


@dataclass(frozen=True)
class Timing:
    ms: int | None
    by: str  # BROWSER, SERVER, or "" when not measured


NOT_MEASURED = Timing(None, "")


def clamp(ms: int) -> int:
    return max(MIN_MS, min(MAX_MS, ms))


def posted_ms(value: Any) -> int | None:
    """The browser's measurement, clamped; None when absent or not a whole number."""
    if not isinstance(value, str) or not value.isascii() or not value.isdigit() or len(value) > 12:
        return None
    return clamp(int(value))


def timing_of(
    request: Any, learner: Learner, now: datetime, shown_at: datetime | None = None
) -> Timing:
    """How long this answer took: the browser's figure, else the server's clock, else unknown.

    Call before the answer's own attempt is stored (the server's clock looks
    for the learner's previous answer).
    """
    post = getattr(request, "POST", None)
    measured = posted_ms(post.get(FIELD)) if post is not None else None
    if measured is not None:
        return Timing(measured, BROWSER)
    starts = [shown_at] if shown_at is not None else []
    if learner.known:
        previous = (
            Attempt.objects.of_learner(learner)
            .filter(created_at__lte=now)
            .order_by("-created_at", "-pk")
            .values_list("created_at", flat=True)
            .first()
        )
        if previous is not None:
            starts.append(previous)
    if not starts:
        return NOT_MEASURED
    took = now - max(starts)
    if took < timedelta(0) or took > timedelta(milliseconds=MAX_MS):
        return NOT_MEASURED
    return Timing(clamp(int(took / timedelta(milliseconds=1))), SERVER)


def write(
    learner: Learner,
    reviews: Sequence[tuple[str, Review]],
    at: datetime,
    source: str,
    timing: Timing | None,
) -> None:
    """One row per (skill, review) of one answer, in one insert."""
    if not reviews or not learner.known:
        return
    timing = timing or NOT_MEASURED
    ReviewLog.objects.bulk_create(
        ReviewLog(
            **learner.owner(),
            skill=skill,
            rating=review.rating,
            reviewed_at=at,
            elapsed_days=review.elapsed_days,
            state_before=review.before.state,
            stability_before=review.before.stability,
            difficulty_before=review.before.difficulty,
            state_after=review.after.state,
            stability_after=review.after.stability,
            difficulty_after=review.after.difficulty,
            source=source,
            duration_ms=timing.ms,
            timed_by=timing.by,
        )
        for skill, review in reviews
    )


def export(learner: Learner) -> list[dict[str, Any]]:
    """The learner's review log, for the progress download."""
    return [
        {
            "skill": row.skill,
            "rating": row.rating,
            "at": row.reviewed_at.isoformat(),
            "days_since_last_review": row.elapsed_days,
            "before": {
                "state": row.state_before,
                "stability": row.stability_before,
                "difficulty": row.difficulty_before,
            },
            "after": {
                "state": row.state_after,
                "stability": row.stability_after,
                "difficulty": row.difficulty_after,
            },
            "source": row.source,
            "duration_ms": row.duration_ms,
            "timed_by": row.timed_by or None,
        }
        for row in ReviewLog.objects.of_learner(learner).iterator(1000)
    ]

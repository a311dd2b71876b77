"""Learners whose memory follows FSRS with known parameters, written straight into the review log.

The fit tests need weeks of reviews from many learners; answering them one
page at a time would take minutes, so these rows are made as the site would
write them (one review per skill per day, due dates from the scheduler) with
the chance of a right answer taken from the "true" parameters.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from fsrs import Card, Rating, Scheduler

from lessons import skills
from lessons.models import Learner, ReviewLog

# Far from the defaults on purpose: these learners forget much faster.
FORGETFUL = (
    0.08,
    0.3,
    0.9,
    3.0,
    6.8,
    0.9,
    3.4,
    0.02,
    1.2,
    0.3,
    0.6,
    1.7,
    0.1,
    0.3,
    1.9,
    0.4,
    1.6,
    0.55,
    0.09,
    0.07,
    0.35,
)

ALL_SKILLS = len(skills.SKILLS)


def reviews_of(
    learner: Learner,
    start: datetime,
    days: int,
    rng: random.Random,
    true=FORGETFUL,
    skill_count=ALL_SKILLS,
) -> list[ReviewLog]:
    """One learner's reviews over ``days``: each skill reviewed when the site says it is due."""
    memory = Scheduler(
        parameters=true, learning_steps=(), relearning_steps=(), enable_fuzzing=False
    )
    site = Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False)
    rows = []
    for skill in skills.SKILLS[:skill_count]:
        truth, card = Card(card_id=1), Card(card_id=1)
        day = rng.randrange(3)
        while day < days:
            at = start + timedelta(days=day, hours=rng.randrange(8, 20))
            if card.last_review is None:
                right = rng.random() < 0.7
            else:
                right = rng.random() < memory.get_card_retrievability(truth, at)
            rating = Rating.Good if right else Rating.Again
            before = card
            truth, _ = memory.review_card(truth, rating, at)
            card, _ = site.review_card(card, rating, at)
            rows.append(
                ReviewLog(
                    **learner.owner(),
                    skill=skill.key,
                    rating=int(rating),
                    reviewed_at=at,
                    elapsed_days=(at - before.last_review) / timedelta(days=1)
                    if before.last_review
                    else None,
                    state_before=int(before.state) if before.last_review else 0,
                    state_after=int(card.state),
                    stability_after=card.stability,
                    difficulty_after=card.difficulty,
                    source="study",
                    duration_ms=rng.randrange(2000, 20000),
                    timed_by="browser",
                )
            )
            day = max(day + 1, (card.due - start).days)
    return rows

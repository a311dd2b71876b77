"""The retention a learner chooses, what it costs them, and rescheduling when it changes.

The desired retention is the chance of a right answer a review is timed
for: higher means reviews come sooner and more often. A learner picks one of
``CHOICES`` on ``/progress/``; each option shows its workload before it is
saved: how many reviews and minutes a day the learner's started skills will
ask for over the next ``HORIZON_DAYS`` days.

The workload is worked out, not sampled. From each skill's FSRS card, with
the learner's parameters, every review due within the horizon is followed
down both branches, remembered (with the chosen chance: that is what the
schedule aims at) and forgotten, adding each branch's weight to the day it
falls on; branches below ``PRUNE`` are dropped. Minutes come from the
learner's own measured answer times (the review log's median), else the
site's, else ``DEFAULT_ANSWER_MS``. Skills not started yet are counted as
the sessions will open them, ``mastery.NEW_PER_DAY`` a day, each with its
first review that day: that is the workload the sessions will then ask for.

Saving a new retention reschedules every started skill at once, from its
last review, with the interval the scheduler will use from then on.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import IntegrityError, transaction
from fsrs import Card, Rating

from lessons.learners import mastery
from lessons.models import Learner, RetentionChoice, ReviewLog, SkillState

CHOICES = (0.80, 0.85, 0.90, 0.95)
HORIZON_DAYS = 30
PRUNE = 0.005
DEFAULT_ANSWER_MS = 30_000
TIMES_READ = 200  # the learner's latest answer times the median is taken from


def chosen(learner: Learner) -> float | None:
    if not learner.known:
        return None
    row = RetentionChoice.objects.of_learner(learner).values_list("desired_retention").first()
    return float(row[0]) if row is not None else None


def retention_for(learner: Learner, site_default: float) -> float:
    """The learner's own choice, else the site's setting."""
    mine = chosen(learner)
    return mine if mine is not None else site_default


def interval_days(stability: float, retention: float, weights: tuple[float, ...] | None) -> int:
    """The whole days the scheduler waits after a review that left ``stability``."""
    return int(mastery.scheduler(retention, weights)._next_interval(stability=stability))


@dataclass(frozen=True)
class Workload:
    retention: float
    reviews_per_day: float
    minutes_per_day: float

    @property
    def percent(self) -> int:
        return round(self.retention * 100)


def answer_ms(learner: Learner) -> int:
    """The learner's typical answer time: their median, else the site's, else a default."""
    mine = list(
        ReviewLog.objects.of_learner(learner)
        .exclude(duration_ms=None)
        .order_by("-reviewed_at")
        .values_list("duration_ms", flat=True)[:TIMES_READ]
    )
    if not mine:
        mine = list(
            ReviewLog.objects.exclude(duration_ms=None)
            .order_by("-reviewed_at")
            .values_list("duration_ms", flat=True)[: TIMES_READ * 5]
        )
    return int(statistics.median(mine)) if mine else DEFAULT_ANSWER_MS


def started_count(learner: Learner) -> int:
    if not learner.known:
        return 0
    return SkillState.objects.of_learner(learner).exclude(level=0).count()


def cards_of(learner: Learner) -> list[Card]:
    if not learner.known:
        return []
    cards = []
    for data in (
        SkillState.objects.of_learner(learner).exclude(level=0).values_list("card", flat=True)
    ):
        if isinstance(data, dict) and data.get("last_review"):
            cards.append(Card.from_dict(data))  # type: ignore[arg-type]
    return cards


def expected_reviews(
    cards: Sequence[Card],
    now: datetime,
    retention: float,
    weights: tuple[float, ...] | None,
    days: int = HORIZON_DAYS,
    new_skills: int = 0,
    opened_today: int = 0,
) -> list[float]:
    """Expected reviews on each of the next ``days`` days (index 0 is today).

    ``new_skills`` not started yet are opened at the sessions' pace
    (``mastery.NEW_PER_DAY`` a day, less ``opened_today`` today).
    """
    per_day = [0.0] * days
    starts: list[Card] = list(cards)
    left = new_skills
    for day in range(days):
        opening = min(left, max(0, mastery.NEW_PER_DAY - (opened_today if day == 0 else 0)))
        left -= opening
        moment = now if day == 0 else mastery.day_start(now) + timedelta(days=day)
        starts += [Card(card_id=day * 100 + n + 1, due=moment) for n in range(opening)]
    for card in starts:
        stack: list[tuple[Card, float]] = [(card, 1.0)]
        while stack:
            here, weight = stack.pop()
            assert here.due is not None
            at = max(here.due, now)
            day = (at.date() - now.date()).days
            if day >= days or weight < PRUNE:
                continue
            per_day[day] += weight
            for rating, share in ((Rating.Good, retention), (Rating.Again, 1 - retention)):
                after = mastery.review(here, rating, at, retention, weights)
                stack.append((after, weight * share))
    return per_day


def rescheduled(card: Card, retention: float, weights: tuple[float, ...] | None) -> Card:
    """The card due after its last review by the interval ``retention`` gives."""
    if card.last_review is None or card.stability is None:
        return card
    days = interval_days(card.stability, retention, weights)
    return Card(
        card_id=card.card_id,
        state=card.state,
        step=card.step,
        stability=card.stability,
        difficulty=card.difficulty,
        due=mastery.day_start(card.last_review + timedelta(days=days)),
        last_review=card.last_review,
    )


def opened_on(learner: Learner, now: datetime) -> int:
    """How many skills the learner opened (gave a first review) on ``now``'s UTC day."""
    if not learner.known:
        return 0
    return (
        ReviewLog.objects.of_learner(learner)
        .filter(state_before=0, reviewed_at__gte=mastery.day_start(now))
        .count()
    )


def workloads(
    learner: Learner, now: datetime, weights: tuple[float, ...] | None, skills_total: int = 0
) -> list[Workload]:
    """Each choice's reviews and minutes a day, from the cards as they would be rescheduled,
    with the ``skills_total`` less those started opened at the sessions' pace."""
    cards = cards_of(learner)
    new = max(0, skills_total - started_count(learner))
    today = opened_on(learner, now) if new else 0
    minutes = answer_ms(learner) / 60_000 if cards or new else 0.0
    found = []
    for retention in CHOICES:
        moved = [rescheduled(card, retention, weights) for card in cards]
        per_day = expected_reviews(
            moved, now, retention, weights, new_skills=new, opened_today=today
        )
        reviews = sum(per_day) / HORIZON_DAYS
        found.append(Workload(retention, reviews, reviews * minutes))
    return found


def save(learner: Learner, retention: float, weights: tuple[float, ...] | None) -> None:
    """Keep the choice and move every started skill's next review to match, in one transaction."""
    owner = learner.owner()
    lookup = (
        {"user_id": owner["user_id"]}
        if learner.user_id is not None
        else {
            "user": None,
            "learner_key": learner.key,
        }
    )
    with transaction.atomic():
        for last_try in (False, True):
            try:
                with transaction.atomic():
                    RetentionChoice.objects.update_or_create(
                        **lookup, defaults={"desired_retention": retention}
                    )
                break
            except IntegrityError:
                if last_try:
                    raise
        states = SkillState.objects.of_learner(learner).exclude(level=0).select_for_update()
        for state in states:
            if not isinstance(state.card, dict) or not state.card.get("last_review"):
                continue
            card = rescheduled(Card.from_dict(state.card), retention, weights)  # type: ignore[arg-type]
            state.card = card.to_dict()
            state.due = card.due
            state.save(update_fields=["card", "due"])

"""Decisions a learner chose to practise again, scheduled like their skills.

"Practise this decision" on a hand's review adds the decision to the
learner's review queue as a card of its own. Each answer on the practise
page that comes while the card is due is a review of it (the coach's play:
Good; anything else: Again), scheduled by the same FSRS scheduler as the
skills (``lessons.learners.mastery.scheduler``), so a decision got wrong
comes back the next day and one got right waits longer each time. Answers
before the card is due are still graded but leave the schedule alone, as
Anki counts one review per card per day.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.db.models import Count, Q, QuerySet
from django.urls import reverse
from fsrs import Card, Rating

from lessons.learners import mastery
from lessons.models import Learner
from lessons.study.queues import OtherQueue
from play.models import DecisionCard, GradedDecision, PlayedHand


@dataclass(frozen=True)
class Queued:
    """What adding a decision did: the card, and whether it was already queued."""

    card: DecisionCard
    already: bool


def cards_of(learner: Learner) -> QuerySet[DecisionCard]:
    """This learner's cards, through the hands they own."""
    return DecisionCard.objects.filter(
        decision__hand__in=PlayedHand.objects.of_learner(learner)
    ).select_related("decision", "decision__hand")


def due_cards(learner: Learner, now: datetime) -> QuerySet[DecisionCard]:
    return cards_of(learner).filter(due__lte=now)


def add(decision: GradedDecision, now: datetime) -> Queued:
    """Put ``decision`` in its learner's queue, due at once; a second ask changes nothing."""
    with transaction.atomic():
        card, created = DecisionCard.objects.get_or_create(
            decision=decision,
            defaults={"card": Card(card_id=decision.pk).to_json(), "due": now, "added_at": now},
        )
    return Queued(card, already=not created)


def remove(decision: GradedDecision) -> bool:
    deleted, _ = DecisionCard.objects.filter(decision=decision).delete()
    return deleted > 0


def review(decision: GradedDecision, correct: bool, now: datetime) -> DecisionCard | None:
    """Count an answer as a review of the decision's card when the card is due.

    Returns the card as it now stands, or None when the decision is not queued.
    The row is locked while it is read and written, so two answers sent at
    once cannot both count.
    """
    with transaction.atomic():
        row = DecisionCard.objects.select_for_update().filter(decision=decision).first()
        if row is None:
            return None
        if row.due > now:
            return row
        card = Card.from_json(row.card) if row.card else Card(card_id=decision.pk)
        card, _ = mastery.scheduler().review_card(
            card, Rating.Good if correct else Rating.Again, review_datetime=now
        )
        assert card.due is not None
        row.card = card.to_json()
        row.due = card.due
        row.reviews += 1
        row.last_reviewed = now
        row.last_right = correct
        row.save(update_fields=["card", "due", "reviews", "last_reviewed", "last_right"])
        return row


@dataclass(frozen=True)
class QueueSummary:
    """The queue as the study page shows it: how many are due, how many in all."""

    due: int
    total: int


def summary(learner: Learner, now: datetime) -> QueueSummary:
    """Both counts from one query (home and /study/ both show them)."""
    counts = cards_of(learner).aggregate(due=Count("pk", filter=Q(due__lte=now)), total=Count("pk"))
    return QueueSummary(due=counts["due"], total=counts["total"])


def study_queue(learner: Learner, now: datetime) -> OtherQueue | None:
    """The queue as the study page lists it (registered in ``play.apps``)."""
    if not learner.known:
        return None
    counts = summary(learner, now)
    return OtherQueue(
        noun="decision from your hands",
        plural="decisions from your hands",
        due=counts.due,
        total=counts.total,
        url=reverse("play:queue"),
    )

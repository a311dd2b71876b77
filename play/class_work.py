"""Hands played towards a class's "play N hands of a game" work, for the class reports.

``lessons`` never imports ``play``; this module answers
``lessons.events.HANDS_FOR_WORK`` and ``HANDS_BY_GAME`` (subscribed in ``apps.py``).
A hand counts when it is over, is of the assignment's game and was dealt
after the work was set; it finished when it was last saved (``updated_at``).
"""

from __future__ import annotations

from typing import Any

from django.db.models import Count, F, FloatField, Sum, Window
from django.db.models.functions import Coalesce, RowNumber

from evaluator import PROFILES
from lessons.classes.status import GameHands, HandsPlayed
from lessons.models import Assignment
from play.models import PlayedHand


def hands_for(assignment: Assignment, users: Any) -> dict[int, HandsPlayed]:
    """user id -> their finished hands towards ``assignment``: two queries for any class,
    one while nobody has played the number asked for."""
    counted = PlayedHand.objects.filter(
        user__in=users,
        is_over=True,
        game=assignment.game,
        created_at__gte=assignment.created_at,
    )
    totals = (
        counted.values("user_id")
        .annotate(
            n=Count("pk"),
            decisions=Coalesce(Sum("decisions"), 0),
            mistakes=Coalesce(Sum("mistake_total"), 0.0, output_field=FloatField()),
        )
        .order_by()
    )
    found = {
        row["user_id"]: HandsPlayed(row["n"], row["decisions"], row["mistakes"]) for row in totals
    }
    if not any(played.hands >= assignment.hands for played in found.values()):
        return found  # nobody has played enough yet: no N-th hand to date
    # When each learner's N-th hand ended: numbered in the database, not read hand by hand.
    reached = (
        counted.annotate(
            nth=Window(RowNumber(), partition_by=F("user_id"), order_by=[F("updated_at"), F("pk")])
        )
        .filter(nth=assignment.hands)
        .values_list("user_id", "updated_at")
    )
    for user_id, at in reached:
        played = found[user_id]
        found[user_id] = HandsPlayed(played.hands, played.decisions, played.mistakes, at)
    return found


def hands_by_game(user_id: int) -> list[GameHands]:
    """A learner's finished hands per game, as the study table's history sums them (one query)."""
    rows = (
        PlayedHand.objects.filter(user_id=user_id, is_over=True)
        .values("game")
        .annotate(
            n=Count("pk"),
            decisions=Coalesce(Sum("decisions"), 0),
            blunders=Coalesce(Sum("blunders"), 0),
            mistakes=Coalesce(Sum("mistake_total"), 0.0, output_field=FloatField()),
        )
        .order_by("game")
    )
    found = []
    for row in rows:
        profile = PROFILES.get(row["game"])
        name = profile.name if profile else row["game"]
        found.append(GameHands(name, row["n"], row["decisions"], row["blunders"], row["mistakes"]))
    return found

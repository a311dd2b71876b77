"""Recount the deals' figures, learners' per-deal summaries and activity from the answers.

The figures are kept as answers arrive (lessons/learners/deal_figures.py);
the answers stay the record. Run this after restoring a backup taken between
versions, or after editing answers in the database by hand.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from lessons.learners import deal_figures
from lessons.models import Attempt, DealFigures, DealProgress


class Command(BaseCommand):
    help = "Recount the deals' answer figures from the stored answers."

    def handle(self, *args: Any, **options: Any) -> None:
        deal_figures.recount()
        answered = Attempt.objects.exclude(user=None).values_list("user_id", flat=True)
        deal_figures.recount_activity(set(answered))
        self.stdout.write(
            f"Recounted {DealFigures.objects.count()} deal(s) and "
            f"{DealProgress.objects.count()} learner-and-deal summaries from the answers."
        )

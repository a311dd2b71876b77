"""Background work of live tables: each player's graded copy of a finished hand.

Grading every decision of every player plays each choice out against many
sampled deals, which takes longer than a table should wait. So the hand ends
at once for everyone, and the worker (``manage.py db_worker``) files each
player's privately graded copy a moment later; tests run it immediately.
"""

from __future__ import annotations

from django.db import transaction
from django.tasks import task

from tables.models import LiveTableHand


@task()
def grade_hand(hand_id: int) -> None:
    from tables import service  # the service queues this task, so it imports it late

    with transaction.atomic():
        hand = LiveTableHand.objects.select_for_update().select_related("table").get(pk=hand_id)
        if hand.copies or not hand.is_over:
            return  # graded already (a task run twice), or not over (never queued so)
        for seat, user_id in enumerate(hand.players):
            if user_id is not None:
                hand.copies[str(user_id)] = service.keep_graded_copy(
                    hand.table, hand, seat, user_id
                )
        hand.save(update_fields=["copies"])

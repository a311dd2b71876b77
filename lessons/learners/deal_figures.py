"""Per-learner and per-deal figures, kept as answers arrive and recounted from the log.

``save_answer`` stores an exercise answer inside the caller's transaction:
it moves the learner's ``DealProgress`` row and the deal's ``DealFigures``
with single UPDATEs (``F()`` additions, so concurrent answers add up), and
marks the answer as the learner's first try when it created the learner's
row. ``recount`` rebuilds both tables, and every answer's ``first_try``, from
the answers themselves: the data migration, ``manage.py
rebuild_deal_figures``, and the rare events that move or delete answers in
bulk (signing in with anonymous progress, deleting progress or an account)
use it, so the figures always equal a recount of the log.

``recount`` takes the model classes, so the migration can run it on its
historical models.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Count, F, Max
from django.utils import timezone

from lessons.models import Attempt, DealFigures, DealProgress, LearnerActivity


@transaction.atomic(savepoint=False)  # its row lock needs a transaction
def save_answer(attempt: Attempt) -> None:
    """Store an exercise answer (``attempt``, not yet saved) and count it.

    The learner's row for the deal is locked, or created, before the answer
    is written, and the answer takes its time and its id after that. Two tabs
    answering the same deal at once are therefore stored in the order they
    were counted: the answer the kept row calls the first try, and its last
    answer's time, are the ones a recount of the answers by time finds.
    (Timing the answer before the lock let the tab that lost the race to the
    first row hold the earlier time, and a recount disagreed.)

    A returning answer (the learner's row exists) costs two queries on the
    row: its read under the lock (which orders two tabs' answers), then one
    UPDATE with ``F()`` additions. Only a first answer tries the insert, in a
    savepoint: the unique row decides which of two tabs was first.
    """
    if attempt.deal_id is None:
        attempt.save(force_insert=True)
        return
    owner = {"user_id": attempt.user_id, "learner_key": attempt.learner_key}
    if attempt.user_id is not None:
        owner["learner_key"] = ""
    mine = DealProgress.objects.filter(deal_id=attempt.deal_id, **_owner_lookup(attempt))
    locked = mine.select_for_update().values_list("pk", flat=True)
    row = next(iter(locked[:1]), None)
    created = False
    if row is None:
        attempt.created_at = timezone.now()
        try:
            with transaction.atomic():
                DealProgress.objects.create(
                    **owner,
                    deal_id=attempt.deal_id,
                    tries=1,
                    rights=int(attempt.correct),
                    hints=attempt.hints_used,
                    first_right=attempt.correct,
                    last_wrong_at=None if attempt.correct else attempt.created_at,
                    last_at=attempt.created_at,
                )
            created = True
        except IntegrityError:  # another tab's first answer made the row, and is stored
            row = locked.get()
    if row is not None:
        attempt.created_at = timezone.now()  # after the lock: later than the answer before
        mine.update(
            tries=F("tries") + 1,
            rights=F("rights") + int(attempt.correct),
            hints=F("hints") + attempt.hints_used,
            last_at=attempt.created_at,
            **({} if attempt.correct else {"last_wrong_at": attempt.created_at}),
        )
    attempt.first_try = created
    attempt.save(force_insert=True)
    added = {
        "attempts": 1,
        "learners": int(created),
        "hints": attempt.hints_used,
        "first_right": int(created and attempt.correct),
    }
    figures = DealFigures.objects.filter(deal_id=attempt.deal_id)
    if not figures.update(**{name: F(name) + n for name, n in added.items()}):
        try:
            with transaction.atomic():
                DealFigures.objects.create(deal_id=attempt.deal_id, **added)
        except IntegrityError:  # another answer created the row first
            figures.update(**{name: F(name) + n for name, n in added.items()})


def count_activity(attempt: Attempt) -> None:
    """One more answer, of any kind, on its account's activity row (none for a newcomer)."""
    if attempt.user_id is None:
        return
    mine = LearnerActivity.objects.filter(user_id=attempt.user_id)
    if not mine.update(answers=F("answers") + 1, last_at=attempt.created_at):
        try:
            with transaction.atomic():
                LearnerActivity.objects.create(
                    user_id=attempt.user_id, answers=1, last_at=attempt.created_at
                )
        except IntegrityError:  # another answer created it first
            mine.update(answers=F("answers") + 1, last_at=attempt.created_at)


def recount_activity(
    user_ids: Iterable[int], *, attempt_model: Any = Attempt, activity_model: Any = LearnerActivity
) -> None:
    """Rebuild the activity rows of ``user_ids`` from their answers."""
    ids = list(user_ids)
    activity_model.objects.filter(user_id__in=ids).delete()
    rows = (
        attempt_model.objects.filter(user_id__in=ids)
        .order_by()
        .values("user_id")
        .annotate(answers=Count("pk"), last_at=Max("created_at"))
    )
    activity_model.objects.bulk_create(activity_model(**row) for row in rows)


def _owner_lookup(attempt: Any) -> dict[str, Any]:
    if attempt.user_id is not None:
        return {"user_id": attempt.user_id}
    return {"user": None, "learner_key": attempt.learner_key}


def deals_of(attempts: Any) -> list[int]:
    """The exercise deals a set of answers belongs to (before they move or go)."""
    return list(
        attempts.filter(deal__isnull=False).order_by().values_list("deal_id", flat=True).distinct()
    )


def recount(
    deal_ids: Iterable[int] | None = None,
    *,
    attempt_model: Any = Attempt,
    progress_model: Any = DealProgress,
    figures_model: Any = DealFigures,
) -> None:
    """Rebuild the figures of ``deal_ids`` (every deal when None) from the answers."""
    attempts = attempt_model.objects.filter(deal__isnull=False)
    progress = progress_model.objects.all()
    figures = figures_model.objects.all()
    if deal_ids is not None:
        ids = list(deal_ids)
        attempts = attempts.filter(deal_id__in=ids)
        progress = progress.filter(deal_id__in=ids)
        figures = figures.filter(deal_id__in=ids)
    with transaction.atomic():
        progress.delete()
        figures.delete()
        attempts.update(first_try=False)
        rows: dict[tuple[Any, ...], Any] = {}
        per_deal: dict[int, dict[str, int]] = {}
        first_ids: list[int] = []
        ordered = attempts.order_by("created_at", "pk").values(
            "pk", "user_id", "learner_key", "deal_id", "correct", "hints_used", "created_at"
        )
        for a in ordered.iterator(chunk_size=5000):
            owner = (a["user_id"], "" if a["user_id"] is not None else a["learner_key"])
            key = (*owner, a["deal_id"])
            deal = per_deal.setdefault(
                a["deal_id"], {"attempts": 0, "learners": 0, "hints": 0, "first_right": 0}
            )
            deal["attempts"] += 1
            deal["hints"] += a["hints_used"]
            row = rows.get(key)
            if row is None:
                first_ids.append(a["pk"])
                deal["learners"] += 1
                deal["first_right"] += int(a["correct"])
                rows[key] = progress_model(
                    user_id=owner[0],
                    learner_key=owner[1],
                    deal_id=a["deal_id"],
                    tries=0,
                    rights=0,
                    hints=0,
                    first_right=a["correct"],
                    last_at=a["created_at"],
                )
                row = rows[key]
            row.tries += 1
            row.rights += int(a["correct"])
            row.hints += a["hints_used"]
            row.last_at = a["created_at"]
            if not a["correct"]:
                row.last_wrong_at = a["created_at"]
        progress_model.objects.bulk_create(rows.values(), batch_size=2000)
        figures_model.objects.bulk_create(
            (figures_model(deal_id=deal_id, **counts) for deal_id, counts in per_deal.items()),
            batch_size=2000,
        )
        for start in range(0, len(first_ids), 5000):
            attempt_model.objects.filter(pk__in=first_ids[start : start + 5000]).update(
                first_try=True
            )


def before_account_deleted(sender: Any, instance: Any, **kwargs: Any) -> None:
    """A departing account's answers leave the deals' figures with it.

    Its answers are deleted here, first, and the deals they touched counted
    again: the cascade that would delete them anyway gives no order to rely
    on between the answers going and the account's post_delete.
    """
    answers = Attempt.objects.filter(user_id=instance.pk)
    deal_ids = deals_of(answers)
    answers.delete()
    if deal_ids:
        recount(deal_ids)


def connect() -> None:
    """Keep the figures equal to the log when an account and its answers are deleted."""
    from django.contrib.auth import get_user_model
    from django.db.models.signals import pre_delete

    pre_delete.connect(
        before_account_deleted, sender=get_user_model(), dispatch_uid="figures-account"
    )

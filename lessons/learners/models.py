"""Tables of the learners feature: who a learner is, their answers and per-deal progress.

(The request limits' ``LimitCount`` lives in ``badacey_site/limit_counts.py``,
beside the code that counts with it.)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from django.conf import settings
from django.db import models
from django.utils import timezone

from lessons import course
from lessons.deals.models import Deal


@dataclass(frozen=True)
class Learner:
    """Who is answering: a signed-in account, or a browser's session key.

    Every progress query is scoped by one (``OwnedQuerySet.of_learner``), so
    it lives beside the models it filters.
    """

    user_id: int | None
    key: str  # the session's learner key; "" when there is none yet

    @property
    def known(self) -> bool:
        return self.user_id is not None or bool(self.key)

    def owner(self) -> dict[str, Any]:
        """The owner fields of a new row."""
        if self.user_id is not None:
            return {"user_id": self.user_id, "learner_key": ""}
        return {"user_id": None, "learner_key": self.key}


class OwnedQuerySet(models.QuerySet):
    def of_learner(self, learner: Learner) -> OwnedQuerySet:
        """Only this learner's rows: every progress query starts here."""
        if learner.user_id is not None:
            return self.filter(user_id=learner.user_id)
        if learner.key:
            return self.filter(user=None, learner_key=learner.key)
        return self.none()


class OwnedByLearner(models.Model):
    """A row kept for one learner: an account's (``user``), or a newcomer's session key's.

    Every table of a learner's own progress inherits from this, so the two
    owner columns are declared once, every such table is scoped one way
    (``objects.of_learner``), and ``lessons.learners.owned`` finds the tables
    that "delete my progress" empties as this class's subclasses: a feature
    that adds one is covered from its first migration. Each table still lists
    the indexes it is read by, which differ with what it is read for. The
    base adds no index on the key: the lookups by key a learner waits for
    use an index or unique constraint of the table's own that starts with it
    (only removing a newcomer's fitted sets, on sign-in or "delete my
    progress", reads the key without one: a table of a few rows a learner).
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE
    )
    learner_key = models.CharField(max_length=64, blank=True)

    # The progress download's section that carries this table's rows, or that
    # they are rebuilt from; tests/lessons/test_owned_tables.py fails for an
    # owned table that names none, so a new one cannot be left out of it.
    exported_in: ClassVar[str] = ""

    objects = OwnedQuerySet.as_manager()

    class Meta:
        abstract = True


def has_owner(name: str) -> models.CheckConstraint:
    """The rule of an owned row: an account, or else a session key."""
    return models.CheckConstraint(
        condition=models.Q(user__isnull=False) | ~models.Q(learner_key=""), name=name
    )


class Attempt(OwnedByLearner):
    """One answer a learner sent: to an exercise, or to one drill item.

    Whose it is: an account (``user``) or, for a learner who has not signed
    in, the random key kept in their session (``learner_key``); signing in
    moves the session's attempts to the account. Rows are only ever inserted,
    never updated, so two tabs answering at once cannot overwrite each other.
    """

    exported_in = "attempts"

    deal = models.ForeignKey(Deal, null=True, blank=True, on_delete=models.CASCADE)
    # An answer given in the replayer's quiz: not a drill of evaluator.drills,
    # so reports name it and link the practice list instead of a drill page.
    REPLAY_QUIZ = "replay"

    drill_kind = models.CharField(max_length=40, blank=True)
    item_key = models.CharField(max_length=300, blank=True)
    parts = models.JSONField(default=list, help_text="Whether each part was right, in order.")
    correct = models.BooleanField()
    hints_used = models.PositiveSmallIntegerField(default=0)
    answer = models.JSONField(default=dict, help_text="What was sent, to fill the form again.")
    created_at = models.DateTimeField(default=timezone.now)
    # The learner's first answer to this deal (exercises only): decided by
    # DealProgress's unique row, so two tabs cannot both be first.
    first_try = models.BooleanField(default=False)

    class Meta:
        ordering = ["created_at", "pk"]
        indexes = [
            models.Index(fields=["user", "deal", "created_at"], name="attempt_user_deal"),
            models.Index(fields=["learner_key", "deal", "created_at"], name="attempt_key_deal"),
            # A learner's latest answers first (home's "Continue", the study log),
            # read as one short index range instead of sorting all their rows.
            # Its last three columns let the class page group its members'
            # wrong answers of a period from the index alone, never the rows.
            models.Index(
                fields=["user", "created_at", "correct", "deal", "drill_kind"],
                name="attempt_user_time_what",
            ),
            models.Index(fields=["learner_key", "created_at"], name="attempt_key_time"),
            # A practice session checks its new items were never dealt to the learner before.
            models.Index(fields=["drill_kind", "item_key"], name="attempt_drill_item"),
        ]
        constraints = [
            has_owner("attempt_has_owner"),
            models.CheckConstraint(
                condition=models.Q(deal__isnull=False, drill_kind="")
                | models.Q(deal__isnull=True) & ~models.Q(drill_kind=""),
                name="attempt_exercise_or_drill",
            ),
        ]

    def __str__(self) -> str:
        what = self.deal.slug if self.deal else f"{self.drill_kind}:{self.item_key}"
        return f"{what} ({'right' if self.correct else 'not yet'})"


class ChecklistTicks(OwnedByLearner):
    """Which boxes of a lesson's review checklist a learner ticked: one row per learner and lesson.

    The two unique constraints are that rule (an account's rows by user, a
    newcomer's by session key); without them a double-clicked first save made
    two rows on PostgreSQL, and every later save of that checklist failed.
    """

    exported_in = "checklists"

    lesson = models.CharField(max_length=20, choices=course.lesson_choices)
    ticked = models.JSONField(default=list)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            has_owner("checklist_has_owner"),
            models.UniqueConstraint(
                fields=["user", "lesson"],
                condition=models.Q(user__isnull=False),
                name="checklist_one_per_user_lesson",
            ),
            models.UniqueConstraint(
                fields=["learner_key", "lesson"],
                condition=models.Q(user__isnull=True),
                name="checklist_one_per_key_lesson",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.lesson} checklist"


class DealProgress(OwnedByLearner):
    """One learner's summary of one deal: kept with every answer, never re-derived.

    Written in the answer's own transaction. Its unique constraints decide,
    even for two tabs answering at once, which answer was the learner's first
    try at the deal, and so whether the deal gained a learner.
    """

    exported_in = "attempts"  # a summary of the answers, counted again from them

    deal = models.ForeignKey("lessons.Deal", on_delete=models.CASCADE, related_name="progress")
    tries = models.PositiveIntegerField(default=0)
    rights = models.PositiveIntegerField(default=0)
    hints = models.PositiveIntegerField(default=0)
    first_right = models.BooleanField(default=False, help_text="The first try was right.")
    last_wrong_at = models.DateTimeField(null=True, blank=True)
    last_at = models.DateTimeField()

    class Meta:
        app_label = "lessons"
        indexes = [
            models.Index(fields=["deal", "user"], name="dealprogress_deal_user"),
            # /progress/ reads one learner's rows, most recently answered first;
            # the class page adds up its members' figures per deal from the
            # index alone (every answer rewrites the entry anyway: last_at moves).
            models.Index(
                fields=["user", "last_at", "deal", "tries", "hints", "first_right"],
                name="dealprogress_user_figures",
            ),
            models.Index(fields=["learner_key", "last_at"], name="dealprogress_key_time"),
        ]
        constraints = [
            has_owner("dealprogress_has_owner"),
            models.UniqueConstraint(
                fields=["user", "deal"],
                condition=models.Q(user__isnull=False),
                name="dealprogress_one_per_user_deal",
            ),
            models.UniqueConstraint(
                fields=["learner_key", "deal"],
                condition=models.Q(user__isnull=True),
                name="dealprogress_one_per_key_deal",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.deal_id}: {self.rights} of {self.tries}"


class DealFigures(models.Model):
    """A deal's figures for teachers, counted as answers arrive: one row per deal.

    The admin's deal list and the class page once recomputed them from every
    answer ever given (2 s a page at 400,000 answers); now they are one
    indexed read. ``manage.py rebuild_deal_figures`` recounts them from the
    answers, which stay the record.
    """

    deal = models.OneToOneField(
        "lessons.Deal", on_delete=models.CASCADE, primary_key=True, related_name="figures"
    )
    attempts = models.PositiveIntegerField(default=0)
    learners = models.PositiveIntegerField(default=0)
    hints = models.PositiveIntegerField(default=0)
    first_right = models.PositiveIntegerField(default=0)

    class Meta:
        app_label = "lessons"

    def __str__(self) -> str:
        return f"{self.deal_id}: {self.attempts} attempts"


class LearnerActivity(models.Model):
    """An account's answer count and latest answer: one row per account, kept with each answer.

    The class page shows both for every member; counting them from the
    answers cost each page every answer the class ever gave.
    """

    user = models.OneToOneField(
        "auth.User", on_delete=models.CASCADE, primary_key=True, related_name="activity"
    )
    answers = models.PositiveIntegerField(default=0)
    last_at = models.DateTimeField()

    class Meta:
        app_label = "lessons"

    def __str__(self) -> str:
        return f"{self.user_id}: {self.answers} answers"

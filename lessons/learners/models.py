"""Tables of the learners feature: request counts and per-deal progress.

``LimitCount`` is the shared tally behind every request limit when no Redis is
configured. A per-process cache would give each gunicorn worker a count of its
own (two workers, twice the sign-ups); the database is the one thing every
worker of a site already shares, and a single UPDATE adds one atomically.
"""

from __future__ import annotations

from django.db import models


class LimitCount(models.Model):
    """How many requests one limit has counted for one address or account in one window.

    ``key`` names the limit, a digest of who, and the window, so a new window
    starts a new row; rows whose window has ended are pruned as new ones start.
    """

    key = models.CharField(max_length=160, unique=True)
    count = models.PositiveIntegerField(default=0)
    expires_at = models.DateTimeField(db_index=True)

    class Meta:
        app_label = "lessons"

    def __str__(self) -> str:
        return f"{self.key}: {self.count}"


class DealProgress(models.Model):
    """One learner's summary of one deal: kept with every answer, never re-derived.

    Written in the answer's own transaction. Its unique constraints decide,
    even for two tabs answering at once, which answer was the learner's first
    try at the deal, and so whether the deal gained a learner.
    """

    user = models.ForeignKey(
        "auth.User", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    learner_key = models.CharField(max_length=64, blank=True)
    deal = models.ForeignKey("lessons.Deal", on_delete=models.CASCADE, related_name="progress")
    tries = models.PositiveIntegerField(default=0)
    rights = models.PositiveIntegerField(default=0)
    hints = models.PositiveIntegerField(default=0)
    first_right = models.BooleanField(default=False, help_text="The first try was right.")
    last_wrong_at = models.DateTimeField(null=True, blank=True)
    last_at = models.DateTimeField()
    # The exercise's review (lessons.learners.deal_figures.review_step): its
    # stage and when it is due, or both empty when nothing is waiting.
    review_stage = models.PositiveSmallIntegerField(null=True, blank=True)
    review_due = models.DateTimeField(null=True, blank=True)

    class Meta:
        app_label = "lessons"
        indexes = [
            models.Index(fields=["deal", "user"], name="dealprogress_deal_user"),
            # /progress/ reads one learner's rows, most recently answered first.
            models.Index(fields=["user", "last_at"], name="dealprogress_user_time"),
            models.Index(fields=["learner_key", "last_at"], name="dealprogress_key_time"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(user__isnull=False) | ~models.Q(learner_key=""),
                name="dealprogress_has_owner",
            ),
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

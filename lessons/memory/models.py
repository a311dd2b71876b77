"""The memory feature's tables: the FSRS review log and the fitted parameter sets.

``ReviewLog`` keeps one row per FSRS review (an answer to a skill that was
due or new, ``lessons.learners.mastery``): without it the site could
never learn how its own learners forget. ``FittedParameters`` keeps every
parameter set the nightly fit made, site-wide or for one learner, with the
evidence for it, so a bad fit can be seen and an older set made active again.
"""

from __future__ import annotations

from django.db import models
from django.utils import timezone

from lessons.learners.models import OwnedByLearner, has_owner

# Where a review came from (the feature that recorded the answer).
SOURCES = [
    ("exercise", "Lesson exercise"),
    ("quick-check", "Quick check"),
    ("drill", "Drill"),
    ("study", "Practice session"),
    ("replay", "Replayer quiz"),
    ("played", "Played hand"),
]
BROWSER, SERVER = "browser", "server"
TIMED_BY = [(BROWSER, "Browser"), (SERVER, "Server clock"), ("", "Not measured")]


class ReviewLog(OwnedByLearner):
    """One FSRS review of one learner's skill: what the fit and the calibration page read.

    Rows are only inserted, in the transaction of the answer that made them.
    ``elapsed_days`` is empty for a skill's first review. ``duration_ms`` is
    how long the learner took, measured in the browser from showing the item
    to sending the answer, or else from the server's clock (``timed_by``
    says which; empty when neither could tell).
    """

    exported_in = "reviews"

    skill = models.CharField(max_length=40)
    rating = models.PositiveSmallIntegerField(help_text="1 Again, 2 Hard, 3 Good, 4 Easy.")
    reviewed_at = models.DateTimeField(default=timezone.now)
    elapsed_days = models.FloatField(null=True, blank=True)
    state_before = models.PositiveSmallIntegerField(help_text="0 new, 1 learning, 2 review.")
    stability_before = models.FloatField(null=True, blank=True)
    difficulty_before = models.FloatField(null=True, blank=True)
    state_after = models.PositiveSmallIntegerField()
    stability_after = models.FloatField(null=True, blank=True)
    difficulty_after = models.FloatField(null=True, blank=True)
    source = models.CharField(max_length=20, choices=SOURCES)
    duration_ms = models.PositiveIntegerField(null=True, blank=True)
    timed_by = models.CharField(max_length=10, choices=TIMED_BY, blank=True)

    class Meta:
        app_label = "lessons"
        ordering = ["reviewed_at", "pk"]
        indexes = [
            models.Index(fields=["user", "skill", "reviewed_at"], name="reviewlog_user_skill"),
            models.Index(
                fields=["learner_key", "skill", "reviewed_at"], name="reviewlog_key_skill"
            ),
            # The nightly fit reads every review in time order.
            models.Index(fields=["reviewed_at"], name="reviewlog_time"),
        ]
        constraints = [
            has_owner("reviewlog_has_owner"),
            models.CheckConstraint(
                condition=models.Q(rating__gte=1, rating__lte=4), name="reviewlog_rating_1_to_4"
            ),
            models.CheckConstraint(
                condition=models.Q(duration_ms__isnull=True, timed_by="")
                | models.Q(duration_ms__isnull=False, timed_by__in=[BROWSER, SERVER]),
                name="reviewlog_duration_says_how",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.skill} rated {self.rating} at {self.reviewed_at:%Y-%m-%d}"


class FittedParameters(OwnedByLearner):
    """One FSRS parameter set the fit made: for the whole site, or for one learner.

    ``active`` marks the set the scheduler uses (at most one per site and one
    per learner); older sets stay, so a bad fit can be rolled back by making
    an earlier one active. ``log_loss`` is measured on held-out later reviews,
    beside ``default_log_loss``, the package defaults' on the same reviews.
    """

    exported_in = "reviews"  # fitted from the reviews again

    SITE, LEARNER = "site", "learner"

    scope = models.CharField(max_length=10, choices=[(SITE, "Site"), (LEARNER, "Learner")])
    parameters = models.JSONField(help_text="The FSRS weights, in the optimizer's order.")
    fitted_at = models.DateTimeField(default=timezone.now)
    reviews = models.PositiveIntegerField(help_text="Reviews the set was fitted on.")
    learners = models.PositiveIntegerField(default=1)
    log_loss = models.FloatField(null=True, blank=True)
    default_log_loss = models.FloatField(null=True, blank=True)
    held_out = models.PositiveIntegerField(default=0, help_text="Reviews the losses rest on.")
    active = models.BooleanField(default=True)

    class Meta:
        app_label = "lessons"
        verbose_name_plural = "fitted parameters"
        ordering = ["-fitted_at", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(scope="site", user__isnull=True, learner_key="")
                | models.Q(scope="learner")
                & (models.Q(user__isnull=False) | ~models.Q(learner_key="")),
                name="fittedparameters_scope_owner",
            ),
            models.UniqueConstraint(
                fields=["scope"],
                condition=models.Q(active=True, scope="site"),
                name="fittedparameters_one_active_site",
            ),
            models.UniqueConstraint(
                fields=["user"],
                condition=models.Q(active=True, user__isnull=False),
                name="fittedparameters_one_active_user",
            ),
            models.UniqueConstraint(
                fields=["learner_key"],
                condition=models.Q(active=True, user__isnull=True, scope="learner"),
                name="fittedparameters_one_active_key",
            ),
        ]

    def __str__(self) -> str:
        who = "site" if self.scope == self.SITE else f"learner {self.user_id or self.learner_key}"
        return f"{who} set of {self.fitted_at:%Y-%m-%d} ({self.reviews} reviews)"


class CalibrationReport(models.Model):
    """How well each kind of parameter set predicted later answers, as of one nightly fit.

    Site-wide figures only (no learner is named): what ``/about/memory/``
    shows. ``rows`` holds, for the defaults, the site's set and the learners'
    own sets, the log loss, binned RMSE, AUC, the reviews and learners each
    figure rests on, and the calibration bins (``lessons.memory.calibration``).
    """

    made_at = models.DateTimeField(default=timezone.now, db_index=True)
    rows = models.JSONField(default=list)

    class Meta:
        app_label = "lessons"
        ordering = ["-made_at", "-pk"]

    def __str__(self) -> str:
        return f"calibration of {self.made_at:%Y-%m-%d}"


class RetentionChoice(OwnedByLearner):
    """The chance of a right answer a learner wants reviews timed for: one row per learner.

    Without a row the site's setting (``BADACEY_DESIRED_RETENTION``) applies.
    """

    exported_in = "desired_retention"

    LOWEST, HIGHEST = 0.80, 0.95

    desired_retention = models.FloatField()
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        app_label = "lessons"
        constraints = [
            has_owner("retentionchoice_has_owner"),
            models.CheckConstraint(
                condition=models.Q(desired_retention__gte=0.80, desired_retention__lte=0.95),
                name="retentionchoice_in_range",
            ),
            models.UniqueConstraint(
                fields=["user"],
                condition=models.Q(user__isnull=False),
                name="retentionchoice_one_per_user",
            ),
            models.UniqueConstraint(
                fields=["learner_key"],
                condition=models.Q(user__isnull=True),
                name="retentionchoice_one_per_key",
            ),
        ]

    def __str__(self) -> str:
        return f"retention {self.desired_retention:.2f}"

"""The study feature's tables: each learner's skills and their practice sessions."""

from __future__ import annotations

from django.db import models
from django.utils import timezone

from lessons.learners.models import OwnedByLearner, has_owner


class SkillState(OwnedByLearner):
    """One learner's standing in one skill (``lessons.skills``) and its FSRS review card.

    Updated by one small write when an answer is recorded, in the same
    transaction as the attempt, so no page recomputes it from the whole log.
    The rules that move ``level`` are ``lessons.learners.mastery``.
    """

    exported_in = "skills"

    skill = models.CharField(max_length=40)
    level = models.PositiveSmallIntegerField(default=0)
    clean_items = models.JSONField(
        default=list, help_text="Distinct items answered right without hints, newest last."
    )
    proficient_on = models.DateField(null=True, blank=True)
    answers = models.PositiveIntegerField(default=0)
    rights = models.PositiveIntegerField(default=0)
    recent_mistakes = models.JSONField(
        default=list, help_text="Misconceptions the engine named in recent wrong answers."
    )
    card = models.JSONField(default=dict, help_text="The FSRS card (fsrs.Card.to_json).")
    due = models.DateTimeField(null=True, blank=True)
    last_answered = models.DateTimeField(null=True, blank=True)
    # Wrong answers to this skill since its last right one (classes' "needs help").
    misses_in_a_row = models.PositiveSmallIntegerField(default=0)
    # The items that moved this skill on the UTC day of ``last_answered``: the same
    # item again that day moves it no more (lessons.learners.skill_records.after_answer).
    items_today = models.JSONField(default=list, blank=True)

    class Meta:
        constraints = [
            has_owner("skillstate_has_owner"),
            models.UniqueConstraint(
                fields=["user", "skill"],
                condition=models.Q(user__isnull=False),
                name="skillstate_one_per_user",
            ),
            models.UniqueConstraint(
                fields=["learner_key", "skill"],
                condition=models.Q(user__isnull=True),
                name="skillstate_one_per_key",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.skill}: level {self.level}"


class StudySession(OwnedByLearner):
    """A practice session or mastery challenge: its items are chosen once and stored."""

    exported_in = "sessions"

    PRACTICE, CHALLENGE, CHECK = "practice", "challenge", "check"

    kind = models.CharField(
        max_length=10,
        choices=[
            (PRACTICE, "Practice"),
            (CHALLENGE, "Mastery challenge"),
            (CHECK, "Same-deals check"),
        ],
        default=PRACTICE,
    )
    created = models.DateTimeField(default=timezone.now)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [
            # A newcomer's sessions, latest first (the open session, the streak);
            # an account's are found by the user column's own index.
            models.Index(fields=["learner_key", "created"], name="studysession_key_time"),
        ]
        constraints = [
            has_owner("studysession_has_owner"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.pk}"


class StudyItem(models.Model):
    """One generated item of a session: its skill and the drill settings that deal it again."""

    session = models.ForeignKey(StudySession, on_delete=models.CASCADE, related_name="items")
    position = models.PositiveSmallIntegerField()
    skill = models.CharField(max_length=40)
    purpose = models.CharField(
        max_length=10, default="practice"
    )  # review, practice, new, challenge, check
    drill_kind = models.CharField(max_length=40)
    game = models.CharField(max_length=20)
    difficulty = models.PositiveSmallIntegerField()
    seed = models.BigIntegerField()
    answered_at = models.DateTimeField(null=True, blank=True)
    correct = models.BooleanField(null=True)
    hints = models.PositiveSmallIntegerField(default=0)
    misconception = models.CharField(max_length=60, blank=True)
    level_before = models.PositiveSmallIntegerField(null=True)
    level_after = models.PositiveSmallIntegerField(null=True)
    # Every skill the answer moved, the item's own and any other it also tests:
    # [[skill, level before, level after], ...]. The summary reads these, so a
    # second skill's change is reported as it was written.
    changes = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["session", "position"]
        indexes = [models.Index(fields=["drill_kind", "seed"], name="studyitem_drill_seed")]
        constraints = [
            models.UniqueConstraint(fields=["session", "position"], name="studyitem_position"),
        ]

    def __str__(self) -> str:
        return f"{self.session_id}#{self.position} {self.skill}"

    @property
    def item_key(self) -> str:
        """The drill attempt's key: the same as the drill page records for this item."""
        return f"{self.game}/{self.difficulty}/{self.seed}"

"""The classes feature's tables: classes, their learners, set work and diagnosed mistakes."""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse
from django.utils import timezone

from lessons import course
from lessons.deals.models import Deal
from lessons.learners.models import Attempt

# Join codes are read aloud and copied from a board: no 0/O and no 1/I/L to mix up.
JOIN_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
JOIN_CODE_LENGTH = 8


class Classroom(models.Model):
    """A teacher's class: learners join it with its code, teachers see how it is doing.

    A class may have several teachers (``teachers``); ``created_by`` only says
    who started it. Turning ``joining_open`` off keeps the code but refuses it.
    """

    name = models.CharField(max_length=100)
    join_code = models.CharField(max_length=JOIN_CODE_LENGTH, unique=True)
    joining_open = models.BooleanField(default=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    teachers = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="taught_classes")
    created_at = models.DateTimeField(default=timezone.now)
    # Set when a teacher archives the class: read-only, gone from learners' lists, restorable.
    archived_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("classes:class_page", args=[self.pk])

    @property
    def archived(self) -> bool:
        return self.archived_at is not None


class Membership(models.Model):
    """One learner (an account) in one class: one row per class and learner."""

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="class_memberships"
    )
    joined_at = models.DateTimeField(default=timezone.now)
    # Set when the course site's member list (lti.roster) no longer has the learner:
    # they show as "left" in the grid and keep their row and their work, never deleted.
    left_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["joined_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["classroom", "user"], name="membership_one_per_user"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} in {self.classroom_id}"


class Assignment(models.Model):
    """Work a teacher set a class: a lesson, practice deals, a skill to reach or hands to play."""

    LESSON, DEALS, SKILL, PLAY = "lesson", "deals", "skill", "play"
    KINDS = [
        (LESSON, "A lesson"),
        (DEALS, "Practice deals"),
        (SKILL, "A skill target"),
        (PLAY, "Hands to play at the study table"),
    ]
    MOST_HANDS = 200
    # A skill target means progress: Familiar (2) and above need a right answer;
    # Learning (1) is reached by any answer, right or wrong.
    LOWEST_TARGET = 2

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="assignments")
    kind = models.CharField(max_length=10, choices=KINDS)
    lesson = models.CharField(max_length=20, choices=course.lesson_choices, blank=True)
    deals = models.ManyToManyField(Deal, blank=True, related_name="assignments")
    skill = models.CharField(max_length=40, blank=True)
    target_level = models.PositiveSmallIntegerField(
        default=3, validators=[MinValueValidator(LOWEST_TARGET), MaxValueValidator(4)]
    )
    # "Play N hands of a game": the game (an evaluator profile key) and N.
    game = models.CharField(max_length=30, blank=True)
    hands = models.PositiveSmallIntegerField(
        default=10, validators=[MinValueValidator(1), MaxValueValidator(MOST_HANDS)]
    )
    due_on = models.DateField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(kind="lesson") & ~models.Q(lesson="")
                | models.Q(kind="deals")
                | models.Q(kind="skill") & ~models.Q(skill="")
                | models.Q(kind="play") & ~models.Q(game=""),
                name="assignment_names_its_work",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} for {self.classroom_id}"


class AssignmentFinish(models.Model):
    """When a learner first reached a skill target set to them: one row per assignment and learner.

    A skill's level is kept, not the moment it was reached, and it may drop
    again; this row keeps the moment (the answer that reached it), so the
    status can say "done on ..." and tell done from done late. Lessons, deals
    and hands need no row: their answers and hands carry their own times.
    """

    assignment = models.ForeignKey(Assignment, on_delete=models.CASCADE, related_name="finishes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    finished_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["assignment", "user"], name="finish_one_per_learner"),
        ]

    def __str__(self) -> str:
        return f"{self.assignment_id} finished by {self.user_id}"


class Removal(models.Model):
    """A teacher took a learner out of a class: told once on home, and on the account page.

    Keeps the class's name (the class itself may be deleted later); the
    learner's answers were never the class's, so nothing else goes.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="class_removals"
    )
    class_name = models.CharField(max_length=100)
    removed_at = models.DateTimeField(default=timezone.now)
    # When the learner's home page first told them (it tells each removal once).
    told_on_home_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-removed_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.user_id} removed from {self.class_name}"


class DiagnosedMistake(models.Model):
    """A misconception the engine named in one answer: one row per answer and misconception.

    Kept beside the attempt (and deleted with it) so "what the class misses
    most" over any period is one grouped count, not a re-check of every answer.
    """

    attempt = models.ForeignKey(Attempt, on_delete=models.CASCADE, related_name="mistakes")
    misconception = models.CharField(max_length=60)
    skill = models.CharField(max_length=40, blank=True)
    # Copied from the attempt when the row is written, so a class report reads
    # its members' mistakes over a period through one index and never joins
    # the whole answer log.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE
    )
    created_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["user", "created_at"], name="mistake_user_time")]
        constraints = [
            models.UniqueConstraint(
                fields=["attempt", "misconception"], name="mistake_one_per_attempt"
            ),
        ]

    def __str__(self) -> str:
        return self.misconception


class ManagedAccount(models.Model):
    """A learner account a teacher made for a class, with no email: one row per account.

    ``card_secret`` is what the sign-in card says: while it is set, it is how
    the learner signs in (``managed.CardBackend`` compares it), and the
    class's teachers may print it again, as they may read the join code. When
    the learner chooses their own password it is hashed as any other and the
    card secret is emptied; a teacher's reset makes a new one.
    """

    WORDS, PICTURES = "words", "pictures"
    KINDS = [(WORDS, "A password of words"), (PICTURES, "A picture code")]

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="managed_account"
    )
    classroom = models.ForeignKey(
        Classroom, on_delete=models.CASCADE, related_name="managed_accounts"
    )
    name = models.CharField(max_length=100)  # as the teacher typed it, for the card
    kind = models.CharField(max_length=10, choices=KINDS, default=WORDS)
    card_secret = models.CharField(max_length=60, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["name", "pk"]
        indexes = [models.Index(fields=["created_by", "created_at"], name="managed_by_teacher_day")]

    def __str__(self) -> str:
        return f"{self.name} in {self.classroom_id}"

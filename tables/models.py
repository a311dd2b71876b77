"""A live table, its seats, its hands and the numbered log of what happened at it.

The hand log is the truth: ``LiveTableHand`` stores the engine's settings and
every person's action in order, so the engine rebuilds the hand exactly (after
a reload, a dropped connection or a server restart). ``TableEvent`` numbers
each public event per table; a browser that missed messages asks for the
events after the last number it saw.
"""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse
from django.utils import timezone

from lessons.models import Classroom

MIN_PEOPLE_SEATS = 2
MAX_SEATS = 6

OPEN, PAUSED, CLOSED = "open", "paused", "closed"
STATUS_CHOICES = [(OPEN, "Open"), (PAUSED, "Paused"), (CLOSED, "Closed")]


class SameDealsMatch(models.Model):
    """A class match: every table plays the same deals, each table with the chairs
    rotated, so the results compare decisions rather than the cards each person got."""

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="matches")
    name = models.CharField(max_length=60)
    game = models.CharField(max_length=30)
    seed = models.PositiveIntegerField(help_text="Deals hand k of every table from seed + k.")
    hands_per_table = models.PositiveSmallIntegerField(
        default=6, validators=[MinValueValidator(1), MaxValueValidator(60)]
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at", "pk"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tables:match", args=[self.pk])


class LiveTable(models.Model):
    """A table that people play at: a class's (opened by its teacher) or a friend's."""

    name = models.CharField(max_length=60)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="owned_live_tables"
    )
    classroom = models.ForeignKey(
        Classroom,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="live_tables",
        help_text="A class table: only the class's learners sit, its teachers watch.",
    )
    # A friend's table is joined with this code (class tables use membership instead).
    code = models.CharField(max_length=8, unique=True)
    game = models.CharField(max_length=30)
    seats = models.PositiveSmallIntegerField(
        validators=[MinValueValidator(2), MaxValueValidator(MAX_SEATS)]
    )
    fill_with_computers = models.BooleanField(default=False)
    clock_seconds = models.PositiveSmallIntegerField(
        default=30, validators=[MinValueValidator(5), MaxValueValidator(600)]
    )
    time_bank_seconds = models.PositiveSmallIntegerField(
        default=60, validators=[MaxValueValidator(3600)]
    )
    coach_live = models.BooleanField(
        default=False, help_text="Show each player the coach's grade as they play."
    )
    status = models.CharField(max_length=8, choices=STATUS_CHOICES, default=OPEN)
    match = models.ForeignKey(
        SameDealsMatch, null=True, blank=True, on_delete=models.CASCADE, related_name="tables"
    )
    # The table's place in its match: its chairs are rotated this many places
    # against the deal, so each deal reaches each chair's person at some table.
    match_index = models.PositiveSmallIntegerField(default=0)
    last_seq = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at", "pk"]
        indexes = [models.Index(fields=["classroom", "status"], name="livetable_class_status")]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tables:table", args=[self.pk])


class LiveSeat(models.Model):
    """One person in one chair: one row per table and chair, and per table and person."""

    table = models.ForeignKey(LiveTable, on_delete=models.CASCADE, related_name="seat_rows")
    position = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="live_seats"
    )
    stack = models.PositiveIntegerField()
    sat_out = models.BooleanField(default=False)
    time_bank = models.PositiveIntegerField(default=0, help_text="Seconds left in the bank.")
    joined_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="liveseat_one_per_chair"),
            models.UniqueConstraint(fields=["table", "user"], name="liveseat_one_per_person"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} at {self.table_id}:{self.position}"


class LiveTableHand(models.Model):
    """One hand at a live table: the engine's settings and every person's action in order."""

    table = models.ForeignKey(LiveTable, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField()
    settings = models.JSONField(help_text="The TableSettings, as play.encoding writes them.")
    # Which account sits in each chair of this hand (None for a computer player).
    players = models.JSONField(default=list)
    actions = models.JSONField(default=list, help_text="Every person's actions, in order.")
    # Each person's graded copy in their own history, once the hand is over:
    # {"<user id>": <play.PlayedHand id>}; the teacher reads the grades from there.
    copies = models.JSONField(default=dict)
    # With the coach on during play: each person's latest grade, {"<user id>": {...}},
    # shown to that person alone.
    live_grades = models.JSONField(default=dict)
    is_over = models.BooleanField(default=False)
    turn_started_at = models.DateTimeField(default=timezone.now)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="livehand_one_per_number"),
        ]

    def __str__(self) -> str:
        return f"hand {self.number} at {self.table_id}"


class TableEvent(models.Model):
    """A public event at a table, numbered: never a hidden card (the engine's events are
    what a dealer says aloud)."""

    table = models.ForeignKey(LiveTable, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    hand_number = models.PositiveIntegerField(default=0)
    kind = models.CharField(max_length=20)
    text = models.CharField(max_length=300)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["table", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seq"], name="tableevent_one_per_seq"),
        ]

    def __str__(self) -> str:
        return f"{self.table_id}#{self.seq} {self.text}"

"""The study table's tables: a played hand, and one row per graded decision.

A hand stores only what the engine needs to rebuild it: the table settings
and the learner's actions (``LiveHand.replay``). ``step`` is the number of
actions taken, which every form post must repeat: a post answering an older
step (a double click, a second tab, a replayed form) is refused instead of
playing twice. The learner's result and the counts the history page sums
are kept on the row when the hand ends, so the history never replays hands.
"""

from __future__ import annotations

from django.db import models
from django.urls import reverse
from django.utils import timezone

from evaluator import PROFILES
from lessons.learners.models import OwnedByLearner, has_owner

COACH_LIVE, COACH_AFTER, COACH_OFF = "live", "after", "off"
COACHING_CHOICES = [
    (COACH_LIVE, "As you play: each decision is graded before the others answer"),
    (COACH_AFTER, "After the hand: every grade in the review"),
    (COACH_OFF, "Off: no grades at the table"),
]
GRADE_CHOICES = [("correct", "Correct"), ("inaccuracy", "Inaccuracy"), ("blunder", "Blunder")]
# Each grade as the end of "the coach called it ...".
GRADE_CALLED = {"correct": "correct", "inaccuracy": "an inaccuracy", "blunder": "a blunder"}


class PlayedHand(OwnedByLearner):
    """One hand at the study table, owned by an account or an anonymous learner's session key."""

    exported_in = "played_hands"

    game = models.CharField(max_length=30)
    coaching = models.CharField(max_length=10, choices=COACHING_CHOICES, default=COACH_LIVE)
    table = models.JSONField(help_text="The TableSettings, as play.encoding writes them.")
    actions = models.JSONField(default=list, help_text="The learner's actions, in order.")
    step = models.PositiveIntegerField(default=0)
    is_over = models.BooleanField(default=False)
    # Filled when the hand ends: the learner's chips won or lost, and the grades' sums.
    net = models.IntegerField(null=True, blank=True)
    big_bet = models.PositiveIntegerField(default=0)
    decisions = models.PositiveSmallIntegerField(default=0)
    blunders = models.PositiveSmallIntegerField(default=0)
    mistake_total = models.FloatField(default=0.0, help_text="Sum of the mistakes, in big bets.")
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [
            models.Index(fields=["user", "is_over", "created_at"], name="played_user_open"),
            models.Index(fields=["learner_key", "is_over", "created_at"], name="played_key_open"),
        ]
        constraints = [
            has_owner("playedhand_has_owner"),
        ]

    def __str__(self) -> str:
        return f"{self.game} hand {self.pk} ({'over' if self.is_over else f'step {self.step}'})"

    def get_absolute_url(self) -> str:
        return reverse("play:table", args=[self.pk])

    @property
    def game_name(self) -> str:
        profile = PROFILES.get(self.game)
        return profile.name if profile else self.game

    @property
    def result_words(self) -> str:
        """The learner's result in one sentence: "You won 1 chip.", "You broke even."."""
        net = self.net or 0
        chips = f"{abs(net)} chip{'s' if abs(net) != 1 else ''}"
        if net > 0:
            return f"You won {chips}."
        if net < 0:
            return f"You lost {chips}."
        return "You broke even."

    @property
    def error_rate(self) -> float | None:
        """Mistake size per decision, in big bets."""
        return self.mistake_total / self.decisions if self.decisions else None


class GradedDecision(models.Model):
    """The coach's grade of one of the learner's decisions: one row per hand and step."""

    hand = models.ForeignKey(PlayedHand, on_delete=models.CASCADE, related_name="grades")
    step = models.PositiveSmallIntegerField()
    skill_kind = models.CharField(max_length=10)  # "draw" or "bet"
    decision = models.CharField(max_length=200)
    grade = models.CharField(max_length=12, choices=GRADE_CHOICES)
    reason_code = models.CharField(max_length=40)
    reason = models.TextField()
    better_play = models.CharField(max_length=200, blank=True)
    better_action = models.JSONField(null=True, blank=True)
    size = models.FloatField(help_text="The mistake in big bets; 0 when correct.")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["hand", "step"]
        constraints = [
            models.UniqueConstraint(fields=["hand", "step"], name="graded_one_per_step"),
        ]
        indexes = [models.Index(fields=["grade", "hand"], name="graded_grade_hand")]

    def __str__(self) -> str:
        return f"hand {self.hand_id} step {self.step}: {self.grade}"

    @property
    def called(self) -> str:
        """The grade as a sentence ends with it: "correct", "an inaccuracy", "a blunder"."""
        return GRADE_CALLED.get(self.grade, self.grade)

    @property
    def spoken(self) -> str:
        """The whole grade in one line, for the live region: grade, decision, reason, better."""
        parts = [f"Coach: {self.get_grade_display()}, {self.decision}"]
        if self.size:
            parts[0] += f", cost {self.size:.2f} big bets"
        parts.append(self.reason.rstrip("."))
        if self.better_play:
            parts.append(f"Better: {self.better_play}")
        return ". ".join(parts) + "."


class DecisionCard(models.Model):
    """A decision the learner chose to practise again: one FSRS card in their review queue.

    It belongs to the learner through its hand, so signing in (which adopts the
    browser's hands) and deleting progress (which deletes them) carry it along.
    One card per decision: asking twice keeps the first card and its schedule.
    """

    decision = models.OneToOneField(
        GradedDecision, on_delete=models.CASCADE, related_name="review_card"
    )
    card = models.JSONField(default=dict, help_text="The FSRS card (fsrs.Card.to_json).")
    due = models.DateTimeField()
    added_at = models.DateTimeField(default=timezone.now)
    reviews = models.PositiveSmallIntegerField(default=0)
    last_reviewed = models.DateTimeField(null=True, blank=True)
    last_right = models.BooleanField(null=True)

    class Meta:
        ordering = ["due", "pk"]
        indexes = [models.Index(fields=["due"], name="decisioncard_due")]

    def __str__(self) -> str:
        return f"card for {self.decision}"


MATH_WORKING, MATH_DONE, MATH_FAILED = "working", "done", "failed"
MATH_STATES = [(MATH_WORKING, "Working"), (MATH_DONE, "Done"), (MATH_FAILED, "Failed")]


class SolvedRound(models.Model):
    """One "math says" answer: a heads-up last round solved by the background worker.

    Solving takes seconds to a minute, too long for a request, so the page
    queues a task and shows "working" until this row is done. The row, not
    the cache, carries the answer, because the worker and the web servers
    share the database whatever cache each has. One row per question (its
    key names the spot and the code version), so a question asked twice is
    solved once. Rows older than ``play.math_answers.KEEP_DAYS`` are deleted
    by the task that adds a new one.
    """

    key = models.CharField(max_length=80, unique=True)
    state = models.CharField(max_length=10, choices=MATH_STATES, default=MATH_WORKING)
    answer = models.JSONField(null=True, blank=True, help_text="MathSays.to_json() when done.")
    error = models.TextField(blank=True, help_text="Why it failed, in words.")
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        indexes = [models.Index(fields=["updated_at"], name="solvedround_updated")]

    def __str__(self) -> str:
        return f"solved round {self.key[:12]} ({self.state})"

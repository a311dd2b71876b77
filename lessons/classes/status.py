"""Where each learner stands on each assignment: the one place the status words are decided.

The class page, an assignment's page, the learner's page, the CSV, the
teacher's class list and the learner's own home page all ask ``status_of``,
so the same learner and work read the same everywhere. The states:

- **Not started**: nothing towards it yet;
- **In progress**: something towards it (an exercise tried, a level gained,
  a hand played), not finished, and not past its due date;
- **Done** (with when): finished on or before the due date, or with none;
- **Done late**: finished after the due date;
- **Missing**: past its due date and not finished.

A due date means the end of that day (UTC, the site's time zone). When the
work was finished: a lesson or a set of deals when its last exercise was
first answered right; hands to play when the last hand needed ended; a
skill target when the answer that reached the level was sent
(``AssignmentFinish``, written by ``records.note_skill_targets``). A skill
reached before that row existed (or through the study table) reads "Done"
with no date, and is never late: the site cannot say when it happened.

``Evidence.gather`` reads everything for any number of learners and
assignments in a fixed handful of queries (one per kind, plus two per
hands-to-play assignment), never one per learner.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from django.db.models import Case, Count, Min, When

from lessons import events
from lessons.learners import mastery
from lessons.models import Assignment, AssignmentFinish, Attempt, Deal, SkillState

NOT_STARTED, IN_PROGRESS, DONE, LATE, MISSING = (
    "not-started",
    "in-progress",
    "done",
    "late",
    "missing",
)
WORDS = {
    NOT_STARTED: "Not started",
    IN_PROGRESS: "In progress",
    DONE: "Done",
    LATE: "Done late",
    MISSING: "Missing",
}
# The letter each status shows in the class grid, beside its colour (never colour alone).
MARKS = {NOT_STARTED: "N", IN_PROGRESS: "P", DONE: "D", LATE: "L", MISSING: "M"}
# The order a "who is behind" sort reads: the most pressing first.
URGENCY = {MISSING: 0, NOT_STARTED: 1, IN_PROGRESS: 2, LATE: 3, DONE: 4}


@dataclass(frozen=True)
class Status:
    state: str
    done_at: datetime | None = None
    left: str = ""  # what is left, as a sentence; "" when finished

    @property
    def word(self) -> str:
        return WORDS[self.state]

    @property
    def finished(self) -> bool:
        return self.state in (DONE, LATE)

    @property
    def overdue(self) -> bool:
        return self.state == MISSING

    @property
    def words(self) -> str:
        """The status as a teacher and the learner both read it: "Done on 3 Dec 2026"."""
        if self.finished and self.done_at is not None:
            return f"{self.word} on {self.done_at.day} {self.done_at:%b %Y}"
        return self.word

    @property
    def when(self) -> str:
        """When it was finished, for the CSV: "2026-12-03 14:05 UTC", or ""."""
        return self.done_at.strftime("%Y-%m-%d %H:%M UTC") if self.done_at else ""


@dataclass(frozen=True)
class HandsPlayed:
    """One learner's finished hands towards a hands-to-play assignment."""

    hands: int = 0
    decisions: int = 0
    mistakes: float = 0.0  # the coach's mistake sizes added up, in big bets
    reached_at: datetime | None = None  # when the hand that made the number ended

    @property
    def error_rate(self) -> float | None:
        """Big bets lost to mistakes per decision, as the study table's history shows it."""
        return self.mistakes / self.decisions if self.decisions else None


# The study table (``play``) sits above lessons, so it answers
# ``lessons.events.HANDS_FOR_WORK`` and ``HANDS_BY_GAME`` (play.class_work)
# instead of lessons importing it.


@dataclass(frozen=True)
class GameHands:
    """One learner's finished hands of one game at the study table, for their teacher's page."""

    game: str  # the game's name
    hands: int
    decisions: int
    blunders: int
    mistakes: float

    @property
    def error_rate(self) -> float | None:
        return self.mistakes / self.decisions if self.decisions else None


def hands_by_game(user_id: int) -> list[GameHands]:
    """What the study table registered about a learner's hands; [] without the study table."""
    return [found for answer in events.HANDS_BY_GAME.ask(user_id) for found in answer]


@dataclass
class Evidence:
    """What the database says about some learners and some assignments, read at once."""

    # user id -> deal id -> when first answered right (None: tried, never right)
    deals: dict[int, dict[int, datetime | None]] = field(default_factory=dict)
    levels: dict[int, dict[str, int]] = field(default_factory=dict)
    finishes: dict[tuple[int, int], datetime] = field(default_factory=dict)
    hands: dict[tuple[int, int], HandsPlayed] = field(default_factory=dict)
    by_lesson: dict[str, set[int]] = field(default_factory=dict)
    # assignment id -> the exercises it asks for, worked out once, not once per learner
    wanted: dict[int, set[int]] = field(default_factory=dict)

    @classmethod
    def gather(
        cls,
        assignments: Iterable[Assignment],
        users: Any,
        levels: dict[int, dict[str, int]] | None = None,
        finishes: dict[tuple[int, int], datetime] | None = None,
    ) -> Evidence:
        """``users``: ids, or a subquery of them (a class's members).

        The assignments' ``deals`` should be prefetched. ``levels``, when the
        caller has already read every skill level of each of ``users`` (home
        has, for its own skills list), spares reading them again; so do
        ``finishes`` ((assignment id, user id) -> when the skill target was
        reached), when the caller read them with the assignments.
        """
        assignments = list(assignments)
        found = cls(by_lesson=lesson_deals(assignments))
        wanted: set[int] = set()
        for a in assignments:
            found.wanted[a.pk] = deals_of(a, found.by_lesson)
            wanted |= found.wanted[a.pk]
        if wanted:
            first_right = Min(Case(When(correct=True, then="created_at")))
            rows = (
                Attempt.objects.filter(user__in=users, deal_id__in=wanted)
                .values("user_id", "deal_id")
                .annotate(first=first_right, n=Count("pk"))
                .order_by()
            )
            for row in rows:
                found.deals.setdefault(row["user_id"], {})[row["deal_id"]] = row["first"]
        targets = {a.skill for a in assignments if a.kind == Assignment.SKILL}
        if targets:
            if levels is not None:
                found.levels = levels
            else:
                for user_id, skill, level in SkillState.objects.filter(
                    user__in=users, skill__in=targets
                ).values_list("user_id", "skill", "level"):
                    found.levels.setdefault(user_id, {})[skill] = level
            if finishes is not None:
                found.finishes = finishes
            else:
                skill_ids = [a.pk for a in assignments if a.kind == Assignment.SKILL]
                for a_id, user_id, at in AssignmentFinish.objects.filter(
                    assignment_id__in=skill_ids, user__in=users
                ).values_list("assignment_id", "user_id", "finished_at"):
                    found.finishes[a_id, user_id] = at
        for a in assignments:
            if a.kind == Assignment.PLAY:
                for answer in events.HANDS_FOR_WORK.ask(a, users):
                    for user_id, played in answer.items():
                        found.hands[a.pk, user_id] = played
        return found


def lesson_deals(assignments: Iterable[Assignment]) -> dict[str, set[int]]:
    """The published exercises of every lesson the assignments name (one query)."""
    lessons = {a.lesson for a in assignments if a.kind == Assignment.LESSON}
    found: dict[str, set[int]] = {key: set() for key in lessons}
    if lessons:
        # The exercises only: a quick check is not part of finishing a lesson.
        exercises = Deal.objects.published().filter(lesson__in=lessons, section="")
        for lesson, pk in exercises.values_list("lesson", "pk"):
            found[lesson].add(pk)
    return found


def deals_of(assignment: Assignment, by_lesson: dict[str, set[int]]) -> set[int]:
    if assignment.kind == Assignment.LESSON:
        return by_lesson.get(assignment.lesson, set())
    if assignment.kind == Assignment.DEALS:
        return {d.pk for d in assignment.deals.all()}
    return set()


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def _progress(
    assignment: Assignment, user_id: int, ev: Evidence
) -> tuple[bool, bool, datetime | None, str]:
    """(finished, started, when finished, what is left) from the evidence."""
    if assignment.kind == Assignment.SKILL:
        level = ev.levels.get(user_id, {}).get(assignment.skill, 0)
        at = ev.finishes.get((assignment.pk, user_id))
        if at is not None or level >= assignment.target_level:
            return True, True, at, ""
        return False, level > 0, None, f"now {mastery.level_name(level)}"
    if assignment.kind == Assignment.PLAY:
        played = ev.hands.get((assignment.pk, user_id), HandsPlayed())
        if played.hands >= assignment.hands:
            return True, True, played.reached_at, ""
        left = assignment.hands - played.hands
        return False, played.hands > 0, None, f"{_plural(left, 'hand')} to play"
    wanted = ev.wanted.get(assignment.pk)
    if wanted is None:
        wanted = deals_of(assignment, ev.by_lesson)
    mine = ev.deals.get(user_id, {})
    firsts = [mine.get(pk) for pk in wanted]
    solved = [at for at in firsts if at is not None]
    if len(solved) == len(wanted):  # a lesson with no exercise yet is finished at once
        return True, True, max(solved, default=None), ""
    left = len(wanted) - len(solved)
    started = any(pk in mine for pk in wanted)
    return False, started, None, f"{left} of {_plural(len(wanted), 'exercise')} to solve"


def status_of(assignment: Assignment, user_id: int, ev: Evidence, today: date) -> Status:
    """One learner's status on one assignment, ``today`` being the UTC date now."""
    finished, started, at, left = _progress(assignment, user_id, ev)
    due = assignment.due_on
    if finished:
        late = due is not None and at is not None and at.date() > due
        return Status(LATE if late else DONE, at)
    if due is not None and today > due:
        return Status(MISSING, None, left)
    return Status(IN_PROGRESS if started else NOT_STARTED, None, left)

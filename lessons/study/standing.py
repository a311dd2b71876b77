"""Where a learner stands, for home, /progress/, /study/ and the drills page.

Each skill's row (level, due date, what moves it up next), how many reviews
are due, what "Continue" should open, the day streak and the activity chart.
Building sessions is ``lessons.study.sessions``; this module only reads.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta

from django.db.models import CharField, Count, Q
from django.db.models.functions import Cast, Substr
from django.urls import reverse

from lessons import course, skills
from lessons.course import SectionLink
from lessons.learners import mastery
from lessons.memory import retention as memory_retention
from lessons.models import (
    Attempt,
    Deal,
    DealProgress,
    Learner,
    SkillState,
    StudySession,
)
from lessons.study import queues
from lessons.study.queues import OtherQueue
from lessons.study.sessions import skill_link, unfinished


@dataclass(frozen=True)
class SkillRow:
    skill: skills.Skill
    level: int
    due: datetime | None
    due_words: str
    next_move: str = ""  # what moves it up from here (mastery.next_move)

    @property
    def level_name(self) -> str:
        return mastery.level_name(self.level)

    @property
    def link(self) -> SectionLink:
        return skill_link(self.skill)

    @property
    def steps(self) -> list[bool]:
        """The level bar's four steps, filled up to the level."""
        return [n < self.level for n in range(4)]


def skill_rows(learner: Learner, now: datetime) -> list[SkillRow]:
    """Every skill in course order with this learner's level and next review (one query)."""
    states = {}
    if learner.known:
        states = {
            s["skill"]: s
            for s in SkillState.objects.of_learner(learner).values(
                "skill", "level", "due", "clean_items", "proficient_on"
            )
        }
    rows = []
    for skill in skills.SKILLS:
        state = states.get(skill.key)
        level = state["level"] if state else 0
        due = state["due"] if state and level else None
        clean = state["clean_items"] if state and isinstance(state["clean_items"], list) else []
        since = state["proficient_on"] if state else None
        words = mastery.due_in_words(due, now) if due else ""
        move = mastery.next_move(level, tuple(str(c) for c in clean), since)
        rows.append(SkillRow(skill, level, due, words, move))
    return rows


def due_count(rows: Iterable[SkillRow], now: datetime) -> int:
    return sum(1 for row in rows if row.due is not None and row.due <= now)


def drill_skills(learner: Learner, now: datetime) -> dict[str, list[SkillRow]]:
    """For each drill kind, the skills it deals items for, with this learner's level."""
    found: dict[str, list[SkillRow]] = {}
    for row in skill_rows(learner, now):
        found.setdefault(row.skill.drill, []).append(row)
    return found


# ---- The home page for a returning learner ------------------------------------------


@dataclass(frozen=True)
class Continue:
    url: str
    label: str


@dataclass
class Returning:
    carry_on: Continue
    due: int
    rows: list[SkillRow]
    unfinished: StudySession | None  # today's open study session, if any
    answer_ms: int = 0  # the learner's typical answer time (lessons.memory.retention.answer_ms)
    streak: int = 0  # study days in a row, ending today or yesterday (``streak_of``)
    studied_today: bool = False  # today is a study day already
    other_queues: list[OtherQueue] = field(default_factory=list)  # e.g. decisions from hands

    @property
    def minutes(self) -> int:
        """About how long the due reviews take, from the learner's own answer times."""
        return max(1, math.ceil(self.due * self.answer_ms / 60_000)) if self.due else 0

    @property
    def started(self) -> list[SkillRow]:
        return [row for row in self.rows if row.level]


def continue_step(learner: Learner) -> Continue:
    """The next unsolved exercise of the lesson last worked on, else the next lesson."""
    last = (
        Attempt.objects.of_learner(learner)
        .filter(deal__isnull=False)
        .order_by("-created_at", "-pk")
        .values_list("deal__lesson", flat=True)
        .first()
    )
    lesson = course.BY_KEY.get(last or "") or course.LESSONS[0]
    # Two narrow queries rather than the lesson's full status table: home needs
    # only the first exercise, in the lesson's order, not solved yet.
    exercises = list(
        Deal.objects.published().for_lesson(lesson.key).values_list("pk", "slug", "title")
    )
    solved = set(
        Attempt.objects.of_learner(learner)
        .filter(correct=True, deal_id__in=[pk for pk, _, _ in exercises])
        .order_by()
        .values_list("deal_id", flat=True)
    )
    for pk, slug, title in exercises:
        if pk not in solved:
            return Continue(f"{lesson.url}#exercise-{slug}", f"{lesson.title}: {title}")
    # That lesson is done: an earlier lesson left half way comes before a new one.
    unfinished = _first_unfinished_lesson(learner)
    if unfinished is not None:
        return unfinished
    _, after = course.neighbours(lesson.key)
    if after is None:
        return Continue(reverse("lessons:study"), "Practise your skills")
    return Continue(after.url, f"Next lesson: {after.title}")


def _first_unfinished_lesson(learner: Learner) -> Continue | None:
    """The first exercise not yet solved in the first started lesson, in course order.

    Only lessons the learner has started count: one never opened is the
    "next lesson", not unfinished work. Two small queries over the learner's
    own kept rows (one per deal answered).
    """
    answered = DealProgress.objects.of_learner(learner).filter(deal__lesson__gt="")
    tried = dict(answered.values_list("deal_id", "rights"))
    if not tried:
        return None
    exercises = (
        Deal.objects.published()
        .filter(section="", lesson__in=[lesson.key for lesson in course.LESSONS])
        .order_by("number")
        .values_list("pk", "slug", "title", "lesson")
    )
    by_lesson: dict[str, list[tuple[int, str, str]]] = {}
    for pk, slug, title, key in exercises:
        by_lesson.setdefault(key, []).append((pk, slug, title))
    for lesson in course.LESSONS:
        mine = by_lesson.get(lesson.key, [])
        if not any(pk in tried for pk, _, _ in mine):
            continue
        for pk, slug, title in mine:
            if not tried.get(pk):
                return Continue(
                    f"{lesson.url}#exercise-{slug}", f"Unfinished: {lesson.title}: {title}"
                )
    return None


def returning(
    learner: Learner,
    now: datetime,
    carry_on: Continue | None = None,
    rows: list[SkillRow] | None = None,
) -> Returning | None:
    """What home shows a learner who has answered something; None for a first visit.

    ``carry_on``, when the caller already knows where "Continue" goes (set work
    that is due), spares working out the learner's own next step; ``rows``,
    the learner's ``skill_rows`` when the caller has read them.
    """
    if not learner.known:
        return None
    rows = skill_rows(learner, now) if rows is None else rows
    if not any(row.level for row in rows) and not Attempt.objects.of_learner(learner).exists():
        return None
    due = due_count(rows, now)
    typical = memory_retention.answer_ms(learner) if due else 0
    days = study_days(learner, now)
    today = now.astimezone(UTC).date()
    return Returning(
        carry_on or continue_step(learner),
        due,
        rows,
        unfinished(learner, now),
        typical,
        streak_of(days, today),
        today in days,
        queues.other_queues(learner, now),
    )


def study_days(learner: Learner, now: datetime) -> set[date]:
    """The UTC days, in the last ``STREAK_DAYS``, on which the learner answered anything."""
    if not learner.known:
        return set()
    today = now.astimezone(UTC).date()
    since = datetime.combine(today - timedelta(days=STREAK_DAYS), datetime.min.time(), UTC)
    rows = (
        Attempt.objects.of_learner(learner)
        .filter(created_at__gte=since)
        .annotate(day=_utc_day("created_at"))
        .values_list("day", flat=True)
        .distinct()
    )
    return {date.fromisoformat(day) for day in rows}


def streak_of(days: Iterable[date], today: date) -> int:
    """The day streak, the one every page shows: study days in a row, ending today or yesterday.

    A study day is a UTC day with at least one checked answer (an exercise,
    quick check, drill item, session item or replayer question). Yesterday
    still counts so the streak does not read 0 in the morning before the
    day's first answer.
    """
    found = set(days)
    day = today if today in found else today - timedelta(days=1)
    streak = 0
    while day in found:
        streak += 1
        day -= timedelta(days=1)
    return streak


# ---- The skills page (/progress/) -------------------------------------------------------

CHART_DAYS = 28
STREAK_DAYS = 366  # a streak is counted back at most a year


@dataclass(frozen=True)
class Day:
    day: date
    answers: int
    right: int
    height: int  # the bar's height in the chart's units (0-100)
    x: int

    @property
    def y(self) -> int:
        return 100 - self.height


@dataclass
class Activity:
    days: list[Day]  # the last four weeks, oldest first
    accuracy: int | None  # percent right over the last 7 days; None with no answers
    week_answers: int
    streak: int  # ``streak_of``: the same streak home shows
    most: int

    @property
    def total(self) -> int:
        return sum(d.answers for d in self.days)


def _utc_day(field: str) -> Substr:
    """The UTC calendar day of a stored time, as "YYYY-MM-DD", worked out by the database.

    Both SQLite and PostgreSQL (whose connection Django keeps in UTC) write a
    stored time as text beginning with its UTC date. ``TruncDate`` would do the
    same job, but SQLite runs it as a Python function once per row, which on a
    learner with thousands of answers costs more than the rest of the page.
    """
    return Substr(Cast(field, output_field=CharField()), 1, 10)


def activity(learner: Learner, now: datetime) -> Activity:
    """Answers per UTC day: the chart, the week's accuracy and the streak, from one query."""
    today = now.astimezone(UTC).date()
    counts: dict[date, tuple[int, int]] = {}
    if learner.known:
        since = datetime.combine(today - timedelta(days=STREAK_DAYS), datetime.min.time(), UTC)
        rows = (
            Attempt.objects.of_learner(learner)
            .filter(created_at__gte=since)
            .annotate(day=_utc_day("created_at"))
            .values("day")
            .annotate(answers=Count("id"), right=Count("id", filter=Q(correct=True)))
            .values_list("day", "answers", "right")
        )
        counts = {date.fromisoformat(day): (answers, right) for day, answers, right in rows}
    first = today - timedelta(days=CHART_DAYS - 1)
    span = [first + timedelta(days=n) for n in range(CHART_DAYS)]
    most = max((counts.get(d, (0, 0))[0] for d in span), default=0)
    days = [
        Day(
            d,
            counts.get(d, (0, 0))[0],
            counts.get(d, (0, 0))[1],
            max(1, round(100 * counts.get(d, (0, 0))[0] / most)) if counts.get(d) else 0,
            n * 10 + 1,
        )
        for n, d in enumerate(span)
    ]
    week = [counts.get(today - timedelta(days=n), (0, 0)) for n in range(7)]
    week_answers = sum(a for a, _ in week)
    accuracy = round(100 * sum(r for _, r in week) / week_answers) if week_answers else None
    return Activity(days, accuracy, week_answers, streak_of(counts, today), most)

"""What a teacher sees of a class: the grid, who needs help, what the class misses most.

Every report reads a fixed handful of queries whatever the class size:
members, skill levels, last activity, assignments and solved deals are one
query each (grouped in the database), never one per learner. Only usernames
and progress are read; no report selects a user's e-mail address.

"Needs help" (the rule the class page states):

- a skill missed 3 times in a row (wrong, or right only after the last hint),
  counted since that skill's last right answer; or
- an assignment set at least 7 days ago that is not finished, with no answer
  at all from the learner in the last 7 days.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from functools import lru_cache
from typing import Any

from django.db.models import (
    Count,
    F,
    IntegerField,
    QuerySet,
    Sum,
)
from django.db.models.functions import Cast, Coalesce
from django.http import Http404
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.html import format_html_join
from django.utils.http import urlencode
from django.utils.safestring import mark_safe

from badacey_site.whole_numbers import read_whole_number
from evaluator import PROFILES
from evaluator.drills import DIFFICULTIES
from evaluator.drills import KINDS as DRILL_KINDS
from evaluator.misconceptions import MISCONCEPTIONS
from lessons import skills
from lessons.classes import assigned, status
from lessons.classes import given as given_answers
from lessons.classes.status import HandsPlayed, Status
from lessons.learners import mastery
from lessons.models import (
    Assignment,
    Attempt,
    Classroom,
    Deal,
    DealProgress,
    LearnerActivity,
    Membership,
    SkillState,
    StudyItem,
)

MISSES_FOR_HELP = 3
QUIET_DAYS = 7
PERIODS = {"7": 7, "30": 30, "all": None}


@dataclass(frozen=True)
class Cell:
    skill: skills.Skill
    level: int
    misses: int = 0

    @property
    def level_name(self) -> str:
        return mastery.level_name(self.level)

    @property
    def steps(self) -> list[bool]:
        return [n < self.level for n in range(4)]


@dataclass(frozen=True)
class WorkCell:
    """One learner's standing on one assignment, as a grid cell reads it."""

    assignment: Assignment
    status: Status
    hands: HandsPlayed | None = None  # for hands-to-play work only

    @property
    def hands_words(self) -> str:
        """ "4 of 10 hands, error rate 0.12 big bets per decision", or "" for other work.

        Counted against the target as it is now: a target cut from 3 to 1 after
        3 hands reads "1 of 1 hand (3 played)", never "3 of 1".
        """
        if self.hands is None:
            return ""
        target, played = self.assignment.hands, self.hands.hands
        said = f"{min(played, target)} of {target} hand{'s' * (target != 1)}"
        if played > target:
            said += f" ({played} played)"
        rate = self.hands.error_rate
        return said if rate is None else f"{said}, error rate {rate:.2f} big bets per decision"


@dataclass
class LearnerRow:
    user_id: int
    username: str
    cells: list[Cell]
    last_activity: datetime | None
    answers: int
    help: list[str] = field(default_factory=list)
    # assignment id -> where the learner stands on it (``status.status_of``)
    statuses: dict[int, Status] = field(default_factory=dict)
    work: list[WorkCell] = field(default_factory=list)  # in the order of the report's assignments
    # The name the course site or the teacher gave ("" for a learner who signed up),
    # shown in the grid before the username; and whether the course site says they left.
    name: str = ""
    left: bool = False

    @property
    def cells_html(self) -> str:
        """The row's skill cells as one piece: 16 tag calls per row cost more than the queries."""
        return mark_safe("".join(f"<td>{level_markup(cell.level)}</td>" for cell in self.cells))

    @property
    def work_html(self) -> str:
        """The row's work cells as one piece, like ``cells_html``: the grid's widest part.

        Each status shows as a letter on its colour (``status.MARKS``; the
        legend above the grid says which is which), so a class of 40 and 8
        pieces of work fit on one screen; the words (with hands played) are
        the cell's title (shown on pointing) and what a screen reader reads.
        """
        return format_html_join(
            "",
            '<td data-status="{}" title="{}"><span class="status-mark" aria-hidden="true">{}'
            '</span><span class="visually-hidden">{}</span></td>',
            (
                (cell.status.state, words, status.MARKS[cell.status.state], words)
                for cell in self.work
                for words in [
                    cell.status.words + (f" ({cell.hands_words})" if cell.hands_words else "")
                ]
            ),
        )

    @property
    def finished(self) -> set[int]:
        """The ids of the assignments done (on time or late)."""
        return {pk for pk, st in self.statuses.items() if st.finished}


@dataclass
class AssignmentRow:
    assignment: Assignment
    title: str
    finished: int
    of: int
    counts: dict[str, int] = field(default_factory=dict)  # state -> learners in it

    @property
    def missing(self) -> int:
        return self.counts.get(status.MISSING, 0)

    @property
    def summary(self) -> list[tuple[str, int]]:
        """Each state that has learners, in the order the words are listed: ("Done", 3)."""
        return [
            (word, self.counts[key]) for key, word in status.WORDS.items() if key in self.counts
        ]


@dataclass
class ClassReport:
    classroom: Classroom
    skills: tuple[skills.Skill, ...]
    rows: list[LearnerRow]
    assignments: list[AssignmentRow]

    @property
    def needs_help(self) -> list[LearnerRow]:
        return [row for row in self.rows if row.help]


@lru_cache(maxsize=8)
def level_markup(level: int) -> str:
    """``lessons/_skill_level.html`` for one level, rendered once: a grid has only five."""
    return mark_safe(render_to_string("lessons/_skill_level.html", {"row": Cell(None, level)}))  # type: ignore[arg-type]


def member_ids(classroom: Classroom) -> QuerySet:
    """The class's learners as a subquery, so every report filters in the database."""
    return Membership.objects.filter(classroom=classroom).values("user_id")


def class_report(classroom: Classroom, now: datetime) -> ClassReport:
    members = list(
        Membership.objects.filter(classroom=classroom)
        .order_by("user__username")
        .values_list("user_id", "user__username", "user__first_name", "user__last_name", "left_at")
    )
    ids = member_ids(classroom)
    levels: dict[int, dict[str, tuple[int, int]]] = {}
    for user_id, skill, level, misses in SkillState.objects.filter(user__in=ids).values_list(
        "user_id", "skill", "level", "misses_in_a_row"
    ):
        levels.setdefault(user_id, {})[skill] = (level, misses)
    # Kept with every answer (LearnerActivity): one row per member, not their answers.
    activity: dict[int, dict[str, Any]] = {
        row["user_id"]: dict(row)
        for row in LearnerActivity.objects.filter(user__in=ids).values(
            "user_id", "answers", last=F("last_at")
        )
    }
    assignments = list(classroom.assignments.prefetch_related("deals"))
    evidence = status.Evidence.gather(assignments, ids)
    today = now.date()
    quiet_since = now - timedelta(days=QUIET_DAYS)
    rows: list[LearnerRow] = []
    for user_id, username, first, last, left_at in members:
        mine = levels.get(user_id, {})
        cells = [Cell(s, *mine.get(s.key, (0, 0))) for s in skills.SKILLS]
        seen = activity.get(user_id, {})
        row = LearnerRow(user_id, username, cells, seen.get("last"), seen.get("answers", 0))
        row.name = f"{first} {last}".strip()
        row.left = left_at is not None
        for cell in cells:
            if cell.misses >= MISSES_FOR_HELP:
                row.help.append(f"missed {cell.skill.name} {cell.misses} times in a row")
        for a in assignments:
            now_status = status.status_of(a, user_id, evidence, today)
            row.statuses[a.pk] = now_status
            played = None
            if a.kind == Assignment.PLAY:
                played = evidence.hands.get((a.pk, user_id), status.HandsPlayed())
            row.work.append(WorkCell(a, now_status, played))
            if not now_status.finished and (
                a.created_at <= quiet_since
                and not (row.last_activity and row.last_activity > quiet_since)
            ):
                row.help.append(f"no progress on “{assigned.title(a)}” for {QUIET_DAYS} days")
        rows.append(row)
    assignment_rows = []
    for a in assignments:
        counts: dict[str, int] = {}
        for row in rows:
            state = row.statuses[a.pk].state
            counts[state] = counts.get(state, 0) + 1
        finished = counts.get(status.DONE, 0) + counts.get(status.LATE, 0)
        assignment_rows.append(AssignmentRow(a, assigned.title(a), finished, len(rows), counts))
    return ClassReport(classroom, skills.SKILLS, rows, assignment_rows)


# ---- Sorting and filtering the grid ----------------------------------------------------


def sort_keys(report: ClassReport) -> dict[str, str]:
    """Every column the grid sorts by: its key in the URL -> its heading."""
    keys = {
        "learner": "Learner",
        "help": "Needs help",
        "last": "Last activity",
        "answers": "Answers",
    }
    for row in report.assignments:
        keys[f"work-{row.assignment.pk}"] = row.title
    for skill in report.skills:
        keys[f"skill-{skill.key}"] = skill.name
    return keys


def _sort_value(row: LearnerRow, key: str, report: ClassReport) -> Any:
    if key == "help":
        return len(row.help)
    if key == "last":
        return row.last_activity.timestamp() if row.last_activity else 0.0
    if key == "answers":
        return row.answers
    if key.startswith("work-"):
        pk = int(key.removeprefix("work-"))
        # Most pressing first when ascending: missing, not started, in progress, late, done.
        return status.URGENCY[row.statuses[pk].state]
    if key.startswith("skill-"):
        wanted = key.removeprefix("skill-")
        return next((c.level for c in row.cells if c.skill.key == wanted), 0)
    return 0


def arrange(
    report: ClassReport, sort: str, descending: bool, only_help: bool, work: int | None
) -> ClassReport:
    """The grid as the teacher asked for it: sorted, maybe only who needs help, maybe one
    assignment's column. Ties (and the default) keep the learners in name order.
    ``sort`` must be one of ``sort_keys``; anything else sorts by learner."""
    rows = [r for r in report.rows if r.help] if only_help else list(report.rows)
    rows.sort(key=lambda r: (r.name or r.username).casefold())
    if sort != "learner" and sort in sort_keys(report):
        rows.sort(key=lambda r: _sort_value(r, sort, report), reverse=descending)
    elif descending:
        rows.reverse()
    assignments = report.assignments
    if work is not None and any(a.assignment.pk == work for a in assignments):
        keep = [i for i, a in enumerate(assignments) if a.assignment.pk == work]
        assignments = [assignments[i] for i in keep]
        rows = [
            LearnerRow(
                r.user_id,
                r.username,
                r.cells,
                r.last_activity,
                r.answers,
                r.help,
                r.statuses,
                [r.work[i] for i in keep],
                r.name,
                r.left,
            )
            for r in rows
        ]
    return ClassReport(report.classroom, report.skills, rows, assignments)


def _active_since(row: LearnerRow, since: datetime) -> bool:
    return row.last_activity is not None and row.last_activity > since


# ---- What the class misses most -------------------------------------------------------


# ---- Practice deals -----------------------------------------------------------------


def annotate_deal_stats(deals: QuerySet) -> QuerySet:
    """Each deal with its attempts, learners, right on the first try and hints used.

    Still one query, and it never reads the answers: the site's figures are
    the deal's ``DealFigures`` row, kept as answers arrive. (A class's own
    figures are ``class_deal_stats``.)
    """
    return deals.annotate(
        stat_attempts=Coalesce(F("figures__attempts"), 0),
        stat_learners=Coalesce(F("figures__learners"), 0),
        stat_hints=Coalesce(F("figures__hints"), 0),
        stat_first_right=Coalesce(F("figures__first_right"), 0),
    )


DEALS_SHOWN = 25


def class_deal_stats(classroom: Classroom) -> list[Deal]:
    """The practice deals the class answered most, with the class's own figures (two queries).

    One grouped read of the members' summary rows (``DealProgress``, one per
    member and deal, so the class page costs what the class holds, not what
    the school has answered) picks the ``DEALS_SHOWN`` deals with most
    attempts and adds up their four figures; the second reads those deals'
    titles. Most attempts first, then by title.
    """
    top = list(
        DealProgress.objects.filter(user__in=member_ids(classroom), deal__lesson="")
        .order_by()
        .values("deal_id")
        .annotate(
            attempts=Sum("tries"),
            learners=Count("pk"),
            hints=Sum("hints"),
            # Summed as 0/1 rather than counted with a FILTER: SQLite's FILTER
            # costs half as much again as the rest of the read.
            first_right=Sum(Cast("first_right", IntegerField())),
        )
        .order_by("-attempts", "deal_id")[:DEALS_SHOWN]
    )
    if not top:
        return []
    figures = {row["deal_id"]: row for row in top}
    deals = list(Deal.objects.filter(pk__in=figures).only("pk", "title", "slug").order_by("title"))
    for deal in deals:
        row = figures[deal.pk]
        deal.stat_attempts = row["attempts"]  # type: ignore[attr-defined]
        deal.stat_learners = row["learners"]  # type: ignore[attr-defined]
        deal.stat_hints = row["hints"]  # type: ignore[attr-defined]
        deal.stat_first_right = row["first_right"]  # type: ignore[attr-defined]
    # A stable sort keeps the database's title order among equal attempts.
    deals.sort(key=lambda deal: -figures[deal.pk]["attempts"])
    return deals


# ---- One learner ----------------------------------------------------------------------


@dataclass(frozen=True)
class AnswerLine:
    attempt: Attempt
    what: str
    url: str
    feedback: list[str]
    given: list[given_answers.Given] = field(default_factory=list)  # exercises' fields


def _studied_items(user_id: int, attempts: list[Attempt]) -> set[tuple[str, str]]:
    """Which of these drill answers were items of the learner's study sessions (one query)."""
    seeds = {a.item_key.rpartition("/")[2] for a in attempts if a.drill_kind}
    rows = StudyItem.objects.filter(
        session__user_id=user_id,
        answered_at__isnull=False,
        seed__in=[int(s) for s in seeds if s.isdigit() and len(s) < 19],
    ).values_list("drill_kind", "game", "difficulty", "seed")
    return {(kind, f"{game}/{level}/{seed}") for kind, game, level, seed in rows}


def answer_label(attempt: Attempt, studied: bool = False) -> tuple[str, str]:
    """What a teacher reads for one answer, and a link to the item: never a raw key.

    Exercises, quick checks and practice deals by title; the replayer's quiz
    by name; a drill or study-session item by its drill, game and level,
    linked to that very item (a drill URL with its seed deals it again).
    """
    deal = attempt.deal
    if deal is not None:
        kind = "Quick check" if deal.section else "Exercise" if deal.lesson else "Practice deal"
        return f"{kind}: {deal.title}", deal.get_absolute_url()
    if attempt.drill_kind == Attempt.REPLAY_QUIZ:
        return "Replayer quiz question", reverse("lessons:practice")
    drill = DRILL_KINDS.get(attempt.drill_kind)
    name = getattr(drill, "title", None) or attempt.drill_kind
    where = "Study session" if studied else "Drill"
    game, level, seed = (attempt.item_key.split("/") + ["", "", ""])[:3]
    profile = PROFILES.get(game)
    difficulty = read_whole_number(level, 1, 3)
    if drill is None or profile is None or difficulty is None:
        return f"{where}: {name}", ""
    query = urlencode({"game": game, "difficulty": str(difficulty), "seed": seed})
    label = f"{where}: {name} ({profile.name}, {DIFFICULTIES[difficulty]})"
    return label, reverse("lessons:drill", args=[attempt.drill_kind]) + "?" + query


def learner_page(classroom: Classroom, user_id: int) -> dict[str, Any]:
    """One learner of the class: levels, recent answers with their feedback, hints used."""
    member = (
        Membership.objects.filter(classroom=classroom, user_id=user_id)
        .values_list("user__username", flat=True)
        .first()
    )
    if member is None:
        raise Http404("No such learner in this class.")
    mine = {
        s: (lv, m)
        for s, lv, m in SkillState.objects.filter(user_id=user_id).values_list(
            "skill", "level", "misses_in_a_row"
        )
    }
    cells = [Cell(s, *mine.get(s.key, (0, 0))) for s in skills.SKILLS]
    attempts = list(
        Attempt.objects.filter(user_id=user_id)
        .select_related("deal")
        .prefetch_related("mistakes")
        .order_by("-created_at", "-pk")[:25]
    )
    studied = _studied_items(user_id, attempts)
    models = given_answers.model_answers([a.deal for a in attempts if a.deal is not None])
    lines = []
    for a in attempts:
        what, url = answer_label(a, (a.drill_kind, a.item_key) in studied)
        right = sum(bool(p) for p in a.parts) if isinstance(a.parts, list) else 0
        total = len(a.parts) if isinstance(a.parts, list) else 0
        said = ["Right." if a.correct else f"Not yet: {right} of {total} parts right."]
        for mistake in a.mistakes.all():
            rule = MISCONCEPTIONS.get(mistake.misconception)
            if rule is not None:
                said.append(f"Told: not yet, {rule.correction}.")
        given = []
        if a.deal is not None and isinstance(a.answer, dict):
            given = given_answers.given_lines(a.deal, a.answer, models.get(a.deal.pk, {}))
        lines.append(AnswerLine(a, what, url, said, given))
    totals = Attempt.objects.filter(user_id=user_id).aggregate(
        answers=Count("pk"), hints=Coalesce(Sum("hints_used"), 0)
    )
    return {
        "username": member,
        "user_id": user_id,
        "cells": cells,
        "answers": lines,
        "totals": totals,
    }


def missing_counts(classes: Sequence[Classroom], today: date) -> dict[int, int]:
    """class id -> how many (learner, assignment) pairs are past due and not finished.

    Only work already past its due date is read, so a class with none costs one query.
    """
    past_due = list(
        Assignment.objects.filter(classroom__in=classes, due_on__lt=today).prefetch_related("deals")
    )
    counts = {c.pk: 0 for c in classes}
    by_class: dict[int, list[Assignment]] = {}
    for a in past_due:
        by_class.setdefault(a.classroom_id, []).append(a)
    for class_id, work in by_class.items():
        members = list(
            Membership.objects.filter(classroom_id=class_id).values_list("user_id", flat=True)
        )
        evidence = status.Evidence.gather(work, members)
        counts[class_id] = sum(
            status.status_of(a, user_id, evidence, today).overdue
            for a in work
            for user_id in members
        )
    return counts


# ---- One assignment ------------------------------------------------------------------


def assignment_page(classroom: Classroom, assignment_id: int, now: datetime) -> dict[str, Any]:
    """Every learner's status on one assignment of the class; 404 for another class's."""
    report = class_report(classroom, now)
    row = next((r for r in report.assignments if r.assignment.pk == assignment_id), None)
    if row is None:
        raise Http404("No such assignment in this class.")
    index = report.assignments.index(row)
    learners = [(learner, learner.work[index]) for learner in report.rows]
    learners.sort(key=lambda pair: (status.URGENCY[pair[1].status.state], pair[0].username))
    return {"row": row, "learners": learners}


def assignment_csv_rows(
    classroom: Classroom, assignment_id: int, now: datetime
) -> Iterator[list[str]]:
    """One piece of work, one row per learner: status, when finished, what is left, and
    each exercise it asks for (right, tried or not tried) or the hands played."""
    assignment = (
        Assignment.objects.filter(classroom=classroom, pk=assignment_id)
        .prefetch_related("deals")
        .first()
    )
    if assignment is None:
        raise Http404("No such assignment in this class.")
    members = list(
        Membership.objects.filter(classroom=classroom)
        .order_by("user__username")
        .values_list("user_id", "user__username")
    )
    evidence = status.Evidence.gather([assignment], member_ids(classroom))
    exercises = list(
        Deal.objects.filter(pk__in=evidence.wanted.get(assignment.pk, set()))
        .order_by("lesson", "number", "title")
        .values_list("pk", "title")
    )
    header = ["Learner", "Status", "Finished at", "Left"]
    if assignment.kind == Assignment.PLAY:
        header += ["Hands played", "Decisions", "Error rate"]
    header += [title for _, title in exercises]
    yield [safe_cell(x) for x in header]
    today = now.date()
    for user_id, username in members:
        now_status = status.status_of(assignment, user_id, evidence, today)
        cells: list[Any] = [username, now_status.word, now_status.when, now_status.left]
        if assignment.kind == Assignment.PLAY:
            played = evidence.hands.get((assignment.pk, user_id), status.HandsPlayed())
            rate = played.error_rate
            cells += [played.hands, played.decisions, "" if rate is None else f"{rate:.3f}"]
        mine = evidence.deals.get(user_id, {})
        for pk, _ in exercises:
            cells.append(
                "not tried"
                if pk not in mine
                else "tried, not right"
                if mine[pk] is None
                else "right"
            )
        yield [safe_cell(x) for x in cells]


def learner_work(classroom: Classroom, user_id: int, now: datetime) -> list[tuple[str, WorkCell]]:
    """One learner's status on each assignment of the class: (title, cell), newest first."""
    assignments = list(classroom.assignments.prefetch_related("deals"))
    evidence = status.Evidence.gather(assignments, [user_id])
    found = []
    for a in assignments:
        played = evidence.hands.get((a.pk, user_id), status.HandsPlayed())
        cell = WorkCell(
            a,
            status.status_of(a, user_id, evidence, now.date()),
            played if a.kind == Assignment.PLAY else None,
        )
        found.append((assigned.title(a), cell))
    return found


# ---- CSV ------------------------------------------------------------------------------

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: Any) -> str:
    """A cell a spreadsheet shows as text: one starting like a formula gets a leading quote."""
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def grid_rows(report: ClassReport) -> Iterator[list[str]]:
    """The grid as the class page shows it: one row per learner.

    Columns: learner, needs help (the reasons, or "no"), answers, last
    activity, each skill's level in words, then for each assignment its
    status word and when it was finished. A generator, so the class CSV
    download streams its lines as they are made.
    """
    work = []
    for a in report.assignments:
        work += [a.title, f"{a.title}: finished at"]
        if a.assignment.kind == Assignment.PLAY:
            work += [f"{a.title}: hands played", f"{a.title}: error rate"]
    header = ["Learner", "Needs help", "Answers", "Last activity", *(s.name for s in report.skills)]
    yield [safe_cell(x) for x in [*header, *work]]
    for row in report.rows:
        last = row.last_activity.strftime("%Y-%m-%d %H:%M UTC") if row.last_activity else "never"
        cells: list[Any] = [
            row.username,
            "; ".join(row.help) or "no",
            row.answers,
            last,
            *(c.level_name for c in row.cells),
        ]
        for cell in row.work:
            cells += [cell.status.word, cell.status.when]
            if cell.hands is not None:
                rate = cell.hands.error_rate
                cells += [cell.hands.hands, "" if rate is None else f"{rate:.3f}"]
        yield [safe_cell(x) for x in cells]

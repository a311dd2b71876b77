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

from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Any

from django.db.models import (
    Count,
    F,
    IntegerField,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Sum,
)
from django.db.models.functions import Coalesce
from django.http import Http404
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.safestring import mark_safe

from badacey_site.whole_numbers import read_whole_number
from evaluator import PROFILES
from evaluator.drills import DIFFICULTIES
from evaluator.drills import KINDS as DRILL_KINDS
from evaluator.misconceptions import MISCONCEPTIONS
from lessons import course, skills
from lessons.classes import assigned
from lessons.course import SECTIONS, SectionLink, section_link
from lessons.learners import mastery
from lessons.models import (
    Assignment,
    Attempt,
    Classroom,
    Deal,
    DealProgress,
    DiagnosedMistake,
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


@dataclass
class LearnerRow:
    user_id: int
    username: str
    cells: list[Cell]
    last_activity: datetime | None
    answers: int
    help: list[str] = field(default_factory=list)
    finished: set[int] = field(default_factory=set)  # ids of the assignments done

    @property
    def cells_html(self) -> str:
        """The row's skill cells as one piece: 16 tag calls per row cost more than the queries."""
        return mark_safe("".join(f"<td>{level_markup(cell.level)}</td>" for cell in self.cells))


@dataclass
class AssignmentRow:
    assignment: Assignment
    title: str
    finished: int
    of: int


@dataclass
class ClassReport:
    classroom: Classroom
    skills: tuple[skills.Skill, ...]
    rows: list[LearnerRow]
    assignments: list[AssignmentRow]


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
        .values_list("user_id", "user__username")
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
    by_lesson = assigned.lesson_deals(assignments)
    solved = assigned.solved_by(ids, assigned.needed_deals(assignments, by_lesson))
    quiet_since = now - timedelta(days=QUIET_DAYS)
    rows: list[LearnerRow] = []
    for user_id, username in members:
        mine = levels.get(user_id, {})
        cells = [Cell(s, *mine.get(s.key, (0, 0))) for s in skills.SKILLS]
        seen = activity.get(user_id, {})
        row = LearnerRow(user_id, username, cells, seen.get("last"), seen.get("answers", 0))
        for cell in cells:
            if cell.misses >= MISSES_FOR_HELP:
                row.help.append(f"missed {cell.skill.name} {cell.misses} times in a row")
        skill_levels = {key: level for key, (level, _) in mine.items()}
        for a in assignments:
            done = assigned.progress_of(a, solved.get(user_id, set()), skill_levels, by_lesson)
            if done.done:
                row.finished.add(a.pk)
            elif a.created_at <= quiet_since and not (
                row.last_activity and row.last_activity > quiet_since
            ):
                row.help.append(f"no progress on “{assigned.title(a)}” for {QUIET_DAYS} days")
        rows.append(row)
    assignment_rows = [
        AssignmentRow(a, assigned.title(a), sum(a.pk in r.finished for r in rows), len(rows))
        for a in assignments
    ]
    return ClassReport(classroom, skills.SKILLS, rows, assignment_rows)


def _active_since(row: LearnerRow, since: datetime) -> bool:
    return row.last_activity is not None and row.last_activity > since


# ---- What the class misses most -------------------------------------------------------


@dataclass(frozen=True)
class Missed:
    what: str
    times: int
    learners: int
    link: SectionLink | None = None
    url: str = ""  # the thing itself (an exercise, a drill)


def _since(now: datetime, days: int | None) -> Q:
    return Q() if days is None else Q(created_at__gte=now - timedelta(days=days))


def misconceptions_missed(classroom: Classroom, now: datetime, days: int | None) -> list[Missed]:
    """The misconceptions the engine named most often in the class's answers (one query)."""
    rows = (
        DiagnosedMistake.objects.filter(_since(now, days), user__in=member_ids(classroom))
        .values("misconception")
        .annotate(times=Count("pk"), learners=Count("user", distinct=True))
        .order_by("-times", "misconception")[:10]
    )
    found = []
    for row in rows:
        rule = MISCONCEPTIONS.get(row["misconception"])
        link = section_link(rule.lesson) if rule and rule.lesson in SECTIONS else None
        what = _sentence(rule.correction) if rule else row["misconception"]
        found.append(Missed(what, row["times"], row["learners"], link))
    return found


def exercises_missed(classroom: Classroom, now: datetime, days: int | None) -> list[Missed]:
    rows = list(
        Attempt.objects.filter(_since(now, days), user__in=member_ids(classroom), correct=False)
        .exclude(deal=None)
        .values("deal_id")
        .annotate(times=Count("pk"), learners=Count("user", distinct=True))
        .order_by("-times", "deal_id")[:10]
    )
    deals = Deal.objects.in_bulk([row["deal_id"] for row in rows])
    found = []
    for row in rows:
        deal = deals[row["deal_id"]]
        link = None
        lesson, parts = deal.lesson, deal.parts
        if lesson and isinstance(parts, list) and parts and isinstance(parts[0], dict):
            url = course.teaching_section(lesson, str(parts[0].get("kind", "")))
            ref = f"{lesson}#{url.partition('#')[2]}"
            link = section_link(ref) if ref in SECTIONS else None
        found.append(
            Missed(deal.title, row["times"], row["learners"], link, deal.get_absolute_url())
        )
    return found


def drill_skills_missed(classroom: Classroom, now: datetime, days: int | None) -> list[Missed]:
    """Drill kinds answered wrongly most often, each linked to the first skill it trains."""
    rows = (
        Attempt.objects.filter(_since(now, days), user__in=member_ids(classroom), correct=False)
        .exclude(drill_kind="")
        .values("drill_kind")
        .annotate(times=Count("pk"), learners=Count("user", distinct=True))
        .order_by("-times", "drill_kind")[:10]
    )
    found = []
    for row in rows:
        kind = row["drill_kind"]
        drill = DRILL_KINDS.get(kind)
        skill = next((s for s in skills.SKILLS if s.drill == kind), None)
        link = section_link(skill.section) if skill and skill.section in SECTIONS else None
        if kind == Attempt.REPLAY_QUIZ:
            label, url = "Replayer quiz questions", reverse("lessons:practice")
        else:
            label = f"Drill: {getattr(drill, 'title', None) or kind}"
            url = reverse("lessons:drill", args=[kind]) if drill else ""
        found.append(Missed(label, row["times"], row["learners"], link, url))
    return found


def _sentence(text: str) -> str:
    text = text[:1].upper() + text[1:]
    return text if text.endswith(".") else text + "."


# ---- Practice deals -----------------------------------------------------------------


def annotate_deal_stats(deals: QuerySet, users: Any = None) -> QuerySet:
    """Each deal with its attempts, learners, right on the first try and hints used.

    Still one query, and it never reads the answers: the site's figures are
    the deal's ``DealFigures`` row, kept as answers arrive; a class's figures
    (``users`` given, a subquery of member ids) add up the members'
    ``DealProgress`` rows, one per member and deal, so the class page costs
    what the class holds, not what the school has answered.
    """
    if users is None:
        return deals.annotate(
            stat_attempts=Coalesce(F("figures__attempts"), 0),
            stat_learners=Coalesce(F("figures__learners"), 0),
            stat_hints=Coalesce(F("figures__hints"), 0),
            stat_first_right=Coalesce(F("figures__first_right"), 0),
        )
    rows = DealProgress.objects.filter(user__in=users)
    return deals.annotate(
        stat_attempts=_per_deal(rows, Sum("tries")),
        stat_learners=_per_deal(rows, Count("pk")),
        stat_hints=_per_deal(rows, Sum("hints")),
        stat_first_right=_per_deal(rows.filter(first_right=True), Count("pk")),
    )


def _per_deal(rows: QuerySet, figure: Any) -> Coalesce:
    grouped = rows.filter(deal=OuterRef("pk")).order_by().values("deal").annotate(v=figure)
    return Coalesce(Subquery(grouped.values("v")[:1], output_field=IntegerField()), 0)


DEALS_SHOWN = 25


def class_deal_stats(classroom: Classroom) -> list[Deal]:
    """The practice deals the class answered most, with the class's own figures (two queries).

    The first query picks the ``DEALS_SHOWN`` deals with most attempts from
    the members' summary rows (one per member and deal); only those get the
    four figures, so hundreds of practice deals do not make the page read all.
    """
    ids = member_ids(classroom)
    top = list(
        DealProgress.objects.filter(user__in=ids, deal__lesson="")
        .order_by()
        .values("deal_id")
        .annotate(n=Sum("tries"))
        .order_by("-n", "deal_id")
        .values_list("deal_id", flat=True)[:DEALS_SHOWN]
    )
    if not top:
        return []
    deals = Deal.objects.filter(pk__in=top).only("pk", "title", "slug")
    return list(annotate_deal_stats(deals, ids).order_by("-stat_attempts", "title"))


# ---- One learner ----------------------------------------------------------------------


@dataclass(frozen=True)
class AnswerLine:
    attempt: Attempt
    what: str
    url: str
    feedback: list[str]


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
        lines.append(AnswerLine(a, what, url, said))
    totals = Attempt.objects.filter(user_id=user_id).aggregate(
        answers=Count("pk"), hints=Coalesce(Sum("hints_used"), 0)
    )
    return {"username": member, "cells": cells, "answers": lines, "totals": totals}


# ---- CSV ------------------------------------------------------------------------------

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: Any) -> str:
    """A cell a spreadsheet shows as text: one starting like a formula gets a leading quote."""
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def grid_rows(report: ClassReport) -> Iterator[list[str]]:
    """One row per learner, one column per skill (its level in words), then last activity.

    A generator, so the class CSV download streams its lines as they are made.
    """
    yield [safe_cell(x) for x in ["Learner", *(s.name for s in report.skills), "Last activity"]]
    for row in report.rows:
        last = row.last_activity.strftime("%Y-%m-%d %H:%M UTC") if row.last_activity else "never"
        yield [safe_cell(x) for x in [row.username, *(c.level_name for c in row.cells), last]]

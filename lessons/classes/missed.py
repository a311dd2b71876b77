"""What a class misses most: the misconceptions, exercises and drills answered wrongly.

Split from ``reports`` so the class page's "missed most" lists live on their
own: each is one grouped read of the members' rows in the chosen period,
never the whole site's answer log.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db.models import Count, Q
from django.urls import reverse

from evaluator.drills import KINDS as DRILL_KINDS
from evaluator.misconceptions import MISCONCEPTIONS
from lessons import course, skills
from lessons.classes.reports import member_ids
from lessons.course import SECTIONS, SectionLink, section_link
from lessons.models import Attempt, Classroom, Deal, DiagnosedMistake


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


def answers_missed(
    classroom: Classroom, now: datetime, days: int | None
) -> tuple[list[Missed], list[Missed]]:
    """The exercises, and the drill kinds, the class answered wrongly most often (top 10 each).

    One grouped read of the members' wrong answers in the period serves both
    lists (an answer is an exercise's or a drill's, never both), in the
    database's order: most often first, then by exercise or drill kind.
    Each drill kind is linked to the first skill it trains.
    """
    rows = (
        Attempt.objects.filter(_since(now, days), user__in=member_ids(classroom), correct=False)
        .values("deal_id", "drill_kind")
        .annotate(times=Count("pk"), learners=Count("user", distinct=True))
        .order_by("-times", "deal_id", "drill_kind")
    )
    exercise_rows: list[dict[str, Any]] = []
    drill_rows: list[dict[str, Any]] = []
    for row in rows:
        mine = exercise_rows if row["deal_id"] is not None else drill_rows
        if len(mine) < MISSED_SHOWN:
            mine.append(dict(row))
    return _exercises_missed(exercise_rows), _drills_missed(drill_rows)


MISSED_SHOWN = 10


def _exercises_missed(rows: list[dict[str, Any]]) -> list[Missed]:
    wanted = [row["deal_id"] for row in rows]
    deals = Deal.objects.only("pk", "title", "slug", "lesson", "parts").in_bulk(wanted)
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


def _drills_missed(rows: list[dict[str, Any]]) -> list[Missed]:
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

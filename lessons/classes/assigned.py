"""How an assignment reads (its title, where to start it), and a learner's own list.

When each kind is finished (also in docs/teaching.md):

- a lesson when every published exercise of it has been answered right;
- a set of practice deals when each of its deals has been answered right;
- a skill target when the skill has reached the target level;
- hands to play when the learner has finished that many hands of the game
  at the study table since the work was set.

The status words themselves (not started, in progress, done, done late,
missing) are decided in ``status``, for teachers and learners alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from django.db.models import QuerySet
from django.urls import reverse
from django.utils.http import urlencode

from evaluator import PROFILES
from lessons import course, skills
from lessons.classes import status
from lessons.classes.status import lesson_deals as lesson_deals  # still found here
from lessons.course import section_link
from lessons.learners import mastery
from lessons.models import Assignment


def title(assignment: Assignment) -> str:
    """How the assignment reads in a list: "Lesson: Badugi", "Reach Proficient in Side pots"."""
    if assignment.kind == Assignment.LESSON:
        item = course.lesson(assignment.lesson)
        return f"Lesson: {item.title if item else assignment.lesson}"
    if assignment.kind == Assignment.SKILL:
        skill = skills.skill(assignment.skill)
        name = skill.name if skill else assignment.skill
        return f"Reach {mastery.level_name(assignment.target_level)} in {name}"
    if assignment.kind == Assignment.PLAY:
        profile = PROFILES.get(assignment.game)
        game = profile.name if profile else assignment.game
        return f"Play {assignment.hands} hand{'s' * (assignment.hands != 1)} of {game}"
    deals = list(assignment.deals.all())
    return f"Practice deals: {', '.join(d.title for d in deals) or 'none yet'}"


@dataclass(frozen=True)
class MyAssignment:
    assignment: Assignment
    title: str
    url: str
    status: status.Status


def target_url(assignment: Assignment) -> str:
    """Where a learner starts the work: the lesson, the first deal, or the skill's section."""
    if assignment.kind == Assignment.LESSON:
        item = course.lesson(assignment.lesson)
        return item.url if item else "/"
    if assignment.kind == Assignment.SKILL:
        skill = skills.skill(assignment.skill)
        if skill is not None:
            return section_link(skill.section).url
        return "/"
    if assignment.kind == Assignment.PLAY:
        return reverse("play:start") + "?" + urlencode({"game": assignment.game})
    first = next(iter(assignment.deals.all()), None)
    return first.get_absolute_url() if first else "/"


def for_user(user: Any, today: date) -> list[MyAssignment]:
    """A signed-in learner's assignments from every class they are in, newest first.

    An archived class's work is gone from the list (the class is read-only).
    """
    if not getattr(user, "is_authenticated", False):
        return []
    found: QuerySet[Assignment] = (
        Assignment.objects.filter(
            classroom__memberships__user=user, classroom__archived_at__isnull=True
        )
        .select_related("classroom")
        .prefetch_related("deals")
    )
    assignments = list(found)
    if not assignments:
        return []
    evidence = status.Evidence.gather(assignments, [user.pk])
    return [
        MyAssignment(a, title(a), target_url(a), status.status_of(a, user.pk, evidence, today))
        for a in assignments
    ]


SOON_DAYS = 7  # set work due within a week comes before the learner's own next step


def most_pressing(user: Any, today: date) -> MyAssignment | None:
    """The set work "Continue" should open before anything else, if any.

    Missing work (past its due date, not finished) comes first, the longest
    overdue first; then unfinished work due within ``SOON_DAYS``, the soonest
    first. Work with no due date is left to the learner's own order.
    """
    waiting = [a for a in for_user(user, today) if not a.status.finished]
    overdue = [a for a in waiting if a.status.overdue and a.assignment.due_on is not None]
    if overdue:
        return min(overdue, key=lambda a: (a.assignment.due_on, a.assignment.pk))
    soon = [
        a
        for a in waiting
        if a.assignment.due_on is not None
        and today <= a.assignment.due_on <= today + timedelta(days=SOON_DAYS)
    ]
    return min(soon, key=lambda a: (a.assignment.due_on, a.assignment.pk)) if soon else None

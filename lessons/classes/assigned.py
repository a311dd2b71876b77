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

from django.db.models import OuterRef, QuerySet, Subquery
from django.urls import reverse
from django.utils.http import urlencode

from evaluator import PROFILES
from lessons import course, skills
from lessons.classes import status
from lessons.classes.status import lesson_deals as lesson_deals  # still found here
from lessons.course import section_link
from lessons.learners import mastery
from lessons.models import Assignment, AssignmentFinish


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


def for_user(user: Any, today: date, levels: dict[str, int] | None = None) -> list[MyAssignment]:
    """A signed-in learner's assignments from every class they are in, newest first.

    An archived class's work is gone from the list (the class is read-only).
    ``levels``: every skill level of the learner, when the caller has read them.
    """
    if not getattr(user, "is_authenticated", False):
        return []
    found: QuerySet[Assignment] = (
        Assignment.objects.filter(
            classroom__memberships__user=user, classroom__archived_at__isnull=True
        )
        .select_related("classroom")
        .prefetch_related("deals")
        # When this learner reached each skill target, read with the work itself.
        .annotate(
            reached_at=Subquery(
                AssignmentFinish.objects.filter(assignment=OuterRef("pk"), user=user).values(
                    "finished_at"
                )[:1]
            )
        )
    )
    assignments = list(found)
    if not assignments:
        return []
    known = {user.pk: levels} if levels is not None else None
    reached = {
        (a.pk, user.pk): at
        for a in assignments
        if (at := getattr(a, "reached_at", None)) is not None
    }
    evidence = status.Evidence.gather(assignments, [user.pk], levels=known, finishes=reached)
    return [
        MyAssignment(a, title(a), target_url(a), status.status_of(a, user.pk, evidence, today))
        for a in assignments
    ]


SOON_DAYS = 7  # set work due within a week comes before the learner's own next step


def for_request(
    request: Any, today: date, levels: dict[str, int] | None = None
) -> list[MyAssignment]:
    """``for_user`` for the request's learner, worked out once per request.

    Home asks twice (the "Continue" button, then the assignments list the
    page includes through a template tag); each answer costs the class's
    evidence queries, so the first is kept on the request for the second.
    """
    kept = getattr(request, "_my_assignments", None)
    if kept is None or kept[0] != today:
        kept = (today, for_user(getattr(request, "user", None), today, levels))
        request._my_assignments = kept
    return kept[1]


def most_pressing(mine: list[MyAssignment], today: date) -> MyAssignment | None:
    """The set work "Continue" should open before anything else, if any.

    Missing work (past its due date, not finished) comes first, the longest
    overdue first; then unfinished work due within ``SOON_DAYS``, the soonest
    first. Work with no due date is left to the learner's own order.
    ``mine``: the learner's assignments (``for_user`` or ``for_request``).
    """
    waiting = [a for a in mine if not a.status.finished]
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

"""Whether an assignment is finished, and what is left: for the class page and the learner.

The rules (also in docs/teaching.md):

- a lesson is finished when every published exercise of it has been answered right;
- a set of practice deals is finished when each of its deals has been answered right;
- a skill target is finished when the skill has reached the target level.

Everything is read from three small queries for any number of learners
(solved deals, skill levels, the lessons' exercises), never one per learner.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.db.models import QuerySet

from lessons import course, skills
from lessons.course import section_link
from lessons.learners import mastery
from lessons.models import Assignment, Attempt, Deal, SkillState


@dataclass(frozen=True)
class Progress:
    done: bool
    left: str  # what is left, as a sentence; "" when done


def title(assignment: Assignment) -> str:
    """How the assignment reads in a list: "Lesson: Badugi", "Reach Proficient in Side pots"."""
    if assignment.kind == Assignment.LESSON:
        item = course.lesson(assignment.lesson)
        return f"Lesson: {item.title if item else assignment.lesson}"
    if assignment.kind == Assignment.SKILL:
        skill = skills.skill(assignment.skill)
        name = skill.name if skill else assignment.skill
        return f"Reach {mastery.level_name(assignment.target_level)} in {name}"
    deals = list(assignment.deals.all())
    return f"Practice deals: {', '.join(d.title for d in deals) or 'none yet'}"


def lesson_deals(assignments: Iterable[Assignment]) -> dict[str, set[int]]:
    """The published exercises of every lesson the assignments name (one query)."""
    lessons = {a.lesson for a in assignments if a.kind == Assignment.LESSON}
    found: dict[str, set[int]] = {key: set() for key in lessons}
    if lessons:
        # The exercises only: a quick check is not part of finishing a lesson.
        exercises = Deal.objects.published().filter(lesson__in=lessons, section="")
        rows = exercises.values_list("lesson", "pk")
        for lesson, pk in rows:
            found[lesson].add(pk)
    return found


def needed_deals(assignments: Iterable[Assignment], by_lesson: Mapping[str, set[int]]) -> set[int]:
    ids: set[int] = set()
    for a in assignments:
        if a.kind == Assignment.LESSON:
            ids |= by_lesson.get(a.lesson, set())
        elif a.kind == Assignment.DEALS:
            ids |= {d.pk for d in a.deals.all()}
    return ids


def solved_by(users: Any, deal_ids: set[int]) -> dict[int, set[int]]:
    """user id -> the deals among ``deal_ids`` they answered right (one query)."""
    solved: dict[int, set[int]] = {}
    if not deal_ids:
        return solved
    rows = (
        Attempt.objects.filter(user__in=users, deal_id__in=deal_ids, correct=True)
        .values_list("user_id", "deal_id")
        .distinct()
    )
    for user_id, deal_id in rows:
        solved.setdefault(user_id, set()).add(deal_id)
    return solved


def progress_of(
    assignment: Assignment,
    solved: set[int],
    levels: Mapping[str, int],
    by_lesson: Mapping[str, set[int]],
) -> Progress:
    """Finished or not, and what is left, for one learner."""
    if assignment.kind == Assignment.SKILL:
        level = levels.get(assignment.skill, 0)
        if level >= assignment.target_level:
            return Progress(True, "")
        return Progress(False, f"now {mastery.level_name(level)}")
    if assignment.kind == Assignment.LESSON:
        wanted = by_lesson.get(assignment.lesson, set())
    else:
        wanted = {d.pk for d in assignment.deals.all()}
    left = len(wanted - solved)
    if not left:
        return Progress(True, "")
    return Progress(False, f"{left} of {len(wanted)} exercise{'s' * (len(wanted) != 1)} to solve")


@dataclass(frozen=True)
class MyAssignment:
    assignment: Assignment
    title: str
    url: str
    progress: Progress
    overdue: bool


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
    first = next(iter(assignment.deals.all()), None)
    return first.get_absolute_url() if first else "/"


def for_user(user: Any, today: date) -> list[MyAssignment]:
    """A signed-in learner's assignments from every class they are in, newest first."""
    if not getattr(user, "is_authenticated", False):
        return []
    found: QuerySet[Assignment] = (
        Assignment.objects.filter(classroom__memberships__user=user)
        .select_related("classroom")
        .prefetch_related("deals")
    )
    assignments = list(found)
    if not assignments:
        return []
    by_lesson = lesson_deals(assignments)
    solved = solved_by([user.pk], needed_deals(assignments, by_lesson)).get(user.pk, set())
    levels = dict(SkillState.objects.filter(user=user).values_list("skill", "level"))
    return [
        MyAssignment(
            a,
            title(a),
            target_url(a),
            progress := progress_of(a, solved, levels, by_lesson),
            bool(a.due_on and a.due_on < today and not progress.done),
        )
        for a in assignments
    ]

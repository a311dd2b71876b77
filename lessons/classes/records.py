"""What an answer leaves behind for the class reports, written with the attempt.

``lessons.learners.progress`` calls ``after_answer`` inside the transaction
that inserts the attempt and moves the skills, so all three are saved
together. It keeps two things the attempt alone does not say:

- each misconception the engine named (``DiagnosedMistake``), so "what the
  class misses most" in a period is one grouped count;
- each skill's run of misses (``SkillState.misses_in_a_row``): a wrong
  answer (or one right only after the last hint) adds one, a right answer
  sets it back to 0. Three in a row marks the learner "needs help";
- the moment a skill target set to the learner's class is first reached
  (``AssignmentFinish``), so its status can say when and whether late.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db.models import F

from lessons.models import (
    Assignment,
    AssignmentFinish,
    Attempt,
    DiagnosedMistake,
    Learner,
    SkillState,
)


def after_answer(learner: Learner, attempt: Attempt, answers: Sequence[Any]) -> None:
    """Note one recorded answer; ``answers`` are its ``skill_records.SkillAnswer``s."""
    missed = {a.skill for a in answers if not a.correct or a.after_last_hint}
    right = {a.skill for a in answers} - missed
    states = SkillState.objects.of_learner(learner)
    if missed:
        states.filter(skill__in=missed).update(misses_in_a_row=F("misses_in_a_row") + 1)
    if right:
        states.filter(skill__in=right, misses_in_a_row__gt=0).update(misses_in_a_row=0)
    named: dict[str, str] = {}
    for answer in answers:
        if answer.misconception and not answer.correct:
            named.setdefault(answer.misconception[:60], answer.skill)
    if named:
        DiagnosedMistake.objects.bulk_create(
            DiagnosedMistake(
                attempt=attempt,
                misconception=name,
                skill=skill,
                user_id=attempt.user_id,
                created_at=attempt.created_at,
            )
            for name, skill in named.items()
        )
    if right and learner.user_id is not None:
        note_skill_targets(learner.user_id, right, attempt)


def note_skill_targets(user_id: int, skills: set[str], attempt: Attempt) -> None:
    """Keep when this answer reached a skill target set to one of the learner's classes.

    Runs after the skills moved (``progress.AFTER_ANSWER``); one query for a
    learner in no class with no such target, two more when one was reached.
    """
    open_targets = list(
        Assignment.objects.filter(
            kind=Assignment.SKILL,
            skill__in=skills,
            classroom__memberships__user_id=user_id,
        )
        .exclude(finishes__user_id=user_id)
        .values_list("pk", "skill", "target_level")
    )
    if not open_targets:
        return
    levels = dict(
        SkillState.objects.filter(user_id=user_id, skill__in=skills).values_list("skill", "level")
    )
    AssignmentFinish.objects.bulk_create(
        [
            AssignmentFinish(assignment_id=pk, user_id=user_id, finished_at=attempt.created_at)
            for pk, skill, target in open_targets
            if levels.get(skill, 0) >= target
        ],
        ignore_conflicts=True,
    )

"""What an answer leaves behind for the class reports, written with the attempt.

``lessons.learners.progress`` calls ``after_answer`` inside the transaction
that inserts the attempt and moves the skills, so all are saved together.
It keeps two things the attempt alone does not say:

- each misconception the engine named (``DiagnosedMistake``), so "what the
  class misses most" in a period is one grouped count;
- the moment a skill target set to the learner's class is first reached
  (``AssignmentFinish``), so its status can say when and whether late.

Each skill's run of misses (``SkillState.misses_in_a_row``, three in a row
mark the learner "needs help") is kept by the skill step itself
(``skill_records.after_answer`` with ``count_misses``), in the same UPDATE
that moves the skill's level: the row is already read under its lock there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lessons.learners import skill_records
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
    missed = {a.skill for a in answers if skill_records.missed(a)}
    right = {a.skill for a in answers} - missed
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

    Runs after the skills moved (``lessons.events.ANSWER_STORED``) on every right
    answer, so the common case is kept to one plain query: a learner whose
    classes set no target in these skills. Only when there is one are the
    targets already finished read (one more), then the levels and the insert.
    """
    targets = list(
        Assignment.objects.filter(
            kind=Assignment.SKILL,
            skill__in=skills,
            classroom__memberships__user_id=user_id,
        ).values_list("pk", "skill", "target_level")
    )
    if not targets:
        return
    finished = set(
        AssignmentFinish.objects.filter(
            user_id=user_id, assignment_id__in=[pk for pk, _, _ in targets]
        ).values_list("assignment_id", flat=True)
    )
    open_targets = [target for target in targets if target[0] not in finished]
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

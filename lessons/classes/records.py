"""What an answer leaves behind for the class reports, written with the attempt.

``lessons.learners.progress`` calls ``after_answer`` inside the transaction
that inserts the attempt and moves the skills, so all three are saved
together. It keeps two things the attempt alone does not say:

- each misconception the engine named (``DiagnosedMistake``), so "what the
  class misses most" in a period is one grouped count;
- each skill's run of misses (``SkillState.misses_in_a_row``): a wrong
  answer (or one right only after the last hint) adds one, a right answer
  sets it back to 0. Three in a row marks the learner "needs help".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db.models import F

from lessons.models import Attempt, DiagnosedMistake, Learner, SkillState


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

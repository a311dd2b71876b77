"""A skill step saves every column it moves, and only those.

``after_answer`` updates an existing row with ``update_fields=STEP_FIELDS``;
a column ``_apply`` came to set without being listed there would be moved
in memory and silently never stored.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from lessons.learners import skill_records
from lessons.models import Learner, SkillState


def columns(state: SkillState) -> dict[str, object]:
    return {f.attname: getattr(state, f.attname) for f in SkillState._meta.concrete_fields}


def test_every_column_a_step_moves_is_one_it_saves():
    learner = Learner(None, "a-learner-key")
    state = SkillState(learner_key=learner.key, skill="split-pot")
    at = datetime(2031, 3, 1, 9, 0, tzinfo=UTC)
    answers = [
        skill_records.SkillAnswer("split-pot", False, misconception="whole-pot-split"),
        skill_records.SkillAnswer("split-pot", True, hints=1, after_last_hint=True),
        skill_records.SkillAnswer("split-pot", True),
    ]
    moved = set()
    for n, answer in enumerate(answers * 3):
        before = columns(state)
        skill_records._apply(
            state, answer, learner, f"deal:{n}", "practice", at + timedelta(days=n), 0.9
        )
        moved |= {name for name, value in columns(state).items() if value != before[name]}
    assert moved, "the answers moved nothing: the test lost its premise"
    assert moved <= set(skill_records.STEP_FIELDS)

"""The step kinds' text form, for any step number and any junk a teacher might type."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lessons.deals import parts
from lessons.deals.parts.base import PartTextError

KINDS = ["next_to_act", "pot_at"]


@pytest.mark.parametrize("kind", KINDS)
@given(step=st.integers(0, 10**6))
def test_every_step_round_trips_through_its_line(kind, step):
    part = {"kind": kind, "step": step}
    assert parts.part_problem(part, None, None) is None
    line = parts.part_to_text(part, ["A", "B"])
    assert parts.parse_parts(line, ["A", "B"]) == [part]


@pytest.mark.parametrize("kind", KINDS)
@given(rest=st.text(max_size=20))
def test_any_other_line_is_read_or_refused_with_how_to_write_it(kind, rest):
    try:
        part = parts.KINDS[kind].from_text(rest, ["A", "B"])
    except PartTextError as error:
        assert f"{kind} step=5" in str(error)
    else:
        assert parts.part_problem(part, None, None) is None


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("step", [-1, 10**6 + 1, "3", None, True])
def test_a_stored_step_that_is_not_a_small_whole_number_is_refused(kind, step):
    assert "step" in parts.part_problem({"kind": kind, "step": step}, None, None)

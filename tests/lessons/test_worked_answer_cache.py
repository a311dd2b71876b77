"""A cached worked answer belongs to one release of the code as well as to one deal.

The worked answer is kept in the shared cache with no expiry. A release
that settles a deal differently (side pots from the history, say) must
render it afresh rather than keep showing the answer an earlier release
worked out, so the code's version is part of what it is kept under.
"""

from __future__ import annotations

import pytest

from lessons.exercises import blocks as exercises
from lessons.exercises.blocks import ExerciseBlock
from tests.factories import make_deal

pytestmark = pytest.mark.django_db


def test_a_new_release_renders_the_worked_answer_afresh(monkeypatch):
    renders = []
    real = exercises.render_to_string

    def counting(template, context=None, *args, **kwargs):
        renders.append(template)
        return real(template, context, *args, **kwargs)

    monkeypatch.setattr(exercises, "render_to_string", counting)
    deal = make_deal()
    monkeypatch.setenv("BADACEY_CODE_VERSION", "release-1")
    first = ExerciseBlock.of(deal).answer_html
    assert ExerciseBlock.of(deal).answer_html == first
    assert len(renders) == 1  # the same release reuses its rendering
    monkeypatch.setenv("BADACEY_CODE_VERSION", "release-2")
    assert ExerciseBlock.of(deal).answer_html == first  # the same deal, rendered again
    assert len(renders) == 2

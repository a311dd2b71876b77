"""What an exercise include needs: the deal, its answer form, its worked answer.

Lesson pages call ``exercise_blocks()`` and loop over the result with
``{% include "lessons/_exercise.html" with exercise=exercise %}``; the
exercise views build the same block for one deal. The worked answer is
computed by the evaluator when a template first reads it; its tables are
``lessons.deals.readings``, shared with the admin, the lesson pages and the replayer,
and each question part may add a piece of its own (``lessons.deals.parts``).

A deal the engine no longer accepts as stored (``Deal.stored_problems``) gets
a block with no form and no answer: the include shows the engine's sentences
in their place, so one broken deal never takes its page down.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property

from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils.safestring import SafeString

from lessons.code_version import code_version
from lessons.deals import parts
from lessons.deals.parts import WorkedPiece
from lessons.deals.readings import Reading, deal_readings
from lessons.exercises.forms import AnswerForm
from lessons.models import Deal


@dataclass
class ExerciseBlock:
    deal: Deal
    form: AnswerForm | None  # None for a deal that no longer validates
    show_answer: bool = False  # render the answer panel open and filled (no-JS answer page)
    heading_level: int = 3  # under a lesson page's h1 and its "Exercises" h2

    @classmethod
    def of(cls, deal: Deal, data=None, **options) -> ExerciseBlock:
        """The block of one deal, its form bound to ``data`` if given."""
        form = None if deal.stored_problems else AnswerForm(data, deal=deal)
        return cls(deal, form, **options)

    @property
    def problems(self) -> list[str]:
        """Why the deal cannot be shown, in the engine's words; empty when it can."""
        return self.deal.stored_problems

    @cached_property
    def answer(self) -> WorkedAnswer:
        return worked_answer(self.deal)

    @cached_property
    def answer_html(self) -> SafeString:
        """The worked answer, rendered once for the two places a page shows it.

        A lesson page carries each answer inside its panel for readers without
        JavaScript and again in the print-only answers section at the end. The
        rendering depends on nothing but the deal and the code, so it is also
        kept in the cache under the deal's fingerprint and the code's version
        and reused until either changes: a release that settles a deal anew
        must not keep showing the answer worked out before it.
        """
        if self.problems:
            return render_to_string("lessons/_unavailable.html", {"exercise": self})
        key = f"worked-answer:{code_version()}:{self.deal.fingerprint()}"
        html = cache.get(key)
        if html is None:
            html = render_to_string("lessons/_answer.html", {"exercise": self})
            cache.set(key, html, timeout=None)
        return html


def exercise_blocks(deals: Iterable[Deal]) -> list[ExerciseBlock]:
    """One block per deal with an unbound form, for a lesson page's loop."""
    return [ExerciseBlock.of(deal) for deal in deals]


@dataclass
class WorkedAnswer:
    readings: list[Reading]
    pieces: list[WorkedPiece] = field(default_factory=list)  # each part's own, in order
    note: str = ""

    before_the_draw: bool = False  # the hands are read as they stand, a draw still to come

    @property
    def compares_games(self) -> bool:
        return len(self.readings) > 1


def worked_answer(deal: Deal) -> WorkedAnswer:
    before = any(parts.kind_of(part).before_the_draw for part in deal.parts)
    pieces = parts.worked_pieces(deal)
    return WorkedAnswer(deal_readings(deal), pieces, deal.explanation, before_the_draw=before)

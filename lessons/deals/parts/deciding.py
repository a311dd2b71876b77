"""Which comparison settles each award: the number of cards, the kind of hand, or which card.

Written ``deciding``; stored ``{"kind": "deciding"}``. For each award of the
deal's game the learner picks the step at which the best hand first pulls
ahead of the next best (``evaluator.comparison``): for a Badugi the number
of cards, then each card from the top; for a five-card low the kind of hand
(no pair, a pair, a straight...), then each card in reading order; or
nothing, when the best hands tie. The worked answer names the step.
"""

from __future__ import annotations

from collections.abc import Sequence

from django import forms

from evaluator import AWARD_TITLES, GameProfile
from evaluator.comparison import Step, deciding_step
from evaluator.misconceptions import MISCONCEPTIONS
from lessons.deals.parts.base import (
    Answers,
    OneChoiceField,
    Outcomes,
    Part,
    PartKind,
    PartResult,
    PartTextError,
    Question,
    Table,
    WorkedPiece,
    answer_key,
)


def step_code(step: Step) -> str:
    return f"card{step.position}" if step.what == "card" else step.what


def steps(profile: GameProfile, kind: str) -> list[Step]:
    """Every answer a learner may give for award ``kind``, in the order of the comparison."""
    first = Step("size") if kind == "badugi" else Step("kind")
    cards = 4 if kind == "badugi" else profile.hand_size
    return [first, *(Step("card", n) for n in range(1, cards + 1)), Step("tie")]


def live_values(deal: Table, kind: str) -> list:
    evaluate = deal.profile.evaluator(kind)
    return [evaluate(cards) for cards, out in zip(deal.hands, deal.folded, strict=True) if not out]


def deciding_legend(profile: GameProfile, kind: str) -> str:
    title = f"the {AWARD_TITLES[kind]} half" if profile.is_split else "the showdown"
    return f"Which comparison settles {title}?"


class Deciding(PartKind):
    kind = "deciding"
    keyword = "deciding"
    syntax = "“deciding” (which comparison settles each half)"
    order = 25

    def to_text(self, part: Part, names: Sequence[str]) -> str:
        return self.keyword

    def from_text(self, rest: str, names: Sequence[str] | None) -> Part:
        if rest:
            raise PartTextError("write just “deciding”")
        return {"kind": self.kind}

    def problem(
        self, part: Part, profile: GameProfile | None, seat_count: int | None
    ) -> str | None:
        if seat_count is not None and seat_count < 2:
            return "a deciding part needs at least two seats to compare."
        return None

    def questions(self, index: int, part: Part, deal: Table) -> list[Question]:
        profile = deal.profile
        questions = []
        for kind in profile.awards:
            key = answer_key(index, kind)
            field = OneChoiceField(
                choices=[
                    (step_code(s), s.words[:1].upper() + s.words[1:]) for s in steps(profile, kind)
                ],
                coerce=str,
                widget=forms.RadioSelect,
                label=deciding_legend(profile, kind),
                error_messages={
                    "required": "Choose the comparison that settles it.",
                    "invalid_choice": "%(value)s is not one of the comparisons.",
                },
            )
            legend = deciding_legend(profile, kind)
            questions.append(Question(key, legend, {key: field}, self.fields_template, self.kind))
        return questions

    def check(
        self, index: int, part: Part, deal: Table, answers: Answers, outcomes: Outcomes
    ) -> list[PartResult]:
        results = []
        for kind in deal.profile.awards:
            key = answer_key(index, kind)
            right = deciding_step(live_values(deal, kind))
            chosen = answers[key]
            legend = deciding_legend(deal.profile, kind)
            if chosen == step_code(right):
                message = f"right: {right.words} settles it."
                results.append(PartResult(part, True, message, legend, (key,)))
                continue
            lowest = f"card{4 if kind == 'badugi' else deal.profile.hand_size}"
            mistake = None
            if chosen == lowest and right.what == "card":
                mistake = MISCONCEPTIONS["lowest-card-first"]
            message = (
                f"{mistake.correction}."
                if mistake
                else "write both hands from the highest card down and compare them step by "
                "step; the first step where they differ settles it, and nothing after it counts."
            )
            section = "badugi#equal-sizes" if kind == "badugi" else "badacey#five-card-low"
            results.append(
                PartResult(
                    part, False, message, legend, (key,), misconception=mistake, lesson=section
                )
            )
        return results

    def model_answer(self, index: int, part: Part, deal: Table) -> dict[str, str | list[str]]:
        return {
            answer_key(index, kind): step_code(deciding_step(live_values(deal, kind)))
            for kind in deal.profile.awards
        }

    def hints(self, part: Part, deal: Table) -> list[str]:
        profile = deal.profile
        first = (
            "Write each hand from its highest card down. Badugi hands are compared by their "
            "number of cards first; lows by their kind (no pair, a pair, a straight) first."
        )
        sizes = []
        for kind in profile.awards:
            values = live_values(deal, kind)
            if kind == "badugi":
                sizes.append("the Badugi sizes are " + ", ".join(str(v.size) for v in values))
            else:
                sizes.append("the lows are " + ", ".join(v.category for v in values))
        second = "Start with the first step: " + "; ".join(sizes) + "."
        return [first, second]

    def worked(self, part: Part, deal: Table) -> WorkedPiece:
        rows = [
            {
                "title": AWARD_TITLES[kind],
                "step": deciding_step(live_values(deal, kind)).words,
            }
            for kind in deal.profile.awards
        ]
        return WorkedPiece(self.answer_template, {"rows": rows})

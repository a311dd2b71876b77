"""Estimate the chance of a draw, within a stated number of percentage points.

Written ``odds Pavel; throw 9♥ K♥; for badugi; within 3``; stored ``{"kind":
"odds", "seat": 0, "throw": "9♥ K♥", "target": "badugi", "within": 3}``,
with the same targets as ``outs``. The learner types a percentage; an
estimate within ``within`` points of the engine's exact chance is right, so
the question rewards a sound count rather than a long division.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from django import forms

from badacey_site.whole_numbers import read_whole_number
from evaluator import GameProfile, format_cards
from evaluator.misconceptions import chance_mistake
from lessons.deals.parts import _drawing as drawing
from lessons.deals.parts.base import (
    Answers,
    Outcomes,
    Part,
    PartKind,
    PartResult,
    PartTextError,
    Question,
    Table,
    WorkedPiece,
    answer_key,
    is_whole,
)

EXAMPLE = "odds Pavel; throw 9♥ K♥; for badugi; within 3"


def odds_legend(part: Part, deal: Table) -> str:
    name = deal.names[part["seat"]]
    throw = format_cards(drawing.thrown(part))
    return (
        f"{name} throws {throw}: the chance of {drawing.target_words(part, deal)}, in percent "
        f"(within {part['within']} points)"
    )


class OddsEstimate(PartKind):
    kind = "odds"
    keyword = "odds"
    keys = frozenset({"seat", "throw", "target", "badugi_top", "low_top", "within"})
    syntax = f"“{EXAMPLE}” (estimate a draw's chance in percent, within so many points)"
    order = 61
    before_the_draw = True

    def to_text(self, part: Part, names: Sequence[str]) -> str:
        name = drawing.seat_name(part, names)
        return (
            f"odds {name}; throw {part.get('throw')}; {drawing.target_text(part)}; "
            f"within {part.get('within')}"
        )

    def from_text(self, rest: str, names: Sequence[str] | None) -> Part:
        seat, segments = drawing.split_segments(rest, names, EXAMPLE)
        if set(segments) != {"throw", "for", "within"}:
            raise PartTextError(f"write it as “{EXAMPLE}”")
        within = segments["within"]
        points = read_whole_number(within[0], 0, 999) if len(within) == 1 else None
        if points is None:
            raise PartTextError("write the tolerance as a whole number of points, e.g. “within 3”")
        return {
            "kind": self.kind,
            "seat": seat,
            "throw": " ".join(segments["throw"]),
            **drawing.read_target(segments["for"]),
            "within": points,
        }

    def problem(
        self, part: Part, profile: GameProfile | None, seat_count: int | None
    ) -> str | None:
        within = part.get("within")
        if not is_whole(within) or not 1 <= within <= 20:
            return '"within" must be a whole number of percentage points from 1 to 20.'
        return drawing.seat_problem(part, seat_count, self.kind) or drawing.target_problem(
            part, profile
        )

    def deal_problems(self, part: Part, deal: Table) -> dict[str, str]:
        problem = drawing.throw_problem(part, deal)
        return {"parts": problem} if problem else {}

    def questions(self, index: int, part: Part, deal: Table) -> list[Question]:
        key = answer_key(index)
        field = forms.DecimalField(
            min_value=0,
            max_value=100,
            decimal_places=2,
            max_digits=5,
            label="Your estimate, in percent",
            error_messages={
                "required": "Enter your estimate as a percentage, such as 12 or 12.5.",
                "invalid": "Enter a number from 0 to 100, such as 12 or 12.5.",
                "min_value": "A chance cannot be below 0%%.",
                "max_value": "A chance cannot be above 100%%.",
                "max_decimal_places": "Two decimal places are plenty, such as 12.5.",
                "max_digits": "Enter a number from 0 to 100, such as 12 or 12.5.",
            },
            widget=forms.NumberInput(
                attrs={"inputmode": "decimal", "step": "any", "class": "form-control"}
            ),
        )
        legend = odds_legend(part, deal)
        return [Question(key, legend, {key: field}, self.fields_template, self.kind)]

    def check(
        self, index: int, part: Part, deal: Table, answers: Answers, outcomes: Outcomes
    ) -> list[PartResult]:
        key = answer_key(index)
        guess = Fraction(str(answers[key]))
        outcome = drawing.odds(part, deal).outcome(drawing.outcome_key(part))
        exact = 100 * outcome.probability
        within = part["within"]
        if abs(guess - exact) <= within:
            ok, message = (
                True,
                (
                    f"right: the exact chance is {outcome.percent_text} ({outcome.hits} of "
                    f"{outcome.total} draws), within {within} points of your {answers[key]}%."
                ),
            )
        else:
            way = "high" if guess > exact else "low"
            ok, message = (
                False,
                (
                    f"{answers[key]}% is more than {within} points too {way}; count the draws "
                    "that make the target and divide by all the draws."
                ),
            )
        mistake = None
        if not ok:
            mistake = chance_mistake(guess, within, drawing.draw_question(part, deal))
        if mistake:
            message = f"{answers[key]}% is more than {within} points off. {drawing.idea(mistake)}"
        return [
            PartResult(
                part,
                ok,
                message,
                odds_legend(part, deal),
                (key,),
                misconception=mistake,
                lesson="drawing#odds-tables",
            )
        ]

    def hints(self, part: Part, deal: Table) -> list[str]:
        """How many draws there are; what to count; the band the chance lies in."""
        odds = drawing.odds(part, deal)
        outcome = odds.outcome(drawing.outcome_key(part))
        name = deal.names[part["seat"]]
        low = int(outcome.percent // 10) * 10
        return [
            f"{name} draws {odds.draw} from {odds.unseen} unseen cards: "
            f"{odds.combinations} possible draws in all.",
            f"Count the draws that make {outcome.description}, then divide by {odds.combinations}.",
            f"The chance lies between {low}% and {low + 10}%.",
        ]

    def model_answer(self, index: int, part: Part, deal: Table) -> dict[str, str | list[str]]:
        outcome = drawing.odds(part, deal).outcome(drawing.outcome_key(part))
        return {answer_key(index): f"{float(100 * outcome.probability):.1f}"}

    def worked(self, part: Part, deal: Table) -> WorkedPiece:
        odds = drawing.odds(part, deal)
        return WorkedPiece(
            self.answer_template,
            {
                "odds": odds,
                "outcome": odds.outcome(drawing.outcome_key(part)),
                "name": deal.names[part["seat"]],
                "within": part["within"],
            },
        )

"""How many outs does a one-card draw have?

Written ``outs Ines; throw K♥; for badugi 8``; stored ``{"kind": "outs",
"seat": 0, "throw": "K♥", "target": "badugi", "badugi_top": 8}``. The
target is ``badugi``, ``low`` or ``both`` with optional top cards (``for both
low 9 badugi 8``). Every other seat's cards are seen, so they are never
outs. The learner types a whole number; the engine's exact count
(``evaluator.odds``) decides, and the worked answer lists the outs.
"""

from __future__ import annotations

from collections.abc import Sequence

from django import forms

from evaluator import GameProfile, format_cards
from evaluator.comparison import count_words
from evaluator.misconceptions import outs_mistake
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
)

EXAMPLE = "outs Ines; throw K♥; for badugi 8"


def outs_legend(part: Part, deal: Table) -> str:
    name = deal.names[part["seat"]]
    throw = format_cards(drawing.thrown(part))
    return f"{name} throws {throw}: how many outs for {drawing.target_words(part, deal)}?"


class Outs(PartKind):
    kind = "outs"
    keyword = "outs"
    keys = frozenset({"seat", "throw", "target", "badugi_top", "low_top"})
    syntax = f"“{EXAMPLE}” (count the cards that make the target in a one-card draw)"
    order = 60
    before_the_draw = True

    def to_text(self, part: Part, names: Sequence[str]) -> str:
        name = drawing.seat_name(part, names)
        return f"outs {name}; throw {part.get('throw')}; {drawing.target_text(part)}"

    def from_text(self, rest: str, names: Sequence[str] | None) -> Part:
        seat, segments = drawing.split_segments(rest, names, EXAMPLE)
        if set(segments) != {"throw", "for"}:
            raise PartTextError(f"write it as “{EXAMPLE}”")
        return {
            "kind": self.kind,
            "seat": seat,
            "throw": " ".join(segments["throw"]),
            **drawing.read_target(segments["for"]),
        }

    def problem(
        self, part: Part, profile: GameProfile | None, seat_count: int | None
    ) -> str | None:
        return drawing.seat_problem(part, seat_count, self.kind) or drawing.target_problem(
            part, profile
        )

    def deal_problems(self, part: Part, deal: Table) -> dict[str, str]:
        problem = drawing.throw_problem(part, deal, exactly=1)
        return {"parts": problem} if problem else {}

    def questions(self, index: int, part: Part, deal: Table) -> list[Question]:
        key = answer_key(index)
        unseen = drawing.odds(part, deal).unseen
        field = forms.IntegerField(
            min_value=0,
            max_value=unseen,
            label="Number of outs",
            error_messages={
                "required": "Enter the number of outs (0 if there are none).",
                "invalid": "Enter the number of outs as a whole number.",
                "min_value": "The number of outs cannot be negative.",
                "max_value": f"There are only {unseen} unseen cards, so no more outs than that.",
            },
            widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "form-control"}),
        )
        legend = outs_legend(part, deal)
        return [Question(key, legend, {key: field}, self.fields_template, self.kind)]

    def check(
        self, index: int, part: Part, deal: Table, answers: Answers, outcomes: Outcomes
    ) -> list[PartResult]:
        key = answer_key(index)
        chosen = answers[key]
        outcome = drawing.odds(part, deal).outcome(drawing.outcome_key(part))
        if chosen == outcome.hits:
            ok, message = True, f"right: {outcome.hits} of the {outcome.total} unseen cards."
        elif chosen > outcome.hits:
            ok, message = (
                False,
                (
                    f"{chosen} is too many: leave out the cards you can see, the cards that pair "
                    "one you keep, and any card that spoils the other half of the target."
                ),
            )
        else:
            ok, message = (
                False,
                (
                    f"{chosen} is too few: count every suit and rank that works, "
                    "not only the lowest cards."
                ),
            )
        mistake = None if ok else outs_mistake(chosen, drawing.draw_question(part, deal))
        if mistake:
            message = f"{chosen} is not the count. {drawing.idea(mistake)}"
        return [
            PartResult(
                part,
                ok,
                message,
                outs_legend(part, deal),
                (key,),
                misconception=mistake,
                lesson="drawing#outs",
            )
        ]

    def hints(self, part: Part, deal: Table) -> list[str]:
        """What can arrive; what a card must do; how the outs spread over suits and ranks."""
        odds = drawing.odds(part, deal)
        outcome = odds.outcome(drawing.outcome_key(part))
        name = deal.names[part["seat"]]
        first = (
            f"Only unseen cards can arrive: {odds.unseen} of them, after {name}'s hand, the "
            "cards thrown and the other hands you can see."
        )
        needs = []
        if part["target"] in ("badugi", "both"):
            needs.append("bring a suit and a rank the kept Badugi cards do not have")
        if part["target"] in ("low", "both"):
            needs.append("pair no card kept (and, in deuce-to-seven, make no straight or flush)")
        second = f"A card that helps must {' and '.join(needs)}."
        if outcome.outs is None or not outcome.outs:
            return [first, second]
        suits = {c.suit for c in outcome.outs}
        ranks = {c.rank for c in outcome.outs}
        third = (
            f"The outs come in {count_words(len(suits), 'suit')} and "
            f"{count_words(len(ranks), 'rank')}."
        )
        return [first, second, third]

    def model_answer(self, index: int, part: Part, deal: Table) -> dict[str, str | list[str]]:
        outcome = drawing.odds(part, deal).outcome(drawing.outcome_key(part))
        return {answer_key(index): str(outcome.hits)}

    def worked(self, part: Part, deal: Table) -> WorkedPiece:
        odds = drawing.odds(part, deal)
        return WorkedPiece(
            self.answer_template,
            {
                "odds": odds,
                "outcome": odds.outcome(drawing.outcome_key(part)),
                "name": deal.names[part["seat"]],
            },
        )

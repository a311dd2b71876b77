"""Say how many chips each seat collects from the pot.

Written ``payouts`` or ``payouts GAME``; stored ``{"kind": "payouts"}`` or
with ``"game"``. It needs the deal's pot. Each seat's box takes a whole
number from 0 to the pot, so no answer can be larger than the chips at
stake. The worked answer's payouts table shows the answer.
"""

from __future__ import annotations

from collections.abc import Sequence

from django import forms

from evaluator.wording import names_and

from .base import Answers, Outcomes, Part, PartResult, Question, Table, answer_key
from .winners import GameReading


def payouts_legend(deal: Table, part: Part) -> str:
    game = part.get("game")
    rules = f" under {deal.profile_for(game).name} rules" if game else ""
    return f"Each player's payout from the pot of {deal.pot}{rules}"


class Payouts(GameReading):
    kind = "payouts"
    keyword = "payouts"
    syntax = "“payouts” or “payouts GAME” (chips each seat collects; needs a pot)"
    order = 30

    def deal_problems(self, part: Part, deal: Table) -> dict[str, str]:
        if deal.pot is None:
            return {"pot": "asks for payouts, so the deal needs a pot."}
        return {}

    def questions(self, index: int, part: Part, deal: Table) -> list[Question]:
        pot = deal.pot or 0
        fields = {}
        for seat, name in enumerate(deal.names):
            fields[answer_key(index, "seat", seat)] = forms.IntegerField(
                min_value=0,
                max_value=pot,
                label=f"{name}'s payout",
                error_messages={
                    "required": f"Enter {name}'s payout (0 if {name} receives nothing).",
                    "invalid": f"Enter a whole number of chips for {name}.",
                    "min_value": f"{name}'s payout cannot be negative.",
                    "max_value": f"{name}'s payout cannot be more than the whole pot of {pot}.",
                },
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "form-control"}),
            )
        legend = payouts_legend(deal, part)
        return [Question(answer_key(index), legend, fields, self.fields_template, self.kind)]

    def check(
        self, index: int, part: Part, deal: Table, answers: Answers, outcomes: Outcomes
    ) -> list[PartResult]:
        keys = tuple(answer_key(index, "seat", s) for s in range(len(deal.names)))
        chosen = [answers[key] for key in keys]
        outcome = outcomes(part.get("game"))
        ok, message = _verdict(chosen, outcome.payouts, deal.names, deal.pot or 0)
        return [PartResult(part, ok, message, payouts_legend(deal, part), keys)]

    def model_answer(self, index: int, part: Part, deal: Table) -> dict[str, str | list[str]]:
        outcome = self.evaluator_outcome(part, deal)
        return {
            answer_key(index, "seat", seat): str(chips)
            for seat, chips in enumerate(outcome.payouts)
        }


def _verdict(
    chosen: Sequence[int], payouts: Sequence[int], names: Sequence[str], pot: int
) -> tuple[bool, str]:
    total = sum(chosen)
    if total != pot:
        return False, f"the payouts add up to {total}, the pot is {pot}."
    wrong = [f"{names[s]}'s" for s, chips in enumerate(chosen) if chips != payouts[s]]
    if wrong:
        noun = "payout is" if len(wrong) == 1 else "payouts are"
        return False, f"{names_and(wrong)} {noun} not right."
    return True, "right: " + ", ".join(
        f"{n} {c}" for n, c in zip(names, payouts, strict=True)
    ) + "."

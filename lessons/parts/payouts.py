"""Say how many chips each seat collects from the pot.

Written ``payouts`` or ``payouts GAME``; stored ``{"kind": "payouts"}`` or
with ``"game"``. It needs the deal's pot. Each seat's box takes a whole
number from 0 to the pot, so no answer can be larger than the chips at
stake. The worked answer's payouts table shows the answer.
"""

from __future__ import annotations

from django import forms

from evaluator.misconceptions import payout_mistake

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
        heading = payouts_legend(deal, part)
        pot = deal.pot or 0
        if list(chosen) == list(outcome.payouts):
            paid = ", ".join(f"{n} {c}" for n, c in zip(deal.names, outcome.payouts, strict=True))
            return [PartResult(part, True, f"right: {paid}.", heading, keys)]
        # Mark only the wrong boxes, beside which the message is shown.
        wrong = tuple(k for k, c, r in zip(keys, chosen, outcome.payouts, strict=True) if c != r)
        mistake = payout_mistake(
            chosen,
            outcome.profile,
            deal.hands,
            pot=pot,
            folded=deal.folded,
            button=deal.button,
        )
        if mistake:
            message = f"{mistake.correction}."
        elif sum(chosen) != pot:
            message = f"the payouts add up to {sum(chosen)}, but the pot is {pot}."
        else:
            message = (
                "settle each half on its own: find who wins it, share it among them, then add "
                "up each player's chips from both halves."
            )
        return [
            PartResult(
                part,
                False,
                message,
                heading,
                wrong,
                misconception=mistake,
                lesson="badacey#awarding",
            )
        ]

    def model_answer(self, index: int, part: Part, deal: Table) -> dict[str, str | list[str]]:
        outcome = self.evaluator_outcome(part, deal)
        return {
            answer_key(index, "seat", seat): str(chips)
            for seat, chips in enumerate(outcome.payouts)
        }

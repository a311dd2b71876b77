"""Say how many chips each seat collects from the pot.

Written ``payouts`` or ``payouts GAME``; stored ``{"kind": "payouts"}`` or
with ``"game"``. It needs the deal's pot. Each seat's box takes a whole
number from 0 to the pot, so no answer can be larger than the chips at
stake. The worked answer's payouts table shows the answer.
"""

from __future__ import annotations

from django import forms

from evaluator import AWARD_TITLES
from evaluator.comparison import count_words
from evaluator.misconceptions import payout_mistake
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

    def hints(self, part: Part, deal: Table) -> list[str]:
        """The halves' sizes; how many share each; what each winner's share is."""
        outcome = deal.settlement(part.get("game"))
        pot = outcome.pots[0]
        folded = [seat.name for seat in outcome.seats if seat.folded]
        awards = [a for p in outcome.pots for a in p.awards]
        if pot.awards[0].kind == "uncontested":
            return [f"Everyone but one player folded: {names_and(folded)} gave up the pot."]
        sizes = ", ".join(
            f"{a.amount} for the {_title(a.kind, outcome.profile.is_split)}" for a in awards
        )
        first = f"Settle each award on its own: the pot of {outcome.total} is {sizes}."
        if len(awards) == 1:
            first = f"The pot of {outcome.total} goes to the best hand, shared if hands tie."
        if folded:
            first += f" {names_and(folded)} folded and can collect nothing."
        split = outcome.profile.is_split
        counts = "; ".join(
            f"the {_title(a.kind, split)} has {count_words(len(a.winners), 'winner')}"
            for a in awards
        )
        second = f"Count the winners: {counts}."
        shares = "; ".join(
            f"the {_title(a.kind, outcome.profile.is_split)}: "
            + " and ".join(str(c) for c in sorted(set(a.shares.values()), reverse=True))
            + (" each" if len(a.winners) > 1 else " to its winner")
            for a in awards
        )
        third = f"Each winner's share: {shares}. Add up each player's chips from every award."
        return [first, second, third]

    def model_answer(self, index: int, part: Part, deal: Table) -> dict[str, str | list[str]]:
        outcome = self.evaluator_outcome(part, deal)
        return {
            answer_key(index, "seat", seat): str(chips)
            for seat, chips in enumerate(outcome.payouts)
        }


def _title(kind: str, split: bool) -> str:
    return f"{AWARD_TITLES[kind]} half" if split and kind in AWARD_TITLES else "pot"

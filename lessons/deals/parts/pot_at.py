"""What is in the pot now? The chips in the middle after one step of a history.

Written ``pot_at step=7``; stored ``{"kind": "pot_at", "step": 7}``. The step
is the replayer's (``?step=7``), counted from 0, the deal. The question gives
the pot as the street began and what each seat has done since, worded as
the replayer words it without its running total; the learner types the pot
and the engine's replay decides it.
"""

from __future__ import annotations

from django import forms

from lessons.deals.parts import _history_steps as steps
from lessons.deals.parts.base import (
    Answers,
    Outcomes,
    Part,
    PartResult,
    Question,
    Table,
    WorkedPiece,
    answer_key,
)

LESSON = "table_basics#actions"


def legend(part: Part, deal: Table) -> str:
    replay = steps.played(deal)
    if replay is None:
        return "How many chips are in the pot?"
    index = part["step"]
    street = replay.steps[index].state.street.capitalize()
    start = steps.pot_before(replay, index)
    events = " ".join(steps.event(s) for s in steps.street_events(replay, index))
    return f"{street}, the pot starts at {start}. {events} How many chips are in the pot now?"


class PotAt(steps.StepPart):
    kind = "pot_at"
    keyword = "pot_at"
    syntax = "“pot_at step=7” (a step of the history's replay, from 0: what is the pot now?)"
    order = 44

    def _facts(self, part: Part, deal: Table) -> dict:
        replay = steps.played(deal)
        assert replay is not None  # a saved deal with this part has a history
        index = part["step"]
        events = steps.street_events(replay, index)
        return {
            "pot": replay.steps[index].state.pot,
            "start": steps.pot_before(replay, index),
            "street": replay.steps[index].state.street,
            "events": [steps.event(s) for s in events],
            "moved": [
                (steps.event(s).rstrip("."), s.amount)
                for s in events
                if s.amount and s.kind in ("post", "action")
            ],
            "last": replay.steps[index],
            "before_last": replay.steps[index - 1].state.pot if index else 0,
        }

    def questions(self, index: int, part: Part, deal: Table) -> list[Question]:
        key = answer_key(index)
        text = legend(part, deal)
        field = forms.IntegerField(
            min_value=0,
            max_value=10**12,
            label="Chips in the pot",
            error_messages={
                "required": "Enter the number of chips in the pot.",
                "invalid": "Enter the pot as a whole number of chips, such as 12.",
                "min_value": "A pot cannot hold fewer than 0 chips.",
                "max_value": "That is more chips than any table here holds.",
            },
        )
        return [Question(key, text, {key: field}, self.fields_template, self.kind)]

    def check(
        self, index: int, part: Part, deal: Table, answers: Answers, outcomes: Outcomes
    ) -> list[PartResult]:
        key = answer_key(index)
        chosen = answers[key]
        facts = self._facts(part, deal)
        last = facts["last"]
        if chosen == facts["pot"]:
            ok, message = True, f"right: the pot holds {chosen} chips."
        elif chosen == facts["before_last"] and last.amount:
            ok, message = (
                False,
                f"{chosen} was the pot just before “{steps.event(last)}”: "
                "add the chips that step put in.",
            )
        elif chosen == sum(amount for _, amount in facts["moved"]) and facts["start"]:
            ok, message = (
                False,
                f"{chosen} counts only this street's chips: the pot keeps everything put in "
                "on the streets before, too.",
            )
        else:
            ok, message = (
                False,
                f"not {chosen}: start from the pot as the street began and add every blind, "
                "bet, call and raise since.",
            )
        return [PartResult(part, ok, message, legend(part, deal), (key,), lesson=LESSON)]

    def hints(self, part: Part, deal: Table) -> list[str]:
        facts = self._facts(part, deal)
        amounts = [amount for _, amount in facts["moved"]]
        times = len(amounts)
        return [
            "The pot is every chip put in so far: blinds or antes, bets, calls and raises. "
            "A check or a fold adds nothing.",
            f"Since the street began, chips have gone in {times} time{'s' if times != 1 else ''}:"
            " count only the steps that name a number of chips.",
            "Add them to the pot the street began with: "
            + " + ".join(str(n) for n in [facts["start"], *amounts])
            + ".",
        ]

    def model_answer(self, index: int, part: Part, deal: Table) -> dict[str, str | list[str]]:
        return {answer_key(index): str(self._facts(part, deal)["pot"])}

    def worked(self, part: Part, deal: Table) -> WorkedPiece:
        facts = self._facts(part, deal)
        context = {
            "street": facts["street"],
            "start": facts["start"],
            "moved": facts["moved"],
            "pot": facts["pot"],
        }
        return WorkedPiece(self.answer_template, context)

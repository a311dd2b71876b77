"""Whose turn is it? The seat that bets or draws next after one step of a history.

Written ``next_to_act step=12``; stored ``{"kind": "next_to_act", "step":
12}``. The step is the replayer's (``?step=12``), counted from 0, the deal.
The learner picks a seat; the answer is the seat the engine's replay has
act next, so it follows the table's own turn order: left of the big blind
before the draw, left of the button after it, folded and all-in seats
skipped. The question shows what has happened so far in that street.
"""

from __future__ import annotations

from django import forms

from lessons.deals.parts import _history_steps as steps
from lessons.deals.parts.base import (
    Answers,
    OneChoiceField,
    Outcomes,
    Part,
    PartResult,
    Question,
    Table,
    WorkedPiece,
    answer_key,
)

LESSON = "table_basics#acting"


def legend(part: Part, deal: Table) -> str:
    replay = steps.played(deal)
    if replay is None:
        return "Who acts next?"
    index = part["step"]
    street = replay.steps[index].state.street.capitalize()
    events = " ".join(steps.event(s) for s in steps.street_events(replay, index))
    folded, all_in = steps.names_out(replay, index)
    out = f" Folded: {steps.step_names(folded)}. All-in: {steps.step_names(all_in)}."
    return f"{street}: {events}{out} Who acts next?"


class NextToAct(steps.StepPart):
    needs_turn = True
    kind = "next_to_act"
    keyword = "next_to_act"
    syntax = "“next_to_act step=12” (a step of the history's replay, from 0: who acts next?)"
    order = 42

    def questions(self, index: int, part: Part, deal: Table) -> list[Question]:
        key = answer_key(index)
        text = legend(part, deal)
        field = OneChoiceField(
            choices=[(str(seat), name) for seat, name in enumerate(deal.names)],
            coerce=int,
            widget=forms.RadioSelect,
            label=text,
            error_messages={
                "required": "Choose the seat that acts next.",
                "invalid_choice": "%(value)s is not one of the seats.",
            },
        )
        return [Question(key, text, {key: field}, self.fields_template, self.kind)]

    def _facts(self, part: Part, deal: Table) -> dict:
        replay = steps.played(deal)
        assert replay is not None  # a saved deal with this part has a history
        index = part["step"]
        seat = steps.next_actor(replay, index)
        assert seat is not None
        folded, all_in = steps.names_out(replay, index)
        return {
            "replay": replay,
            "seat": seat,
            "name": deal.names[seat],
            "folded": folded,
            "all_in": all_in,
            "events": [steps.event(s) for s in steps.street_events(replay, index)],
            "drawing": replay.steps[index + 1].kind == "draw",
        }

    def check(
        self, index: int, part: Part, deal: Table, answers: Answers, outcomes: Outcomes
    ) -> list[PartResult]:
        key = answer_key(index)
        chosen = answers[key]
        facts = self._facts(part, deal)
        name = deal.names[chosen]
        verb = "draw" if facts["drawing"] else "act"
        if chosen == facts["seat"]:
            ok, message = True, f"right: it is {name}'s turn to {verb}."
        elif name in facts["folded"]:
            ok, message = False, f"{name} has folded, and a folded seat never acts again."
        elif name in facts["all_in"] and not facts["drawing"]:
            ok, message = False, f"{name} is all-in: with no chips left, there is nothing to bet."
        elif facts["drawing"] and facts["name"] in facts["all_in"]:
            right = facts["name"]
            ok, message = (
                False,
                f"not {name}: {right} is all-in, but being all-in stops a player betting, "
                f"not drawing. {right} still draws, and the turn reaches {right} first.",
            )
        elif facts["drawing"]:
            ok, message = (
                False,
                f"not {name}: in a draw the turn moves one seat to the left at a time, "
                "skipping only folded seats (an all-in seat still draws).",
            )
        else:
            ok, message = (
                False,
                f"not {name}: the turn moves one seat to the left at a time, "
                "skipping anyone who cannot act.",
            )
        return [PartResult(part, ok, message, legend(part, deal), (key,), lesson=LESSON)]

    def hints(self, part: Part, deal: Table) -> list[str]:
        facts = self._facts(part, deal)
        skipped = (
            f"Folded: {steps.step_names(facts['folded'])}. "
            f"All-in: {steps.step_names(facts['all_in'])}."
        )
        replay = facts["replay"]
        count = len(deal.names)
        button = replay.record.button
        order = [deal.names[(button + k) % count] for k in range(1, count + 1)]
        return [
            "The turn goes round the table to the left, one seat at a time.",
            f"{skipped} A folded seat never acts again; an all-in seat still draws but "
            "no longer bets.",
            f"Going left from the seat after the button, the seats are {', '.join(order)}; "
            "the last step's seat has just acted.",
        ]

    def model_answer(self, index: int, part: Part, deal: Table) -> dict[str, str | list[str]]:
        return {answer_key(index): str(self._facts(part, deal)["seat"])}

    def worked(self, part: Part, deal: Table) -> WorkedPiece:
        facts = self._facts(part, deal)
        context = {
            "events": facts["events"],
            "name": facts["name"],
            "verb": "draw" if facts["drawing"] else "act",
            "folded": steps.step_names(facts["folded"]),
            "all_in": steps.step_names(facts["all_in"]),
        }
        return WorkedPiece(self.answer_template, context)

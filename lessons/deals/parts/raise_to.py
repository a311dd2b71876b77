"""Facing a bet in a fixed-limit round, to what total does a full raise go?

Written ``raise_to round=2 facing=12 options=18,24``; stored ``{"kind":
"raise_to", "round": 2, "facing": 12, "options": [18, 24]}``. Rounds count
from 0, the betting before the first draw. The learner picks one of the
options; the deal's own table settings decide the answer, and every number
stays within the round's cap, so a question can only ask about a raise the
table could make. The worked answer says the round's unit and the total.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import forms

from badacey_site.whole_numbers import read_whole_number
from evaluator import GameProfile
from evaluator.misconceptions import raise_mistake
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
    is_whole,
)

ROUND_NAMES = {
    0: "before the first draw",
    1: "after the first draw",
    2: "after the second draw",
    3: "after the third draw",
}
FIELDS = ("round", "facing", "options")
# More digits than any table's chips; negatives are read so the check can name them.
NUMBER_LIMIT = 10**12 - 1


def round_name(betting_round: int) -> str:
    return ROUND_NAMES.get(betting_round, f"in betting round {betting_round + 1}")


def raise_legend(part: Mapping[str, Any]) -> str:
    return (
        f"{round_name(part['round']).capitalize()}, facing a bet of {part['facing']}: "
        "a full raise makes the round total"
    )


def round_cap(profile: GameProfile, betting_round: int) -> int:
    """The most a seat can have in one round: the cap's number of bets of that round's unit."""
    return profile.raise_cap * profile.bet_size(betting_round)


class RaiseTo(PartKind):
    kind = "raise_to"
    keyword = "raise_to"
    keys = frozenset(FIELDS)
    syntax = (
        "“raise_to round=2 facing=12 options=18,24” (rounds count from 0, before the first draw)"
    )
    order = 40

    def to_text(self, part: Part, names: Sequence[str]) -> str:
        options = ",".join(str(o) for o in part.get("options", []))
        return f"raise_to round={part.get('round')} facing={part.get('facing')} options={options}"

    def from_text(self, rest: str, names: Sequence[str] | None) -> Part:
        values: dict[str, str] = {}
        for item in rest.split():
            key, equals, value = item.partition("=")
            if not equals or key not in FIELDS:
                raise PartTextError("write “raise_to round=2 facing=12 options=18,24”")
            if key in values:
                raise PartTextError(f"{key}= is given twice")
            values[key] = value
        if set(values) != set(FIELDS):
            raise PartTextError("a raise_to part needs round=, facing= and options=")
        options = [o.strip() for o in values["options"].split(",") if o.strip()]
        texts = (values["round"], values["facing"], *options)
        read = [read_whole_number(n, -NUMBER_LIMIT, NUMBER_LIMIT) for n in texts]
        numbers = [n for n in read if n is not None]
        if len(numbers) != len(texts):
            raise PartTextError("round, facing and each option must be whole numbers of chips")
        betting_round, facing, *chips = numbers
        return {"kind": self.kind, "round": betting_round, "facing": facing, "options": chips}

    def problem(
        self, part: Part, profile: GameProfile | None, seat_count: int | None
    ) -> str | None:
        round_, facing, options = part.get("round"), part.get("facing"), part.get("options")
        if not is_whole(round_) or round_ < 0 or (profile and round_ > profile.draws):
            last = profile.draws if profile else 3
            return f'a raise_to part needs a betting "round" from 0 to {last}.'
        if not is_whole(facing) or facing < 0:
            return 'a raise_to part needs the bet it is "facing", a whole number of chips.'
        if (
            not isinstance(options, list)
            or len(options) < 2
            or not all(is_whole(o) and o > 0 for o in options)
            or len(set(options)) != len(options)
        ):
            return 'a raise_to part needs at least two different "options" (chip totals).'
        if profile is None:
            return None
        cap = round_cap(profile, round_)
        if profile.full_raise_to(round_, facing) > cap:
            return (
                f"{round_name(round_)} a round stops at {cap} chips ({profile.raise_cap} bets "
                f"of {profile.bet_size(round_)}), so nobody can raise over a bet of {facing}."
            )
        if max(options) > cap:
            return f"{round_name(round_)} no round total goes past {cap}, so no option may."
        if profile.full_raise_to(round_, facing) not in options:
            return "none of the options is a full raise, so nobody could answer it."
        return None

    def questions(self, index: int, part: Part, deal: Table) -> list[Question]:
        key = answer_key(index)
        field = OneChoiceField(
            choices=[(str(chips), f"To {chips}") for chips in part["options"]],
            coerce=int,
            widget=forms.RadioSelect,
            label=raise_legend(part),
            error_messages={
                "required": "Choose the total a full raise reaches.",
                "invalid_choice": "%(value)s is not one of the raise options.",
            },
        )
        return [Question(key, raise_legend(part), {key: field}, self.fields_template, self.kind)]

    def check(
        self, index: int, part: Part, deal: Table, answers: Answers, outcomes: Outcomes
    ) -> list[PartResult]:
        key = answer_key(index)
        chosen = answers[key]
        betting_round, facing = part["round"], part["facing"]
        unit = deal.profile.bet_size(betting_round)
        right = deal.profile.full_raise_to(betting_round, facing)
        when = round_name(betting_round)
        if chosen == right:
            ok, message = (
                True,
                f"right: {when} the betting unit is {unit}, so a full raise goes to {right}.",
            )
        else:
            ok, message = (
                False,
                f"{when} the betting unit is {unit}, so a full raise is not to {chosen}.",
            )
        # Two options cannot hide which is left once one is wrong, so the point
        # of the message is why: the wrong idea behind the choice, put right.
        mistake = None if ok else raise_mistake(chosen, deal.profile, betting_round, facing)
        if mistake:
            message = f"{message} {mistake.correction[:1].upper()}{mistake.correction[1:]}."
        return [
            PartResult(
                part,
                ok,
                message,
                raise_legend(part),
                (key,),
                misconception=mistake,
                lesson="badacey#schedule",
            )
        ]

    def hints(self, part: Part, deal: Table) -> list[str]:
        """Which round; the table's two bet sizes and when each applies; this round's unit."""
        profile, betting_round = deal.profile, part["round"]
        start = ROUND_NAMES.get(profile.big_bet_from_round, "later")
        return [
            f"This is the betting {round_name(betting_round)}. Does that round use the small "
            "bet or the big bet?",
            f"This table's bets are {profile.small_bet} and {profile.big_bet}; the big bet is "
            f"used from the betting {start}.",
            f"The unit here is {profile.bet_size(betting_round)}: a full raise adds one unit "
            f"to the bet of {part['facing']}.",
        ]

    def model_answer(self, index: int, part: Part, deal: Table) -> dict[str, str | list[str]]:
        return {answer_key(index): str(deal.profile.full_raise_to(part["round"], part["facing"]))}

    def worked(self, part: Part, deal: Table) -> WorkedPiece:
        betting_round, facing = part["round"], part["facing"]
        context = {
            "when": round_name(betting_round),
            "unit": deal.profile.bet_size(betting_round),
            "facing": facing,
            "total": deal.profile.full_raise_to(betting_round, facing),
        }
        return WorkedPiece(self.answer_template, context)

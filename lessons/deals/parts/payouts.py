"""Say how many chips each seat collects from the pot.

Written ``payouts`` or ``payouts GAME``; stored ``{"kind": "payouts"}`` or
with ``"game"``. It needs the deal's pot. Each seat's box takes a whole
number from 0 to the chips at stake, so no answer can be larger than them.
The worked answer's payouts table shows the answer.

A drill item may give each seat's chips put in (``Table.chips_put_in``) in
place of one pot: all-in players then make side pots. Everything here reads
the engine's settlement of the table, so the box limits, the model answer,
the misconception named, the sum message and the hints all follow the main
pot and each side pot as ``evaluator.settle`` builds them.
"""

from __future__ import annotations

from django import forms

from evaluator import AWARD_TITLES, Settlement
from evaluator.comparison import count_words
from evaluator.misconceptions import payout_mistake, payouts_for_winners
from evaluator.settlement import Award, Pot
from evaluator.wording import names_and
from lessons.deals.parts.base import (
    Answers,
    Outcomes,
    Part,
    PartResult,
    Question,
    Table,
    answer_key,
)
from lessons.deals.parts.winners import READING_SECTIONS, GameReading


def payouts_legend(deal: Table, part: Part) -> str:
    game = part.get("game")
    rules = f" under {deal.profile_for(game).name} rules" if game else ""
    total, pots = _stake(deal, part)
    if pots == 1:
        return f"Each player's payout from the pot of {total}{rules}"
    side = _side_pots(pots - 1)
    return f"Each player's payout from the {total} chips of the main pot and {side}{rules}"


def _stake(deal: Table, part: Part) -> tuple[int, int]:
    """The chips at stake and how many pots hold them.

    A table settling one pot is read as it stands, with no settlement, so a
    deal whose cards cannot be read still shows its question; side pots come
    from the engine's settlement of the chips put in.
    """
    if deal.chips_put_in is None:
        return deal.pot or 0, 1
    outcome = deal.settlement(part.get("game"))
    return outcome.total, len(outcome.pots)


def _side_pots(count: int) -> str:
    return "its side pot" if count == 1 else f"its {count} side pots"


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
        pot, pots = _stake(deal, part)  # every pot together: one seat may collect them all
        whole = f"the whole pot of {pot}" if pots == 1 else f"the {pot} chips of all the pots"
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
                    "max_value": f"{name}'s payout cannot be more than {whole}.",
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
        if list(chosen) == list(outcome.payouts):
            paid = ", ".join(f"{n} {c}" for n, c in zip(deal.names, outcome.payouts, strict=True))
            return [PartResult(part, True, f"right: {paid}.", heading, keys)]
        # Mark only the wrong boxes, beside which the message is shown.
        wrong = tuple(k for k, c, r in zip(keys, chosen, outcome.payouts, strict=True) if c != r)
        put_in = deal.chips_put_in
        named = _named_winners(part, deal, answers, outcome)
        follows = named is not None and payouts_for_winners(outcome, named) == tuple(chosen)
        mistake = None
        if not follows:
            mistake = payout_mistake(
                chosen,
                outcome.profile,
                deal.hands,
                pot=None if put_in else outcome.total,
                contributions=put_in,
                folded=deal.folded,
                button=deal.button,
            )
        split = outcome.profile.is_split
        lesson = "badacey#awarding" if split else "badugi#equal-sizes"
        if follows:
            # The chips follow from the learner's own wrong winners: the division was right.
            assert named is not None
            wrong_kind = next(
                a.kind for a in outcome.pots[0].awards if set(named[a.kind]) != set(a.winners)
            )
            lesson = READING_SECTIONS.get(wrong_kind, lesson)
            what = "each half" if split else "the pot"
            message = (
                f"you divided {what} correctly among the winners you named, so the chips are "
                f"not where it went wrong: the winners are. Read the hands again to find who "
                f"wins {what}."
            )
        elif mistake:
            message = f"{mistake.correction}."
        elif sum(chosen) != outcome.total and len(outcome.pots) == 1:
            message = f"the payouts add up to {sum(chosen)}, but the pot is {outcome.total}."
        elif sum(chosen) != outcome.total:
            message = (
                f"the payouts add up to {sum(chosen)}, but the main pot and "
                f"{_side_pots(len(outcome.pots) - 1)} hold {outcome.total} together."
            )
        elif len(outcome.pots) > 1:
            message = (
                "settle the main pot and each side pot on their own, each among the players "
                "who put in enough to reach it, then add up each player's chips from every pot."
            )
        elif split:
            message = (
                "settle each half on its own: find who wins it, share it among them, then add "
                "up each player's chips from both halves."
            )
        else:
            message = (
                "find who wins the pot, then share it equally among the tied winners, "
                "the odd chip going clockwise from the button."
            )
        return [
            PartResult(
                part,
                False,
                message,
                heading,
                wrong,
                misconception=mistake,
                lesson=lesson,
            )
        ]

    def hints(self, part: Part, deal: Table) -> list[str]:
        """The halves' sizes; how many share each; what each winner's share is.

        With side pots the same three steps go pot by pot, the first naming
        each pot's size and the players who may win it.
        """
        outcome = deal.settlement(part.get("game"))
        if len(outcome.pots) > 1:
            return _side_pot_hints(outcome)
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
        # The table's own settlement, which builds side pots from the chips put in.
        outcome = deal.settlement(part.get("game"))
        return {
            answer_key(index, "seat", seat): str(chips)
            for seat, chips in enumerate(outcome.payouts)
        }


def _named_winners(
    part: Part, deal: Table, answers: Answers, outcome: Settlement
) -> dict[str, list[int]] | None:
    """The winners the learner named in this deal's winners part of the same game, when wrong.

    None when the deal asks no such part, or its winners were named rightly:
    then nothing about the payouts follows from a wrong choice of winners.
    """
    game = part.get("game") or deal.game
    for index, other in enumerate(deal.parts):
        if other["kind"] != "winners" or (other.get("game") or deal.game) != game:
            continue
        named = {
            award.kind: list(answers.get(answer_key(index, award.kind)) or ())
            for award in outcome.pots[0].awards
            if award.kind != "uncontested"
        }
        right = {a.kind: set(a.winners) for a in outcome.pots[0].awards}
        if named and any(set(seats) != right[kind] for kind, seats in named.items()):
            return named
        return None
    return None


def _title(kind: str, split: bool) -> str:
    return f"{AWARD_TITLES[kind]} half" if split and kind in AWARD_TITLES else "pot"


def _side_pot_hints(outcome: Settlement) -> list[str]:
    """Hints for side pots: each pot's size and who may win it, its winners, their shares."""
    names = outcome.names
    split = outcome.profile.is_split
    folded = [seat.name for seat in outcome.seats if seat.folded]

    def reach(p: Pot) -> str:
        if len(p.eligible) == 1:
            return f"{p.name} holds {p.amount}, and only {names[p.eligible[0]]} reached it"
        return f"{p.name} holds {p.amount}, open to {names_and(names[s] for s in p.eligible)}"

    first = (
        "Build the pots from the chips put in, and settle each on its own among the players "
        f"who put in enough to reach it: {'; '.join(reach(p) for p in outcome.pots)}."
    )
    if folded:
        first += f" {names_and(folded)} folded: their chips stay in, but they collect nothing."

    def counts(p: Pot) -> str:
        if p.awards[0].kind == "uncontested":
            return f"{p.name} has no contest and goes to {names[p.eligible[0]]}"
        if not split:
            return f"{p.name} ({p.amount}) has {count_words(len(p.awards[0].winners), 'winner')}"
        each = " and ".join(
            f"the {_title(a.kind, split)} ({a.amount}) has {count_words(len(a.winners), 'winner')}"
            for a in p.awards
        )
        return f"in {p.name}, {each}"

    second = f"Count the winners pot by pot: {'; '.join(counts(p) for p in outcome.pots)}."

    def share(a: Award) -> str:
        chips = " and ".join(str(c) for c in sorted(set(a.shares.values()), reverse=True))
        return chips + (" each" if len(a.winners) > 1 else " to its winner")

    def shares(p: Pot) -> str:
        if p.awards[0].kind == "uncontested":
            return ""
        if not split:
            return f"in {p.name}, {share(p.awards[0])}"
        each = ", ".join(f"the {_title(a.kind, split)} {share(a)}" for a in p.awards)
        return f"in {p.name}, {each}"

    shown = [text for text in (shares(p) for p in outcome.pots) if text]
    third = (
        f"Each winner's share: {'; '.join(shown)}. "
        "Add up each player's chips from every pot, the uncontested ones included."
    )
    return [first, second, third]

"""What an exercise include needs: the deal, its answer form, its worked answer.

Lesson pages call ``exercise_blocks()`` and loop over the result with
``{% include "lessons/_exercise.html" with exercise=exercise %}``; the
exercise views build the same block for one deal. The worked answer is
computed by the evaluator when a template first reads it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property

from evaluator import AWARD_TITLES, Card, GameProfile, Settlement
from evaluator.values import BadugiValue

from .checking import award_title, names_and, round_name
from .forms import AnswerForm
from .models import Deal


@dataclass
class ExerciseBlock:
    deal: Deal
    form: AnswerForm
    show_answer: bool = False  # render the answer panel open and filled (no-JS answer page)
    heading_level: int = 3  # under a lesson page's h1 and its "Exercises" h2

    @cached_property
    def answer(self) -> WorkedAnswer:
        return worked_answer(self.deal)


def exercise_blocks(deals: Iterable[Deal]) -> list[ExerciseBlock]:
    """One block per deal with an unbound form, for a lesson page's loop."""
    return [ExerciseBlock(deal, AnswerForm(deal=deal)) for deal in deals]


@dataclass(frozen=True)
class ValueCell:
    title: str  # "ace-to-five low", "Badugi"
    text: str
    counting: tuple[Card, ...] = ()  # the cards that count, for a Badugi
    alternatives: tuple[tuple[Card, ...], ...] = ()  # other selections exactly as good


@dataclass(frozen=True)
class SeatRow:
    name: str
    cards: tuple[Card, ...]
    values: list[ValueCell]

    @property
    def counting(self) -> tuple[Card, ...]:
        """The Badugi cards that count, to highlight in the whole hand."""
        return next((cell.counting for cell in self.values if cell.counting), ())


@dataclass(frozen=True)
class AwardLine:
    title: str
    winners: str
    sentence: str  # the evaluator's explanation of who wins and why


@dataclass(frozen=True)
class Reading:
    """The cards read under one game: values, winners and, with a pot, payouts."""

    profile: GameProfile
    rows: list[SeatRow]
    awards: list[AwardLine]
    payouts: list[tuple[str, int]]
    pot: int

    @property
    def payout_total(self) -> int:
        return sum(chips for _name, chips in self.payouts)


@dataclass(frozen=True)
class RaiseAnswer:
    when: str
    unit: int
    facing: int
    total: int


@dataclass
class WorkedAnswer:
    readings: list[Reading]
    raises: list[RaiseAnswer] = field(default_factory=list)
    choices: list[tuple[str, str]] = field(default_factory=list)  # (question, right option)
    note: str = ""

    @property
    def compares_games(self) -> bool:
        return len(self.readings) > 1


def worked_answer(deal: Deal) -> WorkedAnswer:
    readings = [_reading(deal, game, deal.settlement(game)) for game in deal.games()]
    answer = WorkedAnswer(readings, note=deal.explanation)
    for part in deal.parts:
        if part["kind"] == "raise_to":
            round_, facing = part["round"], part["facing"]
            answer.raises.append(
                RaiseAnswer(
                    round_name(round_),
                    deal.profile.bet_size(round_),
                    facing,
                    deal.profile.full_raise_to(round_, facing),
                )
            )
        elif part["kind"] == "choice":
            answer.choices.append((part["question"], part["options"][part["answer"]]))
    return answer


def _reading(deal: Deal, game: str, outcome: Settlement) -> Reading:
    profile = outcome.profile
    rows = []
    for seat in outcome.seats:
        cells = []
        for kind in profile.awards:
            value = seat.values[kind]
            if isinstance(value, BadugiValue):
                others = tuple(s for s in value.selections if s != value.cards)
                cells.append(ValueCell(AWARD_TITLES[kind], value.description, value.cards, others))
            else:
                cells.append(ValueCell(AWARD_TITLES[kind], value.text))
        rows.append(SeatRow(seat.name, seat.cards, cells))
    awards = []
    for award in outcome.pots[0].awards:
        title = award_title(profile, award.kind, deal.pot)
        winners = names_and(outcome.names[s] for s in award.winners)
        awards.append(AwardLine(title, winners, award.explanation))
    payouts = list(zip(outcome.names, outcome.payouts, strict=True)) if deal.pot else []
    return Reading(profile, rows, awards, payouts, deal.pot or 0)

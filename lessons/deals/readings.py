"""A settlement shaped once for every table that shows it.

The exercise's worked answer, the admin's verdict preview, the lesson pages'
settled examples and the replayer's results all show the same three things:
how each live hand reads for every award, who takes each award and why, and
what each seat collects. ``read()`` shapes them from the evaluator's
``Settlement`` and ``lessons/_reading.html`` draws them, so the four places
cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from evaluator import AWARD_TITLES, Card, GameProfile, Settlement
from evaluator.money import Money
from evaluator.values import BadugiValue, LowValue


class SettledDeal(Protocol):
    """What ``deal_readings`` needs of a deal (a stored ``Deal`` is one)."""

    def games(self) -> Sequence[str]: ...

    def settlement(self, game: str | None = None) -> Settlement: ...


@dataclass(frozen=True)
class ValueCell:
    title: str  # "ace-to-five low", "Badugi"
    text: str
    counting: tuple[Card, ...] = ()  # the cards that count, for a Badugi
    alternatives: tuple[tuple[Card, ...], ...] = ()  # other selections exactly as good


def value_cell(kind: str, value: LowValue | BadugiValue) -> ValueCell:
    if isinstance(value, BadugiValue):
        others = tuple(s for s in value.selections if s != value.cards)
        return ValueCell(AWARD_TITLES[kind], value.description, value.cards, others)
    return ValueCell(AWARD_TITLES[kind], value.text)


@dataclass(frozen=True)
class SeatRow:
    name: str
    cards: tuple[Card, ...]
    values: list[ValueCell]

    @property
    def counting(self) -> tuple[Card, ...]:
        """The Badugi cards that count, to mark in the whole hand."""
        return next((cell.counting for cell in self.values if cell.counting), ())


@dataclass(frozen=True)
class AwardLine:
    title: str
    pot: str  # "the pot", "side pot 1"
    amount: int
    winners: list[str]
    explanation: str  # the evaluator's sentence: who wins, with what, and the chips


@dataclass(frozen=True)
class Reading:
    """One game's reading of the cards: values, awards and, with chips at stake, payouts."""

    profile: GameProfile
    rows: list[SeatRow]
    awards: list[AwardLine]
    payouts: list[tuple[str, int]]  # empty when no chips are at stake
    several_pots: bool
    money: Money | None = None  # a card room's units, for a real hand read in cents

    @property
    def payout_total(self) -> int:
        return sum(chips for _name, chips in self.payouts)


def read(outcome: Settlement) -> Reading:
    kinds = outcome.profile.awards
    rows = [
        SeatRow(seat.name, seat.cards, [value_cell(k, seat.values[k]) for k in kinds])
        for seat in outcome.seats
        if not seat.folded and seat.cards is not None
    ]
    awards = [
        AwardLine(
            award.title,
            pot.name,
            award.amount,
            [outcome.names[s] for s in award.winners],
            award.explanation,
        )
        for pot in outcome.pots
        for award in pot.awards
    ]
    payouts = list(zip(outcome.names, outcome.payouts, strict=True)) if outcome.total else []
    return Reading(outcome.profile, rows, awards, payouts, len(outcome.pots) > 1)


def deal_readings(deal: SettledDeal) -> list[Reading]:
    """The deal read under each game its questions ask about, its own game first."""
    return [read(deal.settlement(game)) for game in deal.games()]

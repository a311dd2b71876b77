"""The evaluator's verdict on a deal, shaped for the admin's preview.

A teacher checks a deal before publishing it: each seat's value for every
half, who wins each half and, with a pot, who collects which chips. Every
entry comes from ``Deal.settlement()``, once per game the questions read the
cards under, so the preview says exactly what the learner's answer panel will.
"""

from __future__ import annotations

from dataclasses import dataclass

from evaluator import AWARD_TITLES, Card
from evaluator.values import BadugiValue

from .models import Deal


@dataclass(frozen=True)
class SeatValues:
    name: str
    cards: tuple[Card, ...]
    counting: tuple[Card, ...]  # the Badugi's cards, marked in the hand
    values: list[tuple[str, str]]  # (award title, value as words)


@dataclass(frozen=True)
class HalfResult:
    title: str
    winners: list[str]
    explanation: str


@dataclass(frozen=True)
class GameVerdict:
    game: str
    seats: list[SeatValues]
    halves: list[HalfResult]
    payouts: list[tuple[str, int]]  # empty without a pot


def verdict(deal: Deal) -> list[GameVerdict]:
    return [_game_verdict(deal, game) for game in deal.games()]


def _game_verdict(deal: Deal, game: str) -> GameVerdict:
    outcome = deal.settlement(game)
    profile = outcome.profile
    seats = []
    for seat in outcome.seats:
        values, counting = [], ()
        for kind in profile.awards:
            value = seat.values[kind]
            if isinstance(value, BadugiValue):
                counting = value.cards
                values.append((AWARD_TITLES[kind], value.description))
            else:
                values.append((AWARD_TITLES[kind], value.text))
        seats.append(SeatValues(seat.name, seat.cards or (), counting, values))
    halves = [
        HalfResult(
            award.title,
            [outcome.names[s] for s in award.winners],
            award.explanation if deal.pot else "",
        )
        for pot in outcome.pots
        for award in pot.awards
    ]
    payouts = list(zip(outcome.names, outcome.payouts, strict=True)) if deal.pot else []
    return GameVerdict(profile.name, seats, halves, payouts)

"""What the Badeucey lesson shows besides its tags: the cards of its tables, read by the evaluator.

Only cards are typed here. The ladder is put in order by the evaluator, the
side-by-side readings ask both games, and the worked deal is the replay of
``evaluator/worked_deals/ines_olu_pavel.txt``, so the page can disagree
neither with the exercises nor with the replayer.
"""

from __future__ import annotations

from dataclasses import dataclass

from evaluator import (
    BadugiValue,
    Card,
    LowValue,
    Replay,
    ace_to_five,
    badugi,
    deuce_to_seven,
    get_profile,
    parse_cards,
)
from lessons.pages import page_data

WORKED_DEAL = "ines_olu_pavel"

# One hand per deuce-to-seven category; the page lists them in the evaluator's order.
D27_LADDER = (
    "K♠ K♥ 7♦ 4♣ 2♠",
    "7♠ 5♥ 4♦ 3♣ 2♣",
    "9♠ 9♥ 4♦ 4♣ 2♠",
    "6♠ 5♥ 4♦ 3♣ 2♠",
    "3♠ 3♥ 3♦ 5♣ 2♠",
    "9♥ 7♥ 5♥ 3♥ 2♥",
    "8♠ 8♥ 8♦ 2♣ 2♠",
    "4♠ 4♥ 4♦ 4♣ 2♠",
    "6♦ 5♦ 4♦ 3♦ 2♦",
)

# Holdings read by both split games, to show what moving the ace changes.
BOTH_GAMES = (
    "A♥ 2♠ 3♣ 4♦ 8♥",
    "A♣ 3♦ 5♥ 9♠ 9♣",
    "A♠ K♦ Q♥ J♣ 8♠",
)


@dataclass(frozen=True)
class TwoReadings:
    """One holding as Badacey and as Badeucey read it."""

    cards: str
    badacey_low: LowValue
    badacey_badugi: BadugiValue
    badeucey_low: LowValue
    badeucey_badugi: BadugiValue


def d27_ladder() -> list[LowValue]:
    """Each example's deuce-to-seven value, best first, ordered by the evaluator itself."""
    return sorted((deuce_to_seven(parse_cards(cards)) for cards in D27_LADDER), reverse=True)


def both_games() -> list[TwoReadings]:
    rows = []
    for cards in BOTH_GAMES:
        hand = parse_cards(cards)
        rows.append(
            TwoReadings(
                cards,
                ace_to_five(hand),
                badugi(hand, ace_high=False),
                deuce_to_seven(hand),
                badugi(hand, ace_high=True),
            )
        )
    return rows


@dataclass(frozen=True)
class DrawRow:
    """One seat's turn at one draw, and what its hand reads as afterwards."""

    street: str
    name: str
    discarded: tuple[Card, ...]
    received: tuple[Card, ...]
    cards: tuple[Card, ...]
    low: LowValue
    badugi: BadugiValue


def draw_rows(played: Replay) -> list[DrawRow]:
    """Every draw of a replayed deal, read after the cards arrive, in the order they were taken."""
    rows = []
    for step in played.steps:
        if step.kind != "draw" or step.actor is None:
            continue
        seat = step.state.seats[step.actor]
        values = played.profile.evaluate(seat.cards)
        low_kind = next(kind for kind in played.profile.awards if kind != "badugi")
        rows.append(
            DrawRow(
                step.state.street,
                seat.name,
                step.discarded,
                step.received,
                seat.cards,
                values[low_kind],
                values["badugi"],
            )
        )
    return rows


def context() -> dict:
    profile = get_profile("badeucey")
    deal = page_data.worked_deal(WORKED_DEAL)
    return {
        "profile": profile,
        "schedule": page_data.betting_schedule(profile),
        "forced_bets": page_data.forced_bets(profile),
        "ladder": d27_ladder(),
        "both_games": both_games(),
        "examples": page_data.badeucey_examples(),
        "deal": deal,
        "draws": draw_rows(deal["played"]),
    }

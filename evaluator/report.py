"""Settlements as plain data: the shape of ``shared/spec/showdown-jsonl.md``.

The showdown command prints this and web pages can hand it to JavaScript or
templates, so the conversion lives here once rather than in each caller.
Everything returned is JSON-ready (strings, ints, lists, dicts, None).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .cards import RANK_TEXT, Card
from .errors import EvaluatorError
from .settlement import Settlement, settle
from .values import BadugiValue, LowValue


def card_texts(cards: Sequence[Card]) -> list[str]:
    """Cards as JSON strings, written exactly as ``format_cards`` writes them."""
    return [card.text for card in cards]


def value_to_dict(value: LowValue | BadugiValue) -> dict[str, Any]:
    """One evaluation: lows by their text, Badugi by size, ranks and cards."""
    if isinstance(value, BadugiValue):
        return {
            "size": value.size,
            "ranks": [RANK_TEXT[r] for r in value.ranks],
            "cards": card_texts(value.cards),
            "description": value.description,
        }
    return {"text": value.text, "category": value.category, "cards": card_texts(value.cards)}


def settlement_to_dict(settlement: Settlement) -> dict[str, Any]:
    """The successful output line of the contract, plus a few readable extras."""
    pots = [
        {
            "amount": pot.amount,
            "eligible": list(pot.eligible),
            "halves": [
                {
                    "kind": award.kind,
                    "amount": award.amount,
                    "winners": list(award.winners),
                    "shares": {str(seat): chips for seat, chips in award.shares.items()},
                    "explanation": award.explanation,
                }
                for award in pot.awards
            ],
        }
        for pot in settlement.pots
    ]
    hands = [
        None if seat.folded else {kind: value_to_dict(value) for kind, value in seat.values.items()}
        for seat in settlement.seats
    ]
    return {"ok": True, "pots": pots, "hands": hands, "payouts": list(settlement.payouts)}


def error_to_dict(message: str) -> dict[str, Any]:
    """The contract's failure line: one sentence, never a traceback."""
    return {"ok": False, "error": message}


_OPTIONAL_LISTS = ("contributions", "folded")


def settle_request(request: object) -> Settlement:
    """Settle one decoded input line, refusing any shape the contract does not allow.

    ``settle`` checks the chips and the cards; this checks the JSON shapes
    around them so a stray number or object cannot slip past as a hand.
    """
    if not isinstance(request, Mapping):
        raise EvaluatorError(
            f"each line must be a JSON object with game, hands and pot, not {_json_type(request)}"
        )
    if "game" not in request:
        raise EvaluatorError(
            "the game is missing: give one of badacey, badeucey, badugi, "
            "ace_to_five or deuce_to_seven"
        )
    game = request["game"]
    if not isinstance(game, str):
        raise EvaluatorError(f"the game must be a name in quotes, not {_json_type(game)}")
    hands = request.get("hands")
    if not isinstance(hands, list):
        what = "missing" if hands is None else f"{_json_type(hands)}, not a list"
        raise EvaluatorError(f"hands must be a list with one entry per seat, but it is {what}")
    for seat, hand in enumerate(hands):
        if hand is not None and not isinstance(hand, str):
            raise EvaluatorError(
                f"seat {seat}'s hand must be a string of cards or null, not {_json_type(hand)}"
            )
    for key in _OPTIONAL_LISTS:
        if request.get(key) is not None and not isinstance(request[key], list):
            raise EvaluatorError(f"{key} must be a list with one entry per seat")
    # Optional keys given as null mean "not given", as they do for folded.
    button = request.get("button")
    button = 0 if button is None else button
    return settle(
        game,
        hands,
        pot=request.get("pot"),
        contributions=request.get("contributions"),
        folded=request.get("folded"),
        button=button,
        names=[f"seat {i}" for i in range(len(hands))],
    )


def _json_type(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    return "an object"

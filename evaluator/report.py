"""Settlements as plain data: the shape of ``docs/showdown-jsonl.md``.

The showdown command prints this and web pages can hand it to JavaScript or
templates, so the conversion lives here once rather than in each caller.
``settlement_to_dict`` returns JSON-ready data (strings, ints, lists, dicts,
None); ``settlement_to_json`` writes the very same line as text directly,
from each seat's strengths, because encoding nested dictionaries cost the
showdown batch more than settling the line did. The tests hold the two
byte for byte together.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from json.encoder import encode_basestring
from typing import Any

from .badugi import best_selections
from .cards import DECK, RANK_TEXT, SUITS, Card
from .errors import EvaluatorError
from .settlement import SeatResult, Settlement, settle
from .strength_facts import badugi_facts, low_facts
from .tables import badugi_size_of_strength
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


def settlement_to_json(settlement: Settlement) -> str:
    """``json.dumps(settlement_to_dict(settlement), ensure_ascii=False)``, several times faster."""
    pots = []
    for pot in settlement.pots:
        halves = []
        for award in pot.awards:
            shares = ", ".join([f'"{seat}": {chips}' for seat, chips in award.shares.items()])
            halves.append(
                f'{{"kind": "{award.kind}", "amount": {award.amount}, '
                f'"winners": [{_ints(award.winners)}], "shares": {{{shares}}}, '
                f'"explanation": {encode_basestring(award.explanation)}}}'
            )
        pots.append(
            f'{{"amount": {pot.amount}, "eligible": [{_ints(pot.eligible)}], '
            f'"halves": [{", ".join(halves)}]}}'
        )
    hands = ", ".join([_hand_json(seat) for seat in settlement.seats])
    return (
        f'{{"ok": true, "pots": [{", ".join(pots)}], "hands": [{hands}], '
        f'"payouts": [{_ints(settlement.payouts)}]}}'
    )


def _ints(numbers: Sequence[int]) -> str:
    return ", ".join(map(str, numbers))


def _hand_json(seat: SeatResult) -> str:
    if seat.folded:
        return "null"
    profile = seat.profile
    if not seat.cards or profile is None:
        return "{}"
    indices = seat.indices or [card.index for card in seat.cards]
    parts = []
    for kind, strength in zip(profile.awards, seat.strengths, strict=True):
        if kind == "badugi":
            value = _badugi_json(profile.badugi_ace_high, strength, indices)
        else:
            value = _low_json(kind, strength, indices)
        parts.append(f'"{kind}": {value}')
    return "{" + ", ".join(parts) + "}"


_CARD_JSON = tuple(f'"{card.text}"' for card in DECK)
_SUIT_PLACE = {suit: place for place, suit in enumerate(sorted(SUITS))}  # "c" < "d" < "h" < "s"
# Per strength, the text before the cards and a sort key per deck index: the
# card's rank's place in the value's reading order, then its suit, as
# ``lowball.in_reading_order`` sorts them.
_LOW_JSON: dict[str, dict[int, tuple[str, tuple[int, ...]]]] = {
    "ace_to_five": {},
    "deuce_to_seven": {},
}
# Per strength, the text before and after the cards and a key per deck index:
# 0 for a rank that does not count, else 1 + its place (highest first).
_BADUGI_JSON: dict[bool, dict[int, tuple[str, tuple[int, ...], str]]] = {False: {}, True: {}}


def _low_json(kind: str, strength: int, indices: Sequence[int]) -> str:
    """``value_to_dict`` of a low as JSON text: cards in the order the value reads."""
    known = _LOW_JSON[kind]
    entry = known.get(strength)
    if entry is None:
        facts = low_facts(kind, strength)
        head = (
            f'{{"text": {encode_basestring(facts.text)}, '
            f'"category": {encode_basestring(facts.category)}, "cards": ['
        )
        place = {rank: i for i, rank in enumerate(facts.ranks)}
        key = tuple(place.get(c.rank, 0) * 4 + _SUIT_PLACE[c.suit] for c in DECK)
        entry = known[strength] = (head, key)
    head, key = entry
    in_order = sorted(indices, key=key.__getitem__)
    return head + ", ".join(map(_CARD_JSON.__getitem__, in_order)) + "]}"


def _badugi_json(ace_high: bool, strength: int, indices: Sequence[int]) -> str:
    """``value_to_dict`` of a Badugi as JSON text, showing the selection ``badugi`` shows."""
    known = _BADUGI_JSON[ace_high]
    entry = known.get(strength)
    if entry is None:
        facts = badugi_facts(ace_high, strength)
        ranks = ", ".join(f'"{RANK_TEXT[rank]}"' for rank in facts.ranks)
        head = f'{{"size": {facts.size}, "ranks": [{ranks}], "cards": ['
        tail = f'], "description": {encode_basestring(facts.description)}}}'
        place = {rank: i + 1 for i, rank in enumerate(facts.ranks)}
        entry = known[strength] = (head, tuple(place.get(c.rank, 0) for c in DECK), tail)
    head, key, tail = entry
    counting = list(filter(key.__getitem__, indices))  # the cards of the ranks that count
    size = badugi_size_of_strength(strength)
    if len(counting) != size:
        counting = _first_selection(counting, size, key, ace_high, strength, indices)
    counting.sort(key=key.__getitem__)
    return head + ", ".join(map(_CARD_JSON.__getitem__, counting)) + tail


def _first_selection(
    counting: list[int],
    size: int,
    key: tuple[int, ...],
    ace_high: bool,
    strength: int,
    indices: Sequence[int],
) -> list[int]:
    """The selection ``badugi`` shows when a counting rank is held twice.

    ``best_selections`` yields the legal selections in ``combinations``
    order. With one rank held twice (the usual case) the first of them keeps
    the earlier of the two cards unless that repeats a suit; anything rarer
    asks ``best_selections`` itself.
    """
    if len(counting) == size + 1:
        first_at: dict[int, int] = {}
        for later, card in enumerate(counting):
            earlier = first_at.setdefault(key[card], later)
            if earlier != later:
                keep_earlier = counting[:later] + counting[later + 1 :]
                if len({c & 3 for c in keep_earlier}) == size:  # suits, as deck indices hold them
                    return keep_earlier
                return counting[:earlier] + counting[earlier + 1 :]
    cards = [DECK[i] for i in indices]
    return [card.index for card in next(best_selections(cards, strength, ace_high=ace_high))]


def error_to_dict(message: str) -> dict[str, Any]:
    """The contract's failure line: one sentence, never a traceback."""
    return {"ok": False, "error": message}


_OPTIONAL_LISTS = ("contributions", "folded")


def settle_request(request: object) -> Settlement:
    """Settle one decoded input line, refusing any shape the contract does not allow.

    ``settle`` checks the chips and the cards; this checks the JSON shapes
    around them so a stray number or object cannot slip past as a hand.
    """
    if not isinstance(request, dict | Mapping):
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
        names=_seat_names(len(hands)),
    )


_SEAT_NAMES = tuple(f"seat {i}" for i in range(16))


def _seat_names(count: int) -> Sequence[str]:
    """How the output's sentences name seats: by number, as its lists do."""
    if count <= len(_SEAT_NAMES):
        return _SEAT_NAMES[:count]
    return [f"seat {i}" for i in range(count)]


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

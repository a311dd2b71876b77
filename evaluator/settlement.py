"""Settlement: who receives which chips at the end of a deal.

This is the one place chips are divided, for the lesson pages, the replayer
and the ``showdown`` command alike, following ``shared/spec/showdown-jsonl.md``:
half of each pot to each award (the five-card low half takes an odd chip),
ties shared with leftover chips going clockwise from the button, side pots
built from what each seat put in, folded seats never paid.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .cards import Card, parse_cards
from .errors import EvaluatorError
from .profiles import AWARD_TITLES, GameProfile, get_profile
from .values import BadugiValue, LowValue
from .wording import names_and

Value = LowValue | BadugiValue
HandInput = str | Sequence[Card] | Sequence[str] | None


@dataclass(frozen=True)
class SeatResult:
    seat: int
    name: str
    folded: bool
    cards: tuple[Card, ...] | None
    values: dict[str, Value] = field(default_factory=dict)


@dataclass(frozen=True)
class Award:
    kind: str  # an award kind of the game, or "uncontested"
    amount: int
    winners: tuple[int, ...]
    shares: dict[int, int]
    explanation: str

    @property
    def title(self) -> str:
        return "uncontested" if self.kind == "uncontested" else AWARD_TITLES[self.kind]


@dataclass(frozen=True)
class Pot:
    name: str
    amount: int
    eligible: tuple[int, ...]
    awards: tuple[Award, ...]


@dataclass(frozen=True)
class Settlement:
    profile: GameProfile
    seats: tuple[SeatResult, ...]
    pots: tuple[Pot, ...]
    payouts: tuple[int, ...]
    button: int

    @property
    def total(self) -> int:
        return sum(p.amount for p in self.pots)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)

    def explanation(self) -> list[str]:
        return [award.explanation for pot in self.pots for award in pot.awards]


def settle(
    game: GameProfile | str,
    hands: Sequence[HandInput],
    *,
    pot: int | None = None,
    contributions: Sequence[int] | None = None,
    folded: Sequence[bool] | None = None,
    button: int = 0,
    names: Sequence[str] | None = None,
) -> Settlement:
    """Evaluate every live hand and divide the chips, exactly and explainably."""
    profile = game if isinstance(game, GameProfile) else get_profile(game)
    seat_count = len(hands)
    if seat_count == 0:
        raise EvaluatorError("there are no seats: give at least one hand")
    names = _names(names, seat_count)
    button = _button(button, seat_count)
    folded_flags = _folded(folded, hands)
    cards = _parse_hands(profile, hands, names)
    for i, flag in enumerate(folded_flags):
        if not flag and cards[i] is None:
            raise EvaluatorError(f"{names[i]} has no hand but did not fold")
    live = [i for i in range(seat_count) if not folded_flags[i]]
    if not live:
        raise EvaluatorError("every seat folded: at least one seat must still be in the hand")

    seats = tuple(
        SeatResult(
            seat=i,
            name=names[i],
            folded=folded_flags[i],
            cards=cards[i],
            values=profile.evaluate(cards[i]) if not folded_flags[i] and cards[i] else {},
        )
        for i in range(seat_count)
    )
    layers = _layers(pot, contributions, names, live)
    clockwise = [(button + 1 + k) % seat_count for k in range(seat_count)]
    pots = []
    for n, (amount, eligible) in enumerate(layers):
        label = "the pot" if len(layers) == 1 else ("the main pot" if n == 0 else f"side pot {n}")
        pots.append(_settle_pot(profile, seats, label, amount, eligible, clockwise))
    payouts = [0] * seat_count
    for p in pots:
        for award in p.awards:
            for seat, chips in award.shares.items():
                payouts[seat] += chips
    return Settlement(profile, seats, tuple(pots), tuple(payouts), button)


def _names(names: Sequence[str] | None, count: int) -> tuple[str, ...]:
    if names is None:
        return tuple(f"Seat {i + 1}" for i in range(count))
    if len(names) != count:
        raise EvaluatorError(f"there are {count} hands but {len(names)} names")
    return tuple(names)


def _button(button: object, count: int) -> int:
    if not isinstance(button, int) or isinstance(button, bool) or not 0 <= button < count:
        raise EvaluatorError(f"the button must be a seat number from 0 to {count - 1}")
    return button


def _folded(folded: Sequence[bool] | None, hands: Sequence[HandInput]) -> list[bool]:
    if folded is None:
        return [hand is None for hand in hands]
    if len(folded) != len(hands):
        raise EvaluatorError(f"there are {len(hands)} hands but {len(folded)} folded flags")
    if not all(isinstance(f, bool) for f in folded):
        raise EvaluatorError("each folded flag must be true or false")
    return list(folded)


def _parse_hands(
    profile: GameProfile, hands: Sequence[HandInput], names: Sequence[str]
) -> list[tuple[Card, ...] | None]:
    parsed: list[tuple[Card, ...] | None] = []
    owner: dict[Card, int] = {}
    for i, hand in enumerate(hands):
        if hand is None:
            parsed.append(None)
            continue
        if not isinstance(hand, str | list | tuple):
            raise EvaluatorError(f"{names[i]}'s hand must be a string of cards")
        try:
            cards = parse_cards(hand, count=profile.hand_size, game_name=profile.name)
        except EvaluatorError as error:
            raise EvaluatorError(f"{names[i]}'s hand: {error}") from None
        for card in cards:
            if card in owner:
                raise EvaluatorError(
                    f"{card} is in both {names[owner[card]]}'s and {names[i]}'s hands"
                )
            owner[card] = i
        parsed.append(cards)
    return parsed


def _whole(value: object, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise EvaluatorError(f"{what} must be a whole number of chips, got {value!r}")
    if value < 0:
        raise EvaluatorError(f"{what} cannot be negative, got {value}")
    return value


def _layers(
    pot: int | None,
    contributions: Sequence[int] | None,
    names: Sequence[str],
    live: list[int],
) -> list[tuple[int, tuple[int, ...]]]:
    """(amount, eligible seats) of the main pot and each side pot, main first."""
    count = len(names)
    if pot is not None and contributions is not None:
        raise EvaluatorError("give either the pot or the contributions, not both")
    if pot is None and contributions is None:
        raise EvaluatorError("the pot is missing: give the pot or each seat's contributions")
    if contributions is None:
        return [(_whole(pot, "the pot"), tuple(live))]
    if len(contributions) != count:
        raise EvaluatorError(f"there are {count} hands but {len(contributions)} contributions")
    put_in = [_whole(c, f"{names[i]}'s contribution") for i, c in enumerate(contributions)]
    levels = sorted({put_in[i] for i in live})
    layers: list[tuple[int, tuple[int, ...]]] = []
    previous = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, previous) for c in put_in)
        eligible = tuple(i for i in live if put_in[i] >= level)
        layers.append((amount, eligible))
        previous = level
    above = sum(max(0, c - previous) for c in put_in)  # only folded seats reach past the top
    top_amount, top_eligible = layers[-1]
    layers[-1] = (top_amount + above, top_eligible)
    kept = [layer for layer in layers if layer[0] > 0]
    return kept or [layers[-1]]


def _share(amount: int, winners: Sequence[int], clockwise: Sequence[int]) -> dict[int, int]:
    """Equal shares; leftover chips one each, clockwise from the button's left."""
    base, extra = divmod(amount, len(winners))
    ordered = sorted(winners, key=clockwise.index)
    return {seat: base + (1 if k < extra else 0) for k, seat in enumerate(ordered)}


def _settle_pot(
    profile: GameProfile,
    seats: tuple[SeatResult, ...],
    label: str,
    amount: int,
    eligible: tuple[int, ...],
    clockwise: list[int],
) -> Pot:
    if len(eligible) == 1:
        (winner,) = eligible
        reason = (
            "every other seat folded"
            if all(s.folded for s in seats if s.seat != winner)
            else "no other live seat put in that much, so it comes back"
        )
        award = Award(
            "uncontested",
            amount,
            eligible,
            {winner: amount},
            f"{seats[winner].name} takes {label} ({amount}) uncontested: {reason}.",
        )
        return Pot(label, amount, eligible, (award,))

    halves = len(profile.awards)
    base, odd = divmod(amount, halves)
    awards = []
    for k, kind in enumerate(profile.awards):
        part = base + (1 if k < odd else 0)  # the five-card low half comes first
        best = max(seats[i].values[kind] for i in eligible)
        winners = tuple(i for i in eligible if seats[i].values[kind] == best)
        shares = _share(part, winners, clockwise)
        awards.append(
            Award(
                kind,
                part,
                winners,
                shares,
                _explain(profile, seats, label, kind, part, eligible, winners, shares),
            )
        )
    return Pot(label, amount, eligible, tuple(awards))


def _explain(
    profile: GameProfile,
    seats: tuple[SeatResult, ...],
    label: str,
    kind: str,
    part: int,
    eligible: tuple[int, ...],
    winners: tuple[int, ...],
    shares: dict[int, int],
) -> str:
    title = AWARD_TITLES[kind]
    where = f"the {title} half of {label}" if profile.is_split else label
    shown = seats[winners[0]].values[kind].description
    losers = [i for i in eligible if i not in winners]
    beaten = "; ".join(f"{seats[i].name} has {seats[i].values[kind].description}" for i in losers)
    chips = f" ({part})" if part else ""  # a question without a pot still names winners
    if len(winners) == 1:
        sentence = f"{seats[winners[0]].name} wins {where}{chips} with {shown}"
    else:
        who = names_and(seats[i].name for i in winners)
        sentence = f"{who} tie for {where}{chips} with {shown}"
        amounts = sorted(set(shares.values()), reverse=True)
        if part and len(amounts) == 1:
            sentence += f": {amounts[0]} each"
        elif part:
            sentence += ": " + ", ".join(f"{seats[i].name} {shares[i]}" for i in winners)
            sentence += " (the odd chip goes clockwise from the button)"
    if beaten:
        sentence += f"; {beaten}"
    return sentence + "."

"""Settlement: who receives which chips at the end of a deal.

This is the one place chips are divided, for the lesson pages, the replayer
and the ``showdown`` command alike, following ``docs/showdown-jsonl.md``:
half of each pot to each award (the five-card low half takes an odd chip),
ties shared with leftover chips going clockwise from the button, side pots
built from what each seat put in, folded seats never paid.

Hands are compared by the fast path's strengths (``GameProfile.strengths``),
and the sentences are built from the winners' and losers' strengths alone
(``strength_facts``), because the showdown batch settles tens of thousands of
lines and reading every hand in full would cost far more than dividing the
chips. A seat's readable values, with the cards that count, are built only
when a page asks for them (``SeatResult.values``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from .cards import DECK, Card, parse_cards, quick_indices
from .errors import EvaluatorError
from .limits import MAX_CHIPS
from .money import Money, chip_writer
from .profiles import AWARD_TITLES, GameProfile, get_profile
from .strength_facts import description, known_descriptions
from .values import BadugiValue, LowValue
from .wording import excerpt, names_and

Value = LowValue | BadugiValue
HandInput = str | Sequence[Card] | Sequence[str] | None

# The result classes are plain dataclasses, not frozen ones: a frozen
# dataclass's generated __init__ costs about ten times as much, the showdown
# batch builds several of these per line, and nothing changes them once built.


@dataclass
class SeatResult:
    """One seat at the showdown.

    ``strengths`` holds the fast path's strength of each award, in the order
    of ``profile.awards``, and ``indices`` the deck indices of the cards (both
    empty for a folded seat); ``values`` the readable values, built on first use.
    """

    seat: int
    name: str
    folded: bool
    cards: tuple[Card, ...] | None
    strengths: tuple[int, ...] = ()
    profile: GameProfile | None = field(default=None, repr=False, compare=False)
    indices: tuple[int, ...] = field(default=(), repr=False, compare=False)  # of the cards

    @cached_property
    def values(self) -> dict[str, Value]:
        """Each award's value with the cards that count, keyed by award kind."""
        if self.folded or not self.cards or self.profile is None:
            return {}
        return self.profile.evaluate(self.cards)


@dataclass
class Award:
    kind: str  # an award kind of the game, or "uncontested"
    amount: int
    winners: tuple[int, ...]
    shares: dict[int, int]
    explanation: str

    @property
    def title(self) -> str:
        return "uncontested" if self.kind == "uncontested" else AWARD_TITLES[self.kind]


@dataclass
class Pot:
    name: str
    amount: int
    eligible: tuple[int, ...]
    awards: tuple[Award, ...]


@dataclass
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
    dead: int = 0,
    money: Money | None = None,
) -> Settlement:
    """Evaluate every live hand and divide the chips, exactly and explainably.

    ``dead`` is money in the main pot that is nobody's stake (a card room's
    dead blind): it goes to the main pot's winners and builds no side pot.
    """
    profile = game if isinstance(game, GameProfile) else get_profile(game)
    seat_count = len(hands)
    if seat_count == 0:
        raise EvaluatorError("there are no seats: give at least one hand")
    most = 52 // profile.hand_size
    if seat_count > most:
        raise EvaluatorError(
            f"a {profile.name} table has at most {most} seats (one deck, "
            f"{profile.hand_size} cards each), not {seat_count}"
        )
    names = _names(names, seat_count)
    button = _button(button, seat_count)
    folded_flags = _folded(folded, hands)
    indices = _hand_indices(profile, hands, names)
    for i, flag in enumerate(folded_flags):
        if not flag and indices[i] is None:
            raise EvaluatorError(f"{names[i]} has no hand but did not fold")
    live = [i for i in range(seat_count) if not folded_flags[i]]
    if not live:
        raise EvaluatorError("every seat folded: at least one seat must still be in the hand")
    layers = _layers(pot, contributions, names, live)
    if dead:
        layers[0] = (layers[0][0] + _whole(dead, "the dead money"), layers[0][1])

    strength_of = profile.strength_function
    deck = DECK.__getitem__
    seats = tuple(
        [
            SeatResult(i, names[i], True, None if found is None else tuple(map(deck, found)))
            if folded_flags[i] or found is None
            else SeatResult(
                i, names[i], False, tuple(map(deck, found)), strength_of(*found), profile, found
            )
            for i, found in enumerate(indices)
        ]
    )
    clockwise = [(button + 1 + k) % seat_count for k in range(seat_count)]
    write = chip_writer(money)
    pots = []
    for n, (amount, eligible) in enumerate(layers):
        label = "the pot" if len(layers) == 1 else ("the main pot" if n == 0 else f"side pot {n}")
        pots.append(_settle_pot(profile, seats, label, amount, eligible, clockwise, write))
    payouts = [0] * seat_count
    for p in pots:
        for award in p.awards:
            for seat, chips in award.shares.items():
                payouts[seat] += chips
    return Settlement(profile, seats, tuple(pots), tuple(payouts), button)


def settle_pot(
    profile: GameProfile,
    settlement: Settlement,
    amount: int,
    eligible: tuple[int, ...],
    money: Money | None = None,
) -> tuple[Award, ...]:
    """One pot of ``amount`` divided among ``eligible`` as ``settle`` divides a lone pot.

    The hands are those ``settlement`` has already read and judged, so they are
    not read again: a card room's rake comes out of a pot already settled, and
    what is left is divided anew (halves, ties, the odd chip clockwise from
    the button), worded as "the pot".
    """
    n = len(settlement.seats)
    clockwise = [(settlement.button + 1 + k) % n for k in range(n)]
    write = chip_writer(money)
    pot = _settle_pot(profile, settlement.seats, "the pot", amount, eligible, clockwise, write)
    return pot.awards


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


def _hand_indices(
    profile: GameProfile, hands: Sequence[HandInput], names: Sequence[str]
) -> list[tuple[int, ...] | None]:
    """Each hand's deck indices (None for no hand), checked for size and repeats.

    Plainly typed hands take a quick path; anything else, including every
    mistake, goes through ``_parse_hands`` so its message is always the same.
    """
    size = profile.hand_size
    found: list[tuple[int, ...] | None] = []
    dealt: list[int] = []
    for hand in hands:
        if hand is None:
            found.append(None)
            continue
        if isinstance(hand, str):
            indices = quick_indices(hand)
        elif isinstance(hand, tuple) and all(type(card) is Card for card in hand):
            indices = tuple([card.index for card in hand])  # the replayer's cards, already read
        else:
            indices = None
        if indices is None or len(indices) != size:
            return _slow_indices(profile, hands, names)  # unusual, or a mistake named there
        found.append(indices)
        dealt += indices
    if len(set(dealt)) != len(dealt):
        return _slow_indices(profile, hands, names)  # a repeated card, named there
    return found


def _slow_indices(
    profile: GameProfile, hands: Sequence[HandInput], names: Sequence[str]
) -> list[tuple[int, ...] | None]:
    return [
        None if cards is None else tuple(card.index for card in cards)
        for cards in _parse_hands(profile, hands, names)
    ]


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


def hand_problems(profile: GameProfile, hands: Sequence[str], names: Sequence[str]) -> list[str]:
    """Every hand that cannot be read or is the wrong size, and every card dealt twice.

    ``settle`` stops at the first of these; a form that lists them all lets a
    teacher fix a deal in one save. The sentences are the ones ``settle`` raises.
    """
    problems: list[str] = []
    owner: dict[Card, int] = {}
    for i, hand in enumerate(hands):
        try:
            cards = parse_cards(hand, count=profile.hand_size, game_name=profile.name)
        except EvaluatorError as error:
            problems.append(f"{names[i]}'s hand: {error}")
            try:
                cards = parse_cards(hand)  # still look for repeats among readable cards
            except EvaluatorError:
                continue
        for card in cards:
            if card in owner and owner[card] != i:
                problems.append(f"{card} is in both {names[owner[card]]}'s and {names[i]}'s hands")
            owner.setdefault(card, i)
    return problems


def _whole(value: object, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise EvaluatorError(f"{what} must be a whole number of chips, got {_shown(value)}")
    if value < 0:
        raise EvaluatorError(f"{what} cannot be negative, got {_shown(value)}")
    if value > MAX_CHIPS:
        raise EvaluatorError(f"{what} is more than the {MAX_CHIPS:,} chips a table can hold")
    return value


def _shown(value: object) -> str:
    """A value as a message may quote it: short, and never a whole structure."""
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_CHIPS:
        return "a number too large to be chips"
    return excerpt(repr(value))


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
    if len(winners) == 1:
        return {winners[0]: amount}
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
    write: Callable[[int], str] = str,
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
            f"{seats[winner].name} takes {label} ({write(amount)}) uncontested: {reason}.",
        )
        return Pot(label, amount, eligible, (award,))

    halves = len(profile.awards)
    base, odd = divmod(amount, halves)
    awards = []
    for k, kind in enumerate(profile.awards):
        part = base + (1 if k < odd else 0)  # the five-card low half comes first
        column = [seats[i].strengths[k] for i in eligible]
        best = max(column)
        winners = tuple([i for i, s in zip(eligible, column, strict=True) if s == best])
        shares = _share(part, winners, clockwise)
        awards.append(
            Award(
                kind,
                part,
                winners,
                shares,
                _explain(profile, seats, label, k, part, eligible, winners, shares, write),
            )
        )
    return Pot(label, amount, eligible, tuple(awards))


def _explain(
    profile: GameProfile,
    seats: tuple[SeatResult, ...],
    label: str,
    k: int,
    part: int,
    eligible: tuple[int, ...],
    winners: tuple[int, ...],
    shares: dict[int, int],
    write: Callable[[int], str] = str,
) -> str:
    """The award in one sentence, worded from each seat's strength (see ``strength_facts``)."""
    kind = profile.awards[k]
    ace_high = profile.badugi_ace_high
    known = known_descriptions(kind, ace_high)
    words: dict[int, str] = {}
    for i in eligible:
        seat = seats[i]
        text = known.get(seat.strengths[k])
        words[i] = description(kind, ace_high, seat.strengths[k]) if text is None else text

    title = AWARD_TITLES[kind]
    where = f"the {title} half of {label}" if profile.is_split else label
    shown = words[winners[0]]
    beaten = "; ".join([f"{seats[i].name} has {words[i]}" for i in eligible if i not in winners])
    chips = f" ({write(part)})" if part else ""  # a question without a pot still names winners
    if len(winners) == 1:
        sentence = f"{seats[winners[0]].name} wins {where}{chips} with {shown}"
    else:
        who = names_and(seats[i].name for i in winners)
        sentence = f"{who} tie for {where}{chips} with {shown}"
        amounts = sorted(set(shares.values()), reverse=True)
        if part and len(amounts) == 1:
            sentence += f": {write(amounts[0])} each"
        elif part:
            sentence += ": " + ", ".join(f"{seats[i].name} {write(shares[i])}" for i in winners)
            sentence += " (the odd chip goes clockwise from the button)"
    if beaten:
        sentence += f"; {beaten}"
    return sentence + "."

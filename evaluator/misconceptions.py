"""Named misconceptions: what a learner's wrong answer would be under each common wrong belief.

A wrong answer usually follows from one wrong idea (the whole pot split by
the number of winners, the ace read high in ace-to-five, the small bet after
the second draw). Each idea below is a ``Misconception``: a name, the idea
put right in a sentence that does not give the answer away, and the lesson
section that teaches it (``"badacey#awarding"``: the lesson key and the
section's anchor; the site turns it into a link). For each kind of question
a ``*_beliefs`` function works out, with the engine, what the answer would
be under every wrong idea that applies to the deal; the matching
``*_mistake`` function compares the learner's answer with those and names
the first misconception that explains it. A belief whose answer happens to
equal the right one explains nothing, so it is never reported: only a
wrong answer can be diagnosed.

Plain Python, like the rest of the engine, so the lesson exercises and the
generated drills explain mistakes the same way.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations, islice, product
from typing import Any

from .badugi import badugi
from .cards import Card
from .odds import Outcome, draw_odds
from .profiles import GameProfile
from .settlement import Settlement, _share, settle
from .tables import position_ace_high, position_ace_low


@dataclass(frozen=True)
class Misconception:
    """One wrong idea: its name, the idea put right, and where the lessons teach it."""

    name: str
    correction: str  # the right idea, worded so it never names the right answer
    lesson: str  # "<lesson key>#<section anchor>"


def _rule(name: str, lesson: str, correction: str) -> Misconception:
    return Misconception(name, correction, lesson)


MISCONCEPTIONS: dict[str, Misconception] = {
    m.name: m
    for m in (
        # Payouts -----------------------------------------------------------------------
        _rule(
            "side-pots-ignored",
            "table_basics#side-pots",
            "a player all in for less can win only as much from each opponent as they put "
            "in: build the main pot and each side pot from the chips put in, then settle each "
            "pot among the players who reached it",
        ),
        _rule(
            "whole-pot-split",
            "badacey#awarding",
            "each half of the pot has its own divisor: share a half only among the players "
            "who won that half, then add up what each player collects from both halves",
        ),
        _rule(
            "odd-chip-to-badugi",
            "badacey#odd-chips",
            "when the pot does not split evenly, the odd chip goes to the five-card low half, "
            "not to the Badugi half",
        ),
        _rule(
            "odd-chip-wrong-seat",
            "badacey#odd-chips",
            "chips left over from a tied half go one at a time clockwise, starting with the "
            "first winner to the left of the button",
        ),
        _rule(
            "folded-seat-paid",
            "badacey#awarding",
            "a player who folded gave up every claim on the pot: read only the hands that "
            "reached the showdown",
        ),
        _rule(
            "scoop-split",
            "badacey#awarding",
            "a player whose hand wins both halves takes both halves (a scoop); the other "
            "players' hands come second in each half and collect nothing",
        ),
        _rule(
            "tie-not-shared",
            "badacey#awarding",
            "a tied half is shared equally by the tied players: suits and the cards outside "
            "the Badugi never break a tie",
        ),
        # Badugi comparisons ------------------------------------------------------------
        _rule(
            "suits-break-ties",
            "badugi#equal-sizes",
            "suits never break a Badugi tie: hands with the same ranks share the half",
        ),
        _rule(
            "lowest-card-first",
            "badugi#equal-sizes",
            "Badugi hands of the same size are compared from the highest card down, not from "
            "the lowest card up; the first difference decides",
        ),
        _rule(
            "fewer-cards-can-win",
            "badugi#hand-sizes",
            "count the cards in each Badugi before reading any rank: more cards always win, "
            "however high they are",
        ),
        _rule(
            "greedy-selection",
            "badugi#best-subset",
            "keeping the lowest card of each suit can cost a card: try every way of leaving "
            "cards out before settling for fewer",
        ),
        _rule(
            "paired-card-counted",
            "badugi#valid-cards",
            "a Badugi may not repeat a rank any more than a suit: two cards of the same rank "
            "cannot both count",
        ),
        _rule(
            "badugi-ace-low-in-badeucey",
            "badeucey#ace-high-badugi",
            "in Badeucey the ace is the highest card in the Badugi too, not the lowest",
        ),
        _rule(
            "badugi-ace-high-in-badacey",
            "badacey#badacey-or-badeucey",
            "in Badacey the ace is the lowest card in the Badugi; it is high only in Badeucey",
        ),
        # Five-card lows ----------------------------------------------------------------
        _rule(
            "high-hand-wins-ace-to-five",
            "badacey#five-card-low",
            "a low is won by the lowest hand, not the highest: compare the two hands from "
            "their top cards down, and the lower card takes it",
        ),
        _rule(
            "high-hand-wins-deuce-to-seven",
            "badeucey#deuce-to-seven",
            "a low is won by the lowest hand, not the highest: compare the two hands from "
            "their top cards down, and the lower card takes it",
        ),
        _rule(
            "ace-high-in-ace-to-five",
            "badacey#five-card-low",
            "in ace-to-five the ace is the lowest card: compare the lows card by card from "
            "the top, with the ace at the bottom",
        ),
        _rule(
            "straights-count-in-ace-to-five",
            "badacey#five-card-low",
            "ace-to-five ignores straights and flushes: only pairs count against a hand",
        ),
        _rule(
            "ace-low-in-deuce-to-seven",
            "badeucey#deuce-to-seven",
            "in deuce-to-seven the ace is the highest card, and straights and flushes count: "
            "compare the lows card by card from the top, and ask where the ace ranks",
        ),
        _rule(
            "wheel-straight-in-deuce-to-seven",
            "badeucey#deuce-to-seven",
            "in deuce-to-seven A-2-3-4-5 is not a straight: the ace is high, so it reads as "
            "an ace-high hand",
        ),
        _rule(
            "straights-ignored-in-deuce-to-seven",
            "badeucey#deuce-to-seven",
            "in deuce-to-seven straights and flushes count against a hand, as pairs do",
        ),
        # Betting -----------------------------------------------------------------------
        _rule(
            "small-bet-late",
            "badacey#schedule",
            "from the betting after the second draw the unit is the big bet, so a raise "
            "adds a big bet",
        ),
        _rule(
            "big-bet-early",
            "badacey#schedule",
            "before the second draw is completed a raise adds a small bet; only the rounds "
            "after it raise by the big bet",
        ),
        _rule(
            "raise-by-not-to",
            "badacey#schedule",
            "the question asks for the round total a raise goes to: the bet faced plus one "
            "more unit, not the size of the raise alone",
        ),
        _rule(
            "raise-doubles-the-bet",
            "badacey#schedule",
            "in fixed limit a raise adds exactly one unit of the round, whatever the bet it faces",
        ),
        # Drawing -----------------------------------------------------------------------
        _rule(
            "seen-cards-counted",
            "drawing#outs",
            "cards you can see in other hands cannot arrive in the draw: leave them out of "
            "the count",
        ),
        _rule(
            "thrown-cards-counted",
            "drawing#outs",
            "the cards you throw away do not go back into the deck: they cannot come back",
        ),
        _rule(
            "chance-of-missing",
            "drawing#odds-tables",
            "that is nearer the chance of missing: count the draws that make the target and "
            "divide by all the draws",
        ),
        _rule(
            "one-half-only",
            "drawing#how-many",
            "that throw is best for one half alone; the question asks about the whole aim, "
            "so weigh what each throw does for both",
        ),
    )
}


# The same ideas as a game with one pot says them: no halves to share, and, for
# Badugi alone (the first lesson), no other game named and only its own lesson
# linked, since a learner there has met neither the five-card lows nor Badacey.
_ONE_POT: dict[str, Misconception] = {
    m.name: m
    for m in (
        _rule(
            "tie-not-shared",
            "badacey#awarding",
            "a tied pot is shared equally by the tied players: suits never break a tie",
        ),
        _rule(
            "odd-chip-wrong-seat",
            "badacey#odd-chips",
            "chips left over from a tied pot go one at a time clockwise, starting with the "
            "first winner to the left of the button",
        ),
    )
}
_BADUGI_ONLY: dict[str, Misconception] = {
    m.name: m
    for m in (
        _rule(
            "tie-not-shared",
            "badugi#equal-sizes",
            "a tied pot is shared equally by the tied players: suits and the cards outside "
            "the Badugi never break a tie",
        ),
        _rule(
            "odd-chip-wrong-seat",
            "badugi#equal-sizes",
            "chips left over from a tied pot go one at a time clockwise, starting with the "
            "first winner to the left of the button",
        ),
        _rule(
            "suits-break-ties",
            "badugi#equal-sizes",
            "suits never break a Badugi tie: hands with the same ranks share the pot",
        ),
        _rule(
            "folded-seat-paid",
            "badugi#draws",
            "a player who folded gave up every claim on the pot: read only the hands that "
            "reached the showdown",
        ),
        _rule(
            "side-pots-ignored",
            "table_basics#side-pots",
            "a player all in for less can win only as much from each opponent as they put "
            "in: build the main pot and each side pot from the chips put in, then settle each "
            "pot among the players who reached it",
        ),
        _rule(
            "badugi-ace-high-in-badacey",
            "badugi#equal-sizes",
            "in Badugi the ace is the lowest card, below the deuce: write each hand from the "
            "highest card down with the ace last",
        ),
        *(
            _rule(name, "badugi#betting", MISCONCEPTIONS[name].correction)
            for name in (
                "small-bet-late",
                "big-bet-early",
                "raise-by-not-to",
                "raise-doubles-the-bet",
            )
        ),
    )
}


def worded(name: str, profile: GameProfile | None) -> Misconception:
    """Misconception ``name`` as the question's own game speaks of it.

    A split game's wording talks of halves and links the Badacey lesson; a
    one-pot game gets its own words, and Badugi its own lesson's sections,
    so feedback never sends a learner ahead to a game they have not met.
    """
    if profile is not None and not profile.is_split:
        if "badugi" in profile.awards and name in _BADUGI_ONLY:
            return _BADUGI_ONLY[name]
        if name in _ONE_POT:
            return _ONE_POT[name]
    return MISCONCEPTIONS[name]


def _first(
    answer: object,
    beliefs: Iterable[tuple[str, Iterable[object]]],
    right: object,
    profile: GameProfile | None = None,
) -> Misconception | None:
    """The first belief whose answers include ``answer``, if ``answer`` is not the right one."""
    if answer == right:
        return None
    for name, answers in beliefs:
        if any(candidate == answer and candidate != right for candidate in answers):
            return worded(name, profile)
    return None


# Payouts --------------------------------------------------------------------------------


def _clockwise(button: int, seats: int) -> list[int]:
    return [(button + 1 + k) % seats for k in range(seats)]


def _payouts_of(
    outcome: Settlement,
    amounts: Callable[[int, int], int] | None = None,
    order: Sequence[int] | None = None,
) -> tuple[int, ...]:
    """Payouts rebuilt from a settlement's winners, with award amounts or chip order changed."""
    seats = len(outcome.seats)
    clockwise = list(order) if order is not None else _clockwise(outcome.button, seats)
    payouts = [0] * seats
    for pot in outcome.pots:
        for k, award in enumerate(pot.awards):
            amount = amounts(pot.amount, k) if amounts and len(pot.awards) > 1 else award.amount
            for seat, chips in _share(amount, award.winners, clockwise).items():
                payouts[seat] += chips
    return tuple(payouts)


def payout_beliefs(
    profile: GameProfile,
    hands: Sequence[Sequence[Card]],
    *,
    pot: int | None = None,
    contributions: Sequence[int] | None = None,
    folded: Sequence[bool] | None = None,
    button: int = 0,
) -> dict[str, list[tuple[int, ...]]]:
    """Each seat's payout under every wrong belief about dividing the pot, by misconception.

    Give the ``pot``, or each seat's ``contributions`` when all-in players
    make side pots: every belief is then worked out from the same main and
    side pots ``settle`` builds, so a misconception is only named when it
    explains the answer under the settlement the learner was really asked.
    """
    folded = list(folded) if folded is not None else [False] * len(hands)
    outcome = settle(
        profile, hands, pot=pot, contributions=contributions, folded=folded, button=button
    )
    seats = len(hands)
    clockwise = _clockwise(button, seats)
    beliefs: dict[str, list[tuple[int, ...]]] = {}
    split = profile.is_split

    if len(outcome.pots) > 1:  # every chip in one pot, as if no one were all in for less
        one_pot = settle(profile, hands, pot=outcome.total, folded=folded, button=button)
        beliefs["side-pots-ignored"] = [one_pot.payouts]

    if split:
        whole = [0] * seats
        for p in outcome.pots:
            everyone = sorted({s for a in p.awards for s in a.winners})
            for seat, chips_won in _share(p.amount, everyone, clockwise).items():
                whole[seat] += chips_won
        beliefs["whole-pot-split"] = [tuple(whole)]

        def badugi_gets_odd(amount: int, k: int) -> int:
            base, odd = divmod(amount, len(profile.awards))
            return base + (1 if profile.awards[k] == "badugi" and odd else 0)

        beliefs["odd-chip-to-badugi"] = [_payouts_of(outcome, badugi_gets_odd)]

    from_button = [(button + k) % seats for k in range(seats)]
    anticlockwise = [(button - 1 - k) % seats for k in range(seats)]
    beliefs["odd-chip-wrong-seat"] = [
        _payouts_of(outcome, order=from_button),
        _payouts_of(outcome, order=anticlockwise),
    ]

    if any(folded):
        everyone_in = settle(
            profile,
            hands,
            pot=pot,
            contributions=contributions,
            folded=[False] * seats,
            button=button,
        )
        beliefs["folded-seat-paid"] = [everyone_in.payouts]

    if split:
        scoops = _scoop_split(outcome, clockwise)
        if scoops:
            beliefs["scoop-split"] = scoops

    # A tied award given whole to one of its winners; a learner who believes
    # ties are not shared does it to every tied award at once, so each
    # combination of takers (or keeping the share) is a candidate.
    tied = [a for p in outcome.pots for a in p.awards if len(a.winners) > 1]
    choices = [(None, *award.winners) for award in tied]
    candidates = []
    for takers in islice(product(*choices), 1, 500):
        payouts = list(outcome.payouts)
        for award, taker in zip(tied, takers, strict=True):
            if taker is None:
                continue
            for seat, chips_won in award.shares.items():
                payouts[seat] -= chips_won
            payouts[taker] += award.amount
        candidates.append(tuple(payouts))
    if candidates:
        beliefs["tie-not-shared"] = candidates
    # Narrowest first: of two ideas that explain the same answer, name the one
    # whose correction moves fewest chips (an odd chip before a whole half).
    return {name: beliefs[name] for name in NARROWEST_FIRST if name in beliefs}


# The payout ideas from the narrowest (one chip misplaced) to the broadest.
NARROWEST_FIRST = (
    "odd-chip-wrong-seat",
    "odd-chip-to-badugi",
    "tie-not-shared",
    "folded-seat-paid",
    "scoop-split",
    "whole-pot-split",
    "side-pots-ignored",
)


def _scoop_split(outcome: Settlement, clockwise: Sequence[int]) -> list[tuple[int, ...]]:
    """Payouts if a seat winning every half of a pot still left one half to the runners-up.

    Each candidate keeps the same half for the scooper in every pot one seat
    scoops against others; pots nobody scoops are paid as the engine pays them.
    """
    seats = len(outcome.seats)
    halves = len(outcome.profile.awards)
    candidates = []
    for keep in range(halves):
        payouts = [0] * seats
        changed = False
        for p in outcome.pots:
            scoopers = {a.winners for a in p.awards}
            scooped = len(scoopers) == 1 and len(next(iter(scoopers))) == 1
            if not scooped or len(p.eligible) < 2 or len(p.awards) != halves:
                for award in p.awards:
                    for seat, chips in award.shares.items():
                        payouts[seat] += chips
                continue
            (scooper,) = next(iter(scoopers))
            others = [s for s in p.eligible if s != scooper]
            changed = True
            for k, award in enumerate(p.awards):
                if k == keep:
                    payouts[scooper] += award.amount
                    continue
                column = [outcome.seats[s].strengths[k] for s in others]
                runners = [s for s, v in zip(others, column, strict=True) if v == max(column)]
                for seat, chips in _share(award.amount, runners, clockwise).items():
                    payouts[seat] += chips
        if changed:
            candidates.append(tuple(payouts))
    return candidates


def payouts_for_winners(
    outcome: Settlement, winners: Mapping[str, Iterable[int]]
) -> tuple[int, ...] | None:
    """Each seat's chips had the main pot's awards gone to ``winners`` (seats by award kind).

    Every chip is divided as the engine divides it (each award on its own,
    odd chips clockwise from the button); only who wins the main pot changes,
    and the side pots are paid as the engine pays them. So a learner whose
    payouts equal these divided the pot rightly and named the wrong winners.
    None when a named winner could not win the main pot, or an award has none.
    """
    seats = len(outcome.seats)
    clockwise = _clockwise(outcome.button, seats)
    payouts = [0] * seats
    for n, pot in enumerate(outcome.pots):
        for award in pot.awards:
            named = award.winners
            if n == 0 and award.kind != "uncontested":
                named = tuple(sorted(set(winners.get(award.kind, ()))))
                if not named or not set(named) <= set(pot.eligible):
                    return None
            for seat, chips in _share(award.amount, named, clockwise).items():
                payouts[seat] += chips
    return tuple(payouts)


def payout_mistake(
    answer: Sequence[int],
    profile: GameProfile,
    hands: Sequence[Sequence[Card]],
    *,
    pot: int | None = None,
    contributions: Sequence[int] | None = None,
    folded: Sequence[bool] | None = None,
    button: int = 0,
) -> Misconception | None:
    """The misconception a wrong list of payouts follows from, if one explains it.

    Side pots are given as each seat's ``contributions`` in place of the pot.
    """
    right = settle(
        profile, hands, pot=pot, contributions=contributions, folded=folded, button=button
    ).payouts
    beliefs = payout_beliefs(
        profile, hands, pot=pot, contributions=contributions, folded=folded, button=button
    )
    return _first(tuple(answer), beliefs.items(), right, profile)


# Reading hands under a wrong belief ------------------------------------------------------


def _position(card: Card, ace_high: bool) -> int:
    return position_ace_high(card.rank) if ace_high else position_ace_low(card.rank)


def _legal(cards: Sequence[Card]) -> bool:
    return len({c.suit for c in cards}) == len(cards) == len({c.rank for c in cards})


def _top_down(cards: Sequence[Card], ace_high: bool) -> tuple[int, ...]:
    return tuple(sorted((_position(c, ace_high) for c in cards), reverse=True))


def _badugi_key(cards: Sequence[Card], ace_high: bool) -> tuple[Any, ...]:
    """Smaller is better: more cards first, then the ranks from the top down."""
    return (-len(cards), _top_down(cards, ace_high))


def greedy_selection(cards: Sequence[Card], *, ace_high: bool = False) -> tuple[Card, ...]:
    """The lowest card of each suit, skipping any whose rank is taken: the lessons' trap."""
    kept: list[Card] = []
    for card in sorted(cards, key=lambda c: (_position(c, ace_high), cards.index(c))):
        if all(card.suit != k.suit and card.rank != k.rank for k in kept):
            kept.append(card)
    return tuple(kept)


def _paired_selections(cards: Sequence[Card], ace_high: bool) -> list[tuple[Card, ...]]:
    """The best selections when only suits are checked (a paired card counted)."""
    for size in range(min(4, len(cards)), 0, -1):
        found = [
            combo
            for combo in combinations(cards, size)
            if len({c.suit for c in combo}) == size and not _legal(combo)
        ]
        if found:
            best = min(_badugi_key(c, ace_high) for c in found)
            return [c for c in found if _badugi_key(c, ace_high) == best]
    return []


def _legal_selections(cards: Sequence[Card]) -> list[tuple[Card, ...]]:
    return [
        combo
        for size in range(1, min(4, len(cards)) + 1)
        for combo in combinations(cards, size)
        if _legal(combo)
    ]


def _low_key(
    cards: Sequence[Card], *, ace_high: bool, straights: bool, wheel: bool
) -> tuple[Any, ...]:
    """A five-card low under stated rules; smaller is better.

    ``straights`` makes straights and flushes count against the hand;
    ``wheel`` makes A-2-3-4-5 a straight even with the ace high.
    """
    values = [14 if c.rank == 1 and ace_high else c.rank for c in cards]
    counts = Counter(values)
    shape = sorted(counts.values(), reverse=True)
    ordered = tuple(sorted(counts, key=lambda v: (-counts[v], -v)))
    flush = straights and len({c.suit for c in cards}) == 1
    straight = False
    if straights and len(counts) == 5:
        if max(values) - min(values) == 4:
            straight = True
        elif wheel and set(values) == {14, 2, 3, 4, 5}:
            straight, ordered = True, (5, 4, 3, 2, 1)
    category = {
        (1, 1, 1, 1, 1): 0,
        (2, 1, 1, 1): 1,
        (2, 2, 1): 2,
        (3, 1, 1): 3,
        (3, 2): 6,
        (4, 1): 7,
    }[tuple(shape)]
    if straight and flush:
        category = 8
    elif flush:
        category = 5
    elif straight:
        category = 4
    return (category, ordered)


def _best(keys: dict[int, tuple[Any, ...]]) -> frozenset[int]:
    best = min(keys.values())
    return frozenset(s for s, k in keys.items() if k == best)


def winner_beliefs(
    profile: GameProfile,
    kind: str,
    hands: Sequence[Sequence[Card]],
    *,
    live: Sequence[int] | None = None,
) -> dict[str, list[frozenset[int]]]:
    """Who would take award ``kind`` under every wrong belief about reading it, by misconception.

    ``live`` are the seats still in (all by default); a lone live seat leaves
    nothing to misread.
    """
    seats = list(live) if live is not None else list(range(len(hands)))
    if len(seats) < 2:
        return {}
    beliefs: dict[str, list[frozenset[int]]] = {}
    if kind == "badugi":
        ace_high = profile.badugi_ace_high
        values = {s: badugi(hands[s], ace_high=ace_high) for s in seats}
        best = max(values.values())
        winners = [s for s in seats if values[s] == best]
        if len(winners) > 1:
            beliefs["suits-break-ties"] = [frozenset({s}) for s in winners]
        beliefs["lowest-card-first"] = [
            _best(
                {
                    s: (-v.size, tuple(sorted(_top_down(v.cards, ace_high))))
                    for s, v in values.items()
                }
            )
        ]
        beliefs["fewer-cards-can-win"] = [
            _best({s: (_top_down(v.cards, ace_high), v.size) for s, v in values.items()})
        ]
        beliefs["greedy-selection"] = [
            _best(
                {
                    s: _badugi_key(greedy_selection(hands[s], ace_high=ace_high), ace_high)
                    for s in seats
                }
            )
        ]
        paired = {s: _paired_selections(hands[s], ace_high) for s in seats}
        beliefs["paired-card-counted"] = [
            _best(
                {
                    s: min(
                        [_badugi_key(c, ace_high) for c in paired[s]]
                        + [_badugi_key(values[s].cards, ace_high)]
                    )
                    for s in seats
                }
            )
        ]
        other = "badugi-ace-low-in-badeucey" if ace_high else "badugi-ace-high-in-badacey"
        flipped = {s: badugi(hands[s], ace_high=not ace_high) for s in seats}
        top = max(flipped.values())
        beliefs[other] = [frozenset(s for s in seats if flipped[s] == top)]
        return beliefs

    def low(name: str, shown: bool, **rules: bool) -> None:
        if shown:
            beliefs[name] = [_best({s: _low_key(hands[s], **rules) for s in seats})]

    # A belief is only named when the cards show its premise: no ace held, no
    # rule about the ace. Where two premises are shown and give one answer,
    # the narrower misreading comes first: a straight or flush read wrongly
    # explains the answer more closely than the ace's whole rank order.
    ace = any(c.rank == 1 for s in seats for c in hands[s])
    if kind in ("ace_to_five", "deuce_to_seven"):
        # "The highest cards win" is the plainest misreading of a low; named first
        # when some hand's cards all sit above another's, so nothing subtler
        # (a flush, the ace) is needed to explain picking the high one.
        ace_high = kind == "deuce_to_seven"
        real = {
            s: _low_key(hands[s], ace_high=ace_high, straights=ace_high, wheel=False) for s in seats
        }
        high = frozenset(s for s, k in real.items() if k == max(real.values()))
        rank = {s: [_position(c, ace_high) for c in hands[s]] for s in seats}
        apart = any(min(rank[h]) > max(rank[o]) for h in high for o in seats if o not in high)
        if apart:
            beliefs[f"high-hand-wins-{kind.replace('_', '-')}"] = [high]
    if kind == "ace_to_five":
        runs = _any_straight_or_flush(hands, seats, ace_high=False, wheel=True)
        low("straights-count-in-ace-to-five", runs, ace_high=False, straights=True, wheel=True)
        low("ace-high-in-ace-to-five", ace, ace_high=True, straights=False, wheel=False)
    elif kind == "deuce_to_seven":
        wheel = any({c.rank for c in hands[s]} == {1, 2, 3, 4, 5} for s in seats)
        runs = _any_straight_or_flush(hands, seats, ace_high=True, wheel=False)
        low("wheel-straight-in-deuce-to-seven", wheel, ace_high=True, straights=True, wheel=True)
        low(
            "straights-ignored-in-deuce-to-seven",
            runs,
            ace_high=True,
            straights=False,
            wheel=False,
        )
        low("ace-low-in-deuce-to-seven", ace, ace_high=False, straights=False, wheel=False)
    return beliefs


def _any_straight_or_flush(
    hands: Sequence[Sequence[Card]], seats: Sequence[int], *, ace_high: bool, wheel: bool
) -> bool:
    """Whether some hand makes a straight or a flush when the ace ranks so (categories 4, 5, 8)."""
    return any(
        _low_key(hands[s], ace_high=ace_high, straights=True, wheel=wheel)[0] in (4, 5, 8)
        for s in seats
    )


def winners_mistake(
    answer: Iterable[int],
    profile: GameProfile,
    kind: str,
    hands: Sequence[Sequence[Card]],
    winners: Iterable[int],
    *,
    live: Sequence[int] | None = None,
) -> Misconception | None:
    """The misconception a wrong choice of winners for award ``kind`` follows from, if any."""
    beliefs = winner_beliefs(profile, kind, hands, live=live)
    return _first(frozenset(answer), beliefs.items(), frozenset(winners), profile)


# Picking a Badugi -----------------------------------------------------------------------


def selection_beliefs(
    cards: Sequence[Card], *, ace_high: bool = False
) -> dict[str, list[frozenset[Card]]]:
    """The cards a learner would pick for a Badugi under every wrong belief, by misconception."""
    legal = _legal_selections(cards)
    beliefs: dict[str, list[frozenset[Card]]] = {
        "greedy-selection": [frozenset(greedy_selection(cards, ace_high=ace_high))],
        "paired-card-counted": [frozenset(c) for c in _paired_selections(cards, ace_high)],
    }
    size = max(len(c) for c in legal)
    best = min(_top_down(c, ace_high) for c in legal if len(c) == size)
    lower_but_fewer = []
    for smaller in range(1, size):
        ranks = min(_top_down(c, ace_high) for c in legal if len(c) == smaller)
        if ranks < best:
            lower_but_fewer += [c for c in legal if _top_down(c, ace_high) == ranks]
    beliefs["fewer-cards-can-win"] = [frozenset(c) for c in lower_but_fewer]
    other = "badugi-ace-low-in-badeucey" if ace_high else "badugi-ace-high-in-badacey"
    beliefs[other] = [frozenset(s) for s in badugi(cards, ace_high=not ace_high).selections]
    return beliefs


def selection_mistake(
    chosen: Iterable[Card],
    cards: Sequence[Card],
    *,
    ace_high: bool = False,
    profile: GameProfile | None = None,
) -> Misconception | None:
    """The misconception a wrong Badugi pick follows from, if one explains it.

    ``profile`` is the game the question is in, so the idea is worded for it.
    """
    chosen = frozenset(chosen)
    right = badugi(cards, ace_high=ace_high).selections
    if any(chosen == frozenset(s) for s in right):
        return None
    beliefs = selection_beliefs(cards, ace_high=ace_high)
    return _first(chosen, beliefs.items(), None, profile)


# Raises -------------------------------------------------------------------------------


def raise_beliefs(profile: GameProfile, betting_round: int, facing: int) -> dict[str, list[int]]:
    """The total a learner would give for a full raise under every wrong belief."""
    beliefs: dict[str, list[int]] = {}
    if betting_round >= profile.big_bet_from_round:
        beliefs["small-bet-late"] = [facing + profile.small_bet]
    else:
        beliefs["big-bet-early"] = [facing + profile.big_bet]
    beliefs["raise-by-not-to"] = [profile.bet_size(betting_round)]
    beliefs["raise-doubles-the-bet"] = [2 * facing]
    return beliefs


def raise_mistake(
    answer: int, profile: GameProfile, betting_round: int, facing: int
) -> Misconception | None:
    right = profile.full_raise_to(betting_round, facing)
    return _first(answer, raise_beliefs(profile, betting_round, facing).items(), right, profile)


# Drawing ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Draw:
    """One draw question: the cards kept and thrown, the cards seen elsewhere, the aim."""

    profile: GameProfile
    kept: tuple[Card, ...]
    thrown: tuple[Card, ...]
    dead: tuple[Card, ...]
    outcome: str  # an ``evaluator.odds`` outcome key: "badugi", "badugi_top", "low", "both"
    badugi_top: int | None = None
    low_top: int | None = None

    def hits(
        self, *, thrown: Sequence[Card] | None = None, dead: Sequence[Card] | None = None
    ) -> Outcome:
        odds = draw_odds(
            self.profile,
            self.kept,
            discarded=self.thrown if thrown is None else thrown,
            dead=self.dead if dead is None else dead,
            badugi_top=self.badugi_top,
            low_top=self.low_top,
        )
        return odds.outcome(self.outcome)


def outs_beliefs(draw: Draw) -> dict[str, list[int]]:
    """The count of outs under every wrong belief about which cards can arrive."""
    beliefs = {"seen-cards-counted": [draw.hits(dead=()).hits]}
    if draw.thrown:
        beliefs["thrown-cards-counted"] = [draw.hits(thrown=()).hits]
    return beliefs


def outs_mistake(answer: int, draw: Draw) -> Misconception | None:
    return _first(answer, outs_beliefs(draw).items(), draw.hits().hits, draw.profile)


def chance_beliefs(draw: Draw) -> dict[str, list[Fraction]]:
    """The chance, in percent, under every wrong belief about counting a draw."""
    right = 100 * draw.hits().probability
    return {
        "seen-cards-counted": [100 * draw.hits(dead=()).probability],
        "chance-of-missing": [100 - right],
    }


def chance_mistake(answer: Fraction, within: int, draw: Draw) -> Misconception | None:
    """The belief whose chance is within ``within`` points of a guess that the right one is not."""
    right = 100 * draw.hits().probability
    if abs(answer - right) <= within:
        return None
    for name, chances in chance_beliefs(draw).items():
        if any(abs(answer - c) <= within and abs(c - right) > within for c in chances):
            return MISCONCEPTIONS[name]
    return None


def best_throws(
    profile: GameProfile,
    hand: Sequence[Card],
    dead: Sequence[Card],
    most: int,
    outcome: str,
    *,
    badugi_top: int | None = None,
    low_top: int | None = None,
) -> list[frozenset[Card]]:
    """Every throw of up to ``most`` cards with the best chance of ``outcome``."""
    found: list[tuple[Fraction, frozenset[Card]]] = []
    for size in range(most + 1):
        for throw in combinations(hand, size):
            kept = [c for c in hand if c not in throw]
            chance = (
                draw_odds(
                    profile,
                    kept,
                    discarded=throw,
                    dead=dead,
                    badugi_top=badugi_top,
                    low_top=low_top,
                )
                .outcome(outcome)
                .probability
            )
            found.append((chance, frozenset(throw)))
    best = max(chance for chance, _ in found)
    return [throw for chance, throw in found if chance == best]


def discard_beliefs(
    profile: GameProfile,
    hand: Sequence[Card],
    dead: Sequence[Card],
    most: int,
    *,
    target: str | None,
) -> dict[str, list[frozenset[Card]]]:
    """The throws best for one half alone, when the question weighs both (or the whole pot)."""
    if target not in (None, "both") or not profile.is_split:
        return {}
    halves = [o for o in ("badugi", "low") if o != "low" or len(profile.awards) > 1]
    return {
        "one-half-only": [
            throw for half in halves for throw in best_throws(profile, hand, dead, most, half)
        ]
    }


def discard_mistake(
    chosen: Iterable[Card],
    right: Iterable[Iterable[Card]],
    beliefs: dict[str, list[frozenset[Card]]],
) -> Misconception | None:
    """The misconception a throw follows from; ``right`` are the throws as good as the best."""
    chosen = frozenset(chosen)
    if any(chosen == frozenset(r) for r in right):
        return None
    return _first(chosen, beliefs.items(), None)

"""Reading hands: who each wrong idea about a low or a Badugi would make the winner,
and which cards it would keep as the Badugi."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import Any

from ..badugi import badugi
from ..cards import Card
from ..profiles import GameProfile
from ..tables import position_ace_high, position_ace_low
from .rules import Misconception, _first


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

"""A player's expected share of the pot after one more draw, against hands that stand pat.

Why this model: a lesson that asks "stand pat or draw?" needs one number per
choice that the engine can compute exactly and a learner can follow. With
the other hands fixed (they stand pat and show down), every set of cards the
draw can bring is dealt once and the pot is shared as the game shares it:
half per award, a tie splitting its half. No more betting is assumed, so the
number is the share of the pot as it stands, not a judgement about bets.

The count is exact: the unseen cards are everything not in a hand and not
known to be dead, each equally likely, so a result is a ``Fraction``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from . import fast
from .cards import DECK, Card, parse_cards
from .errors import EvaluatorError
from .profiles import GameProfile, get_profile
from .unseen import find_clash, tally_draws, unseen_cards

CardsInput = str | Iterable[str | Card]

# Two cards from 42 unseen is 861 showdowns; three would be 11,480 per option.
MAX_DRAW = 2


@dataclass(frozen=True)
class DrawChoice:
    """One way to play the draw: the cards thrown (none: stand pat) and what it is worth."""

    discard: tuple[Card, ...]
    kept: tuple[Card, ...]
    share: Fraction  # of the whole pot, averaged over every possible draw
    draws: int  # how many different draws were dealt out

    @property
    def stands_pat(self) -> bool:
        return not self.discard

    @property
    def percent(self) -> float:
        return float(100 * self.share)


def expected_share(
    game: GameProfile | str,
    hand: CardsInput,
    discard: CardsInput,
    opponents: Sequence[CardsInput],
    *,
    dead: CardsInput = (),
) -> DrawChoice:
    """The share of the pot ``hand`` can expect after throwing ``discard`` and drawing once.

    ``opponents`` are the other hands at the showdown, each standing pat;
    ``dead`` are cards known to be out of play (discards seen at the table).
    """
    profile = get_profile(game) if isinstance(game, str) else game
    cards = parse_cards(hand, count=profile.hand_size)
    thrown = parse_cards(discard) if discard else ()
    others = [parse_cards(o, count=profile.hand_size) for o in opponents]
    gone = parse_cards(dead) if dead else ()
    if not others:
        raise EvaluatorError("name at least one opposing hand to share the pot with")
    missing = [c for c in thrown if c not in cards]
    if missing:
        raise EvaluatorError(f"{missing[0]} is not in the hand, so it cannot be thrown")
    if len(set(thrown)) != len(thrown):
        raise EvaluatorError("a card cannot be thrown twice")
    if len(thrown) > min(MAX_DRAW, profile.max_discard):
        raise EvaluatorError(
            f"this works out draws of at most {min(MAX_DRAW, profile.max_discard)} cards, "
            f"not {len(thrown)}"
        )
    places = [
        ("the hand", cards),
        *((f"opponent {n}", o) for n, o in enumerate(others, 1)),
        ("the dead cards", gone),
    ]
    clash = find_clash(places)
    if clash is not None:
        raise EvaluatorError(f"{clash.card} appears twice among the hands and dead cards")
    kept = tuple(c for c in cards if c not in thrown)
    unseen = unseen_cards(card for _, group in places for card in group)

    strengths = _strengths(profile)
    halves = range(len(profile.awards))
    rivals = [strengths(tuple(c.index for c in o)) for o in others]
    best = [max(r[h] for r in rivals) for h in halves]
    # Tying the best rival hands shares that half with every one of them.
    tie_share = [Fraction(1, 1 + sum(r[h] == best[h] for r in rivals)) for h in halves]

    kept_indices = tuple(c.index for c in kept)

    def hand_after(arrived: tuple[int, ...]) -> tuple[int, ...]:
        return strengths(kept_indices + arrived)

    # Card indices stand in for the cards, since the fast path reads indices;
    # each different hand the draw can make is then compared with the best once.
    dealt = tally_draws([c.index for c in unseen], len(thrown), hand_after)
    wins = [0] * len(profile.awards)
    ties = [0] * len(profile.awards)
    for mine, n in dealt.counts.items():
        for h in halves:
            if mine[h] > best[h]:
                wins[h] += n
            elif mine[h] == best[h]:
                ties[h] += n
    count = dealt.total
    total = sum(wins[h] + ties[h] * tie_share[h] for h in halves)
    return DrawChoice(thrown, kept, Fraction(total) / (count * len(profile.awards)), count)


def _strengths(profile: GameProfile) -> Callable[[tuple[int, ...]], tuple[int, ...]]:
    """Each award's strength of a hand given as card indices, in the profile's award order.

    The showdowns of a two-card draw run to hundreds per choice, so the split
    games and Badugi use the engine's fast path (the same strengths, tested
    equal to the readable evaluator); any other profile reads the cards.
    """
    awards = profile.awards
    if awards == ("ace_to_five", "badugi") and not profile.badugi_ace_high:
        return lambda ix: fast.badacey_strengths(ix[0], ix[1], ix[2], ix[3], ix[4])
    if awards == ("deuce_to_seven", "badugi") and profile.badugi_ace_high:
        return lambda ix: fast.badeucey_strengths(ix[0], ix[1], ix[2], ix[3], ix[4])
    if awards == ("badugi",):
        return lambda ix: (fast.badugi_strength(ix, ace_high=profile.badugi_ace_high),)
    evaluators = [profile.evaluator(kind) for kind in awards]
    return lambda ix: tuple(e([DECK[i] for i in ix]).strength for e in evaluators)


def discard_choices(
    game: GameProfile | str,
    hand: CardsInput,
    opponents: Sequence[CardsInput],
    *,
    most: int = 1,
    dead: CardsInput = (),
) -> tuple[DrawChoice, ...]:
    """Every way of throwing from 0 to ``most`` cards, best expected share first.

    Equal shares keep the order of fewer cards first, so standing pat leads a
    tie: a learner is never told to draw for nothing.
    """
    profile = get_profile(game) if isinstance(game, str) else game
    cards = parse_cards(hand, count=profile.hand_size)
    if not 0 <= most <= min(MAX_DRAW, profile.max_discard):
        raise EvaluatorError(
            f"choose how many cards may be thrown, from 0 to {min(MAX_DRAW, profile.max_discard)}"
        )
    choices = [
        expected_share(profile, cards, thrown, opponents, dead=dead)
        for size in range(most + 1)
        for thrown in combinations(cards, size)
    ]
    return tuple(sorted(choices, key=lambda c: (-c.share, len(c.discard))))

"""The coach's draw counts are exact: the rank-by-rank walk agrees with the odds engine.

``evaluator.odds`` deals every draw out; the walk in ``evaluator.play.throws``
counts them without dealing. Both must give the same number of draws making
each target, for every game, throw size and set of dead cards.
"""

from __future__ import annotations

import random

import pytest

from evaluator import PROFILES
from evaluator.cards import DECK
from evaluator.odds import draw_odds, target_ranks
from evaluator.play.throws import ace_high, tally_throw, unseen_for
from evaluator.tables import position_ace_high, position_ace_low


def hits(tally, top):
    return round(tally.chance(top) * tally.total)


@pytest.mark.parametrize("game", sorted(PROFILES))
@pytest.mark.parametrize("seed", range(8))
def test_the_walk_counts_what_dealing_every_draw_counts(game, seed):
    profile = PROFILES[game]
    rng = random.Random(f"{game}:{seed}")
    cards = rng.sample(DECK, profile.hand_size + 4)
    hand, dead = cards[: profile.hand_size], cards[profile.hand_size :]
    # Large throws are slow to deal out, so the odds engine checks draws of up to four cards.
    draw = rng.choice([0, 1, 2, 3, 3, 4])
    thrown = rng.sample(hand, draw)
    kept = [c for c in hand if c not in thrown]
    pos = position_ace_high if ace_high(profile) else position_ace_low
    unseen = unseen_for(hand, dead)
    low_half = next((k for k in profile.awards if k != "badugi"), None)
    badugi_rank = (
        rng.choice(target_ranks(profile, "badugi")) if "badugi" in profile.awards else None
    )
    low_rank = rng.choice(target_ranks(profile, low_half)) if low_half else None
    odds = draw_odds(
        profile, kept, discarded=thrown, dead=dead, badugi_top=badugi_rank, low_top=low_rank
    )
    if badugi_rank is not None:
        tally = tally_throw(profile, kept, draw, unseen, "badugi")
        assert tally.total == odds.combinations
        assert hits(tally, 12) == odds.outcome("badugi").hits
        assert hits(tally, pos(badugi_rank)) == odds.outcome("badugi_top").hits
    if low_rank is not None:
        tally = tally_throw(profile, kept, draw, unseen, "low")
        assert tally.total == odds.combinations
        assert hits(tally, pos(low_rank)) == odds.outcome("low").hits


def test_a_five_card_throw_is_counted_in_full():
    """All 1,533,939 draws of a five-card throw are counted, none sampled: the ones making
    a low and the ones that miss add up to every draw, and the misses match the odds engine."""
    profile = PROFILES["badacey"]
    hand = list(DECK[-5:])
    tally = tally_throw(profile, [], 5, unseen_for(hand, ()), "low")
    assert tally.total == 1_533_939
    odds = draw_odds(profile, [], discarded=hand, limit=None)
    assert sum(tally.counts.values()) == odds.outcome("low").hits

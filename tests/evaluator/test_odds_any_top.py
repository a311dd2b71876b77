"""A Badugi target at the game's highest top card is any four-card Badugi.

``target_ranks`` ends with that "any" rank (the king, or the ace when the
ace is high), and the odds then list the target once, as ``"badugi"``. A
question asking for ``"badugi_top"`` at that rank must read that count, not
fail: the admin accepts "for badugi K" and the exercise asks exactly this.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evaluator import DECK, get_profile
from evaluator.odds import draw_odds, target_ranks

from .test_odds import brute_force

BADUGI_GAMES = ["badugi", "badacey", "badeucey"]


@pytest.mark.parametrize("game", BADUGI_GAMES)
def test_the_any_rank_target_reads_as_any_badugi(game):
    profile = get_profile(game)
    top = target_ranks(profile, "badugi")[-1]
    kept = ["A♣", "2♦", "3♥", *(["5♦"] if profile.hand_size == 5 else [])]
    odds = draw_odds(game, kept, discarded=["K♥"], dead=["4♠", "9♠", "6♦", "7♣"], badugi_top=top)
    expected, _total = brute_force(
        game, kept, discarded=["K♥"], dead=["4♠", "9♠", "6♦", "7♣"], badugi_top=top
    )
    assert odds.outcome("badugi_top") == odds.outcome("badugi")
    assert odds.outcome("badugi_top").hits == expected["badugi"] == expected["badugi_top"]


def test_a_game_with_no_badugi_half_still_has_no_badugi_top():
    odds = draw_odds("ace_to_five", ["A♣", "2♦", "3♥", "4♠"])
    with pytest.raises(KeyError):
        odds.outcome("badugi_top")


@settings(max_examples=30, deadline=None)
@given(
    game=st.sampled_from(BADUGI_GAMES),
    cards=st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True),
)
def test_every_top_card_a_target_may_name_has_an_outcome(game, cards):
    profile = get_profile(game)
    kept = cards[: profile.hand_size - 1]
    for top in target_ranks(profile, "badugi"):
        odds = draw_odds(game, kept, badugi_top=top)
        assert odds.outcome("badugi_top").hits <= odds.outcome("badugi").hits

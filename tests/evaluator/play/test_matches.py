"""Honest matches: duplicate deals give each chair the same cards, and the luck correction
has expectation zero and makes the interval narrower."""

from __future__ import annotations

import statistics

import pytest

from evaluator.cards import DECK
from evaluator.play.matches import (
    computer,
    estimate,
    luck_terms,
    match_table,
    play_match,
    play_out,
    report,
)

GAMES = ("badacey", "badeucey", "badugi", "ace_to_five", "deuce_to_seven")


@pytest.mark.parametrize("game", GAMES)
def test_swapped_seats_receive_the_same_cards_deal_and_draws(game):
    for seed in range(20):
        # The same player in each chair, whoever is "the learner": the whole hand repeats.
        first = play_out(match_table(game, seed, 0, "caller"), computer("aggressor"))
        second = play_out(match_table(game, seed, 1, "aggressor"), computer("caller"))
        assert first.dealt == second.dealt
        assert first.draw_chances() == second.draw_chances()
        # Different players: the deal by chair is still the same.
        other = play_out(match_table(game, seed, 1, "solid"), computer("caller"))
        assert other.dealt == first.dealt


def test_the_correction_knows_exactly_which_cards_could_still_arrive():
    """Every draw's cards come from the stub the correction averages over."""
    for seed in range(40):
        game = GAMES[seed % len(GAMES)]
        hand = play_out(match_table(game, seed, seed % 2, "caller"), computer("aggressor"))
        stub = set(DECK) - {c for h in hand.dealt for c in h}
        for chance in hand.draw_chances():
            assert not chance.reshuffled
            assert set(chance.received) <= stub
            stub -= set(chance.received)
        assert stub == set(hand._stub)


def test_the_deal_term_changes_sign_when_the_hands_change_chairs():
    """The deal's luck has expectation zero because both chairs' hands are dealt alike."""
    hand = play_out(match_table("badugi", 4, 0, "caller"), computer("solid"))
    assert luck_terms(hand, 0)[0] == pytest.approx(-luck_terms(hand, 1)[0])


def test_the_same_player_in_both_chairs_is_measured_at_zero():
    results = play_match(computer("solid"), "solid", range(300, 420), GAMES)
    r = report(results)
    assert r.duplicate.mean == 0 and r.duplicate.half == 0
    assert abs(r.raw.mean) <= r.raw.half


def test_the_correction_averages_zero_and_narrows_the_interval():
    """With the match's own value function (the bench's default: fitted on the same two
    players, on seeds no match uses), the luck taken out is unbiased and narrows the
    estimate beyond what duplicate deals alone do."""
    from evaluator.play.matches import FIT_SEED, fit_rows, pooled_model

    rows = fit_rows(computer("solid"), "aggressor", range(FIT_SEED, FIT_SEED + 150), GAMES)
    model = pooled_model(rows, GAMES)
    results = play_match(computer("solid"), "aggressor", range(5000, 5250), GAMES, model)
    luck = [r - c for d in results for r, c in zip(d.raw, d.corrected, strict=True)]
    spread = estimate(luck, 1)
    assert abs(spread.mean) <= spread.half  # no bias the run can see
    r = report(results)
    assert r.duplicate.per_hand_sd < r.raw.per_hand_sd
    assert r.corrected.per_hand_sd < r.duplicate.per_hand_sd
    assert r.corrected.half < r.raw.half
    assert statistics.fmean(luck) != 0  # the correction did something
    assert r.raw.hands == 500 and r.duplicate.hands == 500


def test_hands_for_a_target_follow_the_spread():
    e = estimate([1.0, -1.0] * 50, 1)
    assert e.hands_for(1.0) == pytest.approx((1.96 * 100 * e.per_hand_sd) ** 2, rel=0.01)


def test_a_one_card_draws_luck_sums_to_zero_over_every_card_chance_could_give():
    """The exhaustive case: every card of the stub in turn as the one that arrives."""
    import random

    from evaluator.play.matches import _expected, rough_share
    from evaluator.profiles import get_profile

    profile = get_profile("badugi")
    hand = play_out(match_table("badugi", 11, 0, "caller"), computer("solid"))
    kept = list(hand.dealt[0][:3])
    stub = [c for c in DECK if c not in set(hand.dealt[0]) | set(hand.dealt[1])]

    def share(arrived):
        return rough_share(profile, kept + list(arrived), 1)

    expected = _expected(share, stub, 1, random.Random(0), 4)
    lucks = [share((card,)) - expected for card in stub]
    assert statistics.fmean(lucks) == pytest.approx(0, abs=1e-12)
    assert max(lucks) > 0 > min(lucks)


def test_a_pairings_own_fit_gives_every_game_of_a_size_the_same_weights():
    from evaluator.play.matches import FIT_SEED, fit_rows, pooled_model

    rows = fit_rows(computer("solid"), "aggressor", range(FIT_SEED, FIT_SEED + 30), GAMES)
    assert len(rows) == 60
    model = pooled_model(rows, GAMES)
    assert len(set(model.weights.values())) == 1
    assert set(model.weights) == set(GAMES)

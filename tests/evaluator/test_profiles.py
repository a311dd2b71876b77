"""Game profiles: which evaluations share the pot, and the table settings a room can change."""

from __future__ import annotations

import pytest

from evaluator import PROFILES, EvaluatorError, get_profile, parse_cards


def test_each_game_names_the_awards_that_share_its_pot():
    assert get_profile("badacey").awards == ("ace_to_five", "badugi")
    assert get_profile("badeucey").awards == ("deuce_to_seven", "badugi")
    assert get_profile("badugi").awards == ("badugi",)
    assert get_profile("ace_to_five").awards == ("ace_to_five",)
    assert get_profile("deuce_to_seven").awards == ("deuce_to_seven",)


def test_only_badeucey_reads_the_badugi_ace_high():
    assert [key for key, p in PROFILES.items() if p.badugi_ace_high] == ["badeucey"]


def test_badugi_deals_four_cards_and_the_others_five():
    assert {key: p.hand_size for key, p in PROFILES.items()} == {
        "badacey": 5,
        "badeucey": 5,
        "badugi": 4,
        "ace_to_five": 5,
        "deuce_to_seven": 5,
    }


def test_evaluate_gives_one_value_per_award():
    values = get_profile("badeucey").evaluate(parse_cards("As 2h 3d 4c 5c"))
    assert set(values) == {"deuce_to_seven", "badugi"}
    assert values["badugi"].ace_high


def test_settings_can_be_changed_without_touching_the_shared_profile():
    room = get_profile("badacey", max_discard=3, raise_cap=5)
    assert (room.max_discard, room.raise_cap) == (3, 5)
    assert get_profile("badacey").max_discard == 5


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"max_discard": 6}, "at most 5 cards"),
        ({"max_discard": -1}, "whole number"),
        ({"raise_cap": 0}, "raise cap"),
        ({"forced_bets": "straddle"}, "blinds' or 'ante'"),
        ({"colour": "red"}, "unknown game setting: colour"),
        ({"small_bet": True}, "whole number"),
    ],
)
def test_nonsense_settings_are_refused_with_a_reason(settings, message):
    with pytest.raises(EvaluatorError, match=message):
        get_profile("badacey", **settings)


def test_an_unknown_game_lists_the_games_there_are():
    with pytest.raises(EvaluatorError, match="'holdem' is not a game: choose one of badacey"):
        get_profile("holdem")


def test_the_big_bet_starts_with_the_third_betting_round():
    profile = get_profile("badacey")
    assert [profile.bet_size(r) for r in range(4)] == [6, 6, 12, 12]


def test_the_single_half_games_are_the_triple_draw_lowball_games():
    triple = {key: p for key, p in PROFILES.items() if len(p.awards) == 1 and p.hand_size == 5}
    assert {key: p.name for key, p in triple.items()} == {
        "ace_to_five": "A-5 triple draw",
        "deuce_to_seven": "2-7 triple draw",
    }
    for profile in triple.values():
        assert profile.draws == 3
        assert profile.max_discard == 5

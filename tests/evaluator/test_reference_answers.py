"""The reference texts' own worked answers, checked against the evaluator.

These are the only evaluator tests that type in expected results: each one
cites the reference text (by its number) and the exercise it comes from.
Where a text describes a hand only by its values (004), the cards are chosen
here so that exactly those values hold.
"""

from __future__ import annotations

from evaluator import ace_to_five, badugi, deuce_to_seven, get_profile, parse_cards, settle
from evaluator.tables import A5_STRENGTH, BADUGI_MASK_STRENGTH, D27_STRENGTH


def cards_of(value) -> set[str]:
    return {card.text for card in value.cards}


def bad(text: str, *, ace_high: bool = False):
    return badugi(parse_cards(text), ace_high=ace_high)


# --- seed 000: Badacey lesson ------------------------------------------------


def test_seed_000_exercise_1_badacey_scoop_for_a():
    result = settle("badacey", ["A♠ 2♥ 3♦ 4♣ 5♣", "2♣ 3♥ 4♠ 5♦ 7♣"], pot=80)
    a, b = result.seats
    assert a.values["ace_to_five"].text == "5-4-3-2-A"
    assert cards_of(a.values["badugi"]) == {"4♣", "3♦", "2♥", "A♠"}
    assert b.values["ace_to_five"].text == "7-5-4-3-2"
    assert b.values["badugi"].text == "5-4-3-2"
    assert result.payouts == (80, 0)


def test_seed_000_exercise_1_same_cards_as_badeucey_b_scoops():
    result = settle("badeucey", ["A♠ 2♥ 3♦ 4♣ 5♣", "2♣ 3♥ 4♠ 5♦ 7♣"], pot=80)
    a, b = result.seats
    assert a.values["deuce_to_seven"].ranks[0] == 1  # read as ace-high
    assert a.values["badugi"].text == "A-4-3-2"
    assert b.values["deuce_to_seven"].text == "7-5-4-3-2"
    assert b.values["badugi"].text == "5-4-3-2"
    assert result.payouts == (0, 80)


def test_seed_000_exercise_2_the_ace_of_spades_is_left_out_of_the_badugi():
    result = settle("badacey", ["A♠ 2♠ A♥ 3♦ 4♣", "5♠ 4♥ 3♣ 2♦ A♣"], pot=80)
    a, b = result.seats
    assert a.values["ace_to_five"].category == "one pair"
    assert cards_of(a.values["badugi"]) == {"A♥", "2♠", "3♦", "4♣"}
    assert b.values["ace_to_five"].text == "5-4-3-2-A"
    assert cards_of(b.values["badugi"]) == {"5♠", "4♥", "2♦", "A♣"}
    assert result.payouts == (40, 40)


def test_seed_000_exercise_3_three_card_badugis_still_win_a_half():
    result = settle("badacey", ["A♠ 2♥ 3♣ 7♣ 9♥", "A♦ 2♣ 4♥ 6♥ 8♣"], pot=96)
    a, b = result.seats
    assert cards_of(a.values["badugi"]) == {"A♠", "2♥", "3♣"}
    assert cards_of(b.values["badugi"]) == {"A♦", "2♣", "4♥"}
    low, half = result.pots[0].awards
    assert (low.winners, half.winners) == ((1,), (0,))
    assert result.payouts == (48, 48)


def test_seed_000_exercise_4_tied_badugi_half_gives_90_and_30():
    result = settle("badacey", ["A♠ 2♥ 3♦ 4♣ 5♣", "A♥ 2♦ 3♣ 4♠ 7♠"], pot=120)
    assert result.pots[0].awards[1].winners == (0, 1)
    assert result.payouts == (90, 30)


def test_seed_000_exercise_5_three_way_and_two_way_ties_give_75_75_30():
    hands = ["A♠ 2♥ 3♦ 4♣ 5♣", "A♥ 2♦ 3♣ 4♠ 5♠", "A♣ 2♣ 3♠ 4♥ 5♥"]
    result = settle("badacey", hands, pot=180)
    assert cards_of(result.seats[2].values["badugi"]) == {"A♣", "3♠", "4♥"}
    assert result.payouts == (75, 75, 30)


def test_seed_000_exercise_6_four_high_cards_beat_three_low_ones():
    result = settle("badacey", ["K♠ Q♥ J♦ 10♣ 10♥", "A♦ 2♥ 3♣ 4♣ 5♥"], pot=64)
    a, b = result.seats
    assert cards_of(a.values["badugi"]) == {"K♠", "Q♥", "J♦", "10♣"}
    assert cards_of(b.values["badugi"]) == {"A♦", "2♥", "3♣"}
    assert a.values["ace_to_five"].category == "one pair"
    assert result.payouts == (32, 32)


def test_seed_000_worked_deal_amara_and_noor_settle_90_30_from_contributions():
    result = settle(
        "badacey",
        ["5♦ 4♦ 3♥ 2♠ A♣", None, None, "8♥ 4♥ 3♠ 2♣ A♦"],
        contributions=[48, 12, 12, 48],
        names=["Amara", "Bram", "Kira", "Noor"],
    )
    amara, _, _, noor = result.seats
    assert amara.values["ace_to_five"].text == "5-4-3-2-A"
    assert noor.values["ace_to_five"].text == "8-4-3-2-A"
    assert cards_of(noor.values["badugi"]) == {"4♥", "3♠", "2♣", "A♦"}
    assert amara.values["badugi"] == noor.values["badugi"]
    assert [(p.amount, p.eligible) for p in result.pots] == [(120, (0, 3))]
    assert result.payouts == (90, 0, 0, 30)


# --- seeds 001 and 002: summary pages ------------------------------------------


def test_seeds_001_002_the_wheel_is_the_best_ace_to_five_low_in_any_suits():
    wheel = ace_to_five(parse_cards("A♠ 2♠ 3♠ 4♠ 5♠"))
    assert wheel.strength == max(A5_STRENGTH.values())
    assert wheel == ace_to_five(parse_cards("A♥ 2♠ 3♦ 4♣ 5♠"))


def test_seed_001_the_best_ace_low_badugi_is_a_rainbow_a_2_3_4():
    # Every set of at most four ranks a Badugi can count, and its strength.
    possible = [s for mask, s in enumerate(BADUGI_MASK_STRENGTH) if mask.bit_count() <= 4]
    assert bad("A♠ 2♥ 3♦ 4♣").strength == max(possible)


def test_seed_002_badeucey_best_low_is_seven_five_not_one_suit_and_a_wheel_is_ace_high():
    best = deuce_to_seven(parse_cards("7♠ 5♥ 4♦ 3♣ 2♠"))
    assert best.strength == max(D27_STRENGTH.values())
    assert deuce_to_seven(parse_cards("7♠ 5♠ 4♠ 3♠ 2♠")) < best
    wheel = deuce_to_seven(parse_cards("A♠ 2♥ 3♦ 4♣ 5♠"))
    assert (wheel.category, wheel.ranks[0]) == ("no pair", 1)


def test_seed_001_the_ace_to_five_half_gets_the_odd_chip():
    result = settle("badacey", ["A♠ 2♥ 3♦ 4♣ 5♣", "K♠ K♥ Q♦ J♣ 9♣"], pot=81)
    assert [a.amount for a in result.pots[0].awards] == [41, 40]


def test_seed_001_tied_remainders_go_clockwise_from_the_dealers_left():
    hands = ["A♠ 2♥ 3♦ 4♣", "A♥ 2♦ 3♣ 4♠", "K♠ K♥ K♦ K♣"]
    assert settle("badugi", hands, pot=9, button=2).payouts == (5, 4, 0)
    assert settle("badugi", hands, pot=9, button=0).payouts == (4, 5, 0)


def test_seeds_000_and_001_disagree_on_draw_size_so_it_is_a_setting():
    assert get_profile("badacey").max_discard == 5  # lesson 000: zero through five
    assert get_profile("badacey", max_discard=3).max_discard == 3  # page 001: 0-3


def test_seed_001_one_bet_plus_three_raises_is_a_cap_of_four():
    assert get_profile("badacey").raise_cap == 4


# --- seed 003: Badugi lesson ---------------------------------------------------


def test_seed_003_table_one_card_ace():
    value = bad("A♣ 3♣ 7♣ J♣")
    assert (value.size, value.text, cards_of(value)) == (1, "A", {"A♣"})


def test_seed_003_table_two_card_four_ace_has_two_selections():
    value = bad("A♣ A♦ 4♣ 4♦")
    assert (value.size, value.text) == (2, "4-A")
    assert {frozenset(c.text for c in s) for s in value.selections} == {
        frozenset({"A♣", "4♦"}),
        frozenset({"A♦", "4♣"}),
    }


def test_seed_003_table_three_card_five_three_ace():
    value = bad("A♣ 3♦ 5♥ 9♥")
    assert (value.size, value.text, cards_of(value)) == (3, "5-3-A", {"A♣", "3♦", "5♥"})


def test_seed_003_table_four_card_four_three_two_ace():
    value = bad("A♣ 2♦ 3♥ 4♠")
    assert (value.size, value.text) == (4, "4-3-2-A")


def test_seed_003_rank_comparison_eight_high_beats_nine_high():
    assert bad("2♣ 3♦ 7♥ 8♠") > bad("A♣ 4♦ 6♥ 9♠")
    assert bad("A♣ 4♦ 6♥ 9♠").text == "9-6-4-A"


def test_seed_003_rank_comparison_repeated_diamonds_lose_on_size():
    second = bad("2♣ 4♦ 6♥ 8♦")
    assert (second.size, cards_of(second)) == (3, {"2♣", "4♦", "6♥"})
    assert bad("A♣ 3♦ 7♥ 8♠") > second


def test_seed_003_rank_comparison_seven_four_three_beats_seven_five_ace():
    seven_five_ace = bad("7♣ 5♦ A♥ A♠")
    seven_four_three = bad("7♠ 4♥ 3♦ 4♦")
    assert (seven_five_ace.text, seven_four_three.text) == ("7-5-A", "7-4-3")
    assert seven_four_three > seven_five_ace


def test_seed_003_the_higher_club_frees_the_diamond_ace():
    value = bad("A♣ 2♣ A♦ 3♥")
    assert (value.size, value.text, cards_of(value)) == (3, "3-2-A", {"2♣", "A♦", "3♥"})


def test_seed_003_three_ranks_and_three_suits_can_still_make_only_two_cards():
    value = bad("A♣ A♦ 2♥ 3♥")
    assert (value.size, value.text) == (2, "2-A")


def test_seed_003_exercise_1_eight_seven_three_beats_nine_six_ace():
    mara, spade = bad("A♥ 4♥ 6♣ 9♦"), bad("8♠ 7♦ 3♣ K♣")
    assert cards_of(mara) == {"A♥", "6♣", "9♦"}
    assert cards_of(spade) == {"8♠", "7♦", "3♣"}
    assert spade > mara


def test_seed_003_exercise_2_a_pair_in_four_suits_is_no_badugi():
    mara, spade = bad("2♣ 2♦ 5♥ 8♠"), bad("A♠ 3♣ 6♦ 6♥")
    assert (mara.size, mara.text, spade.size, spade.text) == (3, "8-5-2", 3, "6-3-A")
    assert len(mara.selections) == 2 and len(spade.selections) == 2
    assert spade > mara


def test_seed_003_exercise_3_mara_has_three_two_ace_and_wins():
    mara, spade = bad("A♣ 2♣ A♦ 3♥"), bad("4♠ 5♦ 7♣ 7♥")
    assert cards_of(mara) == {"2♣", "A♦", "3♥"}
    assert spade.text == "7-5-4"
    assert mara > spade


def test_seed_003_exercise_4_king_high_badugi_beats_three_two_ace():
    mara, spade = bad("K♣ Q♦ J♥ 10♠"), bad("A♠ 2♥ 3♦ K♦")
    assert (mara.size, mara.text) == (4, "K-Q-J-10")
    assert cards_of(spade) == {"A♠", "2♥", "3♦"}
    assert mara > spade


def test_seed_003_exercise_5_the_third_rank_decides():
    mara, spade = bad("8♣ 6♦ 4♥ A♠"), bad("8♦ 6♠ 3♣ 2♥")
    assert (mara.text, spade.text) == ("8-6-4-A", "8-6-3-2")
    assert spade > mara


def test_seed_003_exercise_6_final_hands_tie_and_split_96_as_48_48():
    result = settle("badugi", ["A♣ 3♦ 5♥ 7♠", "A♦ 3♥ 5♠ 7♣"], pot=96)
    assert result.seats[0].values["badugi"].text == "7-5-3-A"
    assert result.payouts == (48, 48)


# --- seed 004: Badeucey worked examples (cards chosen to fit the stated values) ----


def badeucey(hands: list[str], pot: int = 80):
    result = settle("badeucey", hands, pot=pot)
    return result, [seat.values for seat in result.seats]


def test_seed_004_collopy_and_ross_take_one_half_each():
    result, (collopy, ross) = badeucey(["9♠ 7♣ 5♥ 3♦ 2♣", "10♠ 6♥ 4♦ 3♣ 2♠"])
    assert (collopy["deuce_to_seven"].text, collopy["badugi"].text) == ("9-7-5-3-2", "9-5-3-2")
    assert (ross["deuce_to_seven"].text, ross["badugi"].text) == ("10-6-4-3-2", "6-4-3-2")
    assert result.payouts == (40, 40)


def test_seed_004_the_ace_trap_yolanda_scoops_xavier():
    result, (xavier, yolanda) = badeucey(["A♠ 4♥ 3♦ 2♣ 4♣", "5♣ 4♠ 3♥ 2♦ 8♦"])
    assert xavier["badugi"].text == "A-4-3-2"
    assert xavier["deuce_to_seven"].text.startswith("pair of fours")
    assert (yolanda["badugi"].text, yolanda["deuce_to_seven"].text) == ("5-4-3-2", "8-5-4-3-2")
    assert result.payouts == (0, 80)


def test_seed_004_rita_straight_wins_badugi_tom_king_high_wins_low():
    result, (rita, tom) = badeucey(["2♠ 3♥ 4♦ 5♣ 6♠", "Q♠ J♥ 9♦ 8♣ K♣"])
    assert rita["deuce_to_seven"].text == "six-high straight"
    assert rita["badugi"].text == "5-4-3-2"
    assert (tom["deuce_to_seven"].text, tom["badugi"].text) == ("K-Q-J-9-8", "Q-J-9-8")
    assert result.payouts == (40, 40)


def test_seed_004_ann_gets_a_quarter_and_ben_three_quarters():
    result, (ann, ben) = badeucey(["5♠ 4♥ 3♦ 2♣ K♠", "5♥ 4♦ 3♣ 2♠ 7♥"])
    assert (ann["deuce_to_seven"].text, ann["badugi"].text) == ("K-5-4-3-2", "5-4-3-2")
    assert (ben["deuce_to_seven"].text, ben["badugi"].text) == ("7-5-4-3-2", "5-4-3-2")
    assert result.payouts == (20, 60)

"""Cards: every spelling people type is read, and every card prints and speaks."""

from __future__ import annotations

import pytest

from evaluator import DECK, EvaluatorError, format_cards, parse_card, parse_cards


@pytest.mark.parametrize("spelling", ["10♠", "Ts", "ts", "10S", "10s", "T♠", "tS"])
def test_every_spelling_of_the_ten_of_spades_is_the_same_card(spelling):
    assert parse_card(spelling) is parse_card("10♠")
    assert parse_card(spelling).name == "ten of spades"


@pytest.mark.parametrize("spelling", ["A♠", "As", "aS", "AS", "as", "a♠"])
def test_every_spelling_of_the_ace_of_spades_is_the_same_card(spelling):
    card = parse_card(spelling)
    assert (card.rank, card.suit) == (1, "s")


@pytest.mark.parametrize(
    ("spelling", "suit"), [("Qh", "h"), ("Q♥", "h"), ("qD", "d"), ("Q♦", "d"), ("Qc", "c")]
)
def test_suit_letters_and_symbols_agree(spelling, suit):
    assert parse_card(spelling).suit == suit


def test_a_list_may_be_split_by_spaces_commas_or_both():
    expected = parse_cards("A♠ 2♥ 3♦ 4♣ 5♣")
    for text in ("As,2h,3d,4c,5c", "as, 2h ,3D   4c,5C", " A♠\t2♥\n3♦ 4♣ 5♣ "):
        assert parse_cards(text) == expected


def test_every_card_prints_with_its_suit_symbol_and_reads_back():
    assert format_cards(parse_cards("ts jh 2d ac")) == "10♠ J♥ 2♦ A♣"
    for card in DECK:
        assert parse_card(card.text) is card
        assert str(card) == card.text


def test_cards_have_spoken_names_for_screen_readers():
    assert parse_card("10♦").name == "ten of diamonds"
    assert parse_card("As").name == "ace of spades"
    assert parse_card("Qh").name == "queen of hearts"
    assert len({card.name for card in DECK}) == 52


def test_the_deck_has_52_different_cards_with_stable_indices():
    assert len(set(DECK)) == 52
    assert [card.index for card in DECK] == list(range(52))


def test_an_unknown_rank_is_named_in_the_message():
    with pytest.raises(EvaluatorError) as error:
        parse_card("1x")
    assert str(error.value) == "'1x' is not a card: the rank must be A, 2-10, J, Q or K"


def test_an_unknown_suit_is_named_in_the_message():
    with pytest.raises(EvaluatorError, match="'Ax' is not a card: the suit must be"):
        parse_card("Ax")


def test_a_lone_character_is_not_a_card():
    with pytest.raises(EvaluatorError, match="'A' is not a card"):
        parse_cards("A 2h")


def test_a_card_typed_twice_is_refused():
    with pytest.raises(EvaluatorError) as error:
        parse_cards("Q♥ 2s qh 3d 4c")
    assert str(error.value) == "Q♥ appears twice"


def test_the_wrong_number_of_cards_names_the_game_and_both_counts():
    with pytest.raises(EvaluatorError) as error:
        parse_cards("As 2h 3d 4c 5c 6s", count=5, game_name="Badacey")
    assert str(error.value) == "a Badacey hand has 5 cards, got 6"


def test_an_empty_hand_says_none_were_given():
    with pytest.raises(EvaluatorError, match="got none"):
        parse_cards("  ", count=4, game_name="Badugi")

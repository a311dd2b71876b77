"""lessons.deals.parts on hand-made deals: each verdict and how it is worded."""

from __future__ import annotations

import pytest

from evaluator import badugi, parse_card, parse_cards
from lessons.deals.parts import answer_key, check
from tests.factories import make_deal

pytestmark = pytest.mark.django_db

CARDS_ONLY = [{"kind": "badugi_cards", "seat": 0}]


def cards(text: str):
    return [parse_card(t) for t in text.split()]


def only(deal, answers):
    (result,) = check(deal, answers)
    return result


def test_the_best_selection_is_right_and_named():
    deal = make_deal(parts=CARDS_ONLY)
    best = badugi(parse_cards(deal.seats[0]["cards"]))
    result = only(deal, {answer_key(0, "cards"): list(best.cards)})
    assert result.ok
    assert " ".join(c.text for c in best.cards) in result.message
    assert result.heading == "Kira's Badugi cards"


def test_a_repeated_suit_is_named_without_the_answer():
    deal = make_deal(parts=CARDS_ONLY)
    result = only(deal, {answer_key(0, "cards"): cards("As 2s")})
    assert not result.ok
    assert result.message == "that selection does not count: A♠ and 2♠ repeat spades."


def test_a_smaller_legal_selection_is_told_a_larger_one_exists():
    deal = make_deal(parts=CARDS_ONLY)
    result = only(deal, {answer_key(0, "cards"): cards("Ah 2s 3d")})
    size = badugi(parse_cards(deal.seats[0]["cards"])).size
    word = {4: "four", 3: "three"}[size]
    assert result.message.startswith(f"that is a legal selection, but a {word}-card one exists.")


def test_a_same_size_but_higher_selection_is_told_a_lower_one_exists():
    seats = [{"name": "A", "cards": "A♣ 2♦ 3♥ 9♥ 4♠"}, {"name": "B", "cards": "K♣ Q♦ J♥ 10♠ 9♣"}]
    deal = make_deal(seats=seats, parts=CARDS_ONLY)
    chosen = cards("Ac 2d 9h 4s")
    assert badugi(chosen) < badugi(
        parse_cards(seats[0]["cards"])
    )  # the premise, from the evaluator
    result = only(deal, {answer_key(0, "cards"): chosen})
    assert result.message.startswith("that is a legal selection, but a lower four-card one exists.")


def test_equally_good_selections_are_all_right():
    seats = [{"name": "Mara", "cards": "2♣ 2♦ 5♥ 8♠"}, {"name": "Juno", "cards": "A♠ 3♣ 6♦ 6♥"}]
    deal = make_deal(game="badugi", seats=seats, pot=None, parts=CARDS_ONLY)
    for selection in badugi(parse_cards(seats[0]["cards"])).selections:
        result = only(deal, {answer_key(0, "cards"): list(selection)})
        assert result.ok
        assert "Just as good" in result.message


def test_winners_are_checked_per_award_and_a_wrong_one_is_named():
    deal = make_deal(parts=[{"kind": "winners"}])
    outcome = deal.settlement()
    answers = {answer_key(0, a.kind): list(a.winners) for a in outcome.pots[0].awards}
    results = check(deal, answers)
    assert [r.ok for r in results] == [True, True]
    assert [r.heading for r in results] == [
        "Winner(s) of the ace-to-five low half",
        "Winner(s) of the Badugi half",
    ]
    low = outcome.pots[0].awards[0]
    loser = next(s for s in range(2) if s not in low.winners)
    results = check(deal, answers | {answer_key(0, "ace_to_five"): [loser]})
    assert not results[0].ok
    # With two players, naming who does not win would name who does.
    assert not any(name in results[0].message for name in deal.names)


def test_a_winners_part_under_another_game_says_which_rules():
    deal = make_deal(parts=[{"kind": "winners", "game": "badeucey"}])
    outcome = deal.settlement("badeucey")
    answers = {answer_key(0, a.kind): list(a.winners) for a in outcome.pots[0].awards}
    results = check(deal, answers)
    assert all(r.ok for r in results)
    assert results[0].heading == "Winner(s) of the deuce-to-seven low half under Badeucey rules"


def test_payouts_that_do_not_add_up_say_both_totals():
    deal = make_deal(parts=[{"kind": "payouts"}])
    result = only(deal, {answer_key(0, "seat", 0): 30, answer_key(0, "seat", 1): 40})
    assert result.message == "the payouts add up to 70, but the pot is 80."


def test_right_payouts_are_listed():
    deal = make_deal(parts=[{"kind": "payouts"}])
    payouts = deal.settlement().payouts
    answers = {answer_key(0, "seat", s): chips for s, chips in enumerate(payouts)}
    result = only(deal, answers)
    assert result.ok
    assert result.message == f"right: Kira {payouts[0]}, Noor {payouts[1]}."


def test_a_short_raise_is_explained_with_the_round_unit():
    deal = make_deal(parts=[{"kind": "raise_to", "round": 2, "facing": 12, "options": [18, 24]}])
    unit = deal.profile.bet_size(2)
    wrong = next(o for o in (18, 24) if o != 12 + unit)
    result = only(deal, {answer_key(0): wrong})
    assert not result.ok
    assert result.message.startswith(
        f"after the second draw the betting unit is {unit}, so a full raise is not to {wrong}."
    )


def test_the_raise_follows_the_deal_settings():
    part = {"kind": "raise_to", "round": 0, "facing": 4, "options": [8, 12]}
    deal = make_deal(settings={"small_bet": 4}, parts=[part])
    assert only(deal, {answer_key(0): 8}).ok
    assert not only(deal, {answer_key(0): 12}).ok


def test_a_teachers_choice_question():
    part = {
        "kind": "choice",
        "question": "Is a spare card a kicker?",
        "options": ["Yes", "No"],
        "answer": 1,
    }
    deal = make_deal(parts=[part])
    assert only(deal, {answer_key(0): 1}).ok
    wrong = only(deal, {answer_key(0): 0})
    assert not wrong.ok
    assert wrong.message == "“Yes” is not the answer."

"""Posting answers to every lesson exercise: right, wrong in each way, and unreadable.

The right answers are asked of the evaluator (tests.factories.right_answer);
the wrong ones are built from it, so no result is typed here.
"""

from __future__ import annotations

from itertools import combinations

import pytest
from pytest_django.asserts import assertContains, assertNotContains

from evaluator import badugi, parse_cards, selection_problem
from lessons.models import Deal
from tests.factories import card_value, field, make_deal, right_answer

pytestmark = pytest.mark.django_db

SLUGS = [f"badacey-{n}" for n in range(1, 7)] + [f"badugi-{n}" for n in range(1, 7)]
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(params=SLUGS)
def exercise(request) -> Deal:
    return Deal.objects.get(slug=request.param)


def parts_of(deal: Deal, kind: str):
    return [(i, p) for i, p in enumerate(deal.parts) if p["kind"] == kind]


def post(client, deal: Deal, data: dict, htmx: bool = True):
    return client.post(deal.check_url, data, **(HTMX if htmx else {}))


# Right answers ----------------------------------------------------------------


def test_the_right_answer_is_accepted(client, exercise):
    response = post(client, exercise, right_answer(exercise))
    assertContains(response, "All right", status_code=200)
    assertNotContains(response, "Not yet")
    assertNotContains(response, "<html")


def test_the_right_answer_without_htmx_gets_the_whole_page_keeping_the_input(client, exercise):
    data = right_answer(exercise)
    response = post(client, exercise, data, htmx=False)
    assertContains(response, "<html", status_code=200)
    assertContains(response, "All right")
    for name, value in data.items():
        for v in value if isinstance(value, list) else [value]:
            # Every chosen box stays ticked and every payout keeps its number.
            assert f'name="{name}" value="{v}"' in response.content.decode().replace(" checked", "")
    html = response.content.decode()
    assert html.count("checked") >= sum(len(v) for v in data.values() if isinstance(v, list))


# Wrong answers, explained without the answer ------------------------------------


def test_a_selection_that_repeats_a_suit_or_rank_is_explained(client, exercise):
    tried = 0
    for index, part in parts_of(exercise, "badugi_cards"):
        hand = parse_cards(exercise.seats[part["seat"]]["cards"])
        clash = next((pair for pair in combinations(hand, 2) if selection_problem(pair)), None)
        if clash is None:
            continue  # every pair of this hand can count together
        data = right_answer(exercise) | {
            field(exercise, index, "cards"): [card_value(c) for c in clash]
        }
        response = post(client, exercise, data)
        assertContains(response, selection_problem(clash), status_code=200)
        assertContains(response, "does not count")
        tried += 1
    if not tried:
        pytest.skip("no Badugi cards are asked here, or every pair of cards can count together")


def test_a_legal_but_smaller_selection_is_explained(client, exercise):
    for index, part in parts_of(exercise, "badugi_cards"):
        best = badugi(parse_cards(exercise.seats[part["seat"]]["cards"]))
        data = right_answer(exercise) | {
            field(exercise, index, "cards"): [card_value(best.cards[0])]
        }
        response = post(client, exercise, data)
        words = {2: "two", 3: "three", 4: "four"}
        assertContains(response, f"legal Badugi, but a {words[best.size]}-card selection exists")
        assertNotContains(response, " ".join(c.text for c in best.cards))  # not given away


def test_a_legal_but_higher_selection_of_the_same_size_is_explained(client, exercise):
    found = False
    for index, part in parts_of(exercise, "badugi_cards"):
        hand = parse_cards(exercise.seats[part["seat"]]["cards"])
        best = badugi(hand)
        worse = [
            combo
            for combo in combinations(hand, best.size)
            if not selection_problem(combo) and badugi(combo) < best
        ]
        if not worse:
            continue
        found = True
        data = right_answer(exercise) | {
            field(exercise, index, "cards"): [card_value(c) for c in worse[0]]
        }
        response = post(client, exercise, data)
        assertContains(response, "but a lower")
    if not found:
        pytest.skip("no hand here has a worse selection of its best size")


def test_a_wrong_winner_is_explained(client, exercise):
    found = False
    right = right_answer(exercise)
    for index, _part in parts_of(exercise, "winners"):
        for name, winners in right.items():
            if not name.startswith(field(exercise, index) + "_"):
                continue
            losers = [str(s) for s in range(len(exercise.seats)) if str(s) not in winners]
            if not losers:
                continue  # everybody shares this half
            found = True
            response = post(client, exercise, right | {name: [losers[0]]})
            loser = exercise.seats[int(losers[0])]["name"]
            assertContains(response, f"{loser} does not win", status_code=200)
    if not found:
        pytest.skip("no winners are asked here, or everybody shares every half")


def test_leaving_out_someone_who_shares_a_half_is_explained(client, exercise):
    right = right_answer(exercise)
    shared = [
        (name, winners)
        for index, _ in parts_of(exercise, "winners")
        for name, winners in right.items()
        if name.startswith(field(exercise, index) + "_") and len(winners) > 1
    ]
    if not shared:
        pytest.skip("no half is shared in this exercise")
    for name, winners in shared:
        response = post(client, exercise, right | {name: winners[:1]})
        assertContains(response, "someone else shares", status_code=200)


def test_payouts_that_do_not_add_up_are_explained(client, exercise):
    for index, _ in parts_of(exercise, "payouts"):
        right = right_answer(exercise)
        first = field(exercise, index, "seat", 0)
        response = post(client, exercise, right | {first: str(int(right[first]) + 1)})
        assertContains(
            response, f"add up to {exercise.pot + 1}, the pot is {exercise.pot}", status_code=200
        )


def test_payouts_that_add_up_but_go_to_the_wrong_seats_are_explained(client, exercise):
    found = False
    for index, _ in parts_of(exercise, "payouts"):
        right = right_answer(exercise)
        names = [field(exercise, index, "seat", s) for s in range(len(exercise.seats))]
        pair = next(((a, b) for a, b in combinations(names, 2) if right[a] != right[b]), None)
        if pair is None:
            continue  # an even split: swapping changes nothing
        found = True
        a, b = pair
        response = post(client, exercise, right | {a: right[b], b: right[a]})
        assertContains(response, "payouts are not right", status_code=200)
    if not found:
        pytest.skip("no uneven payouts are asked here")


def test_a_raise_to_the_wrong_total_is_explained_with_the_bet_size(client, exercise):
    parts = parts_of(exercise, "raise_to")
    if not parts:
        pytest.skip("no raise is asked here")
    for index, part in parts:
        right = right_answer(exercise)
        wrong = next(str(o) for o in part["options"] if str(o) != right[field(exercise, index)])
        response = post(client, exercise, right | {field(exercise, index): wrong})
        unit = exercise.profile.bet_size(part["round"])
        assertContains(response, f"the betting unit is {unit}, so a full raise is not to {wrong}")


# Unreadable or incomplete posts: clear messages, never a 500 ---------------------


def test_no_selection_asks_for_one(client, exercise):
    right = right_answer(exercise)
    for name in [n for n in right if n.endswith("_cards")][:1] or list(right)[:1]:
        response = post(client, exercise, {k: v for k, v in right.items() if k != name})
        assertContains(response, "Choose", status_code=200)
        assertContains(response, "could not be checked")


def test_letters_in_a_payout_are_a_400_with_a_message(client, exercise):
    parts = parts_of(exercise, "payouts")
    if not parts:
        pytest.skip("no payouts are asked here")
    index, _ = parts[0]
    name = exercise.seats[0]["name"]
    data = right_answer(exercise) | {field(exercise, index, "seat", 0): "forty"}
    response = post(client, exercise, data)
    assertContains(response, f"Enter a whole number of chips for {name}", status_code=400)
    assertNotContains(response, "<html", status_code=400)


def test_a_card_that_is_not_in_the_hand_is_a_400(client, exercise):
    parts = parts_of(exercise, "badugi_cards")
    if not parts:
        pytest.skip("no Badugi cards are asked here")
    index, part = parts[0]
    other = exercise.seats[(part["seat"] + 1) % len(exercise.seats)]["cards"]
    stranger = card_value(parse_cards(other)[0])
    data = right_answer(exercise) | {field(exercise, index, "cards"): [stranger]}
    response = post(client, exercise, data)
    name = exercise.seats[part["seat"]]["name"]
    assertContains(response, f"{stranger} is not one of {name}", status_code=400, html=False)


def test_an_unknown_seat_is_a_400(client, exercise):
    parts = parts_of(exercise, "winners")
    if not parts:
        pytest.skip("no winners are asked here")
    index, _ = parts[0]
    right = right_answer(exercise)
    name = next(n for n in right if n.startswith(field(exercise, index) + "_"))
    response = post(client, exercise, right | {name: ["7"]})
    assertContains(response, "7 is not a player in this deal", status_code=400)


def test_an_unreadable_post_without_htmx_gets_the_whole_page_with_the_message(client):
    deal = make_deal()
    data = right_answer(deal) | {field(deal, 2, "seat", 0): "lots"}
    response = post(client, deal, data, htmx=False)
    assertContains(response, "<html", status_code=400)
    assertContains(response, "Enter a whole number of chips for Kira", status_code=400)


def test_an_empty_post_lists_every_missing_part(client):
    deal = make_deal()
    response = post(client, deal, {})
    assertContains(response, "Choose the cards that count in Kira", status_code=200)
    assertContains(response, "Enter Noor&#x27;s payout")
    assertContains(response, "Choose the total a full raise reaches")


def test_checking_needs_a_post(client):
    deal = make_deal()
    assert client.get(deal.check_url).status_code == 405


def test_an_unpublished_deal_cannot_be_checked(client):
    deal = make_deal(published=False)
    assert post(client, deal, right_answer(deal)).status_code == 404

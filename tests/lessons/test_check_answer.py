"""Posting answers to every lesson exercise: right, wrong in each way, and unreadable.

The right answers are asked of the evaluator (tests.factories.right_answer);
the wrong ones are built from it, so no result is typed here.

Each kind of wrong answer is tried wherever it can happen and nowhere else:
the parameters are worked out while pytest collects, from the exercises as
the data migration defines them, so no case is a skip that cannot fail.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from itertools import combinations
from typing import Any

import pytest
from pytest_django.asserts import assertContains, assertNotContains

from evaluator import Card, badugi, parse_cards, selection_problem
from lessons.exercises.forms import AnswerForm
from lessons.models import Deal
from tests.factories import card_value, field, lesson_exercises, make_deal, right_answer
from tests.speech import heard, spoken_words

pytestmark = pytest.mark.django_db

EXERCISES = lesson_exercises()
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(params=[deal.slug for deal in EXERCISES])
def exercise(request) -> Deal:
    return Deal.objects.get(slug=request.param)


def parts_of(deal: Deal, kind: str):
    return [(i, p) for i, p in enumerate(deal.parts) if p["kind"] == kind]


def cases(kind: str, detail: Callable[[Deal, int, dict], Iterator[Any]], first_only: bool = False):
    """(slug, part index, detail) for every part of ``kind`` where ``detail`` finds a case.

    ``detail`` yields what the test needs from that part (a clashing pair, a
    loser, ...); a part where the mistake cannot be made yields nothing.
    """
    params = []
    for deal in EXERCISES:
        found = [
            pytest.param(deal.slug, index, item, id=f"{deal.slug}-part{index}-{n}")
            for index, part in parts_of(deal, kind)
            for n, item in enumerate(detail(deal, index, part))
        ]
        params.extend(found[:1] if first_only else found)
    return params


def names_a_player(deal: Deal, message: str) -> bool:
    """Whether a message names a seat ("A", but not the ace of "A-2-3-4-5")."""
    return any(re.search(rf"\b{re.escape(s['name'])}\b(?!-)", message) for s in deal.seats)


def results(response) -> list:
    """The verdicts the page was drawn from."""
    return response.context["exercise"].form.results


def every_part(deal: Deal, index: int, part: dict) -> Iterator[None]:
    yield None


def hand_of(deal: Deal, part: dict) -> tuple[Card, ...]:
    return parse_cards(deal.seats[part["seat"]]["cards"])


def clashing_pair(deal: Deal, index: int, part: dict) -> Iterator[tuple[Card, ...]]:
    """A pair of the seat's cards that cannot count together (same suit or rank)."""
    pair = next((p for p in combinations(hand_of(deal, part), 2) if selection_problem(p)), None)
    if pair is not None:
        yield pair


def best_of_several_cards(deal: Deal, index: int, part: dict) -> Iterator[None]:
    """Only a best Badugi of two or more cards has a smaller legal selection."""
    if badugi(hand_of(deal, part)).size > 1:
        yield None


def worse_selection_of_the_best_size(deal: Deal, index: int, part: dict) -> Iterator[tuple]:
    hand = hand_of(deal, part)
    ace_high = deal.profile.badugi_ace_high  # Badeucey reads the ace high
    best = badugi(hand, ace_high=ace_high)
    yield from [
        combo
        for combo in combinations(hand, best.size)
        if not selection_problem(combo) and badugi(combo, ace_high=ace_high) < best
    ][:1]


def award_fields(deal: Deal, index: int) -> Iterator[tuple[str, list[str]]]:
    """(posted field, right winners) for each award a winners part asks about."""
    for name, winners in right_answer(deal).items():
        if name.startswith(field(deal, index) + "_"):
            yield name, winners


def award_with_a_loser(deal: Deal, index: int, part: dict) -> Iterator[tuple[str, str]]:
    for name, winners in award_fields(deal, index):
        losers = [str(s) for s in range(len(deal.seats)) if str(s) not in winners]
        if losers:  # else everybody shares this half
            yield name, losers[0]


def shared_award(deal: Deal, index: int, part: dict) -> Iterator[tuple[str, list[str]]]:
    yield from ((name, w) for name, w in award_fields(deal, index) if len(w) > 1)


def uneven_pair(deal: Deal, index: int, part: dict) -> Iterator[tuple[str, str]]:
    """Two seats with different payouts, whose answers can be swapped; none in an even split."""
    right = right_answer(deal)
    names = [field(deal, index, "seat", s) for s in range(len(deal.seats))]
    yield from [(a, b) for a, b in combinations(names, 2) if right[a] != right[b]][:1]


def post(client, deal: Deal, data: dict, htmx: bool = True):
    return client.post(deal.check_url, data, **(HTMX if htmx else {}))


def test_the_cases_are_read_from_the_exercises_the_database_holds():
    """The parameters come from the data migration; a later change to a deal must show here."""
    stored = {d.slug: d for d in Deal.objects.filter(slug__in=[e.slug for e in EXERCISES])}
    for defined in EXERCISES:
        deal = stored[defined.slug]
        assert (deal.game, deal.seats, deal.pot, deal.parts) == (
            defined.game,
            defined.seats,
            defined.pot,
            defined.parts,
        ), defined.slug


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


@pytest.mark.parametrize("slug, index, clash", cases("badugi_cards", clashing_pair))
def test_a_selection_that_repeats_a_suit_or_rank_is_explained(client, slug, index, clash):
    exercise = Deal.objects.get(slug=slug)
    data = right_answer(exercise) | {
        field(exercise, index, "cards"): [card_value(c) for c in clash]
    }
    response = post(client, exercise, data)
    assert response.status_code == 200
    assert spoken_words(selection_problem(clash)) in heard(response.content.decode())
    assertContains(response, "does not count")


@pytest.mark.parametrize("slug, index, _", cases("badugi_cards", best_of_several_cards))
def test_a_legal_but_smaller_selection_is_explained(client, slug, index, _):
    exercise = Deal.objects.get(slug=slug)
    part = exercise.parts[index]
    hand = parse_cards(exercise.seats[part["seat"]]["cards"])
    best = badugi(hand, ace_high=exercise.profile.badugi_ace_high)
    data = right_answer(exercise) | {field(exercise, index, "cards"): [card_value(best.cards[0])]}
    response = post(client, exercise, data)
    words = {2: "two", 3: "three", 4: "four"}
    assertContains(response, f"legal selection, but a {words[best.size]}-card one exists")
    given_away = spoken_words(" ".join(c.text for c in best.cards))
    # The feedback (the reply's first piece; the fieldsets follow it) gives nothing away.
    feedback = response.content.decode().split("<fieldset", 1)[0]
    assert given_away not in heard(feedback)


@pytest.mark.parametrize(
    "slug, index, worse", cases("badugi_cards", worse_selection_of_the_best_size)
)
def test_a_legal_but_higher_selection_of_the_same_size_is_explained(client, slug, index, worse):
    exercise = Deal.objects.get(slug=slug)
    data = right_answer(exercise) | {
        field(exercise, index, "cards"): [card_value(c) for c in worse]
    }
    response = post(client, exercise, data)
    assertContains(response, "but a lower")


@pytest.mark.parametrize("slug, index, award", cases("winners", award_with_a_loser))
def test_a_wrong_winner_is_explained(client, slug, index, award):
    exercise = Deal.objects.get(slug=slug)
    name, loser_seat = award
    response = post(client, exercise, right_answer(exercise) | {name: [loser_seat]})
    (wrong,) = [r for r in results(response) if not r.ok]
    # The idea, never a player: with two players "A does not win" names B.
    assert not names_a_player(exercise, wrong.message)
    assert wrong.link is not None
    assertContains(response, f'href="{wrong.link.url}"')


@pytest.mark.parametrize("slug, index, award", cases("winners", shared_award))
def test_leaving_out_someone_who_shares_a_half_is_explained(client, slug, index, award):
    exercise = Deal.objects.get(slug=slug)
    name, winners = award
    response = post(client, exercise, right_answer(exercise) | {name: winners[:1]})
    (wrong,) = [r for r in results(response) if not r.ok]
    assert not names_a_player(exercise, wrong.message)
    assert "share" in wrong.message


@pytest.mark.parametrize("slug, index, _", cases("payouts", every_part))
def test_payouts_that_do_not_add_up_are_explained(client, slug, index, _):
    exercise = Deal.objects.get(slug=slug)
    right = right_answer(exercise)
    first = field(exercise, index, "seat", 0)
    response = post(client, exercise, right | {first: str(int(right[first]) + 1)})
    # A deal with side pots (Table basics 5) names its pots together.
    pots = len(exercise.settlement().pots)
    held = f"the pot is {exercise.pot}" if pots == 1 else f"hold {exercise.pot} together"
    assertContains(response, f"add up to {exercise.pot + 1}, but ", status_code=200)
    assertContains(response, held, status_code=200)


@pytest.mark.parametrize("slug, index, pair", cases("payouts", uneven_pair))
def test_payouts_that_add_up_but_go_to_the_wrong_seats_are_explained(client, slug, index, pair):
    exercise = Deal.objects.get(slug=slug)
    right = right_answer(exercise)
    a, b = pair
    response = post(client, exercise, right | {a: right[b], b: right[a]})
    (wrong,) = [r for r in results(response) if not r.ok]
    # Only the two swapped boxes are marked wrong.
    prefix = f"{exercise.slug}-"
    assert {prefix + k for k in wrong.fields} == {a, b}
    assert wrong.link is not None


@pytest.mark.parametrize("slug, index, _", cases("raise_to", every_part))
def test_a_raise_to_the_wrong_total_is_explained_with_the_bet_size(client, slug, index, _):
    exercise = Deal.objects.get(slug=slug)
    part = exercise.parts[index]
    right = right_answer(exercise)
    wrong = next(str(o) for o in part["options"] if str(o) != right[field(exercise, index)])
    response = post(client, exercise, right | {field(exercise, index): wrong})
    unit = exercise.profile.bet_size(part["round"])
    assertContains(response, f"the betting unit is {unit}, so a full raise is not to {wrong}")


# Unreadable or incomplete posts: clear messages, never a 500 ---------------------


def test_no_selection_asks_for_one(client, exercise):
    right = right_answer(exercise)
    form = AnswerForm(deal=exercise)
    # Only a required field can be missing: ticking no card to throw is standing pat.
    required = [n for n in right if form.fields[n.removeprefix(f"{form.prefix}-")].required]
    for name in [n for n in required if n.endswith("_cards")][:1] or required[:1]:
        response = post(client, exercise, {k: v for k, v in right.items() if k != name})
        # "Choose ..." for a choice, "Enter ..." for a number to type.
        assert any(word in response.text for word in ("Choose", "Enter")), response.text
        assertContains(response, "could not be checked", status_code=200)


@pytest.mark.parametrize("slug, index, _", cases("payouts", every_part, first_only=True))
def test_letters_in_a_payout_are_a_400_with_a_message(client, slug, index, _):
    exercise = Deal.objects.get(slug=slug)
    name = exercise.seats[0]["name"]
    data = right_answer(exercise) | {field(exercise, index, "seat", 0): "forty"}
    response = post(client, exercise, data)
    assertContains(response, f"Enter a whole number of chips for {name}", status_code=400)
    assertNotContains(response, "<html", status_code=400)


@pytest.mark.parametrize("slug, index, _", cases("payouts", every_part, first_only=True))
@pytest.mark.parametrize("digits", [4300, 5000])
def test_a_payout_of_thousands_of_digits_is_a_400_naming_the_pot(client, slug, index, _, digits):
    exercise = Deal.objects.get(slug=slug)
    name = exercise.seats[0]["name"]
    huge = "9" * digits
    data = right_answer(exercise) | {
        field(exercise, index, "seat", s): huge for s in range(len(exercise.seats))
    }
    response = post(client, exercise, data)
    assert response.status_code == 400
    if digits <= 4300:  # Python reads it, and the bound refuses it
        pots = len(exercise.settlement().pots)
        whole = f"the whole pot of {exercise.pot}" if pots == 1 else f"the {exercise.pot} chips"
        assertContains(response, f"payout cannot be more than {whole}", status_code=400)
    else:
        assertContains(response, f"Enter a whole number of chips for {name}", status_code=400)
    assert huge not in response.content.decode()


@pytest.mark.parametrize("slug, index, _", cases("payouts", every_part, first_only=True))
def test_a_payout_box_tells_the_browser_its_bounds(client, slug, index, _):
    exercise = Deal.objects.get(slug=slug)
    html = client.get(exercise.get_absolute_url()).content.decode()
    box = html.split(f'name="{field(exercise, index, "seat", 0)}"')[1].split(">")[0]
    assert f'max="{exercise.pot}"' in box and 'min="0"' in box


def test_a_raise_option_that_is_not_offered_is_a_400_quoting_only_an_excerpt(client):
    deal = make_deal()
    raise_index = next(i for i, p in enumerate(deal.parts) if p["kind"] == "raise_to")
    data = right_answer(deal) | {field(deal, raise_index): "9" * 5000}
    response = post(client, deal, data)
    assertContains(response, "is not one of the raise options", status_code=400)
    assert "9" * 50 not in response.content.decode()


@pytest.mark.parametrize("slug, index, _", cases("badugi_cards", every_part, first_only=True))
def test_a_card_that_is_not_in_the_hand_is_a_400(client, slug, index, _):
    exercise = Deal.objects.get(slug=slug)
    part = exercise.parts[index]
    other = exercise.seats[(part["seat"] + 1) % len(exercise.seats)]["cards"]
    stranger = card_value(parse_cards(other)[0])
    data = right_answer(exercise) | {field(exercise, index, "cards"): [stranger]}
    response = post(client, exercise, data)
    name = exercise.seats[part["seat"]]["name"]
    assertContains(response, f"{stranger} is not one of {name}", status_code=400, html=False)


@pytest.mark.parametrize("slug, index, _", cases("badugi_cards", every_part, first_only=True))
def test_a_card_sent_twice_is_a_400_not_a_wrong_answer(client, slug, index, _):
    exercise = Deal.objects.get(slug=slug)
    key = field(exercise, index, "cards")
    chosen = right_answer(exercise)[key]
    response = post(client, exercise, right_answer(exercise) | {key: [chosen[0], *chosen]})
    assertContains(response, "The same choice was sent twice", status_code=400)
    assertNotContains(response, "repeat", status_code=400)


@pytest.mark.parametrize("slug, index, _", cases("winners", every_part, first_only=True))
def test_a_winner_sent_twice_is_a_400(client, slug, index, _):
    exercise = Deal.objects.get(slug=slug)
    right = right_answer(exercise)
    name = next(n for n in right if n.startswith(field(exercise, index) + "_"))
    response = post(client, exercise, right | {name: [*right[name], right[name][0]]})
    assertContains(response, "The same choice was sent twice", status_code=400)


@pytest.mark.parametrize("slug, index, _", cases("winners", every_part, first_only=True))
def test_an_unknown_seat_is_a_400(client, slug, index, _):
    exercise = Deal.objects.get(slug=slug)
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


def test_reloading_the_check_address_goes_back_to_the_exercise(client):
    deal = make_deal()
    response = client.get(deal.check_url)
    assert response.status_code == 302
    assert response["Location"] == deal.get_absolute_url()
    assert client.put(deal.check_url).status_code == 405


@pytest.mark.parametrize("slug", ["badacey-3", "badugi-2", "badeucey-2"])
def test_without_javascript_a_lesson_exercise_answers_on_the_lesson_page(client, slug):
    deal = Deal.objects.get(slug=slug)
    response = post(client, deal, right_answer(deal), htmx=False)
    assertContains(response, "<html")
    lesson_title = {
        "badacey": "Badacey rules",
        "badugi": "Badugi rules",
        "badeucey": "Badeucey rules",
    }[deal.lesson]
    assertContains(response, f"<h1>{lesson_title}")
    html = response.content.decode()
    feedback = html.index(f'id="feedback-{deal.slug}"')
    assert "All right" in html[feedback : feedback + 2000]
    # Every other exercise of the lesson is still there, unanswered.
    others = Deal.objects.published().for_lesson(deal.lesson).exclude(pk=deal.pk)
    for other in others:
        assertContains(response, f'id="exercise-{other.slug}"')
    assert html.count("All right") == 1


def test_an_unpublished_deal_cannot_be_checked(client):
    deal = make_deal(published=False)
    assert post(client, deal, right_answer(deal)).status_code == 404

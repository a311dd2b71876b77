"""The Badeucey exercises against the mistakes the lesson warns about.

``test_check_answer`` posts every exercise's right answer and each generic
wrong one. Here the wrong answers are the lesson's own misconceptions, each
built by asking the evaluator what a learner holding it would answer: reading
the same cards as Badacey (the ace low in both halves, a run from the ace to
the five as the best low), and sharing a pot equally among everyone at the
showdown. Nothing is typed: an exercise whose misconception happens to give
the right answer is skipped while pytest collects, so no case can pass
without checking something.
"""

from __future__ import annotations

import pytest

from evaluator import badugi, deuce_to_seven, get_profile, parse_cards, settle
from lessons.models import Deal
from tests.factories import card_value, field, lesson_exercises, right_answer

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
EXERCISES = [deal for deal in lesson_exercises() if deal.lesson == "badeucey"]


def as_badacey(deal: Deal) -> dict[str, str | list[str]]:
    """What a learner reading Badeucey cards with Badacey habits would post for each part."""
    profile = get_profile("badacey")
    hands = [seat["cards"] for seat in deal.seats]
    outcome = settle(profile, hands, pot=deal.pot or 0, button=deal.button, names=deal.names)
    data: dict[str, str | list[str]] = {}
    for index, part in enumerate(deal.parts):
        if part.get("game"):  # a part that asks for another game's reading on purpose
            continue
        if part["kind"] == "badugi_cards":
            value = badugi(parse_cards(hands[part["seat"]]), ace_high=False)
            data[field(deal, index, "cards")] = [card_value(c) for c in value.cards]
        elif part["kind"] == "winners":
            # The Badacey low half stands in for the deuce-to-seven half.
            right = right_answer(deal)
            low_key, badugi_key = (k for k in right if k.startswith(field(deal, index) + "_"))
            low, ace_low_badugi = outcome.pots[0].awards
            data[low_key] = [str(s) for s in low.winners]
            data[badugi_key] = [str(s) for s in ace_low_badugi.winners]
        elif part["kind"] == "payouts":
            for seat, chips in enumerate(outcome.payouts):
                data[field(deal, index, "seat", seat)] = str(chips)
    return data


def misread_fields(deal: Deal) -> list[str]:
    right = right_answer(deal)
    wrong = as_badacey(deal)
    return [name for name, value in wrong.items() if sorted(value) != sorted(right[name])]


def even_split(deal: Deal) -> dict[str, str]:
    pot, seats = deal.pot or 0, len(deal.seats)
    index = next(i for i, p in enumerate(deal.parts) if p["kind"] == "payouts")
    shares = [pot // seats + (1 if s < pot % seats else 0) for s in range(seats)]
    return {field(deal, index, "seat", s): str(chips) for s, chips in enumerate(shares)}


def test_the_exercises_are_the_six_the_database_holds():
    stored = Deal.objects.published().for_lesson("badeucey")  # exercises, not quick checks
    assert [d.slug for d in stored] == [d.slug for d in EXERCISES]
    for deal in stored:
        defined = next(e for e in EXERCISES if e.slug == deal.slug)
        assert (deal.seats, deal.parts, deal.pot) == (defined.seats, defined.parts, defined.pot)


@pytest.mark.parametrize(
    "slug", [d.slug for d in EXERCISES if misread_fields(d)], ids=lambda slug: slug
)
def test_reading_the_ace_low_as_in_badacey_is_marked_wrong(client, slug):
    deal = Deal.objects.get(slug=slug)
    data = right_answer(deal) | {name: as_badacey(deal)[name] for name in misread_fields(deal)}
    response = client.post(deal.check_url, data, **HTMX)
    assert response.status_code == 200
    text = response.content.decode()
    assert "All right" not in text and "Not yet" in text


def test_every_exercise_with_an_ace_or_a_straight_catches_the_badacey_reading():
    # Only an ace, a straight or a flush reads differently in the two games.
    for deal in EXERCISES:
        hands = [parse_cards(seat["cards"]) for seat in deal.seats]
        differs = any(card.rank == 1 for hand in hands for card in hand) or any(
            deuce_to_seven(hand).category in ("straight", "flush") for hand in hands
        )
        assert bool(misread_fields(deal)) == differs, deal.slug


@pytest.mark.parametrize(
    "slug",
    [
        d.slug
        for d in EXERCISES
        if any(p["kind"] == "payouts" for p in d.parts)
        and even_split(d) != {k: right_answer(d)[k] for k in even_split(d)}
    ],
)
def test_sharing_the_pot_equally_is_marked_wrong(client, slug):
    deal = Deal.objects.get(slug=slug)
    response = client.post(deal.check_url, right_answer(deal) | even_split(deal), **HTMX)
    assert "payout" in response.content.decode() and "Not yet" in response.content.decode()


@pytest.mark.parametrize("slug", [d.slug for d in EXERCISES])
def test_the_right_answer_names_the_cards_and_chips_the_evaluator_gives(client, slug):
    deal = Deal.objects.get(slug=slug)
    response = client.post(deal.check_url, right_answer(deal), **HTMX)
    assert "All right: every part is correct." in response.content.decode()

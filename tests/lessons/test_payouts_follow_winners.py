"""Payouts that follow rightly from the learner's own wrong winners say so.

When the winners part of the same deal names the wrong players and the
payouts divide the pot exactly as those winners would share it, the
division was right: the feedback must say that the winners are where it
went wrong, not give a generic line or a dividing misconception. The
wrong winners are every other choice of players; the payouts they imply
are asked of the engine (``payouts_for_winners``).
"""

from __future__ import annotations

from itertools import combinations

import pytest

from evaluator.misconceptions import MISCONCEPTIONS, payout_beliefs, payouts_for_winners
from lessons.exercises.forms import AnswerForm
from lessons.models import Deal
from tests.factories import field, make_deal, right_answer
from tests.speech import heard, spoken_words

pytestmark = pytest.mark.django_db


def winner_choices(deal: Deal):
    """Every way of naming winners for each award of the main pot, the right one excepted."""
    outcome = deal.settlement()
    seats = range(len(deal.seats))
    sets = [c for size in (1, 2) for c in combinations(seats, size)]
    kinds = [a.kind for a in outcome.pots[0].awards]
    right = {a.kind: set(a.winners) for a in outcome.pots[0].awards}
    choices = [{}]
    for kind in kinds:
        choices = [c | {kind: list(s)} for c in choices for s in sets]
    return [c for c in choices if any(set(c[k]) != right[k] for k in kinds)]


def post_for(deal: Deal, named: dict) -> dict:
    (w,) = [i for i, p in enumerate(deal.parts) if p["kind"] == "winners"]
    (p,) = [i for i, p in enumerate(deal.parts) if p["kind"] == "payouts"]
    paid = payouts_for_winners(deal.settlement(), named)
    data = right_answer(deal)
    for kind, seats in named.items():
        data[field(deal, w, kind)] = [str(s) for s in seats]
    for seat, chips in enumerate(paid):
        data[field(deal, p, "seat", seat)] = str(chips)
    return data


DEALS = {
    "split": {
        "seats": [
            {"name": "Ana", "cards": "A♠ 2♥ 3♦ 4♣ 5♣"},
            {"name": "Ben", "cards": "A♥ 2♦ 3♣ 4♠ 7♠"},
            {"name": "Cy", "cards": "K♠ Q♥ J♦ 9♣ 8♣"},
        ],
        "pot": 121,
    },
    "one-pot": {
        "game": "badugi",
        "seats": [
            {"name": "Mara", "cards": "A♣ 3♦ 5♥ 7♠"},
            {"name": "Juno", "cards": "A♦ 3♥ 6♠ 8♣"},
        ],
        "pot": 97,
    },
}


@pytest.mark.parametrize("shape", list(DEALS))
def test_payouts_that_follow_from_the_named_winners_are_called_a_right_division(client, shape):
    deal = make_deal(parts=[{"kind": "winners"}, {"kind": "payouts"}], **DEALS[shape])
    choices = winner_choices(deal)
    assert choices
    what = "each half" if deal.profile.is_split else "the pot"
    for named in choices:
        data = post_for(deal, named)
        if all(data[k] == v for k, v in right_answer(deal).items() if "seat" in k):
            continue  # these winners happen to pay exactly the right chips
        form = AnswerForm(data, deal=deal)
        assert form.is_valid(), form.errors
        (payouts,) = [r for r in form.results if r.part["kind"] == "payouts"]
        assert not payouts.ok
        assert f"you divided {what} correctly among the winners you named" in payouts.message
        assert payouts.misconception is None
    response = client.post(deal.check_url, post_for(deal, choices[0]))
    assert spoken_words(f"you divided {what} correctly") in heard(response.content.decode())


def test_a_dividing_mistake_with_the_right_winners_is_still_named():
    deal = make_deal(parts=[{"kind": "winners"}, {"kind": "payouts"}], **DEALS["split"])
    wrong = payout_beliefs(deal.profile, deal.hands, pot=deal.pot)["whole-pot-split"][0]
    data = right_answer(deal) | {field(deal, 1, "seat", s): str(c) for s, c in enumerate(wrong)}
    form = AnswerForm(data, deal=deal)
    assert form.is_valid(), form.errors
    (payouts,) = [r for r in form.results if r.part["kind"] == "payouts"]
    assert payouts.misconception is MISCONCEPTIONS["whole-pot-split"]

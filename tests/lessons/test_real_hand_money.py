"""A hand played for money shows the room's amounts, in its currency, on every page.

The reader keeps a hand with cents in whole cents; the replayer, the quiz and
the exercises made from it must give the amounts back as the room wrote them
("$0.20", never "20"). Expected text is built from the engine's own state
through ``Money.amount``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains

from evaluator.hand_histories import read_text, room_name, to_notation
from evaluator.notation import parse_deal
from evaluator.replay import replay
from lessons.models import Deal, RealHand
from tests.factories import make_teacher

pytestmark = pytest.mark.django_db
DATA = Path(__file__).parent.parent / "evaluator" / "hand_histories"


def cents_hand_text() -> str:
    text = (DATA / "game_badugi.txt").read_text(encoding="utf-8")
    return [h for h in re.split(r"\n\s*\n", text) if h.strip()][0]


def test_a_pasted_hand_in_cents_is_replayed_in_dollars_and_says_so(client):
    location = client.post(reverse("lessons:paste_hand"), {"hand": cents_hand_text()})["Location"]
    (verified,) = [r.verified for r in read_text(cents_hand_text())]
    played = replay(parse_deal(to_notation(verified)))
    money = played.record.money
    raised = next(s for s in played.steps if s.kind == "action" and s.action == "raise")
    page = client.get(location, {"step": raised.index})
    assertContains(page, f"data-replay-pot>{money.amount(raised.state.pot)}<")
    assertContains(page, f"raises to {money.amount(raised.state.bet_to)}")
    assertContains(page, "US dollars, to the cent")
    start = client.get(location, {"step": 0})
    assertContains(start, f"data-seat-stack>{money.amount(played.record.seats[0].stack)}<")
    final = client.get(location, {"step": len(played.steps) - 1}).content.decode()
    assert money.amount(played.rake) in final  # the rake, in dollars


def test_the_pot_question_on_a_hand_in_cents_names_the_unit_and_the_dollars(client):
    location = client.post(reverse("lessons:paste_hand"), {"hand": cents_hand_text()})["Location"]
    (verified,) = [r.verified for r in read_text(cents_hand_text())]
    played = replay(parse_deal(to_notation(verified)))
    bet = next(s for s in played.steps if s.kind == "action" and s.amount)
    url = f"{location}?step={bet.index}&study=1&guess=1"
    money = played.record.money
    assertContains(client.get(url), f"What is the pot now (in cents: {money.amount(100)} is 100)?")
    response = client.post(url, {"guess-answer": str(bet.state.pot)})
    page = client.get(response["Location"]).content.decode()
    assert f"{played.record.money.amount(bet.state.pot)} ({bet.state.pot} cents)" in page


def test_an_exercise_made_from_a_hand_in_cents_states_the_room_s_amounts(client):
    (verified,) = [r.verified for r in read_text(cents_hand_text())]
    hand = RealHand.objects.create(
        slug="cents",
        room=room_name(verified),
        hand_id=verified.hand_id,
        game=verified.game,
        history=to_notation(verified),
    )
    played = replay(parse_deal(hand.history))
    client.force_login(make_teacher())
    offered = []
    for step in played.steps:
        page = client.get(hand.get_absolute_url(), {"step": step.index}).content.decode()
        offered += [(step.index, k) for k in re.findall(r'data-practise="(\w+)"', page)]
    assert offered
    index, kind = offered[0]
    client.post(reverse("lessons:practise_moment", args=["cents"]), {"step": index, "kind": kind})
    deal = Deal.objects.get(slug__startswith="cents")
    assert "$" in deal.prompt and "answer in cents" in deal.prompt
    assert not re.search(r"\b\d+ chips\b", deal.prompt)

"""Practise a moment of a real hand: only what the learner's seat could know, and only what builds.

A card room's history shows one player's cards. Every moment offered under
a real or pasted hand must work: the quiz's questions at that step (the pot
after a bet, the player's own best throw by their own chances, the showdown
when the hands were shown), and for teachers the draft exercises that the
engine can build. Expected answers come from the engine, never typed here.
"""

from __future__ import annotations

import re
from html import unescape
from itertools import combinations
from urllib.parse import parse_qs, urlparse

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from pytest_django.asserts import assertContains

from evaluator.notation import parse_deal
from evaluator.odds import draw_odds
from evaluator.replay import replay
from lessons.models import Attempt
from tests.factories import make_teacher
from tests.lessons.test_real_hands import one_hand, paste, practise, stored

pytestmark = pytest.mark.django_db


def engine(hand):
    return replay(parse_deal(hand.history))


def own_seat(played) -> int:
    """The seat whose cards the history shows from the deal."""
    return next(i for i, s in enumerate(played.steps[0].state.seats) if not s.hidden)


def test_every_moment_offered_on_a_real_hand_works(client):
    hand = stored(published=True)
    client.force_login(make_teacher())
    played = engine(hand)
    offered = 0
    for step in played.steps:
        page = client.get(hand.get_absolute_url(), {"step": step.index}).content.decode()
        for kind in re.findall(r'data-practise="(\w+)"', page):
            response = practise(client, hand, step.index, kind)
            assert response.status_code == 302, (step.index, kind, response.content[:200])
            offered += 1
        for link in re.findall(r'href="([^"]+)" data-practise-link', page):
            response = client.get(unescape(link))
            assert response.status_code == 200, (step.index, link)
            assertContains(response, 'name="guess-')
            offered += 1
    assert offered  # the hand has moments to practise at all


def test_a_draw_of_a_face_down_seat_offers_no_exercise_that_would_be_refused(client):
    hand = stored(published=True)
    client.force_login(make_teacher())
    played = engine(hand)
    hidden_draw = next(
        s.index
        for s in played.steps
        if s.kind == "draw" and s.actor is not None and s.actor != own_seat(played)
    )
    page = client.get(hand.get_absolute_url(), {"step": hidden_draw})
    assert 'data-practise="draw"' not in page.content.decode()


def test_the_player_s_own_draw_asks_the_best_throw_by_their_own_chances(client):
    hand = stored(published=True)
    played = engine(hand)
    seat = own_seat(played)
    draw = next(s.index for s in played.steps if s.kind == "draw" and s.actor == seat)
    page = client.get(hand.get_absolute_url(), {"step": draw}).content.decode()
    (link,) = re.findall(r'href="([^"]+)" data-practise-link="discard"', page)
    question = client.get(unescape(link))
    assertContains(question, "face down")
    # The engine's best throw of up to two cards for both halves, from the odds alone.
    cards = played.steps[draw - 1].state.seats[seat].cards
    chances = {
        throw: draw_odds(played.profile, [c for c in cards if c not in throw], discarded=throw)
        .outcome("both")
        .probability
        for size in range(3)
        for throw in combinations(cards, size)
    }
    best = max(chances.values())
    right = min(len(t) for t, p in chances.items() if p == best)
    response = client.post(unescape(link), {"guess-answer": str(right)})
    assert response.status_code == 303
    assertContains(client.get(response["Location"]), 'data-guess-verdict="right"')


def test_a_raked_showdown_is_asked_and_judged_as_the_room_paid(client):
    hand = stored(1, published=True)  # a rake, side pots, and every live hand shown
    played = engine(hand)
    assert played.rake
    showdown = next(s.index for s in played.steps if s.kind == "showdown")
    query = {"step": showdown, "study": own_seat(played), "guess": 1}
    settled = played.settlement
    post: dict[str, object] = {}
    for kind in played.profile.awards:
        award = next(a for a in settled.pots[0].awards if a.kind == kind)
        post[f"guess-p0_{kind}"] = [str(s) for s in award.winners]
    for seat, chips in enumerate(settled.payouts):
        post[f"guess-p1_seat_{seat}"] = str(chips)
    url = hand.get_absolute_url() + "?" + "&".join(f"{k}={v}" for k, v in query.items())
    response = client.post(url, post)
    assert response.status_code == 303
    page = client.get(response["Location"]).content.decode()
    assert 'data-guess-verdict="right"' in page


def test_a_learner_is_quizzed_on_their_own_saved_hand(client):
    ana = User.objects.create_user("ana", password="a-long-learner-pass")
    hand = stored(owner=ana, slug="anas-hand")
    client.force_login(ana)
    page = client.get(hand.get_absolute_url())
    assertContains(page, "data-replay-quiz")
    played = engine(hand)
    bet = next(s for s in played.steps if s.kind == "action" and s.amount)
    page = client.get(hand.get_absolute_url(), {"step": bet.index}).content.decode()
    (link,) = re.findall(r'href="([^"]+)" data-practise-link="pot"', page)
    response = client.post(unescape(link), {"guess-answer": str(bet.state.pot)})
    assert response.status_code == 303
    attempt = Attempt.objects.get()
    assert attempt.correct and attempt.item_key.startswith(f"hand:{hand.slug}/")


def test_a_pasted_hand_offers_the_quiz_to_anyone(client):
    location = paste(client, one_hand())["Location"]
    page = client.get(location)
    (quiz,) = re.findall(r'href="([^"]+)" data-replay-quiz', page.content.decode())
    query = parse_qs(urlparse(unescape(quiz)).query)
    assert query["guess"] == ["1"]
    assert client.get(unescape(quiz)).status_code == 200


def test_a_refused_exercise_is_a_page_with_the_reason_and_a_way_back(client):
    hand = stored(1)  # side pots: the showdown cannot be a deal of the shown hands alone
    client.force_login(make_teacher())
    played = engine(hand)
    final = next(s.index for s in played.steps if s.kind == "payout")
    response = practise(client, hand, final, "showdown")
    assert response.status_code == 400
    assert response["Content-Type"].startswith("text/html")
    assertContains(response, "side pots", status_code=400)
    assertContains(response, f"{hand.get_absolute_url()}?step={final}", status_code=400)
    bad = practise(client, hand, 10_000, "showdown")
    assert bad.status_code == 400 and bad["Content-Type"].startswith("text/html")
    assert reverse("lessons:replay_hand", args=[hand.slug]) in bad.content.decode()

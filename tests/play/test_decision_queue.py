"""Practising a decision again: it joins the learner's review queue and is scheduled."""

from __future__ import annotations

import datetime as dt
import json

import pytest
import time_machine
from django.contrib.auth import get_user_model

from evaluator.play import Action, LiveHand, card_code, coach_action
from play.models import DecisionCard, GradedDecision
from tests.play.helpers import settings_of
from tests.play.test_review_pages import finished, loose

pytestmark = pytest.mark.django_db


def a_missed_decision(client, monkeypatch):
    hand = finished(client, monkeypatch, chooser=loose)
    missed = GradedDecision.objects.filter(hand=hand).exclude(grade="correct").first()
    assert missed is not None, "loose play should give the coach something to mark"
    return hand, missed


def answer(client, hand, missed, chooser):
    """Post ``chooser``'s action at the moment of ``missed``."""
    actions = [Action(a["kind"]) for a in hand.actions]  # loose play throws nothing
    before = LiveHand.replay(settings_of(hand), actions[: missed.step])
    action = chooser(before)
    data = {"step": missed.step, "action": action.kind}
    if action.kind == "draw":
        data["throw"] = [card_code(c) for c in action.discards]
    return client.post(f"/play/{hand.pk}/practise/{missed.step}/", data)


def wrong_again(hand: LiveHand) -> Action:
    """The learner's own loose play again: the coach marks it as before."""
    return loose(hand)


def test_adding_a_decision_puts_it_in_the_queue_once_and_due_now(client, monkeypatch):
    hand, missed = a_missed_decision(client, monkeypatch)
    url = f"/play/{hand.pk}/practise/{missed.step}/queue"
    response = client.post(url, follow=True)
    assert "is in your review queue" in response.content.decode()
    again = client.post(url, follow=True).content.decode()
    assert "already in your review queue" in again
    assert DecisionCard.objects.filter(decision=missed).count() == 1
    review = client.get(f"/play/{hand.pk}/review/").content.decode()
    assert f"Take decision {missed.step + 1} out of the queue" in review
    queue = client.get("/play/practise/").content.decode()
    assert f"/play/{hand.pk}/practise/{missed.step}/" in queue
    assert "Practise the next one" in queue


def test_a_right_answer_sends_the_decision_away_and_a_miss_brings_it_back_tomorrow(
    client, monkeypatch
):
    hand, missed = a_missed_decision(client, monkeypatch)
    client.post(f"/play/{hand.pk}/practise/{missed.step}/queue")
    start = DecisionCard.objects.get(decision=missed).due
    with time_machine.travel(start + dt.timedelta(minutes=1), tick=False):
        answer(client, hand, missed, coach_action)
    card = DecisionCard.objects.get(decision=missed)
    assert card.reviews == 1 and card.last_right is True
    assert card.due >= start + dt.timedelta(days=1)
    assert "Nothing is due now" in client.get("/play/practise/").content.decode()
    # Answering again before it is due grades the play but leaves the schedule alone.
    answer(client, hand, missed, wrong_again)
    assert DecisionCard.objects.get(decision=missed).due == card.due
    # Once due, a miss brings it back a day later, not after the longer gap.
    with time_machine.travel(card.due + dt.timedelta(minutes=1), tick=False):
        answer(client, hand, missed, wrong_again)
        missed_card = DecisionCard.objects.get(decision=missed)
        assert missed_card.reviews == 2 and missed_card.last_right is False
        gap = missed_card.due - missed_card.last_reviewed
        assert gap <= dt.timedelta(days=1)


def test_the_study_page_lists_the_queue_for_a_signed_in_learner(client, monkeypatch):
    user = get_user_model().objects.create_user("queuer", password="a long passphrase 1")
    client.force_login(user)
    hand, missed = a_missed_decision(client, monkeypatch)
    assert "decision from your hands" not in client.get("/study/").content.decode()
    client.post(f"/play/{hand.pk}/practise/{missed.step}/queue")
    study = client.get("/study/").content.decode()
    assert "1 decision from your hands due" in study
    assert 'href="/play/practise/"' in study


def test_another_learner_cannot_queue_my_decision(client, monkeypatch):
    hand, missed = a_missed_decision(client, monkeypatch)
    client.cookies.clear()
    response = client.post(f"/play/{hand.pk}/practise/{missed.step}/queue")
    assert response.status_code == 404
    assert not DecisionCard.objects.exists()


def test_taking_a_decision_out_and_deleting_progress_empty_the_queue(client, monkeypatch):
    user = get_user_model().objects.create_user("leaver", password="a long passphrase 1")
    client.force_login(user)
    hand, missed = a_missed_decision(client, monkeypatch)
    url = f"/play/{hand.pk}/practise/{missed.step}/queue"
    client.post(url)
    client.post(url, {"remove": "on"})
    assert not DecisionCard.objects.exists()
    client.post(url)
    data = json.loads(client.get("/accounts/settings/download/").getvalue())
    played = data["played_hands"]
    assert len(played) == 1 and played[0]["actions"] == hand.actions
    assert [g["step"] for g in played[0]["grades"] if g["in_review_queue"]] == [missed.step]
    client.post("/accounts/settings/delete-progress/", {"confirm": "yes"})
    if DecisionCard.objects.exists():
        pytest.fail("deleting progress left the review queue behind")


def test_home_lists_the_due_decisions_beside_the_skills_reviews(client, monkeypatch):
    user = get_user_model().objects.create_user("homer", password="a long passphrase 1")
    client.force_login(user)
    hand, missed = a_missed_decision(client, monkeypatch)
    client.post(f"/play/{hand.pk}/practise/{missed.step}/queue")
    home = client.get("/").content.decode()
    reviews = home[home.index('class="home-return__reviews"') :]
    assert "1 decision from your hands due</strong> of 1 in your queue" in reviews
    assert 'href="/play/practise/"' in reviews

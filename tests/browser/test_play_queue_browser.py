"""The review queue of played decisions in a browser: added by keyboard from the
review, listed on /play/practise/ and /study/, axe-clean in both colour schemes.

The hand is played through the site by the test client (the learner's loose
calls, graded by the engine's coach), then the browser takes over the
learner's signed-in session.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import expect

from play.models import DecisionCard, GradedDecision
from tests.browser.axe import CLEAN
from tests.play.test_review_pages import finished, loose

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_missed_decision_joins_the_queue_by_keyboard(page, live_server, monkeypatch, axe_both):
    user = get_user_model().objects.create_user("queue-browser", password="a long passphrase 1")
    client = Client()
    client.force_login(user)
    hand = finished(client, monkeypatch, chooser=loose)
    missed = GradedDecision.objects.filter(hand=hand).exclude(grade="correct").first()
    assert missed is not None
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    page.goto(f"{live_server.url}/play/{hand.pk}/review/")
    button = page.get_by_role("button", name=f"Add decision {missed.step + 1} to my review queue")
    button.focus()
    with page.expect_navigation():
        page.keyboard.press("Enter")
    expect(page.get_by_role("status")).to_contain_text("is in your review queue")
    expect(
        page.get_by_role("button", name=f"Take decision {missed.step + 1} out of the queue")
    ).to_be_visible()
    assert DecisionCard.objects.filter(decision=missed).count() == 1
    assert axe_both(page) == CLEAN
    page.goto(f"{live_server.url}/study/")
    link = page.get_by_role("link", name="Practise them")
    expect(link).to_be_visible()
    link.focus()
    with page.expect_navigation():
        page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Due now")).to_be_visible()
    assert axe_both(page) == CLEAN
    page.get_by_role("link", name="Practise the next one").click()
    expect(page.get_by_role("heading", name="Find the better play")).to_be_visible()

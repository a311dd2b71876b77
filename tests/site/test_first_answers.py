"""A newcomer's first answers, sent before the first reply arrives, stay together.

Without a session cookie each answer made a session of its own; the browser
keeps one cookie, and the answers stored under the other sessions were lost
to it. Every such request carries the CSRF cookie the page set, and the
learner key is now derived from it, so all of them land under one key.
"""

from __future__ import annotations

import pytest
import time_machine
from django.conf import settings
from django.test import Client

from lessons.exercises.model_answers import right_answer
from lessons.learners.progress import SESSION_KEY
from lessons.models import Attempt, Deal

pytestmark = [pytest.mark.django_db, pytest.mark.cache]


def _newcomer() -> Client:
    client = Client(enforce_csrf_checks=True)
    client.get("/badacey/")  # the lesson page sets the CSRF cookie its forms need
    assert settings.CSRF_COOKIE_NAME in client.cookies
    return client


def _answer_without_a_session(client: Client, deal: Deal) -> str:
    """Answer as a request sent before any reply set the session cookie; the session key."""
    client.cookies.pop(settings.SESSION_COOKIE_NAME, None)
    data = right_answer(deal) | {"csrfmiddlewaretoken": client.cookies["csrftoken"].value}
    assert client.post(deal.check_url, data).status_code == 200
    return client.cookies[settings.SESSION_COOKIE_NAME].value


def test_first_answers_sent_at_once_all_belong_to_the_session_the_browser_keeps():
    client = _newcomer()
    deals = list(Deal.objects.published().for_lesson("badacey")[:3])
    sessions = [_answer_without_a_session(client, deal) for deal in deals]
    assert len(set(sessions)) == len(deals)  # one session each, as the server answered them
    # The browser kept the last session cookie: every answer is that learner's.
    page = client.get("/progress/")
    assert page.context["overview"].total_attempts == len(deals)
    kept = client.session[SESSION_KEY]
    assert set(Attempt.objects.values_list("learner_key", flat=True)) == {kept}


def test_two_browsers_are_two_learners():
    deal = Deal.objects.published().for_lesson("badacey").first()
    first, second = _newcomer(), _newcomer()
    _answer_without_a_session(first, deal)
    _answer_without_a_session(second, deal)
    assert first.session[SESSION_KEY] != second.session[SESSION_KEY]
    assert first.get("/progress/").context["overview"].total_attempts == 1


def test_a_browser_whose_session_ended_starts_afresh_later():
    deal = Deal.objects.published().for_lesson("badacey").first()
    client = _newcomer()
    with time_machine.travel("2031-03-01 10:00", tick=False):
        _answer_without_a_session(client, deal)
    with time_machine.travel("2031-03-15 10:00", tick=False):  # the session cookie is gone
        _answer_without_a_session(client, deal)
        assert client.get("/progress/").context["overview"].total_attempts == 1

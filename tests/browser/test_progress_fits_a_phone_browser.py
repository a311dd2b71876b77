"""/progress/ with a learner's skills, answers and played hands fits a 375 px phone screen."""

from __future__ import annotations

import re

import pytest

from lessons.models import Deal
from tests.factories import right_answer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "a long safe phrase 91"

WIDEST = """() => [...document.querySelectorAll('main *')]
  .filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
  .slice(0, 5)
  .map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))"""


def test_progress_with_a_learners_answers_fits_375_px(
    page, live_server, axe, django_user_model, client
):
    client.force_login(django_user_model.objects.create_user("kira", password=PASSWORD))
    for deal in Deal.objects.published().exclude(lesson="")[:6]:
        client.post(deal.check_url, right_answer(deal))
    page.set_viewport_size({"width": 375, "height": 800})
    page.goto(live_server.url + "/accounts/sign-in/")
    page.get_by_label("Username").fill("kira")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(re.compile(r"/progress/$"))
    assert page.locator(".skills__table tbody tr").count() > 0
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, page.evaluate(WIDEST)
    assert axe(page) == []

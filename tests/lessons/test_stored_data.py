"""No 500 from stored data: a deal the engine refuses shows the engine's message instead.

The deals here are broken the way real ones get broken: written straight to
the database (``QuerySet.update`` skips validation), as a rule change would
leave a deal saved before it. Every page that shows the deal must still
answer, with the engine's own sentence where the deal would be, and the
``deals`` system check must list it.
"""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils.html import escape
from pytest_django.asserts import assertContains, assertNotContains

from evaluator import EvaluatorError, parse_deal, replay
from lessons.models import Deal
from tests.factories import make_deal, make_teacher, right_answer
from tests.speech import heard, spoken_words

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
MARA = "badugi-6"


def engine_refusal(history: str) -> str:
    with pytest.raises(EvaluatorError) as refused:
        replay(parse_deal(history))
    return str(refused.value)


@pytest.fixture
def broken() -> tuple[Deal, str]:
    """Badugi exercise 6 with its history's "draw 1" changed to "draw 7", saved unchecked."""
    mara = Deal.objects.get(slug=MARA)
    history = mara.history.replace("draw 1:", "draw 7:", 1)
    assert history != mara.history
    message = engine_refusal(history)
    Deal.objects.filter(pk=mara.pk).update(history=history)
    return Deal.objects.get(pk=mara.pk), message


def says(response, message: str) -> bool:
    return spoken_words(message) in heard(response.content.decode())


def test_the_exercise_page_shows_the_engines_message(client, broken):
    deal, message = broken
    response = client.get(deal.get_absolute_url())
    assert response.status_code == 200
    assert says(response, message)
    assertContains(response, "cannot be shown right now")
    assertNotContains(response, deal.check_url)  # no form to answer


@pytest.mark.parametrize("htmx", [True, False])
def test_the_answer_panel_shows_the_engines_message(client, broken, htmx):
    deal, message = broken
    response = client.get(deal.answer_url, **(HTMX if htmx else {}))
    assert response.status_code == 200
    assert says(response, message)
    assertNotContains(response, "worked-answer")


def test_the_lesson_page_holding_it_still_answers_with_the_message(client, broken):
    deal, message = broken
    response = client.get(reverse("lessons:badugi"))
    assert response.status_code == 200
    assert says(response, message)
    # The lesson's other exercises are still there to answer.
    for other in Deal.objects.published().for_lesson("badugi").exclude(pk=deal.pk):
        assertContains(response, f'hx-post="{other.check_url}"')


@pytest.mark.parametrize("htmx", [True, False])
def test_checking_an_answer_to_it_shows_the_message(client, broken, htmx):
    deal, message = broken
    data = {f"{deal.slug}-p0_cards": ["As"]}
    response = client.post(deal.check_url, data, **(HTMX if htmx else {}))
    assert response.status_code == 200
    assert says(response, message)


def test_the_admin_change_page_and_preview_show_the_message(client, broken):
    deal, message = broken
    client.force_login(make_teacher())
    for url in (
        reverse("admin:lessons_deal_change", args=[deal.pk]),
        reverse("admin:lessons_deal_preview", args=[deal.pk]),
    ):
        response = client.get(url)
        assert response.status_code == 200, url
        assertContains(response, escape(message))


@pytest.mark.parametrize(
    "damage",
    [
        {"seats": [{"name": "Kira", "cards": "A♠ 2♠ A♥ 3♦ 1♣"}, {"name": "Noor", "cards": "x"}]},
        {"parts": [{"kind": "badugi_cards", "seat": 9}]},
        {"parts": [{"kind": "raise_to", "round": 2, "facing": 12, "options": 7}]},
        {"settings": {"big_bet": -3}},
        {"game": "poker"},
        {"seats": "Kira and Noor"},
    ],
)
def test_any_damage_to_a_stored_deal_is_a_message_on_every_page(client, damage):
    deal = make_deal()
    Deal.objects.filter(pk=deal.pk).update(**damage)
    stored = Deal.objects.get(pk=deal.pk)
    assert stored.stored_problems
    for url in (stored.get_absolute_url(), stored.answer_url):
        response = client.get(url)
        assertContains(response, "cannot be shown right now")
        for problem in stored.stored_problems:
            assert spoken_words(problem) in heard(response.content.decode())
    response = client.post(stored.check_url, right_answer(make_deal()), **HTMX)
    assertContains(response, "cannot be shown right now")


def test_the_deals_check_lists_every_deal_that_no_longer_validates(broken):
    deal, message = broken
    also = make_deal(slug="also-broken")
    Deal.objects.filter(pk=also.pk).update(pot=None)
    out = StringIO()
    call_command("check", "--tag", "deals", stdout=out, stderr=out)
    report = out.getvalue()
    assert "lessons.W001" in report
    assert f"“{deal.slug}”" in report and message in report
    assert "“also-broken”" in report and "needs a pot" in report
    for fine in Deal.objects.exclude(pk__in=[deal.pk, also.pk]):
        assert f"“{fine.slug}”" not in report


def test_the_deals_check_is_quiet_when_every_deal_validates():
    out = StringIO()
    call_command("check", "--tag", "deals", stdout=out, stderr=out)
    assert "W001" not in out.getvalue()

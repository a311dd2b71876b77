"""An exercise whose deal has a history also opens in the replayer."""

from __future__ import annotations

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from evaluator.notation import parse_deal
from evaluator.replay import replay
from evaluator.worked_deals import worked_deal
from lessons.models import Deal
from tests.factories import make_deal

pytestmark = pytest.mark.django_db


def replay_link(deal: Deal) -> str:
    return f'href="{reverse("lessons:replay", args=[deal.slug])}"'


def test_maras_exercise_links_to_her_replay(client):
    mara = Deal.objects.get(slug="badugi-6")
    response = client.get(mara.get_absolute_url())
    assertContains(response, replay_link(mara))
    assert client.get(reverse("lessons:replay", args=[mara.slug])).status_code == 200


def test_the_badugi_lesson_links_exercise_6_to_its_replay(client):
    mara = Deal.objects.get(slug="badugi-6")
    html = client.get(reverse("lessons:badugi")).content.decode()
    exercise = html[html.index(f'id="exercise-{mara.slug}"') :]
    assert replay_link(mara) in exercise[: exercise.index("</article>")]


def test_a_practice_deal_with_a_history_links_to_its_replay(client):
    history = worked_deal("amara_bram_kira_noor")
    final = replay(parse_deal(history)).steps[-1].state
    seats = [{"name": s.name, "cards": " ".join(c.text for c in s.cards)} for s in final.seats]
    deal = make_deal(history=history, seats=seats, parts=[{"kind": "winners"}])
    response = client.get(deal.get_absolute_url())
    assertContains(response, replay_link(deal))
    assert client.get(reverse("lessons:replay", args=[deal.slug])).status_code == 200


def test_a_deal_without_a_history_offers_no_replay(client):
    deal = make_deal()
    assertNotContains(client.get(deal.get_absolute_url()), "/replay/")

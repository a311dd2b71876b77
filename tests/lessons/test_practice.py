"""The Practice page lists published practice deals, newest first, by game."""

from __future__ import annotations

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from evaluator.worked_deals import worked_deal
from lessons.models import Deal
from tests.factories import make_deal

pytestmark = pytest.mark.django_db

PRACTICE = "/practice/"
FOUR_SEATS = ["Amara", "Bram", "Kira", "Noor"]


def badugi_deal(**kw) -> Deal:
    kw.setdefault("game", "badugi")
    kw.setdefault(
        "seats", [{"name": "Mara", "cards": "A♣ 3♦ 5♥ 7♠"}, {"name": "Ola", "cards": "A♦ 3♥ 5♠ 7♣"}]
    )
    kw.setdefault("parts", [{"kind": "winners"}, {"kind": "payouts"}])
    return make_deal(**kw)


def history_deal(**kw) -> Deal:
    from evaluator.notation import parse_deal
    from evaluator.replay import replay

    history = worked_deal("amara_bram_kira_noor")
    final = replay(parse_deal(history)).steps[-1].state
    seats = [{"name": s.name, "cards": " ".join(c.text for c in s.cards)} for s in final.seats]
    return make_deal(history=history, seats=seats, parts=[{"kind": "winners"}], **kw)


def test_published_practice_deals_are_listed_newest_first(client):
    older = make_deal(title="The older deal")
    newer = make_deal(title="The newer deal")
    page = client.get(PRACTICE).content.decode()
    assert page.index(newer.title) < page.index(older.title)
    assertContains(client.get(PRACTICE), f'href="{newer.get_absolute_url()}"')


def test_lesson_exercises_and_unpublished_deals_are_not_listed(client):
    hidden = make_deal(title="Still being written", published=False)
    response = client.get(PRACTICE)
    assertNotContains(response, hidden.title)
    lesson_exercise = Deal.objects.for_lesson("badacey").first()
    assertNotContains(response, lesson_exercise.get_absolute_url())


def test_an_unpublished_deal_answers_404_at_every_url(client):
    hidden = history_deal(title="Still being written", published=False)
    for url in (
        hidden.get_absolute_url(),
        hidden.check_url,
        hidden.answer_url,
        reverse("lessons:replay", args=[hidden.slug]),
    ):
        response = client.post(url) if url == hidden.check_url else client.get(url)
        assert response.status_code == 404, url


def test_the_game_filter_lists_only_that_games_deals(client):
    badacey = make_deal(title="A Badacey deal")
    badugi = badugi_deal(title="A Badugi deal")
    response = client.get(PRACTICE, {"game": "badugi"})
    assertContains(response, badugi.title)
    assertNotContains(response, badacey.title)
    assertContains(response, '<option value="badugi" selected>Badugi</option>', html=True)


def test_an_htmx_filter_gets_only_the_list(client):
    badugi = badugi_deal(title="A Badugi deal")
    response = client.get(PRACTICE, {"game": "badugi"}, HTTP_HX_REQUEST="true")
    assertContains(response, badugi.title)
    assertNotContains(response, "<html")
    assertNotContains(response, "<form")


@pytest.mark.parametrize("headers", [{}, {"HTTP_HX_REQUEST": "true"}], ids=["page", "htmx"])
def test_an_unknown_game_is_refused_with_a_message(client, headers):
    response = client.get(PRACTICE, {"game": "snap"}, **headers)
    assertContains(response, "Select a valid choice", status_code=400)
    assertNotContains(response, "No practice deals", status_code=400)


def test_a_deal_with_a_history_also_opens_in_the_replayer(client):
    with_history = history_deal(title="A whole hand")
    showdown_only = make_deal(title="Showdown only")
    response = client.get(PRACTICE)
    replay_url = reverse("lessons:replay", args=[with_history.slug])
    assertContains(response, f'href="{replay_url}"')
    assertNotContains(response, reverse("lessons:replay", args=[showdown_only.slug]))
    assert client.get(replay_url).status_code == 200


def test_a_listed_deal_opens_as_a_checkable_exercise(client):
    deal = make_deal(title="Check me")
    response = client.get(deal.get_absolute_url())
    assertContains(response, deal.title)
    assertContains(response, f'action="{deal.check_url}')


def test_the_nav_links_to_practice_and_marks_the_current_page(client):
    assertContains(
        client.get(PRACTICE), '<a href="/practice/" aria-current="page">Practice</a>', html=True
    )

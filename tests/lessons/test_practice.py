"""The Practice page lists published practice deals, newest first, by game."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from evaluator.worked_deals import worked_deal
from lessons.exercises.practice import PAGE_SIZE
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


# Pages of deals -------------------------------------------------------------------


def many_deals(count: int, **kw) -> list[Deal]:
    """``count`` published practice deals, oldest first."""
    return [make_deal(title=f"Numbered deal {n:03}", **kw) for n in range(count)]


def listed_titles(response) -> list[str]:
    return re.findall(r"Numbered deal \d{3}", response.content.decode().split("<ul", 2)[-1])


def test_the_list_comes_in_pages_of_a_fixed_size_newest_first(client):
    deals = many_deals(PAGE_SIZE + 3)
    first = client.get(PRACTICE)
    newest_first = [d.title for d in reversed(deals)]
    assert listed_titles(first) == newest_first[:PAGE_SIZE]
    total = Deal.objects.published().practice().count()
    assertContains(first, f"Deals 1 to {PAGE_SIZE} of {total}.")
    assertContains(first, 'href="?page=2" rel="next"')
    second = client.get(PRACTICE, {"page": 2})
    assert listed_titles(second) == newest_first[PAGE_SIZE:]
    assertContains(second, 'aria-current="page"><span class="visually-hidden">Page </span>2')
    assertContains(second, 'href="?page=1" rel="prev"')


def test_a_short_list_shows_no_page_links(client):
    many_deals(2)
    assertNotContains(client.get(PRACTICE), "Pages of practice deals")


def test_page_links_keep_the_game_filter(client):
    many_deals(PAGE_SIZE + 1, game="badugi", **badugi_fields())
    for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
        response = client.get(PRACTICE, {"game": "badugi"}, **headers)
        assertContains(response, 'href="?game=badugi&amp;page=2" rel="next"')


def badugi_fields() -> dict:
    deal = badugi_deal(title="Template", slug="template-badugi")
    deal.delete()
    return {"seats": deal.seats, "parts": deal.parts}


@pytest.mark.parametrize(
    # Not "page": pytest-playwright would take that for its browser page fixture.
    ("number", "status", "message"),
    [
        ("7", 404, "There is no page 7; the list has 2 pages."),  # 21 deals + 1 seeded
        ("two", 400, "The page must be a whole number"),
        ("0", 400, "Pages are numbered from 1."),
        ("9" * 5000, 400, "The page must be a whole number"),
    ],
)
def test_a_page_that_is_not_there_is_explained(client, number, status, message):
    many_deals(PAGE_SIZE + 1)
    for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
        response = client.get(PRACTICE, {"page": number}, **headers)
        assertContains(response, message, status_code=status)
        assertNotContains(response, "Numbered deal", status_code=status)


def test_the_filter_is_laid_out_by_crispy_and_still_refilters_in_place(client):
    response = client.get(PRACTICE)
    form = re.search(r"<form\b[^>]*>", response.content.decode()).group(0)
    assert 'hx-get="/practice/"' in form and 'hx-target="#deal-list"' in form
    assert 'method="get"' in form
    # crispy-bootstrap5's markup: a labelled select in an input group with its button.
    assertContains(response, '<label for="id_game" class="form-label')
    assertContains(response, 'class="select form-select"')
    assertContains(response, '<div class="input-group">')
    assertNotContains(response, 'name="page"')


def test_practice_is_the_front_door_to_drills_tools_and_deals(client):
    from evaluator.drills import KINDS

    deal = make_deal(title="A Badacey deal")
    response = client.get(PRACTICE)
    for drill in KINDS.values():
        assertContains(response, f'href="{reverse("lessons:drill", args=[drill.key])}"')
    assertContains(response, f'href="{reverse("lessons:odds")}"')
    assertContains(response, f'href="{reverse("lessons:calculator")}"')
    assertContains(response, f'href="{reverse("lessons:paste_hand")}"')
    assertContains(response, deal.title)


def test_the_filter_offers_only_games_with_a_deal_or_a_drill(client, monkeypatch):
    from dataclasses import replace

    from evaluator.drills import KINDS

    # Drills only in Badugi, and one Badeucey deal: those two games, and no others.
    only_badugi = replace(KINDS["badugi-cards"], games=("badugi",))
    monkeypatch.setattr("lessons.exercises.forms.DRILLS", {"badugi-cards": only_badugi})
    make_deal(
        title="A Badeucey deal",
        game="badeucey",
        seats=[
            {"name": "Kira", "cards": "A♠ 2♠ A♥ 3♦ 4♣"},
            {"name": "Noor", "cards": "5♠ 4♥ 3♣ 2♦ 8♣"},
        ],
        parts=[{"kind": "winners"}],
    )
    response = client.get(PRACTICE)
    options = response.context["form"].fields["game"].choices
    with_deals = set(Deal.objects.published().practice().values_list("game", flat=True))
    offered = [key for key, _ in options]
    assert set(offered) == {"", "badugi"} | with_deals
    assert "badeucey" in offered and "ace_to_five" not in offered


def test_a_game_filter_offers_that_games_drills_beside_its_deals(client):
    from evaluator.drills import KINDS

    response = client.get(PRACTICE, {"game": "badeucey"})
    for drill in KINDS.values():
        url = f"{reverse('lessons:drill', args=[drill.key])}?game=badeucey"
        if "badeucey" in drill.games:
            assertContains(response, url)
        else:
            assertNotContains(response, url)

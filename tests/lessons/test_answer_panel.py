"""The worked answer: a fragment for htmx, the whole page without, computed by the evaluator."""

from __future__ import annotations

import re

import pytest
from django.utils.html import escape
from pytest_django.asserts import assertContains, assertNotContains

from lessons.exercises.blocks import exercise_blocks
from lessons.models import Deal
from tests.factories import make_deal

# cache: worked answers are kept in the cache, so scripts/test runs these on Redis too.
pytestmark = [pytest.mark.django_db, pytest.mark.cache]

HTMX = {"HTTP_HX_REQUEST": "true"}


def test_htmx_gets_only_the_worked_answer(client):
    deal = Deal.objects.get(slug="badacey-2")
    response = client.get(deal.answer_url, **HTMX)
    assertContains(response, "worked-answer")
    assertNotContains(response, "<html")
    for sentence in deal.settlement().explanation():
        assertContains(response, escape(sentence))


def test_the_answer_shows_what_the_evaluator_says(client):
    deal = make_deal(
        seats=[{"name": "A", "cards": "A♠ 2♠ A♥ 3♦ 4♣"}, {"name": "B", "cards": "5♠ 4♥ 3♣ 2♦ A♣"}]
    )
    response = client.get(deal.answer_url, **HTMX)
    outcome = deal.settlement()
    for sentence in outcome.explanation():
        assertContains(response, sentence)
    for seat in outcome.seats:
        for value in seat.values.values():
            assertContains(response, getattr(value, "description", value.text))
    html = response.content.decode()
    for chips in outcome.payouts:
        assert f"<td>{chips}</td>" in html
    assert f"<td>{sum(outcome.payouts)}</td>" in html  # the payouts add up to the pot
    unit = deal.profile.bet_size(2)
    assertContains(response, f"the round total goes to {12 + unit}")
    assertContains(response, " (counts)</span>")  # the Badugi cards that count are marked


def test_every_equally_good_selection_is_shown(client):
    deal = Deal.objects.get(slug="badugi-2")
    response = client.get(deal.answer_url, **HTMX)
    assertContains(response, "or just as well")


def test_the_authors_note_comes_with_the_answer(client):
    deal = make_deal(explanation="Count the suits before the ranks.")
    assertContains(client.get(deal.answer_url, **HTMX), "Count the suits before the ranks.")


def test_without_htmx_the_answer_is_a_whole_page_with_the_panel_open(client):
    deal = Deal.objects.get(slug="badacey-6")
    response = client.get(deal.answer_url)
    assertContains(response, "<html")
    assertContains(response, '<details class="answer-panel" open>')
    assertContains(response, "<h1")


def test_both_readings_of_badacey_exercise_1_are_shown(client):
    deal = Deal.objects.get(slug="badacey-1")
    response = client.get(deal.answer_url, **HTMX)
    for game in deal.games():
        for sentence in deal.settlement(game).explanation():
            assertContains(response, sentence)
    assertContains(response, "How each hand reads as Badeucey")


def test_the_exercise_page_keeps_the_answer_out_of_the_live_page(client):
    deal = Deal.objects.get(slug="badacey-3")
    html = client.get(deal.get_absolute_url()).content.decode()
    assert '<details class="answer-panel">' in html  # closed
    panel = html.split('<details class="answer-panel">')[1].split("</details>")[0]
    assert 'hx-trigger="toggle from:closest details once"' in panel
    # Inside the panel the answer exists only for readers without JavaScript.
    assert re.search(r"<noscript>\s*<div class=\"worked-answer\">", panel)
    # The print copy sits at the end, in the section hidden on screen.
    assert html.index("print-answers") > html.index("answer-panel")


def test_the_exercise_page_shows_the_deal_and_an_empty_form(client):
    deal = Deal.objects.get(slug="badugi-3")
    response = client.get(deal.get_absolute_url())
    assertContains(response, "Exercise 3: ")
    assertContains(response, 'method="post"')
    assertContains(response, f'action="{deal.check_url}#feedback-{deal.slug}"')
    assertContains(response, f'hx-post="{deal.check_url}"')
    assertContains(response, f'id="feedback-{deal.slug}"')
    assertContains(response, "ace of clubs")  # a card toggle's label is the card's name
    assertNotContains(response, "checked")


def test_an_unpublished_deal_is_not_found_anywhere(client):
    deal = make_deal(published=False)
    assert client.get(deal.get_absolute_url()).status_code == 404
    assert client.get(deal.answer_url).status_code == 404
    assert client.get(deal.answer_url, **HTMX).status_code == 404


def test_an_unknown_exercise_is_not_found(client):
    assert client.get("/exercises/no-such-deal/").status_code == 404


def test_exercise_blocks_give_each_deal_an_unbound_form():
    deals = list(Deal.objects.published().for_lesson("badugi"))
    blocks = exercise_blocks(deals)
    assert [b.deal for b in blocks] == deals
    assert not any(b.form.is_bound for b in blocks)
    assert {b.form.prefix for b in blocks} == {d.slug for d in deals}


def test_an_edited_deal_never_shows_the_answer_worked_out_for_its_old_cards(client):
    deal = make_deal(
        seats=[{"name": "A", "cards": "A♠ 2♥ 3♦ 4♣ 5♣"}, {"name": "B", "cards": "2♣ 3♥ 4♠ 5♦ 7♣"}]
    )
    before = deal.settlement().explanation()
    page = client.get(deal.get_absolute_url()).content.decode()  # renders (and caches) the answer
    assert all(escape(sentence) in page for sentence in before)

    deal.seats = [
        {"name": "A", "cards": "K♠ Q♥ J♦ 10♣ 10♥"},
        {"name": "B", "cards": "A♦ 2♥ 3♣ 4♣ 5♥"},
    ]
    deal.full_clean()
    deal.save()
    after = deal.settlement().explanation()
    assert after != before
    page = client.get(deal.get_absolute_url()).content.decode()
    assert all(escape(sentence) in page for sentence in after)
    assert not any(escape(sentence) in page for sentence in before)

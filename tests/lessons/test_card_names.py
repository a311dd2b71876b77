"""Sentences that quote cards name them for screen readers ("king of hearts").

The expected words come from the evaluator's ``Card.name`` (tests.speech), the
sentences from the evaluator itself, so nothing here is typed by hand.
"""

from __future__ import annotations

import re

import pytest
from django.template import Context, Template
from django.urls import reverse

from evaluator import parse_cards, selection_problem
from evaluator.notation import parse_deal
from evaluator.replay import replay
from lessons.models import Deal
from tests.factories import card_value, field, right_answer
from tests.speech import CARD_TEXT, SUIT_SYMBOLS, heard, spoken_words

SEED = "amara-bram-kira-noor"
HTMX = {"HTTP_HX_REQUEST": "true"}


def render_spoken(text: str) -> str:
    return Template("{% load cards %}{{ text|spoken }}").render(Context({"text": text}))


def live_sentence(html: str) -> str:
    """What the replayer's live region (or its out-of-band update) says."""
    match = re.search(r'<p id="replay-status"[^>]*>(.*?)</p>', html, re.S)
    assert match, "no #replay-status on the page"
    return heard(match[1])


def test_each_card_in_a_sentence_is_named_and_its_symbol_hidden_from_screen_readers():
    sentence = "Noor draws two: discards K♥ 10♠, receives 4♥ <Q♥>."
    html = render_spoken(sentence)
    assert heard(html) == spoken_words(sentence)
    for card in parse_cards(["K♥", "10♠", "4♥", "Q♥"]):
        # The rank and suit are drawn by site.css from the classes, never written as text.
        assert f'<span class="pc {card.suit_name[0]} r{card.rank_text} inline">' in html
        assert card.text not in html
        assert card.name in heard(html)
    assert "&lt;" in html and "<Q" not in html  # the words around the cards are escaped
    assert "</span>," in html  # no stray space before the comma


def test_a_sentence_without_cards_is_only_escaped():
    assert render_spoken("Mara & Juno tie.") == "Mara &amp; Juno tie."


@pytest.mark.django_db
@pytest.mark.parametrize("htmx", [False, True], ids=["whole page", "htmx"])
def test_the_replayers_live_sentence_names_the_cards_of_every_draw(client, htmx):
    played = replay(parse_deal(Deal.objects.get(slug=SEED).history))
    draws = [step for step in played.steps if CARD_TEXT.search(step.text)]
    assert draws, "the seed deal has steps that quote cards"
    for step in draws:
        url = reverse("lessons:replay", args=[SEED]) + f"?step={step.index}"
        response = client.get(url, **(HTMX if htmx else {}))
        said = live_sentence(response.content.decode())
        assert said == spoken_words(step.text), step.index
        assert not SUIT_SYMBOLS.search(said)


@pytest.mark.django_db
@pytest.mark.parametrize("htmx", [False, True], ids=["whole page", "htmx"])
def test_feedback_on_a_selection_that_repeats_a_suit_names_both_cards(client, htmx):
    deal = Deal.objects.get(slug="badacey-2")
    index = next(i for i, p in enumerate(deal.parts) if p["kind"] == "badugi_cards")
    holding = parse_cards(deal.seats[deal.parts[index]["seat"]]["cards"])
    clash = next((a, b) for a in holding for b in holding if a != b and a.suit == b.suit)
    data = right_answer(deal) | {field(deal, index, "cards"): [card_value(c) for c in clash]}
    response = client.post(deal.check_url, data, **(HTMX if htmx else {}))
    said = heard(response.content.decode())
    assert spoken_words(selection_problem(clash)) in said
    assert clash[0].name in said and clash[1].name in said


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["home", "badacey", "badugi", "games", "practice"])
def test_no_page_leaves_a_card_symbol_for_a_screen_reader_to_read(client, name):
    said = heard(client.get(reverse(f"lessons:{name}")).content.decode())
    symbol = SUIT_SYMBOLS.search(said)
    assert symbol is None, said[max(0, symbol.start() - 80) : symbol.start() + 80]

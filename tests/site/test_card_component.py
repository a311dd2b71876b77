"""The card and hand includes, fed the evaluator's cards."""

from __future__ import annotations

import re

from django.template.loader import render_to_string

from evaluator import Card, parse_card


def make_card(rank: str, suit: str) -> Card:
    """A real evaluator card: the includes cache what they render per card."""
    return parse_card(rank + suit)


def hidden_texts(html: str) -> list[str]:
    return re.findall(r'<span class="visually-hidden">([^<]*)</span>', html)


def test_a_card_is_named_in_words_and_shown_as_rank_and_suit():
    html = render_to_string("includes/card.html", {"card": make_card("Q", "h")})
    assert hidden_texts(html) == ["queen of hearts"]
    assert '<span class="playing-card__face" aria-hidden="true">Q♥</span>' in html


def test_a_face_down_card_names_no_card():
    html = render_to_string("includes/card.html", {"card": make_card("Q", "h"), "back": True})
    assert hidden_texts(html) == ["a face-down card"]
    assert "Q" not in html.replace("a face-down card", "")


def test_the_deciding_card_of_a_comparison_says_so_in_words():
    html = render_to_string("includes/card.html", {"card": make_card("4", "d"), "decides": True})
    assert "playing-card--decides" in html
    assert hidden_texts(html) == ["four of diamonds (decides)"]


def test_hearts_and_diamonds_are_red_but_spades_are_not():
    hearts = render_to_string("includes/card.html", {"card": make_card("7", "h")})
    diamonds = render_to_string("includes/card.html", {"card": make_card("10", "d")})
    spades = render_to_string("includes/card.html", {"card": make_card("A", "s")})
    assert "playing-card--red" in hearts
    assert "playing-card--hearts" in hearts
    assert "playing-card--red" in diamonds
    assert "playing-card--red" not in spades


def test_a_counting_card_says_so_in_words_not_just_colour():
    html = render_to_string("includes/card.html", {"card": make_card("A", "c"), "highlight": True})
    assert "playing-card--counts" in html
    assert hidden_texts(html) == ["ace of clubs (counts)"]


def test_drawn_and_discarded_cards_are_announced():
    drawn = render_to_string("includes/card.html", {"card": make_card("2", "d"), "changed": "in"})
    thrown = render_to_string("includes/card.html", {"card": make_card("2", "d"), "changed": "out"})
    assert hidden_texts(drawn) == ["two of diamonds (new)"]
    assert hidden_texts(thrown) == ["two of diamonds (discarded)"]


def test_a_hand_is_a_labelled_group_that_marks_only_the_counting_cards():
    cards = [make_card("A", "s"), make_card("2", "h"), make_card("7", "s")]
    html = render_to_string(
        "includes/hand.html",
        {"cards": cards, "counting": cards[:2], "label": "Your hand"},
    )
    assert re.search(r'<span class="hand" role="group" aria-label="Your hand">', html)
    assert hidden_texts(html) == [
        "ace of spades (counts)",
        "two of hearts (counts)",
        "seven of spades",
    ]


def test_a_hand_marks_drawn_and_discarded_cards():
    kept, new, old = make_card("A", "s"), make_card("2", "h"), make_card("Q", "h")
    html = render_to_string(
        "includes/hand.html",
        {"cards": [kept, new, old], "drawn": [new], "discarded": [old]},
    )
    assert hidden_texts(html) == [
        "ace of spades",
        "two of hearts (new)",
        "queen of hearts (discarded)",
    ]
    assert 'role="group"' not in html

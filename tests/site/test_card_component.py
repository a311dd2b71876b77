"""The card and hand includes, fed the evaluator's cards."""

from __future__ import annotations

import re

from django.conf import settings
from django.template.loader import render_to_string

from evaluator import Card, parse_card


def make_card(rank: str, suit: str) -> Card:
    """A real evaluator card: the includes cache what they render per card."""
    return parse_card(rank + suit)


def hidden_texts(html: str) -> list[str]:
    """Each card's name: the text a screen reader hears (a boxed card's own text,
    an inline card's visually hidden text)."""
    return re.findall(r'<span class="pc[^"]*">(?:<span class="visually-hidden">)?([^<]*)<', html)


def classes(html: str) -> list[str]:
    return re.search(r'<span class="(pc[^"]*)"', html)[1].split()


def test_a_card_is_named_in_words_and_shown_as_rank_and_suit():
    html = render_to_string("includes/card.html", {"card": make_card("Q", "h")})
    assert hidden_texts(html) == ["queen of hearts"]
    # The corner and centre are drawn by site.css from the suit and rank classes.
    assert classes(html) == ["pc", "h", "rQ"]
    assert "Q♥" not in html


def test_a_face_down_card_names_no_card():
    html = render_to_string("includes/card.html", {"card": make_card("Q", "h"), "back": True})
    assert hidden_texts(html) == ["a face-down card"]
    assert "Q" not in html.replace("a face-down card", "")


def test_the_deciding_card_of_a_comparison_says_so_in_words():
    html = render_to_string("includes/card.html", {"card": make_card("4", "d"), "decides": True})
    assert "decides" in classes(html)
    assert hidden_texts(html) == ["four of diamonds (decides)"]
    assert '<span class="pc__mark" aria-hidden="true"></span>' in html


def test_hearts_and_diamonds_are_red_but_spades_are_not():
    hearts = render_to_string("includes/card.html", {"card": make_card("7", "h")})
    diamonds = render_to_string("includes/card.html", {"card": make_card("10", "d")})
    spades = render_to_string("includes/card.html", {"card": make_card("A", "s")})
    # site.css colours the h and d suit classes red.
    assert classes(hearts)[1] == "h"
    assert classes(diamonds)[1:3] == ["d", "r10"]
    assert classes(spades)[1] == "s"


def test_a_counting_card_says_so_in_words_not_just_colour():
    html = render_to_string("includes/card.html", {"card": make_card("A", "c"), "highlight": True})
    assert "counts" in classes(html)
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


def test_a_card_in_a_sentence_is_named_by_visually_hidden_text():
    html = render_to_string("includes/card.html", {"card": make_card("K", "s"), "inline": True})
    assert classes(html) == ["pc", "s", "rK", "inline"]
    assert '<span class="visually-hidden">king of spades</span>' in html


def test_drawn_and_discarded_cards_carry_the_marks_site_css_draws():
    drawn = render_to_string("includes/card.html", {"card": make_card("2", "d"), "changed": "in"})
    thrown = render_to_string("includes/card.html", {"card": make_card("2", "d"), "changed": "out"})
    assert classes(drawn)[3:] == ["new"]
    assert classes(thrown)[3:] == ["out"]


def test_every_card_of_the_deck_has_its_rank_and_suit_drawn_by_the_stylesheets():
    """The face is generated from the classes: a class without its rule is a blank card."""
    stylesheets = [
        (settings.BASE_DIR / "static" / "css" / name).read_text()
        for name in ("site.css", "admin-deal.css")
    ]
    for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"):
        for suit in "shdc":
            card = make_card(rank, suit)
            _block, suit_class, rank_class = classes(
                render_to_string("includes/card.html", {"card": card})
            )
            for css in stylesheets:
                assert f'.pc.{suit_class} {{ --s: "{card.symbol}";' in css, (card, suit_class)
                assert f'.pc.{rank_class} {{ --r: "{card.rank_text}"; }}' in css, (card, rank_class)

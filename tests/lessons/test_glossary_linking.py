"""The linker on its own: which words become glossary links, and where none may go."""

from __future__ import annotations

import re

import pytest
from django.template.loader import render_to_string
from django.utils.html import escape

from evaluator import parse_cards
from lessons.glossary import terms
from lessons.glossary.linking import link_first_uses


def card(text: str, **marks: object) -> str:
    """One card exactly as the site's card component draws it."""
    (drawn,) = parse_cards(text)
    return render_to_string("includes/card.html", {"card": drawn, **marks}).strip()


def links(html: str) -> list[tuple[str, str]]:
    """(anchor, linked text) of every glossary link in ``html``, in order."""
    pattern = r'<a class="glossary-link" href="/glossary/#([\w-]+)"[^>]*>(.*?)</a>'
    return re.findall(pattern, html, re.DOTALL)


def test_only_the_first_use_of_a_term_is_linked():
    out = link_first_uses("<p>Bram bets. Kira bets too, and Noor calls the bet.</p>")
    assert links(out) == [("bet", "bets"), ("call", "calls")]


@pytest.mark.parametrize(
    ("text", "word"),
    [("You recall it.", "call"), ("A spot on the felt.", "pot"), ("Betters and bettors.", "bet")],
)
def test_a_term_inside_a_longer_word_is_not_a_use(text, word):
    assert links(link_first_uses(f"<p>{text}</p>")) == []


def test_whole_words_around_punctuation_are_uses():
    out = link_first_uses("<p>(Call.) The pot's size.</p>")
    assert links(out) == [("call", "Call"), ("pot", "pot")]


def test_the_longest_term_wins_where_two_overlap():
    out = link_first_uses("<p>A side pot forms; the pot grows.</p>")
    assert links(out) == [("side-pot", "side pot"), ("pot", "pot")]


def test_a_phrase_split_by_a_line_break_or_a_non_breaking_space_is_still_one_use():
    out = link_first_uses("<p>a side\n   pot and a small&nbsp;bet</p>")
    assert links(out) == [("side-pot", "side\n   pot"), ("small-bet", "small&nbsp;bet")]


def test_no_link_goes_inside_a_heading_a_link_a_button_or_a_label():
    html = (
        "<h2>The pot</h2><p><a href='/x/'>pot</a></p><button>Raise</button>"
        "<label>Fold <input name=f></label><summary>Call</summary><code>bet</code>"
        "<p>The pot</p>"
    )
    out = link_first_uses(html)
    assert links(out) == [("pot", "pot")]
    assert out.startswith("<h2>The pot</h2><p><a href='/x/'>pot</a></p><button>Raise</button>")


def test_no_link_goes_inside_card_markup_or_hidden_text():
    html = (
        f"<p>{card('2♠', discarded=parse_cards('2♠'))}"
        '<span class="hand" role="group" aria-label="Your hand">draw</span>'
        '<span aria-hidden="true">pot</span> then discard.</p>'
    )
    assert links(link_first_uses(html)) == [("discard", "discard")]


def test_a_block_slot_is_left_alone_since_a_response_may_replace_it():
    html = "<!--slot:exercise:a{--><p>Bet</p><!--}slot:exercise:a--><p>Bet</p>"
    out = link_first_uses(html)
    assert out.startswith("<!--slot:exercise:a{--><p>Bet</p><!--}slot:exercise:a-->")
    assert links(out) == [("bet", "Bet")]


def test_everyday_senses_of_a_word_are_not_uses():
    html = "<p>Check that the chips add up; the answers are checked against the engine.</p>"
    assert links(link_first_uses(html)) == []
    assert links(link_first_uses("<p>Check that. Then Bram checks.</p>")) == [("check", "checks")]
    html = "<p>Taking two raises the chance; count the pairs of cards. Then Kira raises.</p>"
    assert links(link_first_uses(html)) == [("raise", "raises")]


def test_everything_but_the_links_is_copied_through_unchanged():
    html = (
        '<div data-status="<!--slot:status:a|new-->"><p>Noor&#x27;s <em>pot</em> &amp; '
        "<!--slot:x|y--> more</p></div><br><img alt=''>"
    )
    out = link_first_uses(html)
    assert re.sub(r'<span class="glossary-use">.*?</a>(<span.*?</span>)</span>', "pot", out) == html


def test_the_link_is_described_by_its_tooltip_holding_the_definition():
    out = link_first_uses("<p>The button moves.</p>")
    term = terms.BY_ANCHOR["button"]
    assert f'aria-describedby="glossary-tip-{term.anchor}"' in out
    tip = f'role="tooltip" id="glossary-tip-{term.anchor}">{escape(term.definition)}</span>'
    assert tip in out


def test_every_form_of_every_term_finds_its_term():
    for term in terms.TERMS:
        for form in term.uses:
            assert [found for _, _, found in terms.uses_in(f"x {form} x")] == [term], form


def test_anchors_and_forms_are_unique():
    anchors = [term.anchor for term in terms.TERMS]
    forms = [form.casefold() for term in terms.TERMS for form in term.uses]
    assert len(set(anchors)) == len(anchors)
    assert len(set(forms)) == len(forms)


def test_a_phrase_is_not_read_across_a_card_or_a_tag():
    two = card("2♠")
    assert links(link_first_uses(f"<p>side {two} pot</p>")) == [("pot", "pot")]
    assert links(link_first_uses("<p>side <em>pot</em></p>")) == [("pot", "pot")]


def test_a_card_drawn_by_the_card_component_keeps_its_markup():
    drawn = [
        card("2♠", discarded=parse_cards("2♠")),
        card("3♥", inline=True),
        card("4♦", decides=True),
        card("5♣", back=True),
    ]
    html = f"<p>Draw {' '.join(drawn)} now.</p>"
    out = link_first_uses(html)
    assert all(markup in out for markup in drawn)
    assert links(out) == [("draw", "Draw")]

"""The drawing lesson: every count on it is the engine's, and its counted claims hold.

Expected numbers come from ``evaluator.odds`` and ``evaluator.draw_equity``
(each tested against a brute force of its own); the one count typed here is
the issue's hand count, that a three-card A-2-3 Badugi drawing one has ten
outs.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from evaluator.draw_equity import discard_choices
from evaluator.odds import draw_odds
from lessons.templatetags.drawing import percent
from tests.lessons.test_pages import outline, section, text_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def lesson(client):
    return client.get(reverse("lessons:drawing"))


def test_the_contents_follow_the_lessons_order(lesson):
    assert outline(lesson).toc_links == [
        "#counted-or-judged",
        "#outs",
        "#odds-tables",
        "#how-many",
        "#reading-the-table",
        "#exercises",
        "#takeaways",
    ]


def test_the_page_says_which_parts_are_counted_and_which_are_judged(lesson):
    text = text_of(section(lesson, "counted-or-judged"))
    assert "exact counting" in text.lower() and "judgement" in text.lower()
    # Every judgement is labelled as one, and so is every counted remark beside it.
    body = text_of(lesson)
    assert body.count("Judgement.") >= 5
    assert body.count("Counted.") >= 5


def test_a_three_card_badugi_drawing_one_has_ten_outs(lesson):
    # The count by hand: the missing suit's cards of the other ten ranks.
    odds = draw_odds("badugi", "A♣ 2♦ 3♥", discarded="K♥")
    assert odds.outcome("badugi").hits == 10
    text = text_of(section(lesson, "outs"))
    assert "leave 10 outs" in text
    assert " ".join(str(card) for card in odds.outcome("badugi").outs) in text


def test_the_one_card_table_lists_each_targets_outs(lesson):
    text = text_of(section(lesson, "odds-tables"))
    for top in (7, 8, 9, 10, 11, 12):
        outcome = draw_odds("badugi", "2♣ 4♦ 7♥", discarded="K♥", badugi_top=top).outcome(
            "badugi_top"
        )
        cards = " ".join(str(card) for card in outcome.outs)
        assert f"{outcome.description} {outcome.hits} {outcome.percent_text} {cards}".lower() in (
            text.lower()
        )


def test_the_two_card_table_counts_pairs_of_cards_and_is_worse_than_one_card(lesson):
    text = text_of(section(lesson, "odds-tables"))
    two = draw_odds("badugi", "A♣ 2♦", discarded="9♥ K♥").outcome("badugi")
    one = draw_odds("badugi", "2♣ 4♦ 7♥", discarded="K♥").outcome("badugi")
    assert f"of {two.total}" in text and f"{two.hits} {two.percent_text}" in text
    assert two.probability < one.probability  # what the page's remark says


def test_both_at_once_never_beats_either_half(lesson):
    odds = draw_odds("badeucey", "2♠ 3♥ 4♥ 7♣", discarded="K♦", low_top=8)
    both = odds.outcome("both")
    assert both.hits <= odds.outcome("low").hits and both.hits <= odds.outcome("badugi").hits
    assert set(both.outs) == set(odds.outcome("low").outs) & set(odds.outcome("badugi").outs)
    assert f"{both.hits} {both.percent_text}" in text_of(section(lesson, "odds-tables"))


def test_the_keep_options_remark_matches_the_counts(lesson):
    rows = {
        throw: draw_odds("badeucey", kept, discarded=throw, low_top=9)
        for throw, kept in (
            ("K♦", "2♠ 3♥ 4♥ 7♣"),
            ("K♦ 4♥", "2♠ 3♥ 7♣"),
            ("7♣ K♦", "2♠ 3♥ 4♥"),
        )
    }

    def chance(throw, key):
        return rows[throw].outcome(key).probability

    # "throwing the second heart as well raises the chance of a Badugi and lowers the low"
    assert chance("K♦ 4♥", "badugi") > chance("K♦", "badugi")
    assert chance("K♦ 4♥", "low") < chance("K♦", "low")
    # "throwing the seven along with the king does worse in every column"
    for key in ("badugi", "low", "both"):
        assert chance("7♣ K♦", key) < chance("K♦", key)
    text = text_of(section(lesson, "how-many"))
    for odds in rows.values():
        assert " ".join(o.percent_text for o in odds.outcomes) in text


@pytest.mark.parametrize(
    "game, hand, against, best_throw",
    [
        # The page's judgement: break the queen against Pavel, stand pat against Ines.
        ("badeucey", "Q♣ 6♠ 4♥ 3♦ 2♦", "9♥ 7♠ 5♣ 4♣ 2♥", "Q♣"),
        ("badeucey", "Q♣ 6♠ 4♥ 3♦ 2♦", "8♥ 7♥ 5♥ 3♠ 2♣", ""),
        # Break the king against a made nine; keep it against three cards.
        ("badugi", "K♠ 4♦ 3♥ 2♣", "9♠ 7♦ 5♥ 3♣", "K♠"),
        ("badugi", "K♠ 4♦ 3♥ 2♣", "A♠ 5♦ 6♥ 6♣", ""),
        # The freeroll: throwing the king is worth more than standing pat.
        ("badeucey", "K♣ 5♠ 4♥ 3♦ 2♣", "8♥ 6♥ 4♣ 3♣ 2♠", "K♣"),
    ],
)
def test_each_share_table_puts_the_engines_best_choice_first(
    lesson, game, hand, against, best_throw
):
    choices = discard_choices(game, hand, [against], most=1)
    assert " ".join(str(c) for c in choices[0].discard) == best_throw
    text = text_of(lesson)
    shown = [f"{percent(c.share)}" for c in choices]
    assert re.search(r"\s+".join(re.escape(p) + r"[^%]*?" for p in shown), text)


def test_the_freeroll_never_costs_the_locked_half(lesson):
    choices = {
        " ".join(str(c) for c in choice.discard): choice
        for choice in discard_choices("badeucey", "K♣ 5♠ 4♥ 3♦ 2♣", ["8♥ 6♥ 4♣ 3♣ 2♠"], most=1)
    }
    assert choices["K♣"].share > choices[""].share
    assert f"Her best expected share is {percent(choices['K♣'].share)}" in text_of(lesson)


def test_the_navigation_and_the_home_page_list_the_lesson(client, lesson):
    url = reverse("lessons:drawing")
    assert re.search(rf'href="{url}" aria-current="page"', lesson.text)
    assert f'href="{url}"' in client.get(reverse("lessons:home")).text

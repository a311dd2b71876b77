"""The Badeucey lesson: every reading on it is the evaluator's, and its claims hold up.

Expected values are asked of the evaluator; the page's two "nothing is
better" claims are checked against a brute-force search of every hand, so
they do not rest on the evaluator alone.
"""

from __future__ import annotations

import re
from itertools import combinations, combinations_with_replacement

import pytest
from django.urls import reverse

from evaluator import (
    Card,
    ace_to_five,
    badugi,
    deuce_to_seven,
    parse_card,
    parse_cards,
    parse_deal,
    replay,
    worked_deal,
)
from evaluator.cards import SUITS
from lessons.pages import badeucey_page, page_data
from tests.lessons.test_pages import outline, section, text_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def lesson(client):
    """The lesson page (not named ``page``: that is Playwright's browser page)."""
    return client.get(reverse("lessons:badeucey"))


def test_the_contents_follow_the_lessons_order(lesson):
    assert outline(lesson).toc_links == [
        "#two-scores",
        "#deuce-to-seven",
        "#ace-high-badugi",
        "#both-halves",
        "#showdowns",
        "#schedule",
        "#worked-deal",
        "#exercises",
        "#review",
    ]


def test_the_ace_is_read_high_in_the_low(lesson):
    text = text_of(section(lesson, "deuce-to-seven"))
    wheel = deuce_to_seven(parse_cards("A♦ 2♠ 3♥ 4♣ 5♦"))
    broadway = deuce_to_seven(parse_cards("10♠ J♥ Q♦ K♣ A♠"))
    assert wheel.category == "no pair" and wheel.text in text
    assert broadway.category == "straight" and broadway.text in text
    # The page says a king-high hand beats the ace-to-five run: the evaluator agrees.
    assert deuce_to_seven(parse_cards("K♠ J♥ 9♦ 6♣ 4♠")) > wheel


def test_the_low_categories_are_listed_best_first(lesson):
    text = text_of(section(lesson, "deuce-to-seven"))
    ladder = sorted(
        (deuce_to_seven(parse_cards(c)) for c in badeucey_page.D27_LADDER), reverse=True
    )
    assert len({value.category for value in ladder}) == len(ladder), "one hand per category"
    positions = [text.index(f"{v.category}, read as {v.text}") for v in ladder]
    assert positions == sorted(positions)


def test_straights_and_flushes_rank_below_every_pair_and_even_three_of_a_kind(lesson):
    ladder = badeucey_page.d27_ladder()
    order = [value.category for value in ladder]
    assert order.index("three of a kind") < order.index("straight") < order.index("flush")


def test_one_holding_is_read_by_both_games_side_by_side(lesson):
    table = text_of(section(lesson, "ace-high-badugi"))
    for cards in badeucey_page.BOTH_GAMES:
        hand = parse_cards(cards)
        for value in (
            ace_to_five(hand).text,
            badugi(hand).description,
            deuce_to_seven(hand).text,
            badugi(hand, ace_high=True).description,
        ):
            assert value in table


def test_the_ace_leaves_the_badugi_when_another_card_can_take_its_suit(lesson):
    hand = parse_cards("A♣ 2♣ 4♥ 5♦ 7♠")
    high, low = badugi(hand, ace_high=True), badugi(hand)
    assert parse_card("A♣") not in high.cards and parse_card("A♣") in low.cards
    assert f"{high.description} <strong>(best)</strong>" in lesson.text
    assert low.description in text_of(section(lesson, "ace-high-badugi"))


def every_low_value():
    """One hand per deuce-to-seven value: each rank multiset, in one suit and in several."""
    ranks = range(1, 14)
    for multiset in combinations_with_replacement(ranks, 5):
        if max(multiset.count(r) for r in multiset) > 4:
            continue
        if len(set(multiset)) == 5:
            yield [Card(rank, SUITS[i % 4]) for i, rank in enumerate(multiset)]  # four suits
            yield [Card(rank, SUITS[0]) for rank in multiset]  # one suit
            continue
        used: dict[int, int] = {}
        paired = []
        for rank in multiset:  # copies of a rank take different suits, so no flush
            paired.append(Card(rank, SUITS[used.get(rank, 0)]))
            used[rank] = used.get(rank, 0) + 1
        yield paired


def test_the_dream_hand_cannot_be_beaten_in_either_half(lesson):
    dream = parse_cards("7♠ 5♥ 4♦ 3♣ 2♠")
    best_low = max(deuce_to_seven(hand) for hand in every_low_value())
    assert deuce_to_seven(dream) == best_low
    # Any four-card Badugi beats a smaller one, so the best is among four ranks in four suits.
    best_badugi = max(
        badugi([Card(r, s) for r, s in zip(ranks, SUITS, strict=True)], ace_high=True)
        for ranks in combinations(range(1, 14), 4)
    )
    assert badugi(dream, ace_high=True) == best_badugi
    text = text_of(section(lesson, "both-halves"))
    assert deuce_to_seven(dream).text in text
    assert best_badugi.description in text


def test_each_conflict_between_the_halves_reads_as_the_page_says(lesson):
    text = text_of(section(lesson, "both-halves"))
    straight = parse_cards("7♣ 6♦ 5♥ 4♠ 3♣")
    assert deuce_to_seven(straight).category == "straight"
    assert badugi(straight, ace_high=True).size == 4
    paired = parse_cards("8♠ 8♦ 5♥ 3♣ 2♣")
    assert deuce_to_seven(paired).category == "one pair"
    assert badugi(paired, ace_high=True).size < 4
    for hand in (straight, paired):
        assert deuce_to_seven(hand).text in text
        assert badugi(hand, ace_high=True).description in text


def test_the_reference_showdowns_are_settled_on_the_page(lesson):
    text = text_of(section(lesson, "showdowns"))
    for item in page_data.badeucey_examples():
        for line in item["result"].explanation():
            assert line in text


def test_the_worked_deal_is_the_engines_replay_of_its_notation(lesson):
    played = replay(parse_deal(worked_deal(badeucey_page.WORKED_DEAL)))
    text = text_of(section(lesson, "worked-deal"))
    for line in played.settlement.explanation():
        assert line in text
    for pot in played.round_pots:
        assert str(pot) in text
    for row in played.ledger.rows:
        assert re.search(
            rf"{row.name} {row.start} {row.contributed} {row.received} {row.end} ", text
        ), row


def test_the_draws_table_lists_every_draw_with_the_hand_it_leaves(lesson):
    played = replay(parse_deal(worked_deal(badeucey_page.WORKED_DEAL)))
    draws = [s for s in played.steps if s.kind == "draw"]
    rows = badeucey_page.draw_rows(played)
    assert len(rows) == len(draws) > 0
    table = section(lesson, "worked-deal")
    start = table.index('id="draws-caption"')
    body = table[start : table.index("</table>", start)]
    assert body.count("<tr>") == len(draws) + 1  # the header row too
    text = text_of(body)
    for row in rows:
        assert f"{row.low.text} {row.badugi.description}" in text


def test_the_worked_deal_links_to_its_replay_which_is_served(lesson, client):
    url = reverse("lessons:replay", args=["ines-olu-pavel"])
    assert f'href="{url}"' in lesson.text
    assert client.get(url).status_code == 200


def test_the_practice_filter_finds_the_badeucey_worked_deal(client):
    response = client.get(reverse("lessons:practice"), {"game": "badeucey"})
    assert response.status_code == 200
    assert 'href="/exercises/ines-olu-pavel/"' in response.text
    assert "ines-olu-pavel" not in client.get(reverse("lessons:practice"), {"game": "badugi"}).text


def test_the_six_exercises_are_on_the_page_in_order(lesson):
    titles = re.findall(r'class="exercise__title">Exercise (\d+):', lesson.text)
    assert titles == ["1", "2", "3", "4", "5", "6"]


def test_the_navigation_and_the_home_page_list_the_lesson(client, lesson):
    url = reverse("lessons:badeucey")
    assert re.search(rf'href="{url}" aria-current="page"', lesson.text)
    assert f'href="{url}"' in client.get(reverse("lessons:home")).text


def test_each_games_column_links_to_its_lesson(client):
    table = section(client.get(reverse("lessons:games")), "side-by-side")
    header = table[: table.index("</thead>")]
    for key in ("badacey", "badeucey", "badugi"):
        assert f'href="{reverse(f"lessons:{key}")}"' in header

"""Comparisons line the two hands up card by card and mark the deciding card.

The hands are the ones the Badacey lesson types; which card decides comes from
the evaluator's ``deciding``.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from evaluator import ace_to_five, parse_cards
from evaluator.deciding import deciding, reading_cards

pytestmark = pytest.mark.django_db


def test_the_first_comparison_marks_the_card_the_engine_says_decides(client):
    page = client.get(reverse("lessons:badacey")).content.decode()
    lineup = page.split('<table class="lineup">', 1)[1].split("</table>", 1)[0]
    first, second = (
        ace_to_five(parse_cards("7♠ 6♥ 4♦ 2♣ A♥")),
        ace_to_five(parse_cards("7♦ 6♣ 5♠ 3♥ 2♦")),
    )
    decided = deciding(first, second)
    marked = re.findall(r"([a-z]+ of [a-z]+) \(decides\)", lineup)
    assert marked == [card.name for hand in decided.cards for card in hand]
    # Card by card: each row lists the hand in reading order.
    rows = lineup.split("<tr>")[1:]
    for row, value in zip(rows, (first, second), strict=True):
        names = re.findall(r'<span class="pc [^"]*">([a-z]+ of [a-z]+)', row)
        assert names == [card.name for card in reading_cards(value)]

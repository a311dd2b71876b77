"""A drawing question aimed at the game's "any" top card reads as "any Badugi".

``for badugi K`` in Badugi or Badacey (``for badugi A`` in Badeucey) names
the highest card a Badugi can hold, so the target is any four-card Badugi.
The admin accepts such a part; the exercise must then show, check, hint
and work it out like any other. The counts are asked of ``evaluator.odds``.
"""

from __future__ import annotations

import html

import pytest

from evaluator import get_profile, parse_cards
from evaluator.odds import draw_odds
from lessons.deals import parts
from lessons.exercises.forms import AnswerForm
from tests.factories import make_deal, right_answer

pytestmark = pytest.mark.django_db

# Ines's hand, Olu's, the card Ines throws, and the game's "any" top card.
TABLES = {
    "badugi": ("A♣ 2♦ 3♥ K♥", "4♠ 9♠ 6♦ 7♣", "K♥", "K"),
    "badacey": ("A♣ 2♦ 3♥ K♥ 5♦", "4♠ 9♠ 6♦ 7♣ 8♣", "K♥", "K"),
    "badeucey": ("2♣ 3♦ 4♥ A♥ 6♦", "5♠ 9♠ 7♦ 8♣ 10♣", "A♥", "A"),
}
LINES = {
    "outs": "outs Ines; throw {throw}; for badugi {top}",
    "odds": "odds Ines; throw {throw}; for badugi {top}; within 5",
    "discard": "discard Ines; most 2; for badugi {top}",
}


def any_top_deal(game: str, line: str):
    ines, olu, throw, top = TABLES[game]
    seats = [{"name": "Ines", "cards": ines}, {"name": "Olu", "cards": olu}]
    text = LINES[line].format(throw=throw, top=top)
    return make_deal(
        game=game,
        seats=seats,
        pot=None,
        parts=parts.parse_parts(text, ["Ines", "Olu"]),
        prompt="Ines draws.",
    )


def any_badugi(deal):
    """The engine's count for any four-card Badugi, with no top card named."""
    part = deal.parts[0]
    hand = parse_cards(deal.seats[0]["cards"])
    throw = parse_cards(part["throw"])
    return draw_odds(
        get_profile(deal.game),
        [c for c in hand if c not in throw],
        discarded=throw,
        dead=parse_cards(deal.seats[1]["cards"]),
    ).outcome("badugi")


CASES = [(game, line) for game in TABLES for line in LINES]


@pytest.mark.parametrize("game, line", CASES)
def test_the_exercise_page_answer_and_hints_are_served(client, game, line):
    deal = any_top_deal(game, line)
    assert client.get(deal.get_absolute_url()).status_code == 200
    assert client.get(deal.answer_url).status_code == 200
    response = client.post(deal.hint_url, {"hint": "0", f"{deal.slug}-p0_hints": "0"})
    assert response.status_code == 200


@pytest.mark.parametrize("game, line", CASES)
def test_the_engines_answer_is_accepted(client, game, line):
    deal = any_top_deal(game, line)
    body = html.unescape(client.post(deal.check_url, right_answer(deal)).content.decode())
    assert "All right: every part is correct." in body


@pytest.mark.parametrize("game", list(TABLES))
def test_the_outs_are_those_of_any_badugi(client, game):
    deal = any_top_deal(game, "outs")
    expected = any_badugi(deal)
    assert parts.model_answer(deal)[parts.answer_key(0)] == str(expected.hits)
    form = AnswerForm(deal=deal)
    (fieldset,) = form.fieldsets
    assert "a four-card Badugi" in html.unescape(str(fieldset.legend))
    wrong = {f"{deal.slug}-p0": str(expected.hits + 1)}
    body = html.unescape(client.post(deal.check_url, wrong).content.decode())
    assert "Not yet" in body


def test_a_top_card_below_the_best_badugi_is_refused_in_plain_words():
    (part,) = parts.parse_parts("outs Ines; throw K♥; for badugi 3", ["Ines", "Olu"])
    problem = parts.part_problem(part, get_profile("badugi"), 2)
    assert problem is not None and "no Badugi can be 3-high" in problem

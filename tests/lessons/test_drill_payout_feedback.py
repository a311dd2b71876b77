"""Payouts drill feedback: the whole pot shared out by the number of players is named.

The lesson exercise names that slip ("each half has its own divisor"); a
drill item must too, whoever won the halves. The wrong answer is built the
way a learner builds it: each pot divided evenly among the players still in
it, left-over chips one at a time clockwise from the button's left. The
right answer and the misconception's words are the engine's.
"""

from __future__ import annotations

import html

import pytest

from evaluator.misconceptions import MISCONCEPTIONS, payout_mistake
from lessons.deals import parts
from lessons.drills.forms import drill_url
from tests.drill_tables import table_of

pytestmark = pytest.mark.django_db

WHOLE_POT = MISCONCEPTIONS["whole-pot-split"]


def by_the_number_of_players(table) -> tuple[int, ...]:
    outcome = table.settlement()
    seats = len(table.names)
    clockwise = [(table.button + 1 + k) % seats for k in range(seats)]
    payouts = [0] * seats
    for pot in outcome.pots:
        players = sorted(pot.eligible, key=clockwise.index)
        base, extra = divmod(pot.amount, len(players))
        for k, seat in enumerate(players):
            payouts[seat] += base + (1 if k < extra else 0)
    return tuple(payouts)


def unnamed_items(game: str, difficulty: int):
    """Items where that answer is wrong and the exercises' own check names no idea for it."""
    for seed in range(200):
        table = table_of("payouts", game, difficulty, seed)
        outcome = table.settlement()
        wrong = by_the_number_of_players(table)
        if wrong == outcome.payouts:
            continue
        put_in = table.chips_put_in
        named = payout_mistake(
            wrong,
            outcome.profile,
            table.hands,
            pot=None if put_in else outcome.total,
            contributions=put_in,
            folded=table.folded,
            button=table.button,
        )
        if named is None:
            yield seed, table, wrong


def verdict_on(client, game, difficulty, seed, payouts) -> str:
    data = {f"drill-{parts.answer_key(0, 'seat', s)}": str(c) for s, c in enumerate(payouts)}
    response = client.post(drill_url("payouts", game, difficulty, seed), data)
    assert response.status_code == 200
    body = html.unescape(response.content.decode())
    return body.split('id="drill-last-title"', 1)[1].split('id="drill-item-title"', 1)[0]


@pytest.mark.parametrize("game", ["badacey", "badeucey"])
@pytest.mark.parametrize("difficulty", [1, 2, 3])
def test_splitting_every_pot_by_the_number_of_players_is_named(client, game, difficulty):
    cases = list(unnamed_items(game, difficulty))[:3]
    assert cases, "no item of this setting leaves that slip unnamed: nothing to test"
    for seed, _table, wrong in cases:
        verdict = verdict_on(client, game, difficulty, seed, wrong)
        assert "Not quite" in verdict
        assert WHOLE_POT.correction[1:] in verdict, seed  # its first letter may be a capital


def test_the_right_answer_is_still_right_where_the_even_split_is_right(client):
    """Where dividing by the players happens to be right, it is called right, not a slip."""
    for seed in range(200):
        table = table_of("payouts", "badacey", 1, seed)
        if by_the_number_of_players(table) == table.settlement().payouts:
            break
    verdict = verdict_on(client, "badacey", 1, seed, table.settlement().payouts)
    assert "Every part is correct" in verdict and WHOLE_POT.correction[1:] not in verdict


@pytest.mark.parametrize("game", ["badacey", "badeucey", "badugi"])
def test_the_model_answer_is_the_engines_settlement_of_every_pot(game):
    """Over many hard items, side pots included, the model answer is the settlement's payouts."""
    from evaluator import settle

    for seed in range(150):
        table = table_of("payouts", game, 3, seed)
        item = table.item
        outcome = settle(
            table.profile,
            table.hands,
            pot=None if item.contributions else item.pot,
            contributions=item.contributions,
            folded=table.folded,
            button=item.button,
        )
        model = parts.model_answer(table)
        answer = [int(model[parts.answer_key(0, "seat", s)]) for s in range(len(table.names))]
        assert answer == list(outcome.payouts), seed

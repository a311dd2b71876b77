"""A payouts drill item with side pots, answered through the drill page end to end.

Hard payouts items give each seat's chips put in: all-in players make side
pots. Every expectation here is asked of the engine (``settle`` with the
contributions, ``payout_mistake``); the page must take the box limits, the
right answer, the misconception named, the sum and the hints from those
side pots, never from one pot of the same chips.
"""

from __future__ import annotations

import html

import pytest

from evaluator import settle
from evaluator.misconceptions import MISCONCEPTIONS, payout_beliefs, payout_mistake
from lessons.deals import parts
from lessons.drills.forms import drill_url
from lessons.drills.items import DrillTable
from tests.drill_tables import side_pot_item, side_pot_items, side_pots

pytestmark = pytest.mark.django_db

GAMES = ["badacey", "badeucey", "badugi"]


def one_pot(table: DrillTable):
    """The same chips settled as one pot: what a learner ignoring the side pots computes."""
    total = sum(table.item.contributions or [])
    return settle(table.profile, table.hands, pot=total, folded=table.folded, button=table.button)


def post(client, game: str, seed: int, payouts, status: int = 200) -> str:
    data = {f"drill-p0_seat_{seat}": str(chips) for seat, chips in enumerate(payouts)}
    response = client.post(drill_url("payouts", game, 3, seed), data)
    assert response.status_code == status
    return html.unescape(response.content.decode())


def last_item(body: str) -> str:
    """The verdict section on the item just answered (the next item follows it)."""
    return body.split('id="drill-last-title"', 1)[1].split('id="drill-item-title"', 1)[0]


@pytest.mark.parametrize("game", GAMES)
def test_the_boxes_and_the_legend_count_every_pot(client, game):
    seed, table = side_pot_item(game)
    outcome = side_pots(table)
    body = html.unescape(client.get(drill_url("payouts", game, 3, seed)).content.decode())
    for seat in range(len(table.seats)):
        box = body.split(f'name="drill-p0_seat_{seat}"', 1)[1].split(">", 1)[0]
        assert f'max="{outcome.total}"' in box
    assert f"from the {outcome.total} chips of the main pot and its" in body


@pytest.mark.parametrize("game", GAMES)
def test_the_model_answer_is_the_side_pot_settlement_and_the_page_accepts_it(client, game):
    seed, table = side_pot_item(game)
    right = side_pots(table).payouts
    model = parts.model_answer(table)
    assert [int(model[parts.answer_key(0, "seat", s)]) for s in range(len(right))] == list(right)
    assert "Every part is correct" in post(client, game, seed, right)


def test_pooling_the_chips_is_wrong_and_named_as_the_side_pot_mistake(client):
    def pooled_differs(table, outcome):
        return one_pot(table).payouts != outcome.payouts

    seed, table = side_pot_item("badacey", pooled_differs)
    wrong = one_pot(table).payouts
    named = payout_mistake(
        wrong,
        table.profile,
        table.hands,
        contributions=table.item.contributions,
        folded=table.folded,
        button=table.button,
    )
    assert named is not None and named.name == "side-pots-ignored"
    verdict = last_item(post(client, "badacey", seed, wrong))
    assert "Not quite" in verdict and "Every part is correct" not in verdict
    assert named.correction in verdict


def one_pot_only_answers():
    """(game, seed, rule, answer): a one-pot belief's answer that no side-pot belief gives."""
    for game in GAMES:
        for seed, table, outcome in side_pot_items(game):
            chips = {"folded": table.folded, "button": table.button}
            contributions = table.item.contributions
            real = payout_beliefs(table.profile, table.hands, contributions=contributions, **chips)
            explained = {a for answers in real.values() for a in answers}
            explained |= {outcome.payouts, one_pot(table).payouts}
            pooled = payout_beliefs(table.profile, table.hands, pot=outcome.total, **chips)
            for name, answers in pooled.items():
                for wrong in answers:
                    if wrong not in explained:
                        yield game, seed, name, wrong


def test_a_misconception_named_only_by_one_pot_is_not_shown(client):
    """The old check worked beliefs out on one pot; on side pots such an answer names none."""
    game, seed, name, wrong = next(one_pot_only_answers())
    verdict = last_item(post(client, game, seed, wrong))
    assert "Not quite" in verdict
    assert MISCONCEPTIONS[name].correction not in verdict
    assert not any(m.correction in verdict for m in MISCONCEPTIONS.values())


def test_a_sum_off_by_a_chip_names_the_total_of_every_pot(client):
    seed, table = side_pot_item("badacey")
    outcome = side_pots(table)
    short = list(outcome.payouts)
    taker = max(range(len(short)), key=short.__getitem__)
    short[taker] -= 1
    verdict = last_item(post(client, "badacey", seed, short))
    assert f"add up to {outcome.total - 1}" in verdict
    assert f"hold {outcome.total} together" in verdict


def test_a_box_over_the_total_of_every_pot_is_refused_with_it(client):
    seed, table = side_pot_item("badacey")
    outcome = side_pots(table)
    too_many = list(outcome.payouts)
    too_many[0] = outcome.total + 1
    body = post(client, "badacey", seed, too_many, status=400)  # the form's max was bypassed
    assert f"cannot be more than the {outcome.total} chips of all the pots" in body
    assert "Not quite" not in body  # refused before any check: the same item again


@pytest.mark.parametrize("game", GAMES)
def test_the_hints_walk_through_the_main_pot_and_each_side_pot(game):
    seed, table = side_pot_item(game)
    outcome = side_pots(table)
    (hints,) = parts.hints(table)
    assert len(hints) == 3
    first, second, third = hints
    for pot in outcome.pots:
        assert f"{pot.name} holds {pot.amount}" in first
        eligible = [table.names[s] for s in pot.eligible]
        after = first.split(f"{pot.name} holds {pot.amount}", 1)[1]
        described = after.split(";", 1)[0].split(". ", 1)[0]
        assert all(name in described for name in eligible)
        others = [n for n in table.names if n not in eligible]
        assert not any(name in described for name in others)
        assert pot.name in second
    contested = [p for p in outcome.pots if p.awards[0].kind != "uncontested"]
    assert all(p.name in third for p in contested)

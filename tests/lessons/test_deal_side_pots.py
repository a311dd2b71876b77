"""A stored deal whose history has an all-in, side pots or folds settles as its replay does.

A teacher's history is the whole deal: who put in how much, who was all in
for less, who folded. The deal's verdict, the answer check, the worked answer
and the model answer must all settle those chips exactly as the replayer
does, never as one pot of the history's total. Every expectation below is
the replay engine's own settlement of the same history.
"""

from __future__ import annotations

import html

import pytest

from evaluator import AWARD_TITLES, parse_deal, replay, settle
from lessons.course import section_link
from lessons.deals import parts
from lessons.deals.readings import deal_readings
from tests.factories import field, make_deal

pytestmark = pytest.mark.django_db

# Dee is all in for 16 before the draw; Ana and Ben bet on into a side pot.
DEE_ALL_IN = """\
game badacey
seat Ana, 200 chips: 2♠ 3♣ 4♦ 6♥ 7♥
seat Ben, 200 chips: A♦ 2♣ 3♠ 5♥ K♦
seat Dee, 16 chips: A♣ 2♦ 3♥ 4♠ 5♣
button Ana
before the draw: Ana raise to 12, Ben call 9, Dee all-in 10, Ana call 4, Ben call 4; pot 48
draw 1: Ben pat; Dee pat; Ana pat
after draw 1: Ben bet 6, Ana call 6
draw 2: Ben pat; Dee pat; Ana pat
after draw 2: Ben bet 12, Ana call 12
draw 3: Ben pat; Dee pat; Ana pat
after draw 3: Ben check, Ana bet 12, Ben call 12
"""

# Cy puts 18 in and folds; Dee is all in for 16; the others play on.
FOLD_AND_ALL_IN = """\
game badacey
seat Ana, 200 chips: 2♠ 3♣ 4♦ 6♥ 7♥
seat Ben, 200 chips: A♦ 2♣ 3♠ 5♥ K♦
seat Cy, 200 chips: 8♣ 9♦ 10♥ J♠ Q♣
seat Dee, 16 chips: A♣ 2♦ 3♥ 4♠ 5♣
button Ana
before the draw: Dee call, Ana raise 12, Ben call, Cy raise 18, Dee all-in 10, Ana call, Ben call
draw 1: Ben pat; Cy pat; Dee pat; Ana pat
after draw 1: Ben bet 6, Cy fold, Ana call 6
draw 2: Ben pat; Dee pat; Ana pat
after draw 2: Ben bet 12, Ana call 12
draw 3: Ben pat; Dee pat; Ana pat
after draw 3: Ben check, Ana bet 12, Ben call 12
"""

HISTORIES = {"dee-all-in": DEE_ALL_IN, "fold-and-all-in": FOLD_AND_ALL_IN}


def replayed(history: str):
    return replay(parse_deal(history))


@pytest.fixture(params=list(HISTORIES))
def history(request) -> str:
    return HISTORIES[request.param]


@pytest.fixture
def deal(history):
    return make_deal(history=history, parts=[{"kind": "winners"}, {"kind": "payouts"}])


def payout_post(deal, payouts) -> dict[str, str]:
    winners = parts.model_answer(deal)
    post = {f"{deal.slug}-{key}": value for key, value in winners.items()}
    for seat, chips in enumerate(payouts):
        post[field(deal, 1, "seat", seat)] = str(chips)
    return post


def test_the_side_pots_change_the_payouts_so_the_cases_can_fail(history):
    """Guards the test data: settled as one pot, these histories pay differently."""
    played = replayed(history)
    one_pot = settle(
        played.profile,
        [seat.cards for seat in played.steps[-1].state.seats],
        pot=played.settlement.total,
        folded=[seat.folded for seat in played.steps[-1].state.seats],
        button=played.record.button,
    )
    assert one_pot.payouts != played.settlement.payouts
    assert len(played.settlement.pots) > 1


def test_the_deals_settlement_is_the_replayers(deal, history):
    played = replayed(history).settlement
    ours = deal.settlement()
    assert ours.payouts == played.payouts
    assert [(p.name, p.amount, p.eligible) for p in ours.pots] == [
        (p.name, p.amount, p.eligible) for p in played.pots
    ]
    assert ours.explanation() == played.explanation()


def test_the_verdict_shows_the_replayers_payouts(deal, history):
    played = replayed(history).settlement
    (reading,) = deal_readings(deal)
    assert reading.payouts == list(zip(played.names, played.payouts, strict=True))
    assert [line.explanation for line in reading.awards] == played.explanation()
    assert reading.several_pots


def test_the_model_answer_is_the_replayers_payouts(deal, history):
    played = replayed(history).settlement
    model = parts.model_answer(deal)
    paid = [int(model[parts.answer_key(1, "seat", s)]) for s in range(len(played.payouts))]
    assert paid == list(played.payouts)


def test_the_replayers_payouts_are_accepted(client, deal, history):
    played = replayed(history).settlement
    response = client.post(deal.check_url, payout_post(deal, played.payouts))
    body = html.unescape(response.content.decode())
    assert "All right: every part is correct." in body


def test_one_pot_of_the_same_chips_is_refused_as_ignoring_the_side_pots(client, deal, history):
    played = replayed(history)
    final = played.steps[-1].state.seats
    one_pot = settle(
        played.profile,
        [seat.cards for seat in final],
        pot=played.settlement.total,
        folded=[seat.folded for seat in final],
        button=played.record.button,
    )
    response = client.post(deal.check_url, payout_post(deal, one_pot.payouts))
    body = html.unescape(response.content.decode())
    assert "Not yet: 2 of 3 correct." in body
    assert "build the main pot and each side pot from the chips put in" in body
    # The reread link is the section that teaches side pots, not the odd chip's.
    side_pots = section_link("table_basics#side-pots")
    assert f'href="{side_pots.url}"' in body and side_pots.title in body
    assert section_link("table_basics#odd-chip").url not in body


def test_the_payouts_legend_and_boxes_count_every_pot(client, deal, history):
    played = replayed(history).settlement
    body = html.unescape(client.get(deal.get_absolute_url()).content.decode())
    assert f"from the {played.total} chips of the main pot and" in body


def test_the_worked_answer_settles_each_pot(client, deal, history):
    played = replayed(history).settlement
    body = html.unescape(client.get(deal.answer_url).content.decode())
    for sentence in played.explanation():
        assert sentence in body


def test_another_game_reads_the_same_chips_with_the_same_side_pots(history):
    played = replayed(history)
    deal = make_deal(history=history, parts=[{"kind": "payouts", "game": "badeucey"}])
    final = played.steps[-1].state.seats
    expected = settle(
        "badeucey",
        [None if seat.folded else seat.cards for seat in final],
        contributions=[row.total for row in played.contributions.rows],
        folded=[seat.folded for seat in final],
        button=played.record.button,
        names=played.settlement.names,
    )
    assert deal.settlement("badeucey").payouts == expected.payouts
    model = parts.model_answer(deal)
    paid = [int(model[parts.answer_key(0, "seat", s)]) for s in range(len(final))]
    assert paid == list(expected.payouts)


def test_with_side_pots_the_winners_question_names_the_main_pot(client, deal, history):
    """The winners asked for are the main pot's, so the question must say so."""
    settlement = replayed(history).settlement
    assert len(settlement.pots) > 1
    page = client.get(deal.get_absolute_url()).content.decode()
    for kind in settlement.profile.awards:
        assert f"Winner(s) of the {AWARD_TITLES[kind]} half of the main pot" in page


def test_without_side_pots_the_winners_question_speaks_of_the_halves_alone(client):
    plain = make_deal(parts=[{"kind": "winners"}])
    page = client.get(plain.get_absolute_url()).content.decode()
    assert "of the main pot" not in page
    assert "Winner(s) of the" in page

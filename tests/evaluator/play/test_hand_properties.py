"""Random legal play across every game, 2-6 seats and short stacks (hypothesis).

What must hold in every hand: chips are conserved, nothing illegal is
accepted, the hand ends, the payouts are the settlement path's (the notation,
replayed by ``evaluator.replay``, pays the same), the same seed and actions
rebuild the same hand, and the public state never holds a hidden card.
"""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from evaluator import PROFILES, parse_deal, replay
from evaluator.cards import DECK
from evaluator.play import Action, IllegalAction, LiveHand, TableSettings, card_code

from .helpers import random_action


@st.composite
def tables(draw: st.DrawFn) -> TableSettings:
    game = draw(st.sampled_from(sorted(PROFILES)))
    seats = draw(st.integers(2, 6))
    learner = draw(st.integers(0, seats - 1))
    big = PROFILES[game].big_bet
    # Short stacks (down to a single chip) as well as deep ones, so all-ins and side pots come up.
    stacks = tuple(
        draw(st.sampled_from([1, big // 2, big, 2 * big, 5 * big, 30 * big])) for _ in range(seats)
    )
    kinds = ("solid", "caller", "aggressor")
    personalities = tuple(
        None if s == learner else draw(st.sampled_from(kinds)) for s in range(seats)
    )
    return TableSettings(
        game=game,
        seats=seats,
        learner_seat=learner,
        personalities=personalities,
        stacks=stacks,
        button=draw(st.integers(0, seats - 1)),
        seed=draw(st.integers(0, 2**32)),
    )


def illegal_tries(hand: LiveHand) -> list[Action]:
    """Actions that are never legal at this point of the hand."""
    legal = hand.legal_actions()
    kinds = {a.kind for a in legal}
    tries = [Action(k) for k in ("fold", "check", "call", "bet", "raise", "draw") if k not in kinds]
    tries.append(Action("shove"))
    if "draw" in kinds:
        mine = set(hand.learner_cards)
        stranger = next(c for c in DECK if c not in mine)
        tries.append(Action("draw", (stranger,)))
        tries.append(Action("draw", (hand.learner_cards[0], hand.learner_cards[0])))
        too_many = legal[0].max_discards + 1
        if too_many <= len(hand.learner_cards):
            tries.append(Action("draw", hand.learner_cards[:too_many]))
    else:
        tries.append(Action(legal[-1].kind, (hand.learner_cards[0],)))
    return tries


def hidden_spellings(hand: LiveHand) -> set[str]:
    """Every spelling of every card the learner may not see now."""
    state_cards = set(hand.learner_cards)
    hidden = set()
    for seat in range(hand.settings.seats):
        if seat == hand.settings.learner_seat:
            continue
        if hand.is_over and not hand.folded(seat) and len(hand.live_seats()) > 1:
            continue  # shown at the showdown
        for card in hand.hand_of(seat):
            if card not in state_cards:
                hidden.update({f'"{card_code(card)}"', card.text, card.name})
    return hidden


def assert_no_hidden_card(hand: LiveHand) -> None:
    text = json.dumps(hand.public_state(), ensure_ascii=False)
    for spelling in hidden_spellings(hand):
        assert spelling not in text, spelling


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=tables(), choices=st.integers(0, 2**32))
def test_random_legal_play_keeps_every_rule(table: TableSettings, choices: int) -> None:
    rng = random.Random(choices)
    hand = LiveHand.start(table)
    taken: list[Action] = []
    for _ in range(200):
        assert_no_hidden_card(hand)
        if hand.is_over:
            break
        before = (hand.step, hand.events)
        for bad in illegal_tries(hand):
            try:
                hand.play(bad)
            except IllegalAction as error:
                assert str(error)
            else:
                raise AssertionError(f"{bad} was accepted")
            assert (hand.step, hand.events) == before
        action = random_action(hand, rng)
        hand.play(action)
        taken.append(action)
    assert hand.is_over, "the hand did not end"
    assert hand.legal_actions() == ()
    # Chips are conserved: what was paid equals what went in, and no stack went negative.
    assert sum(hand.net().values()) == 0
    assert sum(hand.final_stacks()) == sum(table.stacks)
    assert min(hand.final_stacks()) >= 0
    # The notation replays through the engine to the same payouts.
    replayed = replay(parse_deal(hand.to_notation()))
    assert list(replayed.settlement.payouts) == [hand.payouts()[s] for s in range(table.seats)]
    # The same seed and the same learner actions rebuild the same hand.
    again = LiveHand.replay(table, taken)
    assert again.events == hand.events
    assert again.to_notation() == hand.to_notation()
    assert again.public_state() == hand.public_state()


@settings(max_examples=15, deadline=None)
@given(table=tables(), choices=st.integers(0, 2**32))
def test_graded_play_matches_ungraded_play(table: TableSettings, choices: int) -> None:
    """Grading reads the hand and never changes it: act and play end the same."""
    graded = LiveHand.start(table)
    plain = LiveHand.start(table)
    rng = random.Random(choices)
    while not graded.is_over:
        action = random_action(graded, rng)
        result = graded.act(action)
        assert result.grade.grade in ("correct", "inaccuracy", "blunder")
        assert (result.grade.size == 0) == (result.grade.grade == "correct")
        assert plain.play(action) == result.events
    assert plain.events == graded.events

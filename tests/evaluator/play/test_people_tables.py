"""A table of several people: the engine stops at each person's turn, never plays a
person's seat itself, keeps every chip, and tells each person only their own cards."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from evaluator import PROFILES
from evaluator.play import Action, LiveHand, TableSettings, card_code


def people_table(game: str, people: int, computers: int, seed: int) -> TableSettings:
    n = people + computers
    personalities = tuple(None if s < people else "caller" for s in range(n))
    return TableSettings(
        game=game,
        seats=n,
        learner_seat=0,
        personalities=personalities,
        stacks=(20 * PROFILES[game].big_bet,) * n,
        button=seed % n,
        seed=seed,
        names=tuple(f"P{s}" for s in range(n)),
    )


def random_action(hand: LiveHand, rng: random.Random) -> Action:
    seat = hand.person_to_act
    assert seat is not None
    legal = hand.legal_actions_for(seat)
    choice = rng.choice(legal)
    if choice.kind == "draw":
        cards = list(hand.hand_of(seat))
        k = rng.randint(0, choice.max_discards)
        return Action("draw", tuple(rng.sample(cards, k)))
    return Action(choice.kind)


def spellings_hidden_from(hand: LiveHand, viewer: int) -> set[str]:
    showdown = hand.is_over and len(hand.live_seats()) > 1
    mine = set(hand.hand_of(viewer))
    found = set()
    for seat in range(hand.settings.seats):
        if seat == viewer or (showdown and not hand.folded(seat)):
            continue
        for card in hand.hand_of(seat):
            if card not in mine:
                found.update({f'"{card_code(card)}"', card.text, card.name})
    return found


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(sorted(PROFILES)),
    people=st.integers(2, 4),
    computers=st.integers(0, 2),
    seed=st.integers(0, 2**31 - 1),
)
def test_people_play_whole_hands_and_each_sees_only_their_own_cards(
    game: str, people: int, computers: int, seed: int
) -> None:
    table = people_table(game, people, computers, seed)
    hand = LiveHand.start(table)
    rng = random.Random(seed)
    actions: list[Action] = []
    while not hand.is_over:
        seat = hand.person_to_act
        assert seat is not None and table.personalities[seat] is None  # only people wait
        for viewer in table.people_seats:
            text = json.dumps(hand.public_state(viewer), ensure_ascii=False)
            for spelling in spellings_hidden_from(hand, viewer):
                assert spelling not in text
            others = set(table.people_seats) - {seat}
            assert all(hand.legal_actions_for(o) == () for o in others)
        action = random_action(hand, rng)
        hand.play(action)
        actions.append(action)
    assert sum(hand.final_stacks()) == sum(table.stacks)
    # Told from any person's chair, the same actions rebuild the same hand.
    for viewer in table.people_seats:
        again = LiveHand.replay(table.seen_by(viewer), actions)
        assert again.final_stacks() == hand.final_stacks()
        assert again.learner_cards == hand.hand_of(viewer)
        assert all(p.seat == viewer for p in again.decision_points())


def test_a_teacher_sees_every_hand_and_a_player_only_their_own() -> None:
    table = people_table("badugi", 3, 0, 7)
    hand = LiveHand.start(table)
    everything = json.dumps(hand.public_state(0, reveal_all=True))
    for seat in range(3):
        for card in hand.hand_of(seat):
            assert f'"{card_code(card)}"' in everything
    own = hand.public_state(1)
    assert own["learner_seat"] == 1
    assert [c["code"] for c in own["learner_cards"]] == [card_code(c) for c in hand.hand_of(1)]
    assert [row["cards"] is not None for row in own["seats"]] == [False, True, False]


def test_a_study_table_still_has_one_person() -> None:
    table = TableSettings.default("badacey", 5)
    assert table.people_seats == (table.learner_seat,)
    assert len(table.computer_seats) == table.seats - 1

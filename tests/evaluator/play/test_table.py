"""Table settings, the legal actions a page offers, the button moving, and the words of events."""

from __future__ import annotations

import pytest

from evaluator import PROFILES, EvaluatorError
from evaluator.play import Action, IllegalAction, LiveHand, TableSettings
from evaluator.play.players import STYLES


def test_the_default_table_seats_the_learner_and_three_different_players():
    table = TableSettings.default("badacey", 5)
    assert table.seats == 4 and table.learner_seat == 0
    assert table.personalities[0] is None
    assert set(table.personalities[1:]) == set(STYLES)
    assert len(set(table.names)) == 4
    assert all(s == 20 * PROFILES["badacey"].big_bet for s in table.stacks)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"game": "holdem"}, "not a game"),
        ({"seats": 7}, "2 to 6 seats"),
        ({"learner_seat": 4}, "learner's seat"),
        ({"personalities": (None, "shark", "solid", "solid")}, "not a computer player"),
        ({"personalities": ("solid", "solid", "solid", "solid")}, "no computer personality"),
        ({"stacks": (0, 10, 10, 10)}, "stack"),
        ({"names": ("You", "Bo", "Bo", "Cy")}, "different names"),
        ({"names": ("You", "B;o", "Al", "Cy")}, "cannot be a seat name"),
    ],
)
def test_settings_no_table_could_play_are_refused_in_words(change, words):
    base = TableSettings.default("badugi", 1)
    fields = {
        "game": base.game,
        "seats": base.seats,
        "learner_seat": base.learner_seat,
        "personalities": base.personalities,
        "stacks": base.stacks,
        "button": base.button,
        "seed": base.seed,
    } | change
    with pytest.raises(EvaluatorError, match=words):
        TableSettings(**fields)


def test_the_next_hand_moves_the_button_and_carries_the_stacks():
    table = TableSettings.default("badugi", 3, button=2)
    hand = LiveHand.start(table)
    while not hand.is_over:
        hand.play(hand.computer_choice("caller"))
    following = table.next_hand(hand.final_stacks())
    assert following.button == 3 and following.seed != table.seed
    assert sum(following.stacks) == sum(hand.final_stacks()) or 0 in hand.final_stacks()
    assert LiveHand.start(following).events[0].seat != hand.events[0].seat


def test_the_legal_actions_are_the_table_s_and_say_their_chips():
    hand = LiveHand.start(TableSettings.default("badacey", 2, learner_seat=3, button=0))
    legal = {a.kind: a for a in hand.legal_actions()}
    assert ("fold" in legal and "call" in legal) or ("check" in legal and "fold" not in legal)
    if "call" in legal:
        assert legal["call"].label == f"Call {legal['call'].amount}"
    with pytest.raises(IllegalAction, match="betting round"):
        hand.act(Action("draw", ()))
    with pytest.raises(IllegalAction, match="not an action"):
        hand.act(Action("shove"))


def test_events_read_like_the_table_talks():
    hand = LiveHand.start(TableSettings.default("badacey", 8))
    while not hand.is_over:
        hand.play(hand.computer_choice("aggressor"))
    texts = [e.text for e in hand.events]
    assert texts[0].startswith(("You post", "Ana posts", "Bram posts", "Cy posts", "Dee posts"))
    for event in hand.events:
        if event.kind == "draw":
            assert event.text.endswith(("pat", "one", "two", "three", "four", "five"))
        if event.kind == "raise":
            assert f"to {event.amount}" in event.text


def test_a_finished_hand_replays_from_its_notation_and_its_decision_points():
    table = TableSettings.default("deuce_to_seven", 21)
    hand = LiveHand.start(table)
    while not hand.is_over:
        hand.play(hand.computer_choice("caller"))
    points = hand.decision_points()
    assert [p.step for p in points] == list(range(hand.step))
    for point in points:
        again = hand.at_step(point.step)
        assert again.learner_cards == point.cards
        assert again.pot == point.pot
    assert "Played at the study table" in hand.to_notation()


def free_check(seed: int = 0) -> tuple[LiveHand, list[Action]]:
    """A hand at a moment where the learner may check, and the actions that lead there."""
    for n in range(seed, seed + 200):
        hand = LiveHand.start(TableSettings.default("badugi", n))
        taken: list[Action] = []
        while not hand.is_over:
            kinds = {a.kind for a in hand.legal_actions()}
            if "check" in kinds:
                return hand, taken
            action = hand.computer_choice("caller")
            hand.play(action)
            taken.append(action)
    raise AssertionError("no hand in 200 seeds gave the learner a free check")


def test_fold_is_not_offered_when_checking_is_free():
    hand, taken = free_check()
    kinds = [a.kind for a in hand.legal_actions()]
    assert "check" in kinds and "fold" not in kinds
    with pytest.raises(IllegalAction, match="no reason to fold"):
        hand.act(Action("fold"))
    # A hand stored before the rule, with such a fold in it, still rebuilds.
    again = LiveHand.replay(hand.settings, [*taken, Action("fold")])
    assert again.folded(hand.settings.learner_seat)


def test_the_public_state_of_a_finished_hand_has_paid_the_pot_out():
    hand = LiveHand.start(TableSettings.default("badacey", 4))
    while not hand.is_over:
        hand.play(hand.computer_choice("caller"))
    state = hand.public_state()
    assert state["pot"] == 0
    assert [s["stack"] for s in state["seats"]] == list(hand.final_stacks())
    assert sum(s["stack"] for s in state["seats"]) == sum(hand.settings.stacks)
    assert all(s["bet"] == 0 for s in state["seats"])

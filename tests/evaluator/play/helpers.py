"""Shared ways to drive a live hand in the tests: a seeded learner choosing legal actions."""

from __future__ import annotations

import random

from evaluator.play import Action, LiveHand


def random_action(hand: LiveHand, rng: random.Random) -> Action:
    """A legal action picked at random: any betting action, or any throw up to the limit."""
    legal = rng.choice(hand.legal_actions())
    if legal.kind == "draw":
        count = rng.randint(0, legal.max_discards)
        return Action("draw", tuple(rng.sample(hand.learner_cards, count)))
    return Action(legal.kind)


def play_out(hand: LiveHand, rng: random.Random, *, grade: bool = False) -> list[Action]:
    """Play the learner's seat at random to the end; returns the actions taken."""
    taken = []
    for _ in range(200):
        if hand.is_over:
            return taken
        action = random_action(hand, rng)
        if grade:
            hand.act(action)
        else:
            hand.play(action)
        taken.append(action)
    raise AssertionError("the hand did not end within 200 learner decisions")

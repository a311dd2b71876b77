"""The equilibrium player: heads-up only, the solver's mix in the last round, replayable."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from evaluator import EvaluatorError
from evaluator.play import PERSONALITIES, LiveHand, TableSettings
from evaluator.play.equilibrium import pick
from evaluator.solver import advice_for

GAMES = ("badacey", "badeucey", "badugi", "ace_to_five", "deuce_to_seven")


def test_the_equilibrium_player_sits_only_at_a_heads_up_table():
    TableSettings.default("badugi", 1, personalities=("equilibrium",))
    with pytest.raises(EvaluatorError, match="heads-up"):
        TableSettings.default("badugi", 1, personalities=("equilibrium", "solid"))


def test_its_description_says_it_plays_like_solid_before_the_last_round():
    bot = PERSONALITIES["equilibrium"]
    assert bot.equilibrium and "Solid" in bot.description and "Heads-up" in bot.description


def test_the_mix_is_sampled_in_proportion():
    mix = {"bet": 0.25, "check": 0.75}
    rng = random.Random(3)
    picks = [pick(mix, {"bet", "check"}, rng) for _ in range(4000)]
    assert abs(picks.count("bet") / 4000 - 0.25) < 0.03
    assert pick(mix, {"check"}, random.Random(0)) in (None, "check")


def last_round_choices(hand: LiveHand, bot_seat: int) -> list[tuple[LiveHand, str]]:
    """Each last-round action of the bot, with the hand rebuilt as people just before it."""
    people = replace(hand.settings, learner_seat=bot_seat, personalities=(None, None))
    found = []
    moves = hand.moves
    for i, move in enumerate(moves):
        before = LiveHand.replay(people, moves[:i])
        if before.to_act == bot_seat and before.phase == "bet" and before.draws_left == 0:
            found.append((before, move.kind))
    return found


def test_in_the_last_round_it_plays_an_action_of_the_equilibrium_mix_and_replays_alike():
    checked = 0
    for seed in range(12):
        settings = TableSettings.default(
            GAMES[seed % 5], seed, personalities=("equilibrium",), learner_seat=seed % 2
        )
        hand = LiveHand.start(settings)
        while not hand.is_over:
            hand.play(hand.computer_choice("caller"))
        again = LiveHand.replay(settings, hand.learner_actions)
        assert again.events == hand.events and again.net() == hand.net()
        for before, kind in last_round_choices(hand, 1 - settings.learner_seat):
            advice = advice_for(before)
            if advice is not None:
                assert advice.mix.get(kind, 0) > 0, (seed, kind, advice.mix)
                checked += 1
    assert checked >= 3

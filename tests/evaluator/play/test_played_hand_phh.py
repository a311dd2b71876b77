"""A hand played at the study table, exported as PHH, ends with the same stacks in PokerKit.

The hands are played by the engine (the coach in the learner's chair, the
personalities elsewhere) over Badugi and 2-7 triple draw, the games PHH has
codes for; PokerKit replays each file through its own state machine.
"""

from __future__ import annotations

import pytest
from pokerkit import HandHistory

from evaluator import parse_deal, replay
from evaluator.hand_histories import to_phh
from evaluator.play import LiveHand, TableSettings, coach_action


def played(game: str, seed: int) -> LiveHand:
    hand = LiveHand.start(TableSettings.default(game, seed))
    while not hand.is_over:
        hand.play(coach_action(hand))
    return hand


@pytest.mark.parametrize("game", ["badugi", "deuce_to_seven"])
@pytest.mark.parametrize("seed", range(1, 13))
def test_pokerkit_plays_the_export_to_the_engines_stacks(game, seed):
    hand = played(game, seed)
    history = HandHistory.loads(to_phh(replay(parse_deal(hand.to_notation()))))
    final = list(history)[-1]
    ends = dict(zip(hand.settings.names, hand.final_stacks(), strict=True))
    assert dict(zip(history.players, final.stacks, strict=True)) == ends

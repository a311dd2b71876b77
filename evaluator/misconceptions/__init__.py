"""Named misconceptions: what a learner's wrong answer would be under each common wrong belief.

A wrong answer usually follows from one wrong idea (the whole pot split by
the number of winners, the ace read high in ace-to-five, the small bet after
the second draw). Each idea below is a ``Misconception``: a name, the idea
put right in a sentence that does not give the answer away, and the lesson
section that teaches it (``"badacey#awarding"``: the lesson key and the
section's anchor; the site turns it into a link). For each kind of question
a ``*_beliefs`` function works out, with the engine, what the answer would
be under every wrong idea that applies to the deal; the matching
``*_mistake`` function compares the learner's answer with those and names
the first misconception that explains it. A belief whose answer happens to
equal the right one explains nothing, so it is never reported: only a
wrong answer can be diagnosed.

Plain Python, like the rest of the engine, so the lesson exercises and the
generated drills explain mistakes the same way.
"""

from __future__ import annotations

from .betting import raise_beliefs, raise_mistake
from .drawing import (
    Draw,
    best_throws,
    chance_beliefs,
    chance_mistake,
    discard_beliefs,
    discard_mistake,
    outs_beliefs,
    outs_mistake,
)
from .payouts import NARROWEST_FIRST, payout_beliefs, payout_mistake, payouts_for_winners
from .readings import (
    greedy_selection,
    selection_beliefs,
    selection_mistake,
    winner_beliefs,
    winners_mistake,
)
from .rules import MISCONCEPTIONS, Misconception, worded

__all__ = [
    "Draw",
    "MISCONCEPTIONS",
    "Misconception",
    "NARROWEST_FIRST",
    "best_throws",
    "chance_beliefs",
    "chance_mistake",
    "discard_beliefs",
    "discard_mistake",
    "greedy_selection",
    "outs_beliefs",
    "outs_mistake",
    "payout_beliefs",
    "payout_mistake",
    "payouts_for_winners",
    "raise_beliefs",
    "raise_mistake",
    "selection_beliefs",
    "selection_mistake",
    "winner_beliefs",
    "winners_mistake",
    "worded",
]

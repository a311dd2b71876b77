"""The Badacey Study Room poker engine: plain Python, no Django.

Import the public API from here; the modules behind it are small and named
after what they decide.

Note that ``evaluator.replay`` names the ``replay`` function once this package
is imported; ``from evaluator.replay import Replay`` still reads the package.
"""

from __future__ import annotations

from .badugi import badugi, selection_problem
from .cards import DECK, Card, format_cards, parse_card, parse_cards
from .deal import DealError, DealRecord
from .errors import EvaluatorError
from .lowball import ace_to_five, deuce_to_seven
from .notation import format_deal, parse_deal, validate
from .profiles import AWARD_TITLES, PROFILES, GameProfile, get_profile
from .replay import Replay, replay
from .report import settlement_to_dict
from .settlement import Award, Pot, SeatResult, Settlement, settle
from .values import BadugiValue, LowValue
from .worked_deals import worked_deal

__all__ = [
    "AWARD_TITLES",
    "DECK",
    "PROFILES",
    "Award",
    "BadugiValue",
    "Card",
    "DealError",
    "DealRecord",
    "EvaluatorError",
    "GameProfile",
    "LowValue",
    "Pot",
    "Replay",
    "SeatResult",
    "Settlement",
    "ace_to_five",
    "badugi",
    "deuce_to_seven",
    "format_cards",
    "format_deal",
    "get_profile",
    "parse_card",
    "parse_cards",
    "parse_deal",
    "replay",
    "selection_problem",
    "settle",
    "settlement_to_dict",
    "validate",
    "worked_deal",
]

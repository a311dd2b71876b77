"""The Badacey Study Room poker engine: plain Python, no Django.

Import the public API from here; the modules behind it are small and named
after what they decide.
"""

from __future__ import annotations

from .badugi import badugi, selection_problem
from .cards import DECK, Card, format_cards, parse_card, parse_cards
from .errors import EvaluatorError
from .lowball import ace_to_five, deuce_to_seven
from .profiles import AWARD_TITLES, PROFILES, GameProfile, get_profile
from .settlement import Award, Pot, SeatResult, Settlement, settle
from .values import BadugiValue, LowValue

__all__ = [
    "AWARD_TITLES",
    "DECK",
    "PROFILES",
    "Award",
    "BadugiValue",
    "Card",
    "EvaluatorError",
    "GameProfile",
    "LowValue",
    "Pot",
    "SeatResult",
    "Settlement",
    "ace_to_five",
    "badugi",
    "deuce_to_seven",
    "format_cards",
    "get_profile",
    "parse_card",
    "parse_cards",
    "selection_problem",
    "settle",
]

"""Play a hand at the study table: a live hand, computer players and the coach.

Plain Python like the rest of the engine. A page builds ``TableSettings``,
starts a ``LiveHand``, shows ``public_state()`` and ``legal_actions()``, and
passes the learner's choice to ``act``, which grades it (``Grade``) and plays
the computer seats up to the learner's next decision. The settings and the
learner's actions rebuild the hand exactly (``LiveHand.replay``), so a page
stores only those. docs/play.md describes the rules of the table, the
computer players and the coach.
"""

from __future__ import annotations

from . import equilibrium as _equilibrium  # noqa: F401  (puts its bet rule in players.BET_RULES)
from .coach import THRESHOLDS, SessionSummary, coach_action, grade_decision, summarize
from .hand import DecisionPoint, LiveHand
from .players import PERSONALITIES, Personality
from .spelling import card_code
from .table import (
    Action,
    ActResult,
    Event,
    Grade,
    IllegalAction,
    LegalAction,
    TableSettings,
)

__all__ = [
    "PERSONALITIES",
    "SessionSummary",
    "THRESHOLDS",
    "ActResult",
    "Action",
    "DecisionPoint",
    "Event",
    "Grade",
    "IllegalAction",
    "LegalAction",
    "LiveHand",
    "Personality",
    "TableSettings",
    "card_code",
    "coach_action",
    "grade_decision",
    "summarize",
]

"""Checking a learner's answer against what the evaluator computes.

Each kind of question part checks its own answer (``lessons.parts``); this
module is the entry point the answer form calls, with the names the rest of
the app reads. A wrong answer is explained without giving the right one
away: the learner hears what kind of mistake it is ("repeats clubs", "a
four-card selection exists", "someone else shares that half") and can try
again. Only a right answer names the cards or chips.

The answer arrives as a form's ``cleaned_data``; ``answer_key()`` names its
entries so the form and the kinds agree on them.
"""

from __future__ import annotations

from .parts import PartResult, answer_key, check

__all__ = ["PartResult", "answer_key", "check"]

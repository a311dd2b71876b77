"""The evaluator's single exception type.

Everything the evaluator refuses (a malformed card, a wrong hand size, an
illegal bet) raises ``EvaluatorError`` with one sentence a learner or teacher
can act on, so callers at the edge (forms, the showdown command) convert one
type and never need to know which module complained.
"""

from __future__ import annotations


class EvaluatorError(ValueError):
    """A rule or input problem, described in one readable sentence."""

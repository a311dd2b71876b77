"""The reader's own error: which hand, which line, and what is wrong there."""

from __future__ import annotations

from ..errors import EvaluatorError


class HandHistoryError(EvaluatorError):
    """A history (or one hand of it) that cannot be read or does not replay.

    ``hand`` is the room's id for the hand when it is known, ``line`` the
    line of the file, and ``problem`` the sentence alone, so a report can lay
    the three out in columns.
    """

    def __init__(self, problem: str, *, hand: str | None = None, line: int | None = None) -> None:
        self.problem = problem
        self.hand = hand
        self.line = line
        where = []
        if hand is not None:
            where.append(f"hand {hand}")
        if line is not None:
            where.append(f"line {line}")
        super().__init__(f"{', '.join(where)}: {problem}" if where else problem)

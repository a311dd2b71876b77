""" "The math says" for a page: the solver's answer for a heads-up spot, solved in the background.

Solving a last round between two ranges of a few hundred hands takes from
seconds to a minute of a worker's time, too long for a request. So the page
never solves: it looks for the answer in ``SolvedRound`` (one row per
question, shared by every web server and the worker through the database),
and when there is none it queues ``solve_round`` and shows "working" until
the row is done. Queuing a new question counts against the same per-address
limit as a new spot (``play.spot_answers.SPOT_LIMIT``); a question anyone
asked before is read, never solved again. A row still "working" after
``STALE_MINUTES`` (a worker stopped mid-task) is queued again. The tests
run tasks at once (``TASKS_IMMEDIATE``), so there the answer is on the
first page.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.tasks import task
from django.utils import timezone

from badacey_site import sign_in_limits
from evaluator import EvaluatorError
from evaluator.play.math_says import NotSolved, math_says, round_position
from evaluator.play.spot import Spot, spot_from_json
from lessons.code_version import code_version
from play.models import MATH_DONE, MATH_FAILED, MATH_WORKING, SolvedRound
from play.spot_answers import SPOT_LIMIT
from play.spot_query import spot_line

KEEP_DAYS = 30
STALE_MINUTES = 15


@dataclass(frozen=True)
class Panel:
    """What the panel shows: ``state`` is not_solved, working, done, failed or limited."""

    state: str
    reason: str = ""
    answer: dict[str, Any] = field(default_factory=dict)
    minutes: int = 0


def _sentence(text: str) -> str:
    text = text[:1].upper() + text[1:]
    return text if text.endswith(".") else text + "."


def question_key(spot: Spot, learner_drew: tuple[int, ...] | None, bets_made: int | None) -> str:
    """One key per question: the spot, the learner's draws and bets as given, the code."""
    asked = json.dumps(
        [spot_line(spot), learner_drew, bets_made], sort_keys=True, separators=(",", ":")
    )
    digest = hashlib.sha256(f"{code_version()}|{asked}".encode()).hexdigest()
    return f"math:{digest[:64]}"


def panel_for(
    address: str,
    spot: Spot,
    *,
    learner_drew: tuple[int, ...] | None = None,
    bets_made: int | None = None,
) -> Panel | None:
    """The panel for ``spot``: None when it is not heads-up (the panel is not shown)."""
    if len(spot.opponents) != 1:
        return None
    try:
        round_position(spot, learner_drew=learner_drew, bets_made=bets_made)
    except NotSolved as why:
        return Panel("not_solved", reason=_sentence(str(why)))
    key = question_key(spot, learner_drew, bets_made)
    row = SolvedRound.objects.filter(key=key).first()
    if row is not None:
        stale = timezone.now() - row.updated_at > timedelta(minutes=STALE_MINUTES)
        if row.state != MATH_WORKING or not stale:
            return _panel_of(row)
    allowed = sign_in_limits.spend(SPOT_LIMIT, address)
    if not allowed.allowed:
        return Panel("limited", minutes=allowed.minutes)
    if row is None:
        try:
            with transaction.atomic():
                row = SolvedRound.objects.create(key=key)
        except IntegrityError:  # another request queued the same question a moment ago
            return Panel("working")
    else:
        row.save(update_fields=["updated_at"])
    solve_round.enqueue(key, spot_line(spot), list(learner_drew or []) or None, bets_made)
    row.refresh_from_db()
    return _panel_of(row)


def _panel_of(row: SolvedRound) -> Panel:
    if row.state == MATH_DONE and isinstance(row.answer, dict):
        return Panel("done", answer=row.answer)
    if row.state == MATH_FAILED:
        return Panel("failed", reason=row.error)
    return Panel("working")


@task()
def solve_round(
    key: str, line: dict[str, Any], learner_drew: list[int] | None, bets_made: int | None
) -> str:
    """Solve one question and store the answer (or why it failed) in its row."""
    try:
        spot = spot_from_json(line)
        position = round_position(
            spot,
            learner_drew=tuple(learner_drew) if learner_drew is not None else None,
            bets_made=bets_made,
        )
        answer = math_says(position).to_json()
    except EvaluatorError as error:
        SolvedRound.objects.filter(key=key).update(
            state=MATH_FAILED, error=_sentence(str(error)), updated_at=timezone.now()
        )
        return MATH_FAILED
    SolvedRound.objects.filter(key=key).update(
        state=MATH_DONE, answer=answer, error="", updated_at=timezone.now()
    )
    SolvedRound.objects.filter(updated_at__lt=timezone.now() - timedelta(days=KEEP_DAYS)).delete()
    return MATH_DONE

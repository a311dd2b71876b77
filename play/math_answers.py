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
from evaluator.play import LiveHand
from evaluator.play.coach import spot_of
from evaluator.play.math_says import NotSolved, math_says, mix_words, round_position
from evaluator.play.spot import Spot, spot_from_json
from evaluator.solver import LiveAdvice, advice_for
from lessons.code_version import code_version
from play import encoding
from play.models import MATH_DONE, MATH_FAILED, MATH_WORKING, PlayedHand, SolvedRound
from play.spot_answers import SPOT_LIMIT
from play.spot_query import spot_line

KEEP_DAYS = 30
STALE_MINUTES = 15
POPULATION_WORDS = (
    "The ranges are the hands a player of the coach's population model (solid, a caller or "
    "an aggressor, equally often) holds after the draws seen: yours, {mine} hands after "
    "taking {my_draws}; your opponent's, {theirs} hands after taking {their_draws}."
)
HAND_WORDS = (
    "The ranges are the hands each of you could hold after the last draw, weighted by how "
    "likely the coach's model of each player (yours read as a solid player) was to draw and "
    "bet as you both did around it: yours, {mine} hands; your opponent's, {theirs} hands."
)


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
    args = (key, spot_line(spot), list(learner_drew) if learner_drew else None, bets_made)
    return _queued(address, key, lambda: solve_round.enqueue(*args))


def _queued(address: str, key: str, enqueue: Any) -> Panel:
    """The row's panel, or queue the question (counted against the limit) and say working."""
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
    enqueue()
    row.refresh_from_db()
    return _panel_of(row)


def review_panel(address: str, hand: PlayedHand, step: int, before: LiveHand) -> Panel | None:
    """The panel for decision ``step`` of a played hand, or None when the solver cannot answer.

    In a review the panel is shown only where it has an answer (a heads-up bet
    after the last draw), so the other decisions carry no "not solved" note.
    The ranges come from the hand itself (``evaluator.solver.advice_for``).
    """
    spot, _, mine, _ = spot_of(before)
    if spot.decision != "bet" or len(spot.opponents) != 1:
        return None
    try:
        round_position(spot, learner_drew=mine or None)
    except NotSolved:
        return None
    digest = hashlib.sha256(f"{code_version()}|{hand.pk}|{hand.table}|{step}".encode())
    key = f"review:{digest.hexdigest()[:64]}"
    return _queued(address, key, lambda: solve_review_decision.enqueue(key, hand.pk, step))


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
        said = math_says(position)
        answer = said.to_json()
        answer["ranges_words"] = POPULATION_WORDS.format(
            mine=said.range_sizes[0],
            theirs=said.range_sizes[1],
            my_draws=", ".join(str(n) for n in position.learner_drew),
            their_draws=", ".join(str(n) for n in spot.opponents[0].drew),
        )
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


@task()
def solve_review_decision(key: str, hand_id: int, step: int) -> str:
    """Solve the learner's decision ``step`` of a played hand, ranges read from the hand."""
    hand = PlayedHand.objects.filter(pk=hand_id).first()
    if hand is None:  # deleted since (the learner deleted their progress)
        SolvedRound.objects.filter(key=key).delete()
        return MATH_FAILED
    try:
        settings = encoding.settings_from(hand.table)
        before = LiveHand.replay(settings, encoding.actions_from(hand.actions)[:step])
        advice = advice_for(before)
    except EvaluatorError as error:
        return _failed(key, str(error))
    if advice is None:
        return _failed(
            key, "one of you is short of chips for the round, which the solver leaves out"
        )
    SolvedRound.objects.filter(key=key).update(
        state=MATH_DONE, answer=advice_json(advice), error="", updated_at=timezone.now()
    )
    return MATH_DONE


def _failed(key: str, why: str) -> str:
    SolvedRound.objects.filter(key=key).update(
        state=MATH_FAILED, error=_sentence(why), updated_at=timezone.now()
    )
    return MATH_FAILED


def advice_json(advice: LiveAdvice) -> dict[str, Any]:
    """A played decision's advice in the panel's words, as ``MathSays.to_json`` gives a spot's."""
    solution = advice.solution
    mine = len(advice.spot.ranges[advice.seat])
    theirs = len(advice.spot.ranges[1 - advice.seat])
    order = sorted(advice.mix, key=lambda a: -advice.mix[a])
    history = advice.history
    return {
        "mix_text": mix_words(advice.mix),
        "mix": [[a, round(advice.mix[a], 4)] for a in order],
        "values": [[a, round(advice.values[a], 4)] for a in order if a in advice.values],
        "exploitability_mbb": round(solution.exploitability_mbb, 4),
        "exploitability_pct_pot": round(solution.exploitability_pct_pot, 5),
        "iterations": solution.iterations,
        "seconds": round(solution.seconds, 3),
        "history_words": (
            f"the round so far: {history.replace(' ', ', ')}" if history else "you open the round"
        ),
        "pot_before": advice.spot.pot,
        "ranges_words": HAND_WORDS.format(mine=mine, theirs=theirs),
    }

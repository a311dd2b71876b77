"""``solve_spot``: the last betting round of a heads-up fixed-limit hand, solved by Discounted CFR.

What is solved: both seats' ranges are given (explicit hands with weights),
no more cards come, and the two seats bet one fixed size (``bet``) with at
most ``cap`` bets, ``first`` acting first. What is not: earlier rounds, draws
(``evaluator.solver.last_draw`` adds the last draw) and more than two seats.
The answer is an equilibrium *given these ranges*, not a solution of the
whole game.

The solve stops after ``iterations`` iterations, or earlier once the
exploitability is under ``target_mbb`` milli-big-bets per hand. A check
costs about one iteration, so it is made when the last one predicts the
target may be reached (``next_check``), not at a fixed interval. The same
spot asked again is answered from a cache.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from ..errors import EvaluatorError
from ..limits import MAX_CHIPS, MAX_RAISE_CAP
from ..profiles import GameProfile, get_profile
from .betting_tree import CALL, FOLD, betting_tree
from .blas_threads import use_one_blas_thread
from .hand_matrix import hand_matrix
from .ranges_input import Range, read_ranges
from .round_cfr import RoundGame
from .solution import Solution

DEFAULT_ITERATIONS = 1000
MAX_ITERATIONS = 20_000
DEFAULT_TARGET_MBB = 0.5
FIRST_CHECK = 50  # iterations before the first look at the exploitability
MIN_STEP = 10  # the fewest iterations between two looks
DECAY = 1.5  # how fast the exploitability falls: about as 1 / t^1.5 (see next_check)
RARE = 1e-3  # a seat playing to a history this rarely with a hand has no settled mix there


def solve_spot(
    game: str | GameProfile,
    ranges: Sequence[object],
    *,
    pot: int,
    bet: int,
    cap: int = 4,
    first: int = 0,
    weights: Sequence[object] | None = None,
    iterations: int = DEFAULT_ITERATIONS,
    target_mbb: float = DEFAULT_TARGET_MBB,
) -> Solution:
    """Solve the last betting round between two ranges; every problem raises ``EvaluatorError``.

    ``ranges`` is two lists of hands (seat 0's, then seat 1's); ``weights``,
    if given, two lists of numbers, one per hand. ``pot`` is the chips in the
    middle before the round, ``bet`` the round's fixed bet, ``cap`` the most
    bets of the round (the opening bet included), ``first`` the seat that acts
    first. ``target_mbb`` of 0 runs every iteration.
    """
    profile = game if isinstance(game, GameProfile) else get_profile(game)
    _check_numbers(pot, bet, cap, first, iterations, target_mbb)
    read = read_ranges(profile, ranges, weights)
    return _solve(profile, read, pot, bet, cap, first, iterations, target_mbb)


@lru_cache(maxsize=32)
def _solve(
    profile: GameProfile,
    ranges: tuple[Range, Range],
    pot: int,
    bet: int,
    cap: int,
    first: int,
    iterations: int,
    target_mbb: float,
) -> Solution:
    use_one_blas_thread()
    started = time.perf_counter()
    tree = betting_tree(bet, cap, first)
    game = RoundGame(tree, hand_matrix(profile, ranges), pot)
    check = FIRST_CHECK
    while game.iterations < iterations:
        game.iterate()
        if target_mbb > 0 and game.iterations == check:
            mbb = game.exploitability() / bet * 1000
            if mbb < target_mbb:
                break
            check = next_check(game.iterations, mbb, target_mbb)
    settle_rare_histories(game)
    drop_dominated_calls(game)
    exploitability = game.exploitability()
    strategy: dict[str, dict[str, dict[str, float]]] = {}
    values: dict[str, dict[str, dict[str, float]]] = {}
    reach: dict[str, dict[str, float]] = {}
    histories: dict[str, int] = {}
    for seat in (0, 1):
        choice = game.choice_values(seat)
        own = game.reaches(seat, game.averaged)
        texts = ranges[seat].texts
        # Plain floats row by row (``tolist``): a page of 1,000 hands has 5,000 mixes.
        mixes = [strategy.setdefault(text, {}) for text in texts]
        reaches = [reach.setdefault(text, {}) for text in texts]
        for node in tree.decisions:
            if node.actor != seat:
                continue
            key, actions = node.text, node.actions
            histories[key] = seat
            worth = choice[node.index]
            known = (~np.isnan(worth).any(axis=1)).tolist()
            worth_rows = worth.tolist()
            for i, (row, there) in enumerate(
                zip(game.averaged(node).tolist(), own[node.index].tolist(), strict=True)
            ):
                mixes[i][key] = dict(zip(actions, row, strict=True))
                reaches[i][key] = there
                if known[i]:
                    values.setdefault(texts[i], {})[key] = dict(
                        zip(actions, worth_rows[i], strict=True)
                    )
    return Solution(
        game=profile.key,
        pot=pot,
        bet=bet,
        cap=cap,
        first=first,
        ranges=(ranges[0].texts, ranges[1].texts),
        strategy=strategy,
        choice_values=values,
        reach=reach,
        value=game.game_values(),
        exploitability=exploitability,
        exploitability_mbb=exploitability / bet * 1000,
        exploitability_pct_pot=100 * exploitability / pot,
        iterations=game.iterations,
        seconds=time.perf_counter() - started,
        histories=histories,
    )


def next_check(done: int, mbb: float, target_mbb: float) -> int:
    """The iteration at which to look at the exploitability again.

    Why not every N iterations: a look costs about as much as an iteration
    (two best responses), and a fixed interval either looks too often early
    or runs up to N - 1 iterations past the target. Discounted CFR's
    exploitability fell about as 1 / t^1.5 on the bench's spots (exponents
    1.4 to 1.5 between 70 and 200 iterations, 1,000 hands a side, 2026-12-07),
    so the next look is where that rate would reach the target: at most
    twice the iterations done (far from the target the rate is not yet
    settled) and at least ``MIN_STEP`` more (close to it, so a slower fall
    costs few extra looks).
    """
    predicted = done * (mbb / target_mbb) ** (1 / DECAY)
    return int(min(2 * done, max(done + MIN_STEP, math.ceil(predicted))))


def settle_rare_histories(game: RoundGame) -> None:
    """Where a seat itself (almost) never plays to a history, take the best action there.

    The average strategy of such a history is left over from the first
    iterations (hardly any weight reaches it), so a page would show noise.
    Each such hand takes instead the action worth most against the other
    seat's equilibrium strategy, ties shared. The exploitability reported is
    measured after this change, on exactly the strategy shown.
    """
    settled: dict[int, npt.NDArray[np.float64]] = {}
    for seat in (0, 1):
        choice = game.choice_values(seat)
        own = game.reaches(seat, game.averaged)
        for node in game.tree.decisions:
            if node.actor != seat:
                continue
            mix = game.averaged(node)
            worth = choice[node.index]
            rare = (own[node.index] < RARE) & ~np.isnan(worth).any(axis=1)
            if rare.any():
                rows = worth[rare]
                best = rows >= rows.max(axis=1, keepdims=True) - 1e-9
                mix[rare] = best / best.sum(axis=1, keepdims=True)
            settled[node.index] = mix
    game.average.update(settled)


def drop_dominated_calls(game: RoundGame) -> None:
    """A hand that wins no showdown never calls, and one that wins every showdown never folds.

    Calling with a hand that cannot win a part of the pot against any hand
    the opponent may hold only adds a lost bet, whatever the opponent does,
    so folding is better (and folding a hand that wins everything gives away
    what calling collects). Discounted CFR leaves such a mix where the
    opponent has stopped going (at a raise the opponent never makes, the
    regrets of the first iterations stay as they were), so the dominated
    action's share moves to the one that dominates it. This can only lower
    what the opponent wins against the strategy, never raise what either
    seat's best response gains; the exploitability is measured after it.
    """
    for seat in (0, 1):
        meet, win = game.showdown_matrices(seat)
        met, won = meet.sum(axis=1), win.sum(axis=1)
        never = (met > 0) & (won <= 0)
        always = (met > 0) & (met - won <= 1e-12 * met)
        if not (never.any() or always.any()):
            continue
        for node in game.tree.decisions:
            if node.actor != seat or FOLD not in node.actions:
                continue
            fold, call = node.actions.index(FOLD), node.actions.index(CALL)
            mix = game.averaged(node)
            for hand, worse, better in ((never, call, fold), (always, fold, call)):
                mix[hand, better] += mix[hand, worse]
                mix[hand, worse] = 0.0
            game.average[node.index] = mix


def _check_numbers(
    pot: object, bet: object, cap: object, first: object, iterations: object, target: object
) -> None:
    def whole(value: object, what: str, low: int, high: int) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise EvaluatorError(f"{what} must be a whole number from {low:,} to {high:,}")

    whole(pot, "the pot", 1, MAX_CHIPS)
    whole(bet, "the bet", 1, MAX_CHIPS)
    whole(cap, "the cap (bets allowed in the round)", 1, min(MAX_RAISE_CAP, 8))
    whole(iterations, "the number of iterations", 1, MAX_ITERATIONS)
    if first not in (0, 1) or isinstance(first, bool):
        raise EvaluatorError("the seat that acts first must be 0 or 1")
    if isinstance(target, bool) or not isinstance(target, int | float) or not 0 <= target < 1e6:
        raise EvaluatorError("the target exploitability must be a number of at least 0 mbb")

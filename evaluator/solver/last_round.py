"""``solve_spot``: the last betting round of a heads-up fixed-limit hand, solved by CFR+.

What is solved: both seats' ranges are given (explicit hands with weights),
no more cards come, and the two seats bet one fixed size (``bet``) with at
most ``cap`` bets, ``first`` acting first. What is not: earlier rounds, draws
(``evaluator.solver.last_draw`` adds the last draw) and more than two seats.
The answer is an equilibrium *given these ranges*, not a solution of the
whole game.

The solve stops after ``iterations`` iterations, or earlier once the
exploitability is under ``target_mbb`` milli-big-bets per hand (checked
every ``CHECK_EVERY`` iterations). The same spot asked again is answered
from a cache.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from ..errors import EvaluatorError
from ..limits import MAX_CHIPS, MAX_RAISE_CAP
from ..profiles import GameProfile, get_profile
from .betting_tree import betting_tree
from .blas_threads import use_one_blas_thread
from .hand_matrix import hand_matrix
from .ranges_input import Range, read_range
from .round_cfr import RoundGame
from .solution import Solution

DEFAULT_ITERATIONS = 1000
MAX_ITERATIONS = 20_000
DEFAULT_TARGET_MBB = 0.5
CHECK_EVERY = 25
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
    if isinstance(ranges, str) or not isinstance(ranges, Sequence) or len(ranges) != 2:
        raise EvaluatorError("give two ranges, one list of hands for each seat")
    if weights is not None and (
        isinstance(weights, str) or not isinstance(weights, Sequence) or len(weights) != 2
    ):
        raise EvaluatorError("give the weights as two lists, one for each seat")
    read = tuple(
        read_range(profile, seat, ranges[seat], None if weights is None else weights[seat])
        for seat in (0, 1)
    )
    return _solve(profile, (read[0], read[1]), pot, bet, cap, first, iterations, target_mbb)


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
    while game.iterations < iterations:
        game.iterate()
        checked = target_mbb > 0 and game.iterations % CHECK_EVERY == 0
        if checked and game.exploitability() / bet * 1000 < target_mbb:
            break
    settle_rare_histories(game)
    exploitability = game.exploitability()
    strategy: dict[str, dict[str, dict[str, float]]] = {}
    values: dict[str, dict[str, dict[str, float]]] = {}
    reach: dict[str, dict[str, float]] = {}
    histories: dict[str, int] = {}
    for seat in (0, 1):
        choice = game.choice_values(seat)
        own = game.reaches(seat, game.averaged)
        texts = ranges[seat].texts
        for node in tree.decisions:
            if node.actor != seat:
                continue
            histories[node.text] = seat
            mix = game.averaged(node)
            worth = choice[node.index]
            for i, text in enumerate(texts):
                strategy.setdefault(text, {})[node.text] = {
                    action: float(mix[i, k]) for k, action in enumerate(node.actions)
                }
                reach.setdefault(text, {})[node.text] = float(own[node.index][i])
                if not np.isnan(worth[i]).any():
                    values.setdefault(text, {})[node.text] = {
                        action: float(worth[i, k]) for k, action in enumerate(node.actions)
                    }
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

"""``solve_draw_spot``: the last draw and the last betting round, heads-up, solved by CFR+.

What is solved: both seats hold a range of hands before the last draw. The
seat that acts first in the last round (``first``) draws first: it picks one
of its hand's sensible throws (``draw_choices``), and the other seat sees how
many cards it took. Then the other seat picks its throw, knowing that count.
The replacement cards are dealt (every set, or a seeded sample when there are
many: ``draw_choices`` says which), and the last round is bet as in
``solve_spot``. Each seat's last-round decision knows its hand before the
draw, its throw, the cards it received and how many cards the other took,
so the game has perfect recall and the best response is exact *in this
game*: the one with the stated throws and the dealt (or sampled) draws.

How: each pair of draw counts (the one public fact the draw adds) opens one
last-round game (``RoundGame``) whose rows are the first seat's hands after
the draw with that count and whose columns are the other seat's. A pair of
hands after the draw is possible when neither holds a card the other held
before or after the draw; its chance is the chance of the two hands before
the draw times the chance of that pair of draws among the possible pairs.
The throws are regret-matched on the values the rounds send back.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from ..cards import Card
from ..errors import EvaluatorError
from ..profiles import GameProfile, get_profile
from .betting_tree import betting_tree
from .blas_threads import use_one_blas_thread
from .draw_choices import ENUMERATE_UP_TO, SAMPLED, replacements, sensible_throws, throw_words
from .hand_matrix import HandMatrix
from .last_round import DEFAULT_TARGET_MBB, _check_numbers
from .ranges_input import Range, read_ranges
from .round_cfr import RoundGame, average_weight

Vector = npt.NDArray[np.float64]
Index = npt.NDArray[np.int64]
DEFAULT_DRAW_ITERATIONS = 1000
CHECK_EVERY = 25
MAX_AFTER_DRAW = 6000  # hands after the draw per seat: the matrix's side


@dataclass(frozen=True)
class DrawSolution:
    """An approximate equilibrium of the last draw and the last round, given the ranges.

    ``draws[hand][context]``: the probability of each throw (named "stand pat"
    or "throw K♣ 9♦"); the context is ``""`` for the seat that draws first and
    ``"after N"`` (the other seat drew N cards) for the other seat.
    ``value``, ``exploitability`` and its forms are as in ``Solution``.
    ``after_draw`` counts each seat's hands after the draw (the solver's rows).
    """

    game: str
    pot: int
    bet: int
    cap: int
    first: int
    ranges: tuple[tuple[str, ...], tuple[str, ...]]
    draws: Mapping[str, Mapping[str, Mapping[str, float]]]
    value: tuple[float, float]
    exploitability: float
    exploitability_mbb: float
    exploitability_pct_pot: float
    iterations: int
    seconds: float
    after_draw: tuple[int, int]
    dealing: str

    def to_json(self, digits: int = 4) -> dict[str, Any]:
        """The answer of ``solve --jsonl`` to a line with ``"draw": true`` (docs/play.md)."""
        return {
            "ok": True,
            "game": self.game,
            "value": [round(v, digits) for v in self.value],
            "exploitability": {
                "chips": round(self.exploitability, 6),
                "mbb_per_hand": round(self.exploitability_mbb, 3),
                "pct_pot": round(self.exploitability_pct_pot, 4),
            },
            "iterations": self.iterations,
            "after_draw": list(self.after_draw),
            "dealing": self.dealing,
            "draws": {
                hand: {
                    context: {throw: round(p, digits) for throw, p in mix.items()}
                    for context, mix in per.items()
                }
                for hand, per in self.draws.items()
            },
        }

    def throw_mix(self, hand: str, opponent_drew: int | None = None) -> dict[str, float]:
        """The throws' probabilities for ``hand`` (written as in ``ranges``)."""
        context = "" if opponent_drew is None else f"after {opponent_drew}"
        try:
            return dict(self.draws[hand][context])
        except KeyError:
            raise EvaluatorError(f"no draw is stored for {hand} in '{context}'") from None


@dataclass
class _Seat:
    """One seat's hands after the draw, as rows: which hand, which throw, which draw."""

    throws: list[list[tuple[Card, ...]]]  # per hand before the draw
    state_of: npt.NDArray[np.int64]  # per row: the (hand, throw) state it came from
    hand_of_state: npt.NDArray[np.int64]
    throw_of_state: npt.NDArray[np.int64]
    count_of_state: npt.NDArray[np.int64]
    used: npt.NDArray[np.uint64]  # per row: every card held before or after the draw
    strengths: npt.NDArray[np.int64]  # per row: each half's strength after the draw
    mask: npt.NDArray[np.bool_]  # hands x throws: which throws a hand has


def solve_draw_spot(
    game: str | GameProfile,
    ranges: Sequence[object],
    *,
    pot: int,
    bet: int,
    cap: int = 4,
    first: int = 0,
    weights: Sequence[object] | None = None,
    iterations: int = DEFAULT_DRAW_ITERATIONS,
    target_mbb: float = DEFAULT_TARGET_MBB,
) -> DrawSolution:
    """Solve the last draw and the last round; the arguments are those of ``solve_spot``,
    with each range holding the hands *before* the last draw."""
    profile = game if isinstance(game, GameProfile) else get_profile(game)
    _check_numbers(pot, bet, cap, first, iterations, target_mbb)
    read = read_ranges(profile, ranges, weights)
    return _solve(profile, read, pot, bet, cap, first, iterations, target_mbb)


def _seat(profile: GameProfile, hands: Range, seat: int) -> _Seat:
    throws = [sensible_throws(profile, cards) for cards in hands.cards]
    most = max(len(t) for t in throws)
    mask = np.zeros((len(hands), most), dtype=bool)
    state_hand: list[int] = []
    state_throw: list[int] = []
    state_count: list[int] = []
    state_of: list[int] = []
    used: list[int] = []
    strengths: list[tuple[int, ...]] = []
    strength_of = profile.strength_function
    for h, (cards, options) in enumerate(zip(hands.cards, throws, strict=True)):
        held = sum(1 << c.index for c in cards)
        for k, thrown in enumerate(options):
            mask[h, k] = True
            state = len(state_hand)
            state_hand.append(h)
            state_throw.append(k)
            state_count.append(len(thrown))
            kept = [c.index for c in cards if c not in thrown]
            for arrived in replacements(cards, thrown):
                state_of.append(state)
                used.append(held | sum(1 << c.index for c in arrived))
                strengths.append(strength_of(*kept, *(c.index for c in arrived)))
    if len(state_of) > MAX_AFTER_DRAW:
        raise EvaluatorError(
            f"seat {seat}'s range makes {len(state_of):,} hands after the draw; the solver "
            f"takes at most {MAX_AFTER_DRAW:,}: give fewer hands"
        )
    return _Seat(
        throws=throws,
        state_of=np.array(state_of, dtype=np.int64),
        hand_of_state=np.array(state_hand, dtype=np.int64),
        throw_of_state=np.array(state_throw, dtype=np.int64),
        count_of_state=np.array(state_count, dtype=np.int64),
        used=np.array(used, dtype=np.uint64),
        strengths=np.array(strengths, dtype=np.int64).reshape(len(strengths), -1),
        mask=mask,
    )


class _DrawGame:
    """The throws of both seats over one last-round game per pair of draw counts."""

    def __init__(
        self,
        profile: GameProfile,
        ranges: tuple[Range, Range],
        pot: int,
        bet: int,
        cap: int,
        first: int,
    ) -> None:
        self.first = first
        self.seats = (_seat(profile, ranges[0], 0), _seat(profile, ranges[1], 1))
        a, b = self.seats
        weights = (np.array(ranges[0].weights), np.array(ranges[1].weights))
        apart = (ranges[0].masks[:, None] & ranges[1].masks[None, :]) == 0
        total = float((np.outer(weights[0], weights[1]) * apart).sum())
        if total <= 0:
            raise EvaluatorError(
                "no hand of seat 0 can meet a hand of seat 1: every pair shares a card "
                "or has no weight"
            )
        # Which pairs of hands after the draw can happen, and how many such pairs
        # each pair of (hand, throw) states has: the draws' chances are shared among them.
        valid = (a.used[:, None] & b.used[None, :]) == 0
        possible = np.zeros((len(a.hand_of_state), len(b.hand_of_state)))
        np.add.at(possible, (a.state_of[:, None], b.state_of[None, :]), valid)
        pair_weight = np.outer(weights[0], weights[1]) / total
        per_state = np.where(
            possible > 0,
            pair_weight[a.hand_of_state][:, b.hand_of_state] / np.where(possible > 0, possible, 1),
            0.0,
        )
        meet = valid * per_state[a.state_of][:, b.state_of]
        share = np.zeros(meet.shape)
        halves = a.strengths.shape[1]
        for half in range(halves):
            x = a.strengths[:, half][:, None]
            y = b.strengths[:, half][None, :]
            share += (x > y) + 0.5 * (x == y)
        share /= halves
        tree = betting_tree(bet, cap, first)
        counts = (a.count_of_state[a.state_of], b.count_of_state[b.state_of])
        self.rounds: dict[tuple[int, int], tuple[RoundGame, Index, Index]] = {}
        for c0 in sorted(set(counts[0].tolist())):
            for c1 in sorted(set(counts[1].tolist())):
                rows = np.flatnonzero(counts[0] == c0).astype(np.int64)
                cols = np.flatnonzero(counts[1] == c1).astype(np.int64)
                sub = meet[np.ix_(rows, cols)]
                matrix = HandMatrix(meet=sub, win=sub * share[np.ix_(rows, cols)])
                self.rounds[(c0, c1)] = (RoundGame(tree, matrix, pot), rows, cols)
        self.pot = float(pot)
        most = (a.mask.shape[1], b.mask.shape[1])
        self.regret = {
            key: np.zeros((len(self.seats[key[0]].throws), most[key[0]]))
            for key in self.draw_keys()
        }
        self.average = {key: np.zeros_like(r) for key, r in self.regret.items()}
        self.iterations = 0

    def draw_keys(self) -> list[tuple[int, int | None]]:
        """(seat, count the other drew) of each draw decision; None for the first drawer."""
        second = 1 - self.first
        counts = sorted(set(self.seats[self.first].count_of_state.tolist()))
        return [(self.first, None)] + [(second, c) for c in counts]

    def throw_strategy(self, key: tuple[int, int | None], averaged: bool) -> Vector:
        """Each hand's probability of each of its throws (zero for throws it does not have)."""
        mask = self.seats[key[0]].mask
        weights = np.where(mask, (self.average if averaged else self.regret)[key], 0.0)
        total = weights.sum(axis=1, keepdims=True)
        even = mask / mask.sum(axis=1, keepdims=True)
        result: Vector = np.where(total > 0, weights / np.where(total > 0, total, 1.0), even)
        return result

    def _set_entries(self, averaged: bool) -> None:
        for (c0, c1), (game, rows, cols) in self.rounds.items():
            counts = (c0, c1)
            for seat, index in ((0, rows), (1, cols)):
                key = (seat, None if seat == self.first else counts[self.first])
                strategy = self.throw_strategy(key, averaged)
                states = self.seats[seat].state_of[index]
                game.entry[seat] = strategy[
                    self.seats[seat].hand_of_state[states], self.seats[seat].throw_of_state[states]
                ]

    def _gather(
        self, seat: int, values: dict[tuple[int, int], Vector]
    ) -> dict[tuple[int, int | None], Vector]:
        """Each draw decision's value of each throw, from the rounds' values at their start."""
        me = self.seats[seat]
        found: dict[tuple[int, int | None], Vector] = {}
        for (c0, c1), (_, rows, cols) in self.rounds.items():
            index = rows if seat == 0 else cols
            other_count = c1 if seat == 0 else c0
            key = (seat, None if seat == self.first else other_count)
            q = found.setdefault(key, np.zeros(me.mask.shape))
            states = me.state_of[index]
            np.add.at(q, (me.hand_of_state[states], me.throw_of_state[states]), values[(c0, c1)])
        return found

    def iterate(self) -> None:
        self.iterations += 1
        t = average_weight(self.iterations)
        for seat in (0, 1):
            self._set_entries(averaged=False)
            values = {key: game.update(seat, t) for key, (game, _, _) in self.rounds.items()}
            for key, q in self._gather(seat, values).items():
                strategy = self.throw_strategy(key, averaged=False)
                mask = self.seats[seat].mask
                expected = (q * strategy).sum(axis=1, keepdims=True)
                regret = self.regret[key]
                regret += np.where(mask, q - expected, 0.0)
                np.maximum(regret, 0.0, out=regret)
                self.average[key] += t * strategy

    def _values(self, seat: int, best: bool) -> float:
        self._set_entries(averaged=True)
        values: dict[tuple[int, int], Vector] = {}
        for counts, (game, _, _) in self.rounds.items():
            opponent = game.reaches(1 - seat, game.averaged)
            values[counts] = game.walk(seat, opponent, None if best else game.averaged)[0]
        total = 0.0
        for key, q in self._gather(seat, values).items():
            if best:
                total += float(np.where(self.seats[seat].mask, q, -np.inf).max(axis=1).sum())
            else:
                total += float((q * self.throw_strategy(key, averaged=True)).sum())
        return total

    def exploitability(self) -> float:
        return (self._values(0, True) + self._values(1, True) - self.pot) / 2

    def game_values(self) -> tuple[float, float]:
        v0 = self._values(0, False)
        return v0, self._values(1, False)


@lru_cache(maxsize=16)
def _solve(
    profile: GameProfile,
    ranges: tuple[Range, Range],
    pot: int,
    bet: int,
    cap: int,
    first: int,
    iterations: int,
    target_mbb: float,
) -> DrawSolution:
    use_one_blas_thread()
    started = time.perf_counter()
    game = _DrawGame(profile, ranges, pot, bet, cap, first)
    while game.iterations < iterations:
        game.iterate()
        checked = target_mbb > 0 and game.iterations % CHECK_EVERY == 0
        if checked and game.exploitability() / bet * 1000 < target_mbb:
            break
    exploitability = game.exploitability()
    draws: dict[str, dict[str, dict[str, float]]] = {}
    for key in game.draw_keys():
        seat, other = key
        mix = game.throw_strategy(key, averaged=True)
        context = "" if other is None else f"after {other}"
        for h, text in enumerate(ranges[seat].texts):
            options = game.seats[seat].throws[h]
            draws.setdefault(text, {})[context] = {
                throw_words(thrown): float(mix[h, k]) for k, thrown in enumerate(options)
            }
    rows = (len(game.seats[0].state_of), len(game.seats[1].state_of))
    return DrawSolution(
        game=profile.key,
        pot=pot,
        bet=bet,
        cap=cap,
        first=first,
        ranges=(ranges[0].texts, ranges[1].texts),
        draws=draws,
        value=game.game_values(),
        exploitability=exploitability,
        exploitability_mbb=exploitability / bet * 1000,
        exploitability_pct_pot=100 * exploitability / pot,
        iterations=game.iterations,
        seconds=time.perf_counter() - started,
        after_draw=rows,
        dealing=(
            f"every draw dealt when a throw has at most {ENUMERATE_UP_TO} possible draws, "
            f"else {SAMPLED} seeded random draws per throw"
        ),
    )

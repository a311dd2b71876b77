"""Discounted CFR over one betting round, every hand of a seat at once.

Why vectorised: a seat's decision at a history is one information set per
hand it may hold, and all of them are updated together as one array (rows:
hands, columns: actions). The opponent's hands enter only through the hand
matrix, so one iteration is a walk over the tiny tree plus two matrix
products per seat (one with the chance of each pair of hands, one with the
pot share at a showdown) for all the round's ends together. ``iterate``
makes that walk from a plan of the tree worked out once (``round_plan``);
the general walk here (``walk``) serves everything a solution reports and
the last draw's solver.

The algorithm is Discounted CFR (Brown and Sandholm 2019) with their
recommended α = 1.5, β = 0, γ = 2 (``iterate``): after iteration t the
positive regrets are multiplied by t^1.5 / (t^1.5 + 1), the negative ones
halved, and iteration t counts t squared in the average strategy; the seats
update in turn (alternating updates). Against the CFR+ this solver used
before (regrets floored at zero, the same averaging) it reached 0.5
milli-big-bets per hand in about half the iterations on the bench's spots
(1,000 hands a side, every game: 100 to 210 iterations against 250 to 400,
2026-12-07; docs/benchmarks.md). ``update`` keeps CFR+ for
the last draw's solver, whose throw regrets are CFR+ too.

The average strategy is the answer; its distance from an equilibrium is
measured by a best response (``best_response_value``): the most each seat
could win by knowing the other's strategy, computed exactly by taking, at
each of its histories and for each hand, the better action.

Precision: the iterations multiply in single precision (twice the speed of
double on one core, and a regret needs no more digits than that), while
everything a solution reports (the best responses, hence the
exploitability, the values and each action's worth) is computed in double
precision from the double matrix.

Values are chips "from the start of the round": what the seat collects from
the pot at the end minus what it put in during this round, so the two seats'
values always add up to the pot.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from .betting_tree import BettingTree, Node
from .hand_matrix import HandMatrix
from .round_plan import (
    Products,
    action_values,
    opponent_sequences,
    own_reaches,
    seat_plan,
    strategy,
)

Vector = npt.NDArray[np.float64]
Matrix = npt.NDArray[np.floating]
Policy = Callable[[Node], npt.NDArray[np.float64]]

# Discounted CFR's parameters (Brown and Sandholm 2019, their recommended setting).
ALPHA = 1.5  # positive regrets after iteration t keep t^α / (t^α + 1)
BETA = 0.0  # negative regrets keep t^β / (t^β + 1): a half
GAMMA = 2.0  # iteration t counts t^γ in the average strategy


class RoundGame:
    """One last betting round between two ranges: the regrets and the average strategy."""

    def __init__(self, tree: BettingTree, matrix: HandMatrix, pot: float) -> None:
        self.tree = tree
        self.pot = float(pot)
        self.sizes = matrix.shape
        meet, win = matrix.meet, matrix.win
        # Seat 0 reads rows against seat 1's reach, seat 1 the transposes (views:
        # the double matrices are not copied). ``_exact`` serves every figure a
        # solution reports, ``_fast`` (single precision, ``round_plan.Products``) the
        # iterations.
        self._exact: tuple[tuple[Matrix, Matrix], tuple[Matrix, Matrix]] = (
            (meet, win),
            (meet.T, (meet - win).T),
        )
        self._fast = (Products(*self._exact[0]), Products(*self._exact[1]))
        # Each seat's regrets and average strategy sit in one array (a column per
        # action of each of its histories); ``regret`` and ``average`` give each
        # history's columns as a view, so both ways of updating share them.
        self._plans = (seat_plan(tree, 0, self.pot), seat_plan(tree, 1, self.pot))
        self._regrets = [np.zeros((self.sizes[s], self._plans[s].owner.size)) for s in (0, 1)]
        self._averages = [np.zeros_like(r) for r in self._regrets]
        self.regret: dict[int, npt.NDArray[np.float64]] = {}
        self.average: dict[int, npt.NDArray[np.float64]] = {}
        for plan in self._plans:
            for node, (a, b) in zip(plan.nodes, plan.columns, strict=True):
                self.regret[node.index] = self._regrets[plan.seat][:, a:b]
                self.average[node.index] = self._averages[plan.seat][:, a:b]
        self._decisions = tree.decisions
        # Each seat's current strategy, kept from one iteration to the next: it
        # changes only when the seat's own regrets do.
        self._strategies: list[npt.NDArray[np.float64]] | None = None
        self.iterations = 0
        # How likely each seat arrives at the round with each hand (its own part):
        # 1 for a spot that starts here, the draw strategy when a draw comes first.
        self.entry: list[Vector] = [np.ones(self.sizes[0]), np.ones(self.sizes[1])]

    # -- strategies -------------------------------------------------------------

    def averaged(self, node: Node) -> npt.NDArray[np.float64]:
        """The average strategy, the one CFR converges with."""
        return normalised(self.average[node.index])

    # -- one iteration ------------------------------------------------------------

    def iterate(self) -> None:
        """One Discounted CFR iteration: seat 0 updates, then seat 1 against its new strategy."""
        self.iterations += 1
        t = float(self.iterations)
        positive, negative = t**ALPHA / (t**ALPHA + 1), t**BETA / (t**BETA + 1)
        plans = self._plans
        if self._strategies is None:
            self._strategies = [strategy(plans[s], self._regrets[s]) for s in (0, 1)]
        strategies = self._strategies
        for seat in (0, 1):
            plan, mine = plans[seat], strategies[seat]
            sequences = opponent_sequences(plan, self.entry[1 - seat], strategies[1 - seat])
            values, history = action_values(plan, self._fast[seat], sequences, mine)
            regret = self._regrets[seat]
            regret += values[:, :-1] - history[:, plan.owner]
            regret *= np.where(regret > 0, positive, negative)
            reach = own_reaches(plan, self.entry[seat], mine)
            self._averages[seat] += t**GAMMA * reach[:, plan.owner] * mine
            strategies[seat] = strategy(plan, regret)

    def update(self, seat: int, weight: float) -> Vector:
        """A CFR+ update of ``seat`` (regrets floored at zero); returns its values at the start.

        The last draw's solver drives its rounds with this, one seat at a time,
        between updates of its own throw regrets.
        """
        self._strategies = None
        # CFR+'s regrets are never negative, so regret matching is a plain
        # normalisation here (``round_plan.strategy`` also handles negative ones).
        now = {node.index: normalised(self.regret[node.index]) for node in self._decisions}

        def policy(node: Node) -> npt.NDArray[np.float64]:
            return now[node.index]

        own = self.reaches(seat, policy)
        values = self.walk(seat, self.reaches(1 - seat, policy), policy, fast=True)
        for node in self._decisions:
            if node.actor != seat:
                continue
            mix = now[node.index]
            q = np.stack([values[child] for _, child in node.children], axis=1)
            expected = (q * mix).sum(axis=1)
            regret = self.regret[node.index]
            regret += q - expected[:, None]
            np.maximum(regret, 0.0, out=regret)
            self.average[node.index] += weight * own[node.index][:, None] * mix
        return values[0]

    # -- walks ---------------------------------------------------------------------

    def reaches(self, seat: int, policy: Policy, entry: Vector | None = None) -> dict[int, Vector]:
        """How likely ``seat`` plays to each history with each hand (its own part only)."""
        start = self.entry[seat] if entry is None else entry
        found: dict[int, Vector] = {0: start}
        for node in self.tree.nodes:
            if node.actor is None:
                continue
            here = found[node.index]
            if node.actor == seat:
                strategy = policy(node)
                for k, (_, child) in enumerate(node.children):
                    found[child] = here * strategy[:, k]
            else:
                for _, child in node.children:
                    found[child] = here
        return found

    def end_values(
        self, seat: int, opponent: dict[int, Vector], *, fast: bool = False
    ) -> dict[int, Vector]:
        """Counterfactual values of every end of the round for ``seat``, in two matrix products.

        ``fast`` multiplies in single precision (the iterations); otherwise in double.
        """
        ends = self.tree.ends
        meet_matrix, win_matrix = self._fast[seat].plain if fast else self._exact[seat]
        # A seat's own action does not change the other's reach, so several ends
        # share one reach vector: each distinct vector is multiplied once, and all
        # of them in one product, since the product's cost is mostly reading the
        # matrix once.
        meet = _products(meet_matrix, [opponent[e.index] for e in ends])
        win = _products(win_matrix, [opponent[e.index] for e in ends if e.end == "showdown"])
        found: dict[int, Vector] = {}
        for end in ends:
            put = end.put
            met = meet[id(opponent[end.index])]
            if end.end == "showdown":
                won = win[id(opponent[end.index])]
                found[end.index] = (self.pot + 2 * put[0]) * won - put[0] * met
            elif end.folder == seat:
                found[end.index] = -put[seat] * met
            else:
                assert end.folder is not None
                found[end.index] = (self.pot + put[end.folder]) * met
        return found

    def walk(
        self,
        seat: int,
        opponent: dict[int, Vector],
        policy: Policy | None,
        *,
        fast: bool = False,
    ) -> dict[int, Vector]:
        """Counterfactual values of every history for ``seat``.

        ``policy`` is the seat's own strategy; None plays the best response
        (the better action for each hand at each history). ``fast`` as in
        ``end_values``: only the iterations use it.
        """
        values = self.end_values(seat, opponent, fast=fast)
        for node in reversed(self.tree.nodes):
            if node.actor is None:
                continue
            children = [values[child] for _, child in node.children]
            if node.actor != seat:
                values[node.index] = np.sum(children, axis=0)
                continue
            q = np.stack(children, axis=1)
            if policy is None:
                values[node.index] = q.max(axis=1)
            else:
                values[node.index] = (q * policy(node)).sum(axis=1)
        return values

    # -- what a solution reports ----------------------------------------------------

    def game_values(self) -> tuple[float, float]:
        """Each seat's value when both play the average strategy."""
        v0 = float(self.walk(0, self.reaches(1, self.averaged), self.averaged)[0].sum())
        return v0, self.pot - v0

    def best_response_value(self, seat: int) -> float:
        """The most ``seat`` can expect against the other seat's average strategy."""
        return float(self.walk(seat, self.reaches(1 - seat, self.averaged), None)[0].sum())

    def exploitability(self) -> float:
        """Chips per hand: the mean of what each seat's best response gains over the value."""
        return (self.best_response_value(0) + self.best_response_value(1) - self.pot) / 2

    def showdown_matrices(self, seat: int) -> tuple[Matrix, Matrix]:
        """``seat``'s rows, the other's hands: the chance of each pair, and that times its share."""
        return self._exact[seat]

    def choice_values(self, seat: int) -> dict[int, npt.NDArray[np.float64]]:
        """Per history of ``seat``: each hand's value of each action, both playing the average.

        The value is given the history was reached with that hand (the
        counterfactual value divided by how likely the opponent's hands are
        to be there), in chips from that point on: what the seat collects
        minus what it adds from then. NaN where the opponent never gets there.
        """
        opponent = self.reaches(1 - seat, self.averaged)
        values = self.walk(seat, opponent, self.averaged)
        mine = [node for node in self._decisions if node.actor == seat]
        there = _products(self._exact[seat][0], [opponent[node.index] for node in mine])
        found: dict[int, npt.NDArray[np.float64]] = {}
        for node in mine:
            reached = there[id(opponent[node.index])][:, None]
            q = np.stack([values[child] for _, child in node.children], axis=1)
            with np.errstate(divide="ignore", invalid="ignore"):
                per_hand = np.where(reached > 1e-15, q / reached, np.nan)
            found[node.index] = per_hand + node.put[seat]
        return found


def _products(matrix: Matrix, reaches: list[Vector]) -> dict[int, Vector]:
    """``matrix @ reach`` for each distinct reach vector, keyed by the vector's id.

    The vectors go in as columns of one array of the matrix's precision, and
    the results come back in double.
    """
    distinct = list({id(r): r for r in reaches}.values())
    if not distinct:
        return {}
    columns = np.empty((matrix.shape[1], len(distinct)), dtype=matrix.dtype)
    for k, r in enumerate(distinct):
        columns[:, k] = r
    product = np.asarray(matrix @ columns, dtype=np.float64)
    return {id(r): product[:, k] for k, r in enumerate(distinct)}


def average_weight(iteration: int) -> float:
    """How much iteration t counts in the last draw's average strategy: t squared.

    CFR+ as published weights by t; t squared reached the same
    exploitability in about a quarter fewer iterations on the bench's spots
    (200 hands a side, Badugi and Badacey, 2026-12-07), since the early,
    poor strategies fade from the average sooner. ``iterate`` uses the same
    weight (``GAMMA``).
    """
    return float(iteration) ** 2


def normalised(weights: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """Rows in proportion to their (non-negative) entries; a row of zeros plays evenly."""
    total = weights.sum(axis=1, keepdims=True)
    result: npt.NDArray[np.float64] = np.divide(
        weights, total, out=np.full(weights.shape, 1.0 / weights.shape[1]), where=total > 0
    )
    return result

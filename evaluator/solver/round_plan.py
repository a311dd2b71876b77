"""One seat's Discounted CFR update in a few whole-array steps, for ``RoundGame.iterate``.

Why a plan of its own: the general walk (``RoundGame.walk``) visits the
round's 27 histories one by one, a few numpy calls each, and at 1,000 hands
a side those calls cost as much as the matrix products. The betting tree
never changes, so everything about its shape is worked out once here, per
seat, as index arrays:

- the seat's histories, parents first, with their actions as the columns
  of one array (regrets, strategies and averages of all of them at once);
- the opponent's reach vectors (one per sequence of its own actions: what
  its hands do does not change when the seat acts), filled in tree order as
  columns of one array; only the entry and every sequence but the last
  action's at each history go through the matrices (the last is the
  parent's minus its siblings'), in one product per matrix (``Products``);
- each end of the round as a fixed combination of those product columns
  times its stake, summed into the seat's action it follows before the seat
  acts again (one small matrix), plus the seat's later histories.

The values are the same counterfactual values ``RoundGame.walk`` computes
(``tests/evaluator/solver/test_round_plan.py`` holds the two together).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from .betting_tree import BettingTree, Node

Vector = npt.NDArray[np.float64]
Array = npt.NDArray[np.float64]
Index = npt.NDArray[np.intp]
Single = npt.NDArray[np.float32]


@dataclass(frozen=True)
class SeatPlan:
    """The tree's shape as seen by one seat (see the module's docstring)."""

    seat: int
    nodes: tuple[Node, ...]  # the seat's histories, parents first
    columns: tuple[tuple[int, int], ...]  # each history's action columns [start, stop)
    starts: Index  # the first column of each history
    spread: Array  # columns x histories: 1 where the column is one of the history's actions
    owner: Index  # the history (position in ``nodes``) of each action column
    parent: tuple[int, ...]  # the action column leading to each history, -1 from the start
    # The opponent's sequences: column 0 is its entry; each step fills the
    # columns [first, first + k) from column ``from_`` times the opponent's
    # strategy in its action columns [at, at + k).
    sequences: int
    steps: tuple[tuple[int, int, int, int], ...]  # (at, from_, first, k)
    basis: Index  # the sequences that go through the matrices (see ``seat_plan``)
    to_meet: Array  # basis x (action columns + 1): chips per unit of the meet product
    to_win: Array  # the same per unit of the win product
    below: tuple[tuple[tuple[int, int], ...], ...]  # per history: (column, later history)
    below_start: tuple[int, ...]  # the histories the start leads to first (not its own)
    starts_here: bool  # the seat acts first: the start is its history 0


def seat_plan(tree: BettingTree, seat: int, pot: float) -> SeatPlan:
    """Work out the plan of ``seat`` in ``tree`` (a pot of ``pot`` chips before the round)."""
    mine = [n for n in tree.nodes if n.actor == seat]
    position = {n.index: p for p, n in enumerate(mine)}
    columns: list[tuple[int, int]] = []
    column_of: dict[tuple[int, int], int] = {}
    for node in mine:
        start = columns[-1][1] if columns else 0
        columns.append((start, start + len(node.children)))
        for k in range(len(node.children)):
            column_of[(node.index, k)] = start + k
    width = columns[-1][1]
    owner = np.repeat(np.arange(len(mine)), [b - a for a, b in columns])

    # The opponent's sequences, in tree order (parents are filled before children).
    sequence = {0: 0}
    steps: list[tuple[int, int, int, int]] = []
    theirs = 0  # the opponent's next action column (its histories in tree order too)
    count = 1
    parent_column: dict[int, int] = {0: -1}
    for node in tree.nodes:
        if node.actor is None:
            continue
        here = sequence[node.index]
        if node.actor == seat:
            for k, (_, child) in enumerate(node.children):
                sequence[child] = here
                parent_column[child] = column_of[(node.index, k)]
        else:
            steps.append((theirs, here, count, len(node.children)))
            theirs += len(node.children)
            for _, child in node.children:
                sequence[child] = count
                parent_column[child] = parent_column[node.index]
                count += 1
    # At each of the opponent's histories its hands' reach splits among its
    # actions, so the last action's sequence is the parent's minus the others':
    # the products need only the entry and every sequence but those last ones
    # (9 columns instead of the 13 the ends use, with a cap of 4), and every
    # end's column is a fixed sum of theirs (``coefficient``).
    basis = [0] + [first + k for _, _, first, size in steps for k in range(size - 1)]
    position_in_basis = {q: b for b, q in enumerate(basis)}
    coefficient = np.zeros((count, len(basis)))
    coefficient[0, 0] = 1.0
    for _, source, first, size in steps:
        last = first + size - 1
        coefficient[last] = coefficient[source]
        for q in range(first, last):
            coefficient[q, position_in_basis[q]] = 1.0
            coefficient[last] -= coefficient[q]
    ends = tree.ends
    meet_stake = np.zeros((count, len(ends)))  # chips per unit of meet, by sequence and end
    win_stake = np.zeros((count, len(ends)))
    for k, end in enumerate(ends):
        put, q = end.put, sequence[end.index]
        if end.end == "showdown":
            meet_stake[q, k] = -float(put[0])
            win_stake[q, k] = pot + 2.0 * put[0]
        elif end.folder == seat:
            meet_stake[q, k] = -float(put[seat])
        else:
            assert end.folder is not None
            meet_stake[q, k] = pot + put[end.folder]

    # What each of the seat's actions (and the start) leads to before it acts again.
    end_position = {e.index: k for k, e in enumerate(ends)}
    gather = np.zeros((len(ends), width + 1))
    below: list[list[tuple[int, int]]] = [[] for _ in mine]
    below_start: list[int] = []

    def collect(index: int, column: int, owner_position: int | None) -> None:
        node = tree.nodes[index]
        if node.actor is None:
            gather[end_position[index], column] = 1.0
        elif node.actor == seat:
            if owner_position is None:
                below_start.append(position[index])
            else:
                below[owner_position].append((column, position[index]))
        else:
            for _, child in node.children:
                collect(child, column, owner_position)

    starts_here = tree.nodes[0].actor == seat
    if not starts_here:
        collect(0, width, None)
    for node in mine:
        for k, (_, child) in enumerate(node.children):
            collect(child, column_of[(node.index, k)], position[node.index])
    return SeatPlan(
        seat=seat,
        nodes=tuple(mine),
        columns=tuple(columns),
        starts=np.array([a for a, _ in columns], dtype=np.intp),
        spread=(owner[:, None] == np.arange(len(mine))[None, :]).astype(np.float64),
        owner=owner.astype(np.intp),
        parent=tuple(parent_column[n.index] for n in mine),
        sequences=count,
        steps=tuple(steps),
        basis=np.array(basis, dtype=np.intp),
        to_meet=coefficient.T @ meet_stake @ gather,
        to_win=coefficient.T @ win_stake @ gather,
        below=tuple(tuple(b) for b in below),
        below_start=tuple(below_start),
        starts_here=starts_here,
    )


def strategy(plan: SeatPlan, regret: Array) -> Array:
    """Regret matching over all the seat's histories at once.

    Each hand plays its positive regrets in proportion. Discounted CFR keeps
    negative regrets (halved each iteration, where CFR+ floored them at
    zero), so a hand may have none positive; any strategy keeps regret
    matching's guarantee then, and this one plays the actions of highest
    regret evenly (all of them while every regret is zero) rather than all
    actions evenly, which would mix a plainly worse action back in.
    """
    positive = np.maximum(regret, 0.0)
    # Each history's total, and that spread back over its actions, as two tiny
    # products with the 0/1 ``spread`` matrix: np.add.reduceat took 70 us for
    # the totals of 1,000 x 13 regrets, the product 14 us; a plain division
    # with the zeros raised to the tiniest float took 25 us against 54 us for
    # a division with ``where`` (2026-12-07).
    total = positive @ plan.spread
    spread = total @ plan.spread.T
    np.maximum(spread, np.finfo(np.float64).tiny, out=spread)
    result: Array = positive / spread  # 0 where no regret is positive, filled below
    empty = total <= 0
    if empty.any():
        for p, (a, b) in enumerate(plan.columns):
            rows = empty[:, p]
            if rows.any():
                part = regret[rows, a:b]
                best = (part >= part.max(axis=1, keepdims=True)).astype(np.float64)
                result[rows, a:b] = best / best.sum(axis=1, keepdims=True)
    return result


def opponent_sequences(plan: SeatPlan, entry: Vector, other_strategy: Array) -> Single:
    """The opponent's reach of each of its sequences, as columns (single precision).

    ``other_strategy`` is the opponent's, in the columns of its own plan.
    """
    found = np.empty((len(entry), plan.sequences), dtype=np.float32)
    found[:, 0] = entry
    for a, source, first, size in plan.steps:
        parent = found[:, source : source + 1]
        found[:, first : first + size] = parent * other_strategy[:, a : a + size]
    return found


class Products:
    """One seat's two products of an iteration, in single precision: ``meet @ x`` and ``win @ x``.

    Why not simply two products: in a game with one winner per showdown,
    ordered by strength, most of the win matrix is either the meet matrix
    itself (the seat's hand beats every hand in that part) or zero (it
    loses to all of them). Cut into ``BLOCKS`` bands of rows, each band
    needs the win matrix only over the columns between its weakest and its
    strongest hand; the rest of the win product is a part of the meet
    product, computed anyway. That is under a third of the win product's
    work at 1,000 hands a side (Badugi, A-5 and 2-7); four bands were
    the quickest of 4, 6, 8 and 12 (2026-12-07). The parts are found from the
    matrices themselves (where the two agree exactly, where the win matrix
    is exactly zero), so nothing is approximated; a split game, whose halves
    order the hands differently, gains little and keeps the two products.
    """

    BLOCKS = 4
    WORTH_IT = 0.5  # use the bands when they hold under half the win matrix
    SMALLEST = 200 * 200  # below this, one product costs less than the bands' calls

    def __init__(self, meet: npt.NDArray[np.float64], win: npt.NDArray[np.float64]) -> None:
        self.bands: list[tuple[int, int, int, int, Single, Single, Single]] = []
        self._double = (meet, win)
        self._single: tuple[Single, Single] | None = None
        if meet.size < self.SMALLEST:
            return
        with np.errstate(divide="ignore", invalid="ignore"):
            row_score = np.nan_to_num(win.sum(axis=1) / meet.sum(axis=1))
            column_score = np.nan_to_num(win.sum(axis=0) / meet.sum(axis=0))
        rows = np.argsort(row_score, kind="stable")
        columns = np.argsort(-column_score, kind="stable")  # the weakest opponents first
        parts = [p for p in np.array_split(np.arange(len(rows)), self.BLOCKS) if p.size]
        # A look at every eighth row first: fewer rows can only narrow a band, so a
        # split game (whose bands cover most of the matrix) gives up here, cheaply.
        estimate = 0
        for part in parts:
            sample = rows[part[::8]]
            low, high = _band(meet[sample][:, columns], win[sample][:, columns])
            estimate += len(part) * (high - low)
        if estimate > self.WORTH_IT * win.size:
            return
        area = 0
        for part in parts:
            chosen = rows[part]
            block_meet, block_win = meet[chosen][:, columns], win[chosen][:, columns]
            low, high = _band(block_meet, block_win)
            area += len(part) * (high - low)
            self.bands.append(
                (
                    int(part[0]),
                    int(part[-1]) + 1,
                    low,
                    high,
                    _single(block_meet[:, :low]),
                    _single(block_meet[:, low:]),
                    _single(block_win[:, low:high]),
                )
            )
        if area > self.WORTH_IT * win.size:
            self.bands = []
            return
        self.rows, self.columns = rows, columns
        self.unsort = np.argsort(rows)

    @property
    def plain(self) -> tuple[Single, Single]:
        """The two matrices in single precision, made when first asked for."""
        if self._single is None:
            self._single = (_single(self._double[0]), _single(self._double[1]))
        return self._single

    def __call__(self, x: Single) -> tuple[Single, Single]:
        """``meet @ x`` and ``win @ x`` (``x``: a column per opponent's sequence)."""
        if not self.bands:
            meet, win = self.plain
            return meet @ x, win @ x
        x = x[self.columns]
        met = np.empty((len(self.rows), x.shape[1]), dtype=np.float32)
        won = np.empty_like(met)
        for a, b, low, high, below, rest, band in self.bands:
            part = below @ x[:low]
            met[a:b] = part + rest @ x[low:]
            won[a:b] = part + band @ x[low:high]
        return met[self.unsort], won[self.unsort]


def _band(meet: Array, win: Array) -> tuple[int, int]:
    """The columns [low, high) where some row's win differs from both its meet and zero.

    Before ``low`` every row wins outright (win equals meet exactly), from
    ``high`` on every row loses (win is exactly zero).
    """
    width = meet.shape[1]
    whole = (win == meet).all(axis=0)
    none = (win == 0).all(axis=0)
    low = int(np.argmin(whole)) if not whole.all() else width
    high = width - int(np.argmin(none[::-1])) if not none.all() else 0
    return low, max(high, low)


def _single(matrix: npt.NDArray[np.float64]) -> Single:
    """A contiguous single-precision copy, the layout the products read fastest."""
    return np.ascontiguousarray(matrix, dtype=np.float32)


def action_values(
    plan: SeatPlan, products: Products, sequences: Single, mine: Array
) -> tuple[Array, Array]:
    """Counterfactual values of each action column and of each history, with ``mine`` played.

    ``products`` holds the seat's matrices (rows: its hands); two products,
    then small arrays only.
    """
    met, won = products(np.ascontiguousarray(sequences[:, plan.basis]))
    values: Array = met @ plan.to_meet + won @ plan.to_win
    history = np.empty((values.shape[0], len(plan.nodes)))
    for p in range(len(plan.nodes) - 1, -1, -1):
        for column, later in plan.below[p]:
            values[:, column] += history[:, later]
        a, b = plan.columns[p]
        # einsum: no temporary array, half the time of a product and a sum here.
        history[:, p] = np.einsum("ij,ij->i", values[:, a:b], mine[:, a:b])
    return values, history


def own_reaches(plan: SeatPlan, entry: Vector, mine: Array) -> Array:
    """How likely the seat plays to each of its histories with each hand (its own part)."""
    found = np.empty((len(entry), len(plan.nodes)))
    for p, column in enumerate(plan.parent):
        found[:, p] = entry if column < 0 else found[:, plan.owner[column]] * mine[:, column]
    return found

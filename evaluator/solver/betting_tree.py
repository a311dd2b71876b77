"""The betting of one fixed-limit round between two players, as a small tree.

Why a tree of its own: the solver works on every history of the last round
at once (each history is one decision of one seat for every hand it may
hold), and the round is tiny. With a cap of four bets there are 17 histories
that end the round and 10 where a seat decides, so the tree is built once
per (bet, cap, first) and kept.

Histories are written as the actions in order, separated by spaces:
``""`` (nobody has acted), ``"check"``, ``"check bet"``, ``"bet raise call"``.
``cap`` counts every bet of the round, the opening bet included, as the
game's ``raise_cap`` does: a cap of 4 is a bet and three raises.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

CHECK, BET, CALL, FOLD, RAISE = "check", "bet", "call", "fold", "raise"


@dataclass(frozen=True)
class Node:
    """One history of the round.

    ``actor`` is the seat to act (None once the round is over); ``put`` the
    chips each seat has put in during this round; ``children`` each legal
    action with the index of the node it leads to. An ended round is either
    a ``"showdown"`` or a ``"fold"`` by ``folder``.
    """

    index: int
    history: tuple[str, ...]
    actor: int | None
    put: tuple[int, int]
    children: tuple[tuple[str, int], ...]
    end: str | None = None
    folder: int | None = None

    @property
    def text(self) -> str:
        return " ".join(self.history)

    @property
    def actions(self) -> tuple[str, ...]:
        return tuple(action for action, _ in self.children)


@dataclass(frozen=True)
class BettingTree:
    """Every history of the round, parents before children (index 0 is the start)."""

    bet: int
    cap: int
    first: int
    nodes: tuple[Node, ...]

    @property
    def decisions(self) -> tuple[Node, ...]:
        return tuple(n for n in self.nodes if n.actor is not None)

    @property
    def ends(self) -> tuple[Node, ...]:
        return tuple(n for n in self.nodes if n.actor is None)

    def node_at(self, history: str) -> Node | None:
        """The node of a history written as in ``Node.text`` (extra spaces ignored)."""
        wanted = tuple(history.split())
        for node in self.nodes:
            if node.history == wanted:
                return node
        return None


@cache
def betting_tree(bet: int, cap: int, first: int) -> BettingTree:
    """The tree of a round with bets of ``bet`` chips, at most ``cap`` bets, ``first`` to act."""
    nodes: list[Node] = []

    def add(history: tuple[str, ...], actor: int, put: tuple[int, int], bets: int) -> int:
        index = len(nodes)
        nodes.append(Node(index, history, actor, put, ()))
        other = 1 - actor
        children: list[tuple[str, int]] = []
        facing = put[other] > put[actor]
        if not facing:
            if history:  # the second check ends the round
                children.append((CHECK, end(history + (CHECK,), put, "showdown")))
            else:
                children.append((CHECK, add(history + (CHECK,), other, put, bets)))
            if bets < cap:
                raised = _with(put, actor, put[other] + bet)
                children.append((BET, add(history + (BET,), other, raised, bets + 1)))
        else:
            children.append((FOLD, end(history + (FOLD,), put, "fold", actor)))
            called = _with(put, actor, put[other])
            children.append((CALL, end(history + (CALL,), called, "showdown")))
            if bets < cap:
                raised = _with(put, actor, put[other] + bet)
                children.append((RAISE, add(history + (RAISE,), other, raised, bets + 1)))
        nodes[index] = Node(index, history, actor, put, tuple(children))
        return index

    def end(history: tuple[str, ...], put: tuple[int, int], kind: str, folder: int = -1) -> int:
        index = len(nodes)
        nodes.append(Node(index, history, None, put, (), kind, folder if kind == "fold" else None))
        return index

    add((), first, (0, 0), 0)
    return BettingTree(bet, cap, first, tuple(nodes))


def _with(put: tuple[int, int], seat: int, chips: int) -> tuple[int, int]:
    return (chips, put[1]) if seat == 0 else (put[0], chips)

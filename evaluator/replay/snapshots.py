"""What the table looks like after each replay step, frozen.

Every step carries a complete snapshot so the replayer page can show any step
without recomputing anything; the snapshots are immutable so steps can share
the seats that did not change.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card

DrawRecord = tuple[tuple[Card, ...], tuple[Card, ...]]


@dataclass(frozen=True, slots=True)
class SeatState:
    name: str
    stack: int | None  # None when the record gives no stacks
    cards: tuple[Card, ...]
    draws: tuple[DrawRecord, ...]  # (discarded, received) for each draw taken so far
    folded: bool
    all_in: bool
    in_round: int  # chips put in during the current betting round, antes included
    in_total: int
    hidden: int = 0  # cards held face down: nobody outside the seat knows them
    hidden_draws: tuple[int, ...] = ()  # cards each draw replaced out of sight (0: seen)

    @property
    def discarded(self) -> tuple[Card, ...]:
        """What the latest draw threw away (empty before any draw or after a pat)."""
        return self.draws[-1][0] if self.draws else ()

    @property
    def received(self) -> tuple[Card, ...]:
        return self.draws[-1][1] if self.draws else ()


@dataclass(frozen=True, slots=True)
class State:
    street: str  # "before the draw", "draw one", "after draw one", ..., "showdown"
    to_act: int | None  # the seat to bet or draw next
    seats: tuple[SeatState, ...]
    pot: int  # chips in the middle
    bet_to: int  # the highest betting total of the current round
    to_call: int  # what the seat to act needs to call
    draws_left: int


@dataclass(frozen=True, slots=True)
class Step:
    index: int
    kind: str  # deal, post, action, reshuffle, draw, round_end, pot, show, showdown, payout
    text: str  # one plain sentence (or two) for learners
    state: State  # the table after this step
    actor: int | None = None
    action: str | None = None  # the betting action, or "small blind", "big blind", "ante"
    amount: int | None = None  # chips this step moved
    line: int | None = None

    @property
    def discarded(self) -> tuple[Card, ...]:
        """The cards a draw step threw away, read from the drawer's snapshot."""
        if self.kind != "draw" or self.actor is None:
            return ()
        return self.state.seats[self.actor].discarded

    @property
    def received(self) -> tuple[Card, ...]:
        if self.kind != "draw" or self.actor is None:
            return ()
        return self.state.seats[self.actor].received

"""Forced bets as a card room posted them, instead of the profile's one pattern.

A room's history says who posted what: antes and blinds in the same hand, a
missing small blind, a big blind posted out of position by a seat that has
just sat down. The chips still go through ``betting.Table`` so the betting
that follows is checked exactly as for a typed deal; only the opening of the
first round (who counts as the big blind, who acts first) is set from the
posts rather than from the button.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from ..betting import Table
from ..deal import FORCED_BETS, DealError, Post
from ..profiles import GameProfile


def post_recorded(
    table: Table,
    profile: GameProfile,
    posts: Sequence[Post],
    seat_of: Callable[[str, int | None], int],
) -> Iterator[tuple[int, str, int, int | None]]:
    """Post each recorded forced bet, yielding (seat, what, chips, line) after each."""
    done: set[tuple[int, str]] = set()
    ante: int | None = None
    blinds: list[tuple[int, str]] = []
    for post in posts:
        seat = seat_of(post.seat, post.line)
        if post.kind not in FORCED_BETS:
            raise DealError(
                f"'{post.kind}' is not a forced bet: use {', '.join(FORCED_BETS)}", line=post.line
            )
        if (seat, post.kind) in done:
            raise DealError(f"{post.seat} posts the {post.kind} twice", line=post.line)
        done.add((seat, post.kind))
        amount = post.amount
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
            raise DealError(f"{post.seat}'s {post.kind} must be at least 1 chip", line=post.line)
        stack = table.stack[seat]
        if amount > stack:
            raise DealError(
                f"{post.seat} cannot post {amount}: only {stack} chips are left", line=post.line
            )
        if post.kind == "ante":
            if ante is not None and amount != ante and amount != stack:
                raise DealError(
                    f"{post.seat} antes {amount}, but the ante in this deal is {ante}",
                    line=post.line,
                )
            ante = amount if ante is None else ante
            table.put_in_pot(seat, amount)
        elif post.kind == "dead blind":
            if amount > profile.small_blind:
                raise DealError(
                    f"{post.seat} posts {amount} dead, more than the small blind of "
                    f"{profile.small_blind}",
                    line=post.line,
                )
            table.put_dead(seat, amount)
        else:
            owed = profile.small_blind if post.kind == "small blind" else profile.big_blind
            if amount != owed and amount != stack:
                raise DealError(
                    f"{post.seat} posts {amount} as the {post.kind}, but at these stakes "
                    f"the {post.kind} is {owed}",
                    line=post.line,
                )
            if amount > owed:
                raise DealError(
                    f"{post.seat} posts {amount} as the {post.kind}, more than its {owed}",
                    line=post.line,
                )
            table._pay(seat, amount)
            blinds.append((seat, post.kind))
        yield seat, post.kind, amount, post.line
    _open_first_round(table, profile, blinds)


def _open_first_round(table: Table, profile: GameProfile, blinds: list[tuple[int, str]]) -> None:
    """Set the opening bet and the first seat to act from the blinds actually posted.

    The big blind in position is the first one clockwise from the button's
    left; a big blind posted elsewhere is live (its poster may still raise)
    but does not move the first seat to act, which is the one after it.
    """
    bigs = [seat for seat, kind in blinds if kind == "big blind"]
    table.start_round(0)
    if bigs:
        table.bet_to = table.full_level = table.last_raise = profile.big_blind
        table.bets = 1
        order = table.clockwise_from(table.button + 1)
        if table.n == 2:
            order = [(table.button + 1) % 2, table.button]
        regular = min(bigs, key=order.index)
        first = regular + 1
    elif blinds:
        table.bet_to = max(table.put)
        first = blinds[-1][0] + 1
    else:
        first = table.button + 1
    table.acted_at = [None] * table.n
    table.to_act = table._next_needing_action(first)

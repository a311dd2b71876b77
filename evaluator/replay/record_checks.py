"""Checks a deal record must pass before its first step is replayed.

These look at the record as a whole (the seats, the button, a showdown pot),
so they report step 0: nothing has happened yet when they fail.
"""

from __future__ import annotations

from ..deal import BettingLine, DealError, DealRecord
from ..profiles import GameProfile
from ..wording import number_word


def _fail(problem: str, line: int | None = None) -> DealError:
    return DealError(problem, line=line, step=0)


def check_seats(record: DealRecord, profile: GameProfile) -> None:
    """Refuse a table that cannot be dealt: too few or unnamed seats, stacks, hand sizes."""
    if len(record.seats) < 2:
        raise _fail("a deal needs at least two seats")
    if len({seat.name for seat in record.seats}) != len(record.seats):
        raise _fail("two seats have the same name; every name must be different")
    if not isinstance(record.button, int) or not 0 <= record.button < len(record.seats):
        raise _fail("the button must be at one of the seats")
    for seat in record.seats:
        if not seat.name.strip():
            raise _fail("every seat needs a name", seat.line)
        if seat.stack is None:
            if record.showdown_pot is None:
                raise _fail(
                    f"{seat.name} has no stack: a record with betting needs every seat's chips",
                    seat.line,
                )
        elif not isinstance(seat.stack, int) or seat.stack < 1:
            raise _fail(f"{seat.name}'s stack must be at least 1 chip", seat.line)
        hidden = seat.hidden
        if not isinstance(hidden, int) or isinstance(hidden, bool) or hidden < 0:
            raise _fail(f"{seat.name}'s face-down cards must be counted from 0", seat.line)
        if len(seat.cards) + hidden != profile.hand_size:
            dealt = len(seat.cards) + hidden
            raise _fail(
                f"{seat.name} is dealt {dealt} cards, but a {profile.name} "
                f"hand has {profile.hand_size}",
                seat.line,
            )
    if record.posts is not None and record.showdown_pot is not None:
        raise _fail("a record with a showdown pot gives no forced bets")
    if not isinstance(record.rake, int) or isinstance(record.rake, bool) or record.rake < 0:
        raise _fail("the rake must be a whole number of chips from 0")


def showdown_share(record: DealRecord) -> int:
    """Each seat's equal part of a recorded showdown pot (0 when the betting is recorded).

    Exercises that record only the draws state the pot instead of the betting;
    the only way to put it in without inventing actions is an equal share.
    """
    pot = record.showdown_pot
    if pot is None:
        return 0
    n = len(record.seats)
    if any(isinstance(street, BettingLine) for street in record.streets):
        raise _fail("a record with a showdown pot gives no betting lines")
    if not isinstance(pot, int) or pot < 1:
        raise _fail("the showdown pot must be at least 1 chip")
    if pot % n:
        raise _fail(
            f"the chips do not balance: a showdown pot of {pot} cannot be shared "
            f"equally by {number_word(n)} seats"
        )
    share = pot // n
    for seat in record.seats:
        if seat.stack is not None and seat.stack < share:
            raise _fail(
                f"the chips do not balance: {seat.name} has {seat.stack} chips, "
                f"less than an equal share ({share}) of the showdown pot",
                seat.line,
            )
    return share

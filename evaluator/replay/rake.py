"""The rake: the chips a card room keeps before it pays a pot out.

A room's history says what each winner collected after the rake, so a replay
of a real hand must pay the same. The rake comes out of the main pot first
(then the next pot, should the main pot be smaller), and what is left of each
pot is divided again by ``settle`` itself, so the halves, the ties and the
odd chip follow the same rules as an unraked pot.
"""

from __future__ import annotations

from collections.abc import Callable

from ..deal import DealError
from ..money import Money, chip_writer
from ..profiles import GameProfile
from ..settlement import Award, Pot, Settlement, settle_pot


def take_rake(
    profile: GameProfile,
    settlement: Settlement,
    rake: int,
    fail: Callable[[str], DealError],
    money: Money | None = None,
) -> tuple[Settlement, list[str]]:
    """The settlement after the room's rake, and the sentence that says so."""
    if not rake:
        return settlement, []
    total = settlement.total
    if rake > total:
        raise fail(f"the rake ({rake}) is more than the whole pot ({total})")
    left = rake
    several = len(settlement.pots) > 1
    pots: list[Pot] = []
    payouts = [0] * len(settlement.seats)
    for pot in settlement.pots:
        take = min(left, pot.amount)
        left -= take
        awards = pot.awards if not take else _divide(profile, settlement, pot, take, several, money)
        pots.append(Pot(pot.name, pot.amount - take, pot.eligible, awards))
        for award in awards:
            for seat, chips in award.shares.items():
                payouts[seat] += chips
    raked = Settlement(profile, settlement.seats, tuple(pots), tuple(payouts), settlement.button)
    write = chip_writer(money)
    return raked, [f"The room keeps {write(rake)} as the rake before paying out."]


def _divide(
    profile: GameProfile,
    settlement: Settlement,
    pot: Pot,
    take: int,
    several: bool,
    money: Money | None,
) -> tuple[Award, ...]:
    amount = pot.amount - take
    seats = settlement.seats
    if len(pot.eligible) == 1:
        (winner,) = pot.eligible
        text = f"{seats[winner].name} takes {pot.name} ({chip_writer(money)(amount)}) uncontested."
        return (Award("uncontested", amount, pot.eligible, {winner: amount}, text),)
    awards = settle_pot(profile, settlement, amount, pot.eligible, money)
    if several:
        for award in awards:
            award.explanation = f"{pot.name[0].upper()}{pot.name[1:]}: {award.explanation}"
    return awards

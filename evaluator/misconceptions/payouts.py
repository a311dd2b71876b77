"""Dividing the chips: the payouts each wrong idea about splitting a pot would give."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import islice, product

from ..cards import Card
from ..profiles import GameProfile
from ..settlement import Settlement, _share, settle
from .rules import Misconception, _first


def _clockwise(button: int, seats: int) -> list[int]:
    return [(button + 1 + k) % seats for k in range(seats)]


def _payouts_of(
    outcome: Settlement,
    amounts: Callable[[int, int], int] | None = None,
    order: Sequence[int] | None = None,
) -> tuple[int, ...]:
    """Payouts rebuilt from a settlement's winners, with award amounts or chip order changed."""
    seats = len(outcome.seats)
    clockwise = list(order) if order is not None else _clockwise(outcome.button, seats)
    payouts = [0] * seats
    for pot in outcome.pots:
        for k, award in enumerate(pot.awards):
            amount = amounts(pot.amount, k) if amounts and len(pot.awards) > 1 else award.amount
            for seat, chips in _share(amount, award.winners, clockwise).items():
                payouts[seat] += chips
    return tuple(payouts)


def payout_beliefs(
    profile: GameProfile,
    hands: Sequence[Sequence[Card]],
    *,
    pot: int | None = None,
    contributions: Sequence[int] | None = None,
    folded: Sequence[bool] | None = None,
    button: int = 0,
) -> dict[str, list[tuple[int, ...]]]:
    """Each seat's payout under every wrong belief about dividing the pot, by misconception.

    Give the ``pot``, or each seat's ``contributions`` when all-in players
    make side pots: every belief is then worked out from the same main and
    side pots ``settle`` builds, so a misconception is only named when it
    explains the answer under the settlement the learner was really asked.
    """
    folded = list(folded) if folded is not None else [False] * len(hands)
    outcome = settle(
        profile, hands, pot=pot, contributions=contributions, folded=folded, button=button
    )
    seats = len(hands)
    clockwise = _clockwise(button, seats)
    beliefs: dict[str, list[tuple[int, ...]]] = {}
    split = profile.is_split

    if len(outcome.pots) > 1:  # every chip in one pot, as if no one were all in for less
        one_pot = settle(profile, hands, pot=outcome.total, folded=folded, button=button)
        beliefs["side-pots-ignored"] = [one_pot.payouts]

    if split:
        whole = [0] * seats
        for p in outcome.pots:
            everyone = sorted({s for a in p.awards for s in a.winners})
            for seat, chips_won in _share(p.amount, everyone, clockwise).items():
                whole[seat] += chips_won
        beliefs["whole-pot-split"] = [tuple(whole)]

        def badugi_gets_odd(amount: int, k: int) -> int:
            base, odd = divmod(amount, len(profile.awards))
            return base + (1 if profile.awards[k] == "badugi" and odd else 0)

        beliefs["odd-chip-to-badugi"] = [_payouts_of(outcome, badugi_gets_odd)]

    from_button = [(button + k) % seats for k in range(seats)]
    anticlockwise = [(button - 1 - k) % seats for k in range(seats)]
    beliefs["odd-chip-wrong-seat"] = [
        _payouts_of(outcome, order=from_button),
        _payouts_of(outcome, order=anticlockwise),
    ]

    if any(folded):
        everyone_in = settle(
            profile,
            hands,
            pot=pot,
            contributions=contributions,
            folded=[False] * seats,
            button=button,
        )
        beliefs["folded-seat-paid"] = [everyone_in.payouts]

    if split:
        scoops = _scoop_split(outcome, clockwise)
        if scoops:
            beliefs["scoop-split"] = scoops

    # A tied award given whole to one of its winners; a learner who believes
    # ties are not shared does it to every tied award at once, so each
    # combination of takers (or keeping the share) is a candidate.
    tied = [a for p in outcome.pots for a in p.awards if len(a.winners) > 1]
    choices = [(None, *award.winners) for award in tied]
    candidates = []
    for takers in islice(product(*choices), 1, 500):
        payouts = list(outcome.payouts)
        for award, taker in zip(tied, takers, strict=True):
            if taker is None:
                continue
            for seat, chips_won in award.shares.items():
                payouts[seat] -= chips_won
            payouts[taker] += award.amount
        candidates.append(tuple(payouts))
    if candidates:
        beliefs["tie-not-shared"] = candidates
    # Narrowest first: of two ideas that explain the same answer, name the one
    # whose correction moves fewest chips (an odd chip before a whole half).
    return {name: beliefs[name] for name in NARROWEST_FIRST if name in beliefs}


# The payout ideas from the narrowest (one chip misplaced) to the broadest.
NARROWEST_FIRST = (
    "odd-chip-wrong-seat",
    "odd-chip-to-badugi",
    "tie-not-shared",
    "folded-seat-paid",
    "scoop-split",
    "whole-pot-split",
    "side-pots-ignored",
)


def _scoop_split(outcome: Settlement, clockwise: Sequence[int]) -> list[tuple[int, ...]]:
    """Payouts if a seat winning every half of a pot still left one half to the runners-up.

    Each candidate keeps the same half for the scooper in every pot one seat
    scoops against others; pots nobody scoops are paid as the engine pays them.
    """
    seats = len(outcome.seats)
    halves = len(outcome.profile.awards)
    candidates = []
    for keep in range(halves):
        payouts = [0] * seats
        changed = False
        for p in outcome.pots:
            scoopers = {a.winners for a in p.awards}
            scooped = len(scoopers) == 1 and len(next(iter(scoopers))) == 1
            if not scooped or len(p.eligible) < 2 or len(p.awards) != halves:
                for award in p.awards:
                    for seat, chips in award.shares.items():
                        payouts[seat] += chips
                continue
            (scooper,) = next(iter(scoopers))
            others = [s for s in p.eligible if s != scooper]
            changed = True
            for k, award in enumerate(p.awards):
                if k == keep:
                    payouts[scooper] += award.amount
                    continue
                column = [outcome.seats[s].strengths[k] for s in others]
                runners = [s for s, v in zip(others, column, strict=True) if v == max(column)]
                for seat, chips in _share(award.amount, runners, clockwise).items():
                    payouts[seat] += chips
        if changed:
            candidates.append(tuple(payouts))
    return candidates


def payouts_for_winners(
    outcome: Settlement, winners: Mapping[str, Iterable[int]]
) -> tuple[int, ...] | None:
    """Each seat's chips had the main pot's awards gone to ``winners`` (seats by award kind).

    Every chip is divided as the engine divides it (each award on its own,
    odd chips clockwise from the button); only who wins the main pot changes,
    and the side pots are paid as the engine pays them. So a learner whose
    payouts equal these divided the pot rightly and named the wrong winners.
    None when a named winner could not win the main pot, or an award has none.
    """
    seats = len(outcome.seats)
    clockwise = _clockwise(outcome.button, seats)
    payouts = [0] * seats
    for n, pot in enumerate(outcome.pots):
        for award in pot.awards:
            named = award.winners
            if n == 0 and award.kind != "uncontested":
                named = tuple(sorted(set(winners.get(award.kind, ()))))
                if not named or not set(named) <= set(pot.eligible):
                    return None
            for seat, chips in _share(award.amount, named, clockwise).items():
                payouts[seat] += chips
    return tuple(payouts)


def payout_mistake(
    answer: Sequence[int],
    profile: GameProfile,
    hands: Sequence[Sequence[Card]],
    *,
    pot: int | None = None,
    contributions: Sequence[int] | None = None,
    folded: Sequence[bool] | None = None,
    button: int = 0,
) -> Misconception | None:
    """The misconception a wrong list of payouts follows from, if one explains it.

    Side pots are given as each seat's ``contributions`` in place of the pot.
    """
    right = settle(
        profile, hands, pot=pot, contributions=contributions, folded=folded, button=button
    ).payouts
    beliefs = payout_beliefs(
        profile, hands, pot=pot, contributions=contributions, folded=folded, button=button
    )
    return _first(tuple(answer), beliefs.items(), right, profile)

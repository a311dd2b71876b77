"""Split this pot: each seat's payout, with ties, odd chips, folded seats and side pots.

Harder items bring the cases people get wrong: a pot that does not divide
evenly (so the odd chip goes by the button), halves won by different players
and shared halves (the cards come from ``showdowns``, as the winners drill's
do), a folded seat whose chips stay in the pot, and all-in seats whose
smaller contributions make side pots they cannot win. Folds and chips are
kept to what a table can produce: a folded seat put in less than the seats
that stayed to the end.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..misconceptions import MISCONCEPTIONS, Misconception
from ..profiles import PROFILES
from ..settlement import Settlement, settle
from ..settlement import _share as share_equally  # the engine's own rule for odd chips
from .base import DrillItem, best_of, seats_of
from .showdowns import halves_split, showdown, teaching_hands

GAMES = ("badacey", "badeucey", "badugi", "ace_to_five", "deuce_to_seven")


def _odd_chips(result: Settlement) -> bool:
    return any(
        award.amount % len(award.winners) != 0 for pot in result.pots for award in pot.awards
    )


def by_the_number_of_players(result: Settlement) -> list[tuple[int, ...]]:
    """The payouts of a learner who shares the whole pot out by the number of players.

    Both ways it is done: each pot (main and side) among every player still
    in it, and every chip together among every player still in the hand;
    the halves and their winners are left out either way.
    """
    seats = len(result.seats)
    clockwise = [(result.button + 1 + k) % seats for k in range(seats)]
    answers = []
    for pots in ([(p.amount, p.eligible) for p in result.pots], [(result.total, _live(result))]):
        payouts = [0] * seats
        for amount, players in pots:
            for seat, chips in share_equally(amount, list(players), clockwise).items():
                payouts[seat] += chips
        answers.append(tuple(payouts))
    return answers


def _live(result: Settlement) -> tuple[int, ...]:
    return tuple(s for s, seat in enumerate(result.seats) if not seat.folded)


def drill_payout_mistake(answer: Sequence[int], result: Settlement) -> Misconception | None:
    """ "Each half has its own divisor" when a wrong answer shares the pot by the players.

    The lesson's exercise names this slip through ``misconceptions``, where
    the belief shares each pot among the players who won a half; in a drill
    anyone may hold the losing hands, so the whole table is the divisor a
    learner reaches for. Only split-pot games have halves to speak of.
    """
    if not result.profile.is_split or tuple(answer) == result.payouts:
        return None
    if tuple(answer) in by_the_number_of_players(result):
        return MISCONCEPTIONS["whole-pot-split"]
    return None


def _contributions(rng: random.Random, unit: int, folded: list[bool]) -> list[int]:
    """Chips each seat put in, as a table could leave them.

    At least two seats still in put in the most (the last bet was called);
    up to two other live seats went all in for less, which makes side pots;
    a folded seat gave up facing a bet, so it put in less than the most.
    """
    count = len(folded)
    top = unit * rng.randint(3, 8)
    chips = [top] * count
    live = [s for s in range(count) if not folded[s]]
    for seat in rng.sample(live, rng.randint(0, min(2, len(live) - 2))):
        chips[seat] = rng.randint(1, top - 1)  # all in for less
    for seat in range(count):
        if folded[seat]:
            chips[seat] = unit * rng.randint(1, top // unit - 1)
    return chips


def make(rng: random.Random, game: str, difficulty: int) -> DrillItem:
    profile = PROFILES[game]
    count = rng.randint(2, 3) if difficulty == 1 else rng.randint(3, 5)
    unit = profile.small_bet
    hands = teaching_hands(rng, profile, count, difficulty)
    # A fold must not undo the split or the tie the hands were dealt for; on a
    # plain deal any seat may fold, the winner too (a trap: it collects nothing).
    shown = showdown(profile, hands)
    winners = {w for a in shown.pots[0].awards for w in a.winners}
    may_fold = [s for s in range(count) if s not in winners or not halves_split(shown)]

    def candidate() -> tuple[list[int] | None, list[bool], int, int]:
        button = rng.randrange(count)
        folded = [False] * count
        if difficulty > 1 and may_fold and rng.random() < 0.4:
            folded[rng.choice(may_fold)] = True
        contributions = _contributions(rng, unit, folded) if difficulty == 3 else None
        pot = unit * rng.randint(2, 12) + (rng.randint(0, 3) if difficulty > 1 else 0)
        if contributions:
            pot = sum(contributions)
        return contributions, folded, pot, button

    def score(item: tuple[list[int] | None, list[bool], int, int]) -> int:
        contributions, folded, pot, button = item
        result = settle(
            profile,
            hands,
            pot=None if contributions else pot,
            contributions=contributions,
            folded=folded,
            button=button,
        )
        value = 1
        if any(len(a.winners) > 1 for p in result.pots for a in p.awards):
            value = 2
        if _odd_chips(result):
            value += 1
        if len(result.pots) > 1:
            value += 1
        if any(folded):  # a folded seat's chips stay in a pot it cannot win
            value += 1
        return min(value, 3)

    # A settlement per candidate is the costly part of an item, so look a little less long.
    contributions, folded, pot, button = best_of(rng, difficulty, candidate, score, 12)
    names = [seat["name"] for seat in seats_of(hands)]
    lines = [f"The button is on {names[button]}."]
    if any(folded):
        lines.append(
            "Folded: " + ", ".join(n for n, f in zip(names, folded, strict=True) if f) + "."
        )
    if contributions:
        lines.append(
            "Chips each player put in: "
            + ", ".join(f"{n} {c}" for n, c in zip(names, contributions, strict=True))
            + "."
        )
    return DrillItem(
        kind="payouts",
        game=game,
        seed=0,
        difficulty=difficulty,
        title="Split this pot",
        prompt=" ".join(lines) + " How many chips does each player collect?",
        parts=[{"kind": "payouts"}],
        seats=seats_of(hands),
        pot=pot,
        button=button,
        contributions=contributions,
        folded=folded if any(folded) else None,
    )

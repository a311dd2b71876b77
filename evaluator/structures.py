"""Betting structures: how big a bet or raise may be, besides fixed limit.

The lessons and the play table are fixed limit, where every bet is one unit
of the round. Card rooms also dealt draw games "big-bet": pot limit, half-pot
limit and no limit. Players bring those histories, so the engine must be
able to check their sizes too; the rules live here, as plain functions of
the table's numbers, so the betting table, the hand-history reader and the
tests all ask the same questions.

The rules, as card rooms applied them:

- The smallest opening bet is the big blind (the profile's ``small_bet``,
  which a big-bet record sets to the big blind).
- A raise must add at least as much as the last full bet or raise of the
  round added ("the last full raise"); the big blind counts as the round's
  opening bet. An all-in for less moves the bet but is not a full raise, so
  the next raise is still measured by the last full one, and a seat that has
  acted may raise again only once the bet has grown by a full raise since
  (``betting.Table`` keeps that).
- Pot limit: the largest raise is "call, then raise the pot": the seat first
  matches the bet it faces, and may then add the whole pot as it would stand
  after that call. Half-pot limit allows half of that addition; a room rounds
  an odd chip either way, so the half is rounded up and both roundings pass.
- No limit: the largest bet is the seat's stack.
"""

from __future__ import annotations

FIXED_LIMIT = "fixed-limit"
POT_LIMIT = "pot-limit"
HALF_POT_LIMIT = "half-pot-limit"
NO_LIMIT = "no-limit"

# Every structure the engine plays, in the words records and settings use.
STRUCTURES = (FIXED_LIMIT, POT_LIMIT, HALF_POT_LIMIT, NO_LIMIT)

# How the structure reads in a sentence ("a pot-limit hand", "Badugi, pot limit").
STRUCTURE_TITLES = {
    FIXED_LIMIT: "fixed limit",
    POT_LIMIT: "pot limit",
    HALF_POT_LIMIT: "half-pot limit",
    NO_LIMIT: "no limit",
}

# The draws a draw game may have: single, double (Badacey's pot-limit form) or triple.
DRAW_COUNTS = (1, 2, 3)
DRAW_TITLES = {1: "single draw", 2: "double draw", 3: "triple draw"}


def is_big_bet(structure: str) -> bool:
    """True for the structures whose sizes are chosen by the seat, within limits."""
    return structure != FIXED_LIMIT


def min_raise_to(bet_to: int, last_full_raise: int, min_bet: int) -> int:
    """The smallest round total a full bet or raise may reach.

    ``bet_to`` is the bet the seat faces (0 when nobody has bet) and
    ``last_full_raise`` what the last full bet or raise added; a short all-in
    moved ``bet_to`` without changing it, which is why the two are separate.
    """
    return bet_to + max(last_full_raise, min_bet)


def max_raise_to(structure: str, bet_to: int, to_call: int, pot: int, stack_total: int) -> int:
    """The largest round total the seat may bet or raise to.

    ``pot`` is every chip in the middle, this round's bets included, before
    the seat acts; ``to_call`` what the seat must add to match ``bet_to``;
    ``stack_total`` what the seat already put in this round plus its stack,
    so no limit is bounded by it alone.
    """
    if structure == NO_LIMIT:
        return stack_total
    after_call = pot + to_call
    if structure == POT_LIMIT:
        return bet_to + after_call
    if structure == HALF_POT_LIMIT:
        return bet_to + (after_call + 1) // 2
    raise ValueError(f"{structure} has no largest raise of its own")  # pragma: no cover

"""The equilibrium solver: heads-up fixed-limit spots solved by CFR, with their exploitability.

The last round alone is solved by Discounted CFR (``round_cfr``), the last
draw with it by CFR+ (``last_draw``).

Plain Python and numpy, no Django. The public API, which pages and the
``solve`` command use (docs/play.md, "The equilibrium solver"):

- ``solve_spot(game, ranges, *, pot, bet, cap=4, first=0, weights=None,
  iterations=1000, target_mbb=0.5) -> Solution``: the last betting round
  between two ranges (explicit hands, card removal applied, split pots paid
  per half by the engine's strengths). Cached: the same spot twice is solved
  once.
- ``Solution``: ``strategy[hand][history] -> {action: probability}``,
  ``choice_values`` (the same keys, chips), ``reach[hand][history]``,
  ``value`` (each seat's), ``exploitability`` (chips per hand),
  ``exploitability_mbb``, ``exploitability_pct_pot``, ``iterations``,
  ``seconds``, ``histories`` (history -> seat to act),
  ``mix_for(hand, history)``, ``values_for(hand, history)``,
  ``seat_to_act(history)``, ``to_json()``.
- ``solve_draw_spot(game, ranges, *, pot, bet, cap=4, first=0, weights=None,
  iterations=1000, target_mbb=0.5) -> DrawSolution``: the last draw and the
  last round, each range holding hands *before* the draw; each hand chooses
  among a few sensible throws (``draw_choices``), the draws are dealt in full
  or sampled (seeded), and ``DrawSolution.draws[hand][context]`` gives each
  throw's probability (``throw_mix(hand, opponent_drew)``), with ``value``
  and the exploitability as above.
- ``advice_for(hand: LiveHand) -> LiveAdvice | None``: for the learner's
  decision in a played hand (heads-up, last round), both seats' ranges built
  from the hand under the coach's player model (``ranges.spot_for``), the
  spot solved, and the learner's ``mix`` and ``values`` read off; None when
  the spot does not fit.
- ``spot_for(hand) -> RangeSpot | None``: just the ranges and the spot;
  ``solve_range_spot(spot, target_mbb=0.5)`` solves it.

Histories are the actions so far separated by spaces: ``""``, ``"check"``,
``"check bet"``, ``"bet raise"``. Actions are ``check``, ``bet``, ``call``,
``fold`` and ``raise``. Everything solved is an equilibrium *given the
ranges*, not a solution of the whole game.
"""

from __future__ import annotations

from .betting_tree import BET, CALL, CHECK, FOLD, RAISE
from .last_draw import DrawSolution, solve_draw_spot
from .last_round import solve_spot
from .live_spot import LiveAdvice, advice_for, solve_range_spot
from .ranges import RangeSpot, spot_for
from .solution import Solution

__all__ = [
    "BET",
    "CALL",
    "CHECK",
    "FOLD",
    "RAISE",
    "DrawSolution",
    "LiveAdvice",
    "RangeSpot",
    "Solution",
    "advice_for",
    "solve_draw_spot",
    "solve_range_spot",
    "solve_spot",
    "spot_for",
]

""" "The math says": a heads-up spot's last betting round, solved, for the learner's hand.

Why this sits between the coach's spot and the solver: ``evaluator.solver``
solves a round between two explicit ranges, and a ``Spot`` says only what a
learner can know at one decision. This module asks the question the solver
answers:

- **Which spots.** A bet after the last draw against one opponent: the
  solver covers the last betting round of heads-up play (no draw, no third
  seat). Anything else gets ``NotSolved`` with the reason in words.
- **The ranges.** Each seat's range is what a player of the coach's stated
  population model (``evaluator.play.ranges``, a player who is solid, a
  caller or an aggressor equally often) holds after taking the cards it
  took at each draw. Hands the model reaches more often weigh more. The
  learner's own hand is added to the learner's range when the sample
  missed it, so its mix can always be read. The learner's draws are not part
  of a spot; unless given, they are taken as one card at each draw, as the
  coach's own rollouts take them.
- **Where in the round.** A spot gives the pot with this round's bets in,
  the price and the raises left, not the order of the bets. Heads-up at a
  fixed limit the price is always one bet; the bets made so far are read
  from the raises left (the game's cap less the raises left; one bet when
  the raises left were not given), and the opponent is taken to have made
  the last bet. With no bet to call, an opponent who acts after the learner
  means the learner opens the round, and one who does not means it checked.
  ``history_words`` says how the spot was read, so the page can show it.

Everything solved is an equilibrium *given these ranges*, not a solution of
the whole game; the panel says so.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..cards import Card, format_cards, parse_cards
from ..errors import EvaluatorError
from ..solver import BET, CHECK, RAISE, Solution, solve_spot
from .ranges import POPULATION, pool
from .spot import Spot

# Stops as soon as the solution is this close to an equilibrium: a thousandth
# of a big bet per hand, the target for every panel shown.
TARGET_MBB = 1.0
ITERATIONS = 2_000
ACTION_ORDER = ("bet", "raise", "call", "check", "fold")


class NotSolved(EvaluatorError):
    """This spot is not one the solver answers; the message says why, in words."""


@dataclass(frozen=True)
class RoundPosition:
    """Where the learner stands in the round, read from the spot: cheap, no range built yet."""

    spot: Spot
    pot: int  # chips in the middle before this round's bets
    cap: int
    first: int  # 0: the learner acts first in the round; 1: the opponent does
    history: str  # the round so far, as the solver writes it ("", "check", "bet raise")
    history_words: str
    learner_drew: tuple[int, ...]


@dataclass(frozen=True)
class RoundQuestion:
    """The solver's question: the position and both seats' ranges (learner first)."""

    position: RoundPosition
    ranges: tuple[tuple[str, ...], tuple[str, ...]]
    weights: tuple[tuple[float, ...], tuple[float, ...]]


@dataclass(frozen=True)
class MathSays:
    """The equilibrium's answer for the learner's hand, and how good that equilibrium is."""

    position: RoundPosition
    range_sizes: tuple[int, int]  # distinct hands in the learner's and the opponent's range
    mix: tuple[tuple[str, float], ...]  # each action and its probability, likeliest first
    values: tuple[tuple[str, float], ...]  # each action's chips from here, same order
    exploitability_mbb: float  # milli-big-bets per hand (thousandths of the round's bet)
    exploitability_pct_pot: float
    iterations: int
    seconds: float

    @property
    def mix_text(self) -> str:
        """The mix in words: "bet 70%, check 30%"."""
        return mix_words(dict(self.mix))

    def to_json(self) -> dict[str, object]:
        """What a page shows, as plain JSON (a stored answer outlives the process)."""
        p = self.position
        return {
            "mix_text": self.mix_text,
            "mix": [[a, round(v, 4)] for a, v in self.mix],
            "values": [[a, round(v, 4)] for a, v in self.values],
            "exploitability_mbb": round(self.exploitability_mbb, 4),
            "exploitability_pct_pot": round(self.exploitability_pct_pot, 5),
            "iterations": self.iterations,
            "seconds": round(self.seconds, 3),
            "range_sizes": list(self.range_sizes),
            "history_words": p.history_words,
            "pot_before": p.pot,
            "learner_drew": list(p.learner_drew),
            "opponent_drew": list(p.spot.opponents[0].drew),
        }


def mix_words(mix: dict[str, float]) -> str:
    """A mix in words, likeliest first, under half a percent left out: "bet 70%, check 30%"."""
    ordered = sorted(mix, key=lambda a: (-round(mix[a], 6), _order(a)))
    return ", ".join(f"{a} {round(100 * mix[a])}%" for a in ordered if mix[a] >= 0.005)


def _order(action: str) -> int:
    return ACTION_ORDER.index(action) if action in ACTION_ORDER else len(ACTION_ORDER)


def round_position(
    spot: Spot, *, learner_drew: tuple[int, ...] | None = None, bets_made: int | None = None
) -> RoundPosition:
    """Where the learner stands in the round; ``NotSolved`` when the solver has no answer.

    ``bets_made`` is the number of bets already made this round when the asker
    knows it; otherwise one bet when a bet is faced.
    """
    profile = spot.profile
    if spot.decision != "bet" or spot.draws_left != 0:
        raise NotSolved(
            "this panel answers the last betting round, after the last draw, and "
            "this spot still has a draw to come"
        )
    if len(spot.opponents) != 1:
        raise NotSolved(
            f"this panel answers heads-up spots; this one has {len(spot.opponents)} opponents"
        )
    opponent = spot.opponents[0]
    done = profile.draws
    mine = learner_drew if learner_drew is not None else (1,) * done
    if len(mine) != done:
        raise NotSolved(f"give your draws as {done} numbers, one per draw")
    cap = profile.raise_cap
    if spot.to_call == 0:
        made = 0
        first = 0 if opponent.acts_after else 1
        history = "" if first == 0 else CHECK
        words = "you open the round" if first == 0 else "your opponent checked to you"
    else:
        if spot.to_call != spot.bet:
            raise NotSolved(
                "heads-up at a fixed limit the price is always one bet; "
                f"this spot asks {spot.to_call} with bets of {spot.bet}"
            )
        made = bets_made if bets_made is not None else 1
        if not 1 <= made <= cap:
            raise NotSolved(f"a round of {profile.name} has 1 to {cap} bets, not {made}")
        first = 1 if made % 2 else 0  # the opponent made the last bet
        history = " ".join([BET] + [RAISE] * (made - 1))
        words = {
            1: "your opponent bet",
            2: "you bet and your opponent raised",
        }.get(made, f"{made} bets so far, the last one your opponent's")
    before = spot.pot - (2 * made - 1) * spot.bet if made else spot.pot
    if before < 1:
        raise NotSolved(
            f"a pot of {spot.pot} is smaller than the {made} bet{'s' if made > 1 else ''} "
            "this round already holds"
        )
    return RoundPosition(spot, before, cap, first, history, words, tuple(mine))


def round_question(position: RoundPosition) -> RoundQuestion:
    """Both ranges for the position: the model's hands, sampled once per game and draws."""
    spot = position.spot
    learner_range, learner_weights = _weighted(
        spot.game, position.learner_drew, must=format_cards(spot.cards)
    )
    opponent_range, opponent_weights = _weighted(spot.game, spot.opponents[0].drew, must=None)
    return RoundQuestion(
        position, (learner_range, opponent_range), (learner_weights, opponent_weights)
    )


def _weighted(
    game: str, drew: tuple[int, ...], must: str | None
) -> tuple[tuple[str, ...], tuple[float, ...]]:
    """The model's sampled hands as a range: each distinct hand once, weighted by its count."""
    counts = Counter(
        format_cards(sorted(h.cards, key=_index)) for h in pool(game, POPULATION, drew)
    )
    if must is not None:
        key = format_cards(sorted(parse_cards(must), key=_index))
        counts.setdefault(key, 1)
    texts = tuple(sorted(counts))
    return texts, tuple(float(counts[t]) for t in texts)


def math_says(position: RoundPosition) -> MathSays:
    """Solve the position's round and read the learner's hand in it (cached by the solver)."""
    q = round_question(position)
    spot = position.spot
    solution: Solution = solve_spot(
        spot.game,
        [list(q.ranges[0]), list(q.ranges[1])],
        weights=[list(q.weights[0]), list(q.weights[1])],
        pot=position.pot,
        bet=spot.bet,
        cap=position.cap,
        first=position.first,
        iterations=ITERATIONS,
        target_mbb=TARGET_MBB,
    )
    mix = solution.mix_for(spot.cards, position.history)
    values = solution.values_for(spot.cards, position.history)
    ordered = sorted(mix, key=lambda a: (-round(mix[a], 6), _order(a)))
    return MathSays(
        position=position,
        range_sizes=(len(q.ranges[0]), len(q.ranges[1])),
        mix=tuple((a, mix[a]) for a in ordered if mix[a] >= 0.005),
        values=tuple((a, values[a]) for a in ordered if a in values),
        exploitability_mbb=solution.exploitability_mbb,
        exploitability_pct_pot=solution.exploitability_pct_pot,
        iterations=solution.iterations,
        seconds=solution.seconds,
    )


def _index(card: Card) -> int:
    return card.index

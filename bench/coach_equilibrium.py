"""The coach against the equilibrium on heads-up last-round spots from played hands (issue 45).

A part of ``python -m bench.play`` (``--coach-parts equilibrium``). The coach
(``evaluator.play``) and the equilibrium solver (``evaluator.solver``) share
only the ranges' player model; this part asks how far the coach's advice is
from the equilibrium of the spot, where the opponent plays its best.

Spots: seeded heads-up hands of every game, the learner's chair played by the
solid personality against each personality, the button on either side; every
decision of the learner's seat in the last betting round is a spot (a hand
may give two). For each one:

1. both ranges are built from the hand (``spot_for``, ``SAMPLES`` hands drawn
   a seat: half the panel's 200, which keeps about 75 distinct hands a seat;
   the ranges are an approximation of the hand's evidence either way) and the
   round is solved to under ``TARGET_MBB`` milli-big-bets per hand;
2. the coach's best play (``coach_action``, the table's own valuation: after
   the last draw no card comes, so the coach averages the opponent's replies
   exactly for each hand it deals the opponent and samples only the hands)
   is compared with the learner's mix and each choice's value against the
   equilibrium: is it in the support (played at least 1 % of the time), and
   what it loses against the equilibrium's best choice, in big bets;
3. a spot outside the support is classified by what the coach did and what
   the equilibrium does most, and by the learner's share of a showdown
   against the opponent's range next to the price of a call.

On the first ``--equilibrium-policy-spots`` spots, the exploitability of
"always do what the coach says": the coach's pure choice is fixed for every
hand of the learner's range at every history of the round the learner can
reach by following it, the opponent best-responds (an exact walk of the
round's tree, written here from the solution's public data so it does not
lean on the solver's internals, and checked by the tests against the solver's
own exploitability), and the learner's value is set against its equilibrium
value (mbb per hand and % of the pot).

Spots run in ``--jobs`` worker processes; the figures do not depend on the
number of jobs (spots are taken in seed order).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial

import numpy as np
import numpy.typing as npt

from bench.measure import Line
from evaluator.cards import parse_cards
from evaluator.play import LiveHand, TableSettings, coach_action
from evaluator.play.grading import grade_choices
from evaluator.play.ranges import POPULATION
from evaluator.play.spot_data import OpponentInSpot, Spot, legal_choices
from evaluator.play.values import TABLE_BUDGET, value_spot
from evaluator.profiles import GameProfile, get_profile
from evaluator.solver import RangeSpot, Solution, solve_range_spot, spot_for

GAMES = ("badacey", "badeucey", "badugi", "ace_to_five", "deuce_to_seven")
KINDS = ("solid", "caller", "aggressor")
SPOTS = 10_000
POLICY_SPOTS = 40
SAMPLES = 100
QUICK_SAMPLES = 16
TARGET_MBB = 1.0
SUPPORT = 0.01
LOSS_TARGET_BB = 0.05
AGGRESSIVE = ("bet", "raise")
Matrix = npt.NDArray[np.float64]


def add_options(parser: argparse.ArgumentParser, jobs: bool = True) -> None:
    """This part's options of ``python -m bench.play``."""
    parser.add_argument(
        "--equilibrium-spots", type=int, default=SPOTS, help="coach vs equilibrium: spots"
    )
    parser.add_argument(
        "--equilibrium-policy-spots",
        type=int,
        default=POLICY_SPOTS,
        help="coach vs equilibrium: spots whose coach policy is best-responded to",
    )
    if jobs:  # bench.play, with two parts that share it, adds --jobs itself
        parser.add_argument(
            "--jobs", type=int, default=os.cpu_count() or 1, help="worker processes"
        )
    parser.add_argument(
        "--equilibrium-minutes",
        type=float,
        default=0.0,
        help="stop taking spots after this long (0: no limit); the report gives the count run",
    )


def sizes(options: argparse.Namespace) -> tuple[int, int, int, int]:
    """(spots, policy spots, jobs, range samples); ``--quick`` cuts them to a smoke test,
    whose ranges are small (``QUICK_SAMPLES``) so the coach policy's spot takes seconds."""
    spots = getattr(options, "equilibrium_spots", SPOTS)
    policy = getattr(options, "equilibrium_policy_spots", POLICY_SPOTS)
    jobs = getattr(options, "jobs", 1)
    samples = SAMPLES
    if getattr(options, "quick", False):
        spots, policy, samples = min(spots, 4), min(policy, 1), QUICK_SAMPLES
    return max(1, spots), max(0, min(policy, spots)), max(1, jobs), samples


# -- the spots ------------------------------------------------------------------------


def settings_for(seed: int) -> TableSettings:
    """A seeded heads-up table: every game, opponent and position come round every 30 seeds."""
    game = GAMES[seed % len(GAMES)]
    big = get_profile(game).big_bet
    learner = seed % 2
    opponent = KINDS[seed // len(GAMES) % len(KINDS)]
    button = learner if seed // 15 % 2 == 0 else 1 - learner
    return TableSettings(
        game=game,
        seats=2,
        learner_seat=learner,
        personalities=tuple(None if s == learner else opponent for s in range(2)),
        stacks=(60 * big, 60 * big),
        button=button,
        seed=seed,
    )


def last_round_decisions(seed: int) -> list[LiveHand]:
    """The hand of ``seed`` at each last-round decision of the learner (played by 'solid')."""
    settings = settings_for(seed)
    hand = LiveHand.start(settings)
    found = []
    while not hand.is_over:
        if hand.draws_left == 0 and hand.phase == "bet":
            found.append(LiveHand.replay(settings, hand.learner_actions))
        hand.play(hand.computer_choice("solid"))
    return found


# -- showdowns and the best response -----------------------------------------------------


@dataclass(frozen=True)
class Showdowns:
    """Every learner hand against every opponent hand: the pair's chance and the learner's share.

    ``meet[i, j]`` is the chance of learner hand i against opponent hand j
    (weights multiplied, 0 where they share a card, the whole summing to 1);
    ``win`` is that chance times the learner's share of the pot at a showdown
    (each half of a split game half the pot, a tied half shared), from the
    engine's strengths.
    """

    meet: Matrix
    win: Matrix

    @classmethod
    def of(cls, spot: RangeSpot, learner: int) -> Showdowns:
        profile = get_profile(spot.game)
        mine, theirs = spot.ranges[learner], spot.ranges[1 - learner]
        a, b = _cards(mine), _cards(theirs)
        apart = (_masks(a)[:, None] & _masks(b)[None, :]) == 0
        weights = np.outer(spot.weights[learner], spot.weights[1 - learner])
        meet = np.where(apart, weights, 0.0)
        meet /= meet.sum()
        sa, sb = _strengths(profile, a), _strengths(profile, b)
        share = np.zeros(meet.shape)
        for half in range(sa.shape[1]):
            x, y = sa[:, half][:, None], sb[:, half][None, :]
            share += (x > y) + 0.5 * (x == y)
        return cls(meet, meet * share / sa.shape[1])

    def equity(self, i: int) -> float:
        """Learner hand i's share of a showdown against the opponent's range."""
        there = float(self.meet[i].sum())
        return float(self.win[i].sum()) / there if there > 0 else 0.0


def _cards(texts: Sequence[str]) -> list[tuple[int, ...]]:
    return [tuple(c.index for c in parse_cards(t)) for t in texts]


def _masks(hands: list[tuple[int, ...]]) -> npt.NDArray[np.uint64]:
    return np.array([sum(1 << i for i in h) for h in hands], dtype=np.uint64)


def _strengths(profile: GameProfile, hands: list[tuple[int, ...]]) -> npt.NDArray[np.int64]:
    strength_of = profile.strength_function
    return np.array([strength_of(*h) for h in hands], dtype=np.int64).reshape(len(hands), -1)


def seat_of(solution: Solution, history: str) -> int:
    return solution.histories[history]


def actions_at(solution: Solution, history: str) -> tuple[str, ...]:
    seat = seat_of(solution, history)
    return tuple(solution.strategy[solution.ranges[seat][0]][history])


def _child(history: str, action: str) -> str:
    return f"{history} {action}".strip()


def _puts(history: str, bet: int) -> tuple[int, int]:
    """Chips each solver seat put in during the round along ``history`` (seat 0 acts first)."""
    put = [0, 0]
    for k, action in enumerate(history.split()):
        seat, other = k % 2, 1 - k % 2
        if action in AGGRESSIVE:
            put[seat] = put[other] + bet
        elif action == "call":
            put[seat] = put[other]
    return put[0], put[1]


def learner_histories(solution: Solution, learner: int) -> list[str]:
    return [h for h, seat in solution.histories.items() if seat == learner]


Policy = dict[str, Matrix]  # history -> (learner hands x actions) probabilities


def equilibrium_policy(solution: Solution, learner: int) -> Policy:
    """The solution's own strategy for the learner's seat, as a policy."""
    texts = solution.ranges[learner]
    return {
        h: np.array([[solution.strategy[t][h][a] for a in actions_at(solution, h)] for t in texts])
        for h in learner_histories(solution, learner)
    }


def value_against_best_response(
    solution: Solution, learner: int, policy: Policy, showdowns: Showdowns
) -> float:
    """The learner's chips from the start of the round when the opponent best-responds.

    The opponent's counterfactual value is walked back from every end of the
    round for all its hands at once: at its own histories each hand takes the
    better action (an exact best response, its information being its hand
    and the history), at the learner's the learner's policy weighs the
    branches. The learner's value is the pot minus the opponent's.
    """
    pot, bet = solution.pot, solution.bet
    opponent = 1 - learner
    meet, lose = showdowns.meet, showdowns.meet - showdowns.win

    def walk(history: str, reach: Matrix) -> Matrix:
        if history in solution.histories:
            seat = seat_of(solution, history)
            actions = actions_at(solution, history)
            if seat == opponent:
                best: Matrix = np.stack([walk(_child(history, a), reach) for a in actions])
                return best.max(axis=0)
            mix = policy[history]
            total = np.zeros(meet.shape[1])
            for k, a in enumerate(actions):
                if mix[:, k].any():
                    total += walk(_child(history, a), reach * mix[:, k])
            return total
        put = _puts(history, bet)
        mine, theirs = put[learner], put[opponent]
        met = reach @ meet
        last = history.split()[-1]
        if last == "fold":
            folder = (len(history.split()) - 1) % 2
            return (pot + mine) * met if folder == learner else -theirs * met
        return (pot + mine + theirs) * (reach @ lose) - theirs * met

    return pot - float(walk("", np.ones(meet.shape[0])).sum())


# -- the coach at any history of the round ---------------------------------------------


def coach_spot(
    hand: LiveHand, spot: RangeSpot, learner: int, history: str, cards: str
) -> tuple[Spot, tuple[str, ...], tuple[int, ...], tuple[tuple[str, ...], ...]]:
    """What the coach would be asked holding ``cards`` at ``history`` of this hand's last round.

    Built the way ``coach.spot_of`` builds it from a table (the tests hold
    the two equal at the hand's real decision): the pot with the round's
    chips, the price, the raises left, the opponent's draws and whether it
    still acts after the learner, its personality and its actions this round.
    """
    me = hand.settings.learner_seat
    opponent_seat = spot.table_seats[1 - learner]
    profile = hand.profile
    put = _puts(history, spot.bet)
    actions = history.split()
    theirs = tuple(a for k, a in enumerate(actions) if k % 2 != learner)
    bets = sum(a in AGGRESSIVE for a in actions)
    to_call = put[1 - learner] - put[learner]
    raises_left = profile.raise_cap - bets if to_call else max(1, profile.raise_cap - bets)
    held = parse_cards(cards)
    found = Spot(
        game=profile.key,
        decision="bet",
        cards=tuple(held),
        dead=tuple(c for c in hand.dead_cards() if c not in held),
        draws_left=0,
        pot=spot.pot + sum(put),
        to_call=to_call,
        bet=spot.bet,
        raises_left=max(0, raises_left),
        opponents=(OpponentInSpot(hand.draws_of(opponent_seat), not theirs),),
    )
    model = hand.settings.personalities[opponent_seat] or POPULATION
    return found, (model,), hand.draws_of(me), (theirs,)


def coach_choice(hand: LiveHand, spot: RangeSpot, learner: int, history: str, cards: str) -> str:
    """The coach's best play (its table valuation) for ``cards`` at ``history``, in solver words."""
    asked, models, drew, actions = coach_spot(hand, spot, learner, history, cards)
    valued = value_spot(
        asked,
        legal_choices(asked),
        seed=0,
        models=models,
        learner_drew=drew,
        round_actions=actions,
        budget=TABLE_BUDGET,
        every_throw=False,
    )
    return grade_choices(asked, valued)[0].action.kind


def coach_policy(
    hand: LiveHand, solution: Solution, spot: RangeSpot, learner: int
) -> tuple[Policy, int]:
    """The coach's pure choice for every learner hand at every history it can reach by
    following the coach (the rest are never reached: any row does); and how many it asked."""
    texts = solution.ranges[learner]
    policy = {
        h: np.zeros((len(texts), len(actions_at(solution, h))))
        for h in learner_histories(solution, learner)
    }
    for row in policy.values():
        row[:, 0] = 1.0
    asked = 0

    def follow(i: int, history: str) -> None:
        nonlocal asked
        if history not in solution.histories:
            return
        actions = actions_at(solution, history)
        if seat_of(solution, history) != learner:
            for a in actions:
                follow(i, _child(history, a))
            return
        kind = coach_choice(hand, spot, learner, history, texts[i])
        asked += 1
        chosen = _as_solver(kind, actions)
        policy[history][i] = [1.0 if a == chosen else 0.0 for a in actions]
        follow(i, _child(history, chosen))

    for i in range(len(texts)):
        follow(i, "")
    return policy, asked


def _as_solver(kind: str, actions: Sequence[str]) -> str:
    """The table's word for a choice as the solver's (a bet or a raise is the aggressive one)."""
    if kind in AGGRESSIVE:
        return next(a for a in actions if a in AGGRESSIVE)
    return kind


# -- one spot -------------------------------------------------------------------------


@dataclass(frozen=True)
class SpotResult:
    """The coach against the equilibrium at one decision."""

    seed: int
    game: str
    opponent: str
    history: str
    learner_first: bool
    coach: str
    mix: dict[str, float]
    values: dict[str, float]
    loss_bb: float
    equity: float  # the learner's share of a showdown against the opponent's range
    price: float  # the share a call needs (0 when checking is free)
    hands: tuple[int, int]
    exploitability_mbb: float
    cpu: tuple[float, float, float]  # ranges, solve, coach
    policy: tuple[float, float, int] | None = field(default=None)  # mbb, % pot, coach asks

    @property
    def in_support(self) -> bool:
        return self.mix.get(self.coach, 0.0) >= SUPPORT

    @property
    def equilibrium_choice(self) -> str:
        return max(self.mix, key=lambda a: self.mix[a])


def measure_spot(
    hand: LiveHand, seed: int, with_policy: bool, samples: int = SAMPLES
) -> SpotResult | None:
    """The figures of one decision; None when the spot does not fit the solver."""
    clock = time.process_time()
    spot = spot_for(hand, samples=samples)
    ranges_cpu = time.process_time() - clock
    if spot is None:
        return None
    if not spot.ranges[0] or not spot.ranges[1]:
        return None  # no sampled hand of the model plays the seat's line: nothing to solve
    clock = time.process_time()
    solution = solve_range_spot(spot, target_mbb=TARGET_MBB)
    solve_cpu = time.process_time() - clock
    clock = time.process_time()
    learner = spot.solver_seat(hand.settings.learner_seat)
    history = spot.history
    actions = actions_at(solution, history)
    coach = _as_solver(coach_action(hand).kind, actions)
    coach_cpu = time.process_time() - clock
    cards = hand.learner_cards
    mix = solution.mix_for(cards, history)
    values = solution.values_for(cards, history)
    best = max(values.values()) if values else 0.0
    loss = (best - values.get(coach, best)) / spot.bet
    showdowns = Showdowns.of(spot, learner)
    text = next(t for t in spot.ranges[learner] if set(parse_cards(t)) == set(cards))
    equity = showdowns.equity(spot.ranges[learner].index(text))
    put = _puts(history, spot.bet)
    to_call = put[1 - learner] - put[learner]
    pot_now = spot.pot + sum(put)
    policy = None
    if with_policy:
        chosen, asked = coach_policy(hand, solution, spot, learner)
        given_up = solution.value[learner] - value_against_best_response(
            solution, learner, chosen, showdowns
        )
        policy = (given_up / spot.bet * 1000, 100 * given_up / spot.pot, asked)
    opponent_seat = spot.table_seats[1 - learner]
    return SpotResult(
        seed=seed,
        game=spot.game,
        opponent=hand.settings.personalities[opponent_seat] or POPULATION,
        history=history,
        learner_first=learner == 0,
        coach=coach,
        mix=mix,
        values=values,
        loss_bb=loss,
        equity=equity,
        price=to_call / (pot_now + to_call) if to_call else 0.0,
        hands=(len(spot.ranges[0]), len(spot.ranges[1])),
        exploitability_mbb=solution.exploitability_mbb,
        cpu=(ranges_cpu, solve_cpu, coach_cpu),
        policy=policy,
    )


def seed_results(samples: int, seed: int) -> list[SpotResult]:
    """Every fitting last-round decision of the seed's hand (a worker's task)."""
    found = []
    for hand in last_round_decisions(seed):
        result = measure_spot(hand, seed, False, samples)
        if result is not None:
            found.append(result)
    return found


def policy_result(samples: int, task: tuple[int, int]) -> SpotResult | None:
    """The spot ``index`` of seed ``seed`` again, with the coach policy's exploitability."""
    seed, index = task
    fitting = [h for h in last_round_decisions(seed) if _fits(spot_for(h, samples=samples))]
    return measure_spot(fitting[index], seed, True, samples)


def _fits(spot: RangeSpot | None) -> bool:
    return spot is not None and all(spot.ranges)


def _mapped[T, R](function: Callable[[T], R], tasks: Iterable[T], jobs: int) -> Iterator[R]:
    """``function`` over the tasks in order, in ``jobs`` worker processes (or here with one)."""
    if jobs <= 1:
        yield from map(function, tasks)
        return
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        yield from pool.imap(function, tasks, chunksize=1)


def _seeds() -> Iterator[int]:
    seed = 0
    while True:
        seed += 1
        yield seed


def run(
    count: int, policy_count: int, jobs: int, samples: int = SAMPLES, minutes: float = 0.0
) -> tuple[list[SpotResult], float]:
    """The first ``count`` fitting spots in seed order (fewer if ``minutes`` run out first),
    the first ``policy_count`` of them with the coach policy's exploitability; and the wall
    seconds it took. Progress goes to stderr every 500 spots."""
    started = time.perf_counter()
    deadline = started + 60 * minutes if minutes > 0 else math.inf
    results: list[SpotResult] = []
    where: list[tuple[int, int]] = []
    for found in _mapped(partial(seed_results, samples), _seeds(), jobs):
        for index, result in enumerate(found):
            if len(results) < count:
                results.append(result)
                where.append((result.seed, index))
        if len(results) >= count or time.perf_counter() > deadline:
            break
        if len(results) // 500 > (len(results) - len(found)) // 500:
            seconds = time.perf_counter() - started
            print(f"  ... {len(results)} spots, {seconds:.0f} s", file=sys.stderr, flush=True)
    tasks = where[:policy_count]
    for k, with_policy in enumerate(_mapped(partial(policy_result, samples), tasks, jobs)):
        if with_policy is not None:
            results[k] = with_policy
    return results, time.perf_counter() - started


# -- the report ------------------------------------------------------------------------


def cause(result: SpotResult) -> str:
    """Why a choice outside the support loses, in words a teacher would use."""
    coach, eq = result.coach, result.equilibrium_choice
    value_hand = result.equity >= 0.5
    if coach in ("check", "call") and eq in AGGRESSIVE:
        if coach == "check":
            return "checks where the equilibrium bets " + (
                "for value" if value_hand else "as a bluff"
            )
        return "calls where the equilibrium raises " + ("for value" if value_hand else "as a bluff")
    if coach in AGGRESSIVE and eq in ("check", "call"):
        return f"{coach}s where the equilibrium {eq}s" + (
            " (a thin value bet)" if value_hand else " (a bluff it does not make)"
        )
    if coach == "fold":
        priced = result.equity >= result.price
        return f"folds where the equilibrium {'raises' if eq == 'raise' else 'calls'}" + (
            " (the pot odds say call)" if priced else " (it calls as a bluff-catcher)"
        )
    if eq == "fold":
        return f"{coach}s where the equilibrium folds"
    return f"{coach} where the equilibrium plays {eq}"


def interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (normal approximation)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, float("nan")
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def share_interval(hits: int, n: int) -> tuple[float, float]:
    """A share and the half-width of its 95% Wilson interval (centre shown as the share)."""
    if n == 0:
        return float("nan"), float("nan")
    p = hits / n
    z = 1.96
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return p, half


def report(
    results: Sequence[SpotResult], wall: float, jobs: int, asked: int | None = None
) -> list[Line]:
    """The lines of the part: support, loss, the coach policy, the causes, the time."""
    n = len(results)
    if n == 0:
        return [Line("coach vs equilibrium: spots", "none fitted", "", False)]
    hits = sum(r.in_support for r in results)
    share, share_half = share_interval(hits, n)
    mean, half = interval([r.loss_bb for r in results])
    lines = [
        Line(
            f"coach vs equilibrium: heads-up last-round spots ({jobs} jobs, {wall:.0f} s)",
            f"{n:,}" + (f" of {asked:,} asked" if asked is not None and asked > n else ""),
            "",
            None,
        ),
        Line(
            "coach's best play in the equilibrium's support",
            f"{100 * share:.1f} ± {100 * share_half:.1f}%",
            "",
            None,
        ),
        Line(
            "coach's loss against an equilibrium opponent",
            f"{mean:.3f} ± {half:.3f} BB",
            f"<= {LOSS_TARGET_BB:g} BB per decision",
            mean <= LOSS_TARGET_BB,
        ),
    ]
    for label, key in (("opponent", "opponent"), ("game", "game")):
        groups: dict[str, list[SpotResult]] = defaultdict(list)
        for r in results:
            groups[getattr(r, key)].append(r)
        for name in sorted(groups):
            group = groups[name]
            m, h = interval([r.loss_bb for r in group])
            inside = sum(r.in_support for r in group)
            lines.append(
                Line(
                    f"  {label} {name}: {len(group)} spots, in support / loss",
                    f"{100 * inside / len(group):.0f}% / {m:.3f} ± {h:.3f} BB",
                    "",
                    None,
                )
            )
    for first, words in ((True, "first to act"), (False, "second to act")):
        group = [r for r in results if r.learner_first == first]
        if group:
            m, h = interval([r.loss_bb for r in group])
            inside = sum(r.in_support for r in group)
            lines.append(
                Line(
                    f"  learner {words}: {len(group)} spots, in support / loss",
                    f"{100 * inside / len(group):.0f}% / {m:.3f} ± {h:.3f} BB",
                    "",
                    None,
                )
            )
    policies = [r.policy for r in results if r.policy is not None]
    if policies:
        mbb, mh = interval([p[0] for p in policies])
        pct, ph = interval([p[1] for p in policies])
        asked = sum(p[2] for p in policies)
        lines.append(
            Line(
                f"'always do what the coach says' against a best response "
                f"({len(policies)} spots, {asked:,} coach plays)",
                f"{mbb:.0f} ± {mh:.0f} mbb, {pct:.1f} ± {ph:.1f}% of the pot",
                "",
                None,
            )
        )
    outside = [r for r in results if not r.in_support]
    causes = Counter(cause(r) for r in outside)
    lost: dict[str, float] = defaultdict(float)
    for r in outside:
        lost[cause(r)] += r.loss_bb
    total = sum(r.loss_bb for r in results) or 1.0
    for words, count in causes.most_common(8):
        lines.append(
            Line(
                f"  outside the support: {words}",
                f"{count} spots, {100 * lost[words] / total:.0f}% of the loss",
                "",
                None,
            )
        )
    parts = [statistics.fmean(r.cpu[k] for r in results) for k in range(3)]
    lines.append(
        Line(
            "CPU per spot: ranges / solve / coach, mean",
            f"{parts[0]:.2f} / {parts[1]:.2f} / {parts[2]:.2f} s",
            "",
            None,
        )
    )
    hands = statistics.fmean(sum(r.hands) / 2 for r in results)
    worst = max(r.exploitability_mbb for r in results)
    lines.append(
        Line(
            f"solves: {hands:.0f} hands a seat on average, worst exploitability",
            f"{worst:.3f} mbb",
            f"< {TARGET_MBB:g} mbb per hand",
            worst < TARGET_MBB,
        )
    )
    return lines


def bench_coach_equilibrium(options: argparse.Namespace) -> list[Line]:
    """The part of ``bench.play``: run the spots and report them."""
    count, policy_count, jobs, samples = sizes(options)
    minutes = getattr(options, "equilibrium_minutes", 0.0)
    results, wall = run(count, policy_count, jobs, samples, minutes)
    return report(results, wall, jobs, count)

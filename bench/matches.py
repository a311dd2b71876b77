"""Honest heads-up matches: the coach and the equilibrium player against every computer player.

A part of ``python -m bench.play`` (``--coach-parts matches``), or on its own
as ``python -m bench.matches``. Each match deals every seed twice with the
chairs swapped and subtracts the luck of each chance event by a value
function fitted before the match on other seeds (``evaluator.play.matches``
says how). It prints the hero's result in big bets per 100 hands with a 95%
interval three ways (every hand alone, duplicate pairs, duplicate pairs with
the luck correction), how many times fewer hands the correction needs than
the raw count, and a PASS/MISS line against an interval of ±1 big bet per
100 hands. The coach and the equilibrium player take a fraction of a second
per decision, so their matches are usually run short: the report then says
how many hands ±1 would need from the spread it measured, and how long
that would take at the rate it measured.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from bench.measure import Line, show
from evaluator.play import coach_action
from evaluator.play.matches import (
    FIT_SEED,
    DealResult,
    Estimate,
    FitRow,
    Strategy,
    ValueModel,
    computer,
    fit_rows,
    play_match,
    pooled_model,
    report,
    value_model,
)

GAMES = ("badacey", "badeucey", "badugi", "ace_to_five", "deuce_to_seven")
STYLES = ("solid", "caller", "aggressor")
FIRST_SEED = 11 * 10**6  # far from the value function's seeds (``FIT_SEED``)
TARGET = 1.0  # the 95% half-width wanted, big bets per 100 hands


def add_options(parser: argparse.ArgumentParser, jobs: bool = True) -> None:
    parser.add_argument(
        "--match-hands", type=int, default=10_000, help="hands per match of computer players"
    )
    parser.add_argument(
        "--coach-match-hands", type=int, default=10_000, help="hands per match of the coach"
    )
    parser.add_argument(
        "--bot-match-hands",
        type=int,
        default=10_000,
        help="hands per match of the equilibrium player",
    )
    if jobs:  # bench.play, with two parts that share it, adds --jobs itself
        parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument(
        "--fit-deals",
        type=int,
        default=300,
        help="deals of each match's own two players, on other seeds, its luck weights are "
        "fitted on (0: one shared fit on Solid's hands)",
    )
    parser.add_argument(
        "--matches",
        default="reference,bot,coach",
        help="which matches: reference (Solid vs the others), bot, coach",
    )


def quick(options: argparse.Namespace) -> None:
    """A smoke test's sizes: a few deals per match (figures not comparable)."""
    options.match_hands = min(options.match_hands, 200)
    options.coach_match_hands = min(options.coach_match_hands, 4)
    options.bot_match_hands = min(options.bot_match_hands, 8)
    options.fit_deals = min(options.fit_deals, 20)


def hero_of(name: str) -> Strategy:
    if name == "coach":
        return coach_action
    return computer(name)


Played = tuple[list[DealResult], list[str]]


def _play(args: tuple[str, str, Sequence[int], ValueModel]) -> Played:
    """One worker's share of a match (a plain function, so a process pool can call it).

    A deal where a player raises an error is left out and reported, so one
    bug does not lose the whole run; the report counts them.
    """
    hero, opponent, seeds, model = args
    strategy = hero_of(hero)
    results: list[DealResult] = []
    failed: list[str] = []
    for seed in seeds:
        try:
            results += play_match(strategy, opponent, [seed], GAMES, model)
        except Exception as error:  # noqa: BLE001 - reported below, the run goes on
            failed.append(f"seed {seed}: {type(error).__name__}: {error}")
    return results, failed


def _fit(args: tuple[str, str, Sequence[int]]) -> list[FitRow]:
    hero, opponent, seeds = args
    return fit_rows(hero_of(hero), opponent, seeds, GAMES)


def pairing_model(hero: str, opponent: str, deals: int, jobs: int) -> ValueModel:
    """The match's own value function, fitted before it on seeds no match uses.

    A deal where a player raises an error is skipped here too.
    """
    seeds = list(range(FIT_SEED + 10**6, FIT_SEED + 10**6 + deals))
    chunks = [[s] for s in seeds]
    work = [(hero, opponent, c) for c in chunks]
    if jobs <= 1:
        parts = [_safe_fit(w) for w in work]
    else:
        with ProcessPoolExecutor(jobs) as pool:
            parts = list(pool.map(_safe_fit, work, chunksize=4))
    return pooled_model([r for part in parts for r in part], GAMES)


def _safe_fit(args: tuple[str, str, Sequence[int]]) -> list[FitRow]:
    try:
        return _fit(args)
    except Exception:  # noqa: BLE001 - a failing deal only leaves the fit one deal short
        return []


def run(hero: str, opponent: str, hands: int, jobs: int, model: ValueModel) -> Played:
    seeds = list(range(FIRST_SEED, FIRST_SEED + max(1, hands // 2)))
    if jobs <= 1 or len(seeds) < 2 * jobs:
        return _play((hero, opponent, seeds, model))
    chunks = [seeds[i::jobs] for i in range(jobs)]
    with ProcessPoolExecutor(jobs) as pool:
        parts = list(pool.map(_play, [(hero, opponent, c, model) for c in chunks]))
    results = sorted((d for part, _ in parts for d in part), key=lambda d: d.seed)
    return results, [f for _, failed in parts for f in failed]


def shown(e: Estimate) -> str:
    return f"{e.mean:+.1f} ± {e.half:.1f}"


def match_lines(
    hero: str, opponent: str, hands: int, options: argparse.Namespace, shared: ValueModel
) -> list[Line]:
    jobs = options.jobs
    model = shared
    if options.fit_deals > 0:
        model = pairing_model(hero, opponent, options.fit_deals, jobs)
    started = time.perf_counter()
    results, failed = run(hero, opponent, hands, jobs, model)
    seconds = time.perf_counter() - started
    r = report(results)
    played = r.raw.hands
    needed = r.corrected.hands_for(TARGET)
    who = f"{hero} v {opponent}"
    lines = [
        Line(f"{who}, raw, {played:,} hands", shown(r.raw), "", None),
        Line(f"{who}, duplicate", shown(r.duplicate), "", None),
        Line(f"{who}, duplicate + luck", shown(r.corrected), "", None),
        Line(f"{who}, variance raw / dup + luck", f"{r.reduction:.2f}x", "", None),
        Line(f"{who}, hands for ±{TARGET:g} bb/100", f"{needed:,}", "", None),
    ]
    if failed:
        lines.append(Line(f"{who}, deals left out (a player's error)", f"{len(failed)}", "", None))
        lines += [Line(f"  {text[:120]}", "", "", None) for text in failed[:3]]
    if played < needed:
        hours = seconds / played * needed / 3600 * max(1, jobs)
        lines.append(Line(f"{who}, those hands in one process", f"{hours:,.1f} h", "", None))
    lines.append(
        Line(
            f"{who}, 95% interval (bb/100)",
            f"± {r.corrected.half:.2f}",
            f"± {TARGET:g}",
            r.corrected.half <= TARGET,
        )
    )
    return lines


def bench_matches(options: argparse.Namespace) -> list[Line]:
    """Every match the options ask for; the value function is fitted first, once."""
    started = time.perf_counter()
    model = value_model(GAMES)
    how = (
        f"each match's own players, {options.fit_deals} other deals"
        if options.fit_deals > 0
        else "Solid's hands, other seeds"
    )
    lines = [
        Line(f"luck weights fitted on {how}", f"{time.perf_counter() - started:.1f} s", "", None)
    ]
    wanted = {name.strip() for name in options.matches.split(",")}
    if "reference" in wanted:
        for opponent in ("caller", "aggressor"):
            lines += match_lines("solid", opponent, options.match_hands, options, model)
    if "bot" in wanted:
        for opponent in STYLES:
            lines += match_lines("equilibrium", opponent, options.bot_match_hands, options, model)
    if "coach" in wanted:
        for opponent in (*STYLES, "equilibrium"):
            lines += match_lines("coach", opponent, options.coach_match_hands, options, model)
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.matches", description=__doc__)
    add_options(parser)
    parser.add_argument("--markdown", action="store_true", help="rows of docs/benchmarks.md")
    parser.add_argument("--quick", action="store_true", help="a smoke test: a few deals each")
    options = parser.parse_args(argv)
    if options.quick:
        quick(options)
    for line in bench_matches(options):
        print(show(line, options), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

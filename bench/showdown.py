"""``manage.py showdown --jsonl`` beside pokerkit: ``python -m bench.showdown``.

Target: 20,000 lines end to end, process start included, at least 20 times
faster than pokerkit settling the same lines (``bench/pokerkit_settler.py``
divides the chips by the same rules with pokerkit's hand values). Both run as
fresh processes reading the same lines from a pipe, one after the other in
the same run, and the benchmark checks that every line was settled and that
both paid every seat the same chips.

The lines are the showdowns the site teaches: Badacey, Badeucey and Badugi in
equal shares, two to six seats, a third of them with side pots built from
contributions and a folded seat, seeded so every run reads the same lines.

What is judged is CPU time (user plus system) of each process, best of a few
runs: on a shared machine other processes stretch wall time but not the CPU a
process uses. Wall times are printed beside it. Bytecode caching is allowed
for both processes, as in any installed copy (this machine's
``PYTHONDONTWRITEBYTECODE`` would otherwise make the start-up compile every
module each time). ``bench.evaluator`` runs this too; ``--quick`` reads 200
lines, only to see that every figure prints.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MANAGE = ROOT / "manage.py"
POKERKIT_SETTLER = Path(__file__).resolve().with_name("pokerkit_settler.py")
TARGET_SPEED_UP = 20
GAMES = ("badacey", "badeucey", "badugi")
_RANKS = "A23456789TJQK"
_SUITS = "shdc"


def benchmark_lines(count: int, seed: int = 20261130) -> list[str]:
    """``count`` well-formed input lines, the same ones for the same seed."""
    rng = random.Random(seed)
    lines = []
    for n in range(count):
        game = GAMES[n % len(GAMES)]
        size = 4 if game == "badugi" else 5
        seats = rng.randint(2, 6)
        deck = rng.sample(range(52), size * seats)
        hands = [
            " ".join(_RANKS[c // 4] + _SUITS[c % 4] for c in deck[s * size : (s + 1) * size])
            for s in range(seats)
        ]
        request: dict[str, object] = {"game": game, "hands": hands}
        if rng.random() < 1 / 3:
            request["contributions"] = [rng.choice((12, 24, 48, 96)) for _ in range(seats)]
            folded = [False] * seats
            folded[rng.randrange(seats)] = True
            request["folded"] = folded
        else:
            request["pot"] = rng.randrange(2, 500)
        request["button"] = rng.randrange(seats)
        lines.append(json.dumps(request))
    return lines


@dataclass(frozen=True)
class Run:
    wall: float
    cpu: float
    output: bytes


def run_process(command: Sequence[str], stdin: bytes) -> Run:
    """One fresh process fed ``stdin``: its wall time, its CPU time and its output."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, input=stdin, capture_output=True, cwd=ROOT, env=env, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise RuntimeError(f"{command[1]} failed: {done.stderr.decode(errors='replace')[-500:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Run(wall, cpu, done.stdout)


def best_of(command: Sequence[str], stdin: bytes, runs: int) -> Run:
    results = [run_process(command, stdin) for _ in range(runs)]
    return min(results, key=lambda r: r.cpu)


@dataclass(frozen=True)
class Comparison:
    lines: int
    ours: Run
    theirs: Run
    disagreements: int

    @property
    def speed_up(self) -> float:
        return self.theirs.cpu / self.ours.cpu


def compare(count: int, runs: int) -> Comparison | None:
    """Both settlers on the same ``count`` lines; None when either cannot run here."""
    if not MANAGE.exists():
        return None
    try:
        import pokerkit  # noqa: F401 - only to know whether the comparison can run
    except ImportError:
        return None
    stdin = ("\n".join(benchmark_lines(count)) + "\n").encode()
    ours_command = [sys.executable, str(MANAGE), "showdown", "--jsonl"]
    theirs_command = [sys.executable, str(POKERKIT_SETTLER)]
    warm_up = ("\n".join(benchmark_lines(3, seed=1)) + "\n").encode()
    run_process(ours_command, warm_up)  # writes the bytecode caches for both
    run_process(theirs_command, warm_up)
    ours = best_of(ours_command, stdin, runs)
    theirs = best_of(theirs_command, stdin, max(1, runs - 1))
    answers = [json.loads(line) for line in ours.output.decode().splitlines()]
    expected = [json.loads(line) for line in theirs.output.decode().splitlines()]
    disagreements = abs(len(answers) - count) + sum(
        not a.get("ok") or a.get("payouts") != e["payouts"]
        for a, e in zip(answers, expected, strict=False)
    )
    return Comparison(count, ours, theirs, disagreements)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.showdown")
    parser.add_argument("--quick", action="store_true", help="200 lines: a smoke test")
    options = parser.parse_args(argv)
    count, runs = (200, 1) if options.quick else (20_000, 3)
    result = compare(count, runs)
    if result is None:
        print("showdown --jsonl beside pokerkit: skipped (no manage.py or no pokerkit)")
        return 0
    verdict = "PASS" if result.speed_up >= TARGET_SPEED_UP and not result.disagreements else "MISS"
    print(
        f"showdown --jsonl, {result.lines:,} lines: {result.ours.cpu:.2f} s CPU "
        f"({result.ours.wall:.2f} s wall); pokerkit {result.theirs.cpu:.2f} s CPU "
        f"({result.theirs.wall:.2f} s wall); {result.speed_up:.1f}x, "
        f"{result.disagreements} disagreements (target >= {TARGET_SPEED_UP}x, none) {verdict}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

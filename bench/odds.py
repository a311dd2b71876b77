"""How long exact draw odds take: ``python -m bench.odds [--quick]``.

``bench.evaluator`` prints these lines too. Targets, from the practice issue:
a one-card or two-card draw under 10 ms (a page answers at once), a
three-card draw (16,215 draws from 47 unseen cards) under 150 ms, and a
five-card draw (1,533,939 draws) under 3 s. Each figure is the best of a few
runs, since other processes on a shared machine only ever add time. The
questions are Badacey with both targets set, the game with the most to
count per draw.
"""

from __future__ import annotations

import argparse
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence
from functools import partial
from math import comb

from evaluator.odds import DrawOdds, draw_odds

# (label, kept, thrown away, target in ms): one holding of A♠ 2♥ 3♦ 7♣ K♠ and its draws.
QUESTIONS = (
    ("one card", "A♠ 2♥ 3♦ 7♣", "K♠", 10.0),
    ("two cards", "A♠ 2♥ 3♦", "7♣ K♠", 10.0),
    ("three cards", "A♠ 2♥", "3♦ 7♣ K♠", 150.0),
    ("five cards", "", "A♠ 2♥ 3♦ 7♣ K♠", 3000.0),
)
FOUR_CARDS = ("A♠", "2♥ 3♦ 7♣ K♠")


def _ask(kept: str, thrown: str) -> DrawOdds:
    return draw_odds("badacey", kept, discarded=thrown, badugi_top=8, low_top=8)


def _best_ms(call: Callable[[], object], runs: int) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        call()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def _figure(ms: float) -> str:
    return f"{ms / 1000:.2f} s" if ms >= 1000 else f"{ms:.2f} ms"


def _target(ms: float) -> str:
    return f"< {ms / 1000:g} s" if ms >= 1000 else f"< {ms:g} ms"


def measure(quick: bool = False) -> list[tuple[str, str, str, bool | None]]:
    """(label, figure, target, passed) rows, in the shape of ``bench.evaluator.Line``.

    With ``quick`` the five-card draw is estimated from a four-card one
    (scaled by the number of draws), so a smoke test stays short.
    """
    rows: list[tuple[str, str, str, bool | None]] = []
    for label, kept, thrown, target in QUESTIONS:
        draws = comb(47, 5 - len(kept.split()))
        if quick and label == "five cards":
            four = _best_ms(lambda: _ask(*FOUR_CARDS), 1)
            ms = four * draws / comb(47, 4)
            label = f"{label} (estimated)"
        else:
            runs = (1 if quick else 2) if draws > 100_000 else (3 if quick else 20)
            ms = _best_ms(partial(_ask, kept, thrown), runs)
        rows.append(
            (
                f"draw odds: {label}, {draws:,} draws",
                _figure(ms),
                _target(target),
                ms < target,
            )
        )
    if not quick:  # tracing makes the count several times slower
        tracemalloc.start()
        _ask(*QUESTIONS[2][1:3])
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        rows.append(("draw odds: extra memory while counting", f"{peak / 1e3:.0f} KB", "", None))
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.odds", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="estimate the five-card draw")
    options = parser.parse_args(argv)
    from bench.measure import Line

    for row in measure(options.quick):
        print(Line(*row))
    return 0


if __name__ == "__main__":
    sys.exit(main())

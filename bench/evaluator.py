"""Benchmarks for the evaluator: ``python -m bench.evaluator [--quick]``.

Timing targets live here rather than in tests because timings depend on the
machine; a test only checks that this report runs. Each line states its
target and PASS or MISS:

- importing the lookup tables costs under 50 ms, and they hold under 50 MB
  once every Badugi pattern is learned;
- both Badacey halves from ``evaluator.fast`` in under 2 µs per hand;
- every one of the 2,598,960 five-card hands, both halves, in under 6 s;
- at least 30 times faster than pokerkit doing the same two evaluations;
- ``manage.py showdown --jsonl`` on 20,000 lines, process start included, at
  least 20 times faster than a pokerkit-based settler on the same lines.

Adding a section: append a function to ``SECTIONS`` that takes the parsed
options and returns a list of ``Line``. The deal-replay figure comes from
``bench/replay.py`` and the showdown figure from
``bench/showdown.py``; both also run on their own.
"""

from __future__ import annotations

import argparse
import gc
import random
import re
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from itertools import combinations
from pathlib import Path

from bench.measure import MARKDOWN_HEAD, Line, show
from evaluator import fast, tables

ALL_HANDS = 2_598_960


def _deep_size(value: object, seen: set[int] | None = None) -> int:
    """Bytes held by ``value`` and everything it contains (ints, tuples, dicts)."""
    seen = set() if seen is None else seen
    if id(value) in seen:
        return 0
    seen.add(id(value))
    size = sys.getsizeof(value)
    if isinstance(value, dict):
        size += sum(_deep_size(k, seen) + _deep_size(v, seen) for k, v in value.items())
    elif isinstance(value, tuple | list):
        size += sum(_deep_size(item, seen) for item in value)
    return size


_TABLES_IMPORT = re.compile(r"import time:\s+(\d+) \|\s+\d+ \|\s+evaluator\.tables$", re.M)


def import_cost(runs: int) -> float:
    """Seconds ``evaluator.tables`` itself takes to import in a fresh process, best of ``runs``.

    Read from ``python -X importtime``, which times each module apart from
    the modules it imports in turn, so this is the tables' own cost.
    """
    best = float("inf")
    for _ in range(runs):
        done = subprocess.run(
            [sys.executable, "-X", "importtime", "-c", "import evaluator.tables"],
            capture_output=True,
            text=True,
            cwd=Path(__file__).resolve().parents[1],
            check=True,
        )
        found = _TABLES_IMPORT.search(done.stderr)
        if found is None:  # pragma: no cover - importtime's format changed
            raise RuntimeError("could not read the import time of evaluator.tables")
        best = min(best, int(found.group(1)) / 1e6)
    return best


def bench_tables(options: argparse.Namespace) -> list[Line]:
    seconds = import_cost(1 if options.quick else 5)
    gc.collect()
    start = time.perf_counter()
    every_pattern = tables.build_badugi_table()
    whole = time.perf_counter() - start
    held = _deep_size((tables.build_low_tables(), tables.BADUGI_MASK_STRENGTH, every_pattern))
    held += _deep_size((tables.SUIT_MASK_LABEL, tables.BADUGI_LANE_LOW, tables.BADUGI_LANE_HIGH))
    return [
        Line("lookup tables: import cost", f"{seconds * 1000:.1f} ms", "< 50 ms", seconds < 0.05),
        Line(
            "lookup tables: memory, every pattern learned",
            f"{held / 1e6:.1f} MB",
            "< 50 MB",
            held < 50e6,
        ),
        Line("Badugi patterns built all at once (not at import)", f"{whole:.2f} s", "", None),
    ]


def random_hands(count: int, seed: int = 20261130) -> list[tuple[int, ...]]:
    rng = random.Random(seed)
    deck = range(52)
    return [tuple(rng.sample(deck, 5)) for _ in range(count)]


def _time_per_hand(evaluate: Callable[..., object], hands: Sequence[tuple[int, ...]]) -> float:
    """Seconds per hand, best of three passes so a stray pause does not count."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for hand in hands:
            evaluate(*hand)
        best = min(best, time.perf_counter() - start)
    return best / len(hands)


def bench_random(options: argparse.Namespace) -> list[Line]:
    hands = random_hands(options.hands)
    ours = _time_per_hand(fast.badacey_strengths, hands)
    options.ours_per_hand = ours
    badeucey = _time_per_hand(fast.badeucey_strengths, hands)
    return [
        Line(
            f"Badacey, both halves ({len(hands):,} random hands)",
            f"{ours * 1e6:.2f} µs/hand",
            "< 2 µs/hand",
            ours < 2e-6,
        ),
        Line("Badeucey, both halves (same hands)", f"{badeucey * 1e6:.2f} µs/hand", "", None),
    ]


def bench_all_hands(options: argparse.Namespace) -> list[Line]:
    evaluate = fast.badacey_strengths
    if options.quick:
        # The Badugi patterns of these hands are learned on the first pass and
        # only the second is timed: a short sample would otherwise be mostly
        # first meetings, which a full run spreads over 2.6 million hands.
        count = 50_000
        sample = list(zip(combinations(range(52), 5), range(count), strict=False))
        for hand, _ in sample:
            evaluate(*hand)
        start = time.perf_counter()
        for hand, _ in sample:
            evaluate(*hand)
        seconds = (time.perf_counter() - start) * ALL_HANDS / count
        label = f"all 2,598,960 hands (from {count:,})"
    else:
        start = time.perf_counter()
        for hand in combinations(range(52), 5):
            evaluate(*hand)
        seconds = time.perf_counter() - start
        label = "all 2,598,960 hands, both halves"
    return [Line(label, f"{seconds:.2f} s", "< 6 s", seconds < 6)]


def bench_pokerkit(options: argparse.Namespace) -> list[Line]:
    try:
        from pokerkit import BadugiHand, RegularLowHand
    except ImportError:
        return [Line("pokerkit comparison", "skipped", "pokerkit not installed", None)]
    ranks = "A23456789TJQK"
    texts = [
        "".join(ranks[i // 4] + "shdc"[i % 4] for i in hand)
        for hand in random_hands(options.pokerkit_hands, seed=7)
    ]
    start = time.perf_counter()
    for text in texts:
        RegularLowHand(text)
        BadugiHand.from_game(text)
    theirs = (time.perf_counter() - start) / len(texts)
    ours = getattr(options, "ours_per_hand", None)
    if ours is None:
        ours = _time_per_hand(fast.badacey_strengths, random_hands(options.hands))
    ratio = theirs / ours
    return [
        Line(
            f"pokerkit, A-5 low + Badugi ({len(texts):,} hands)",
            f"{theirs * 1e6:.1f} µs/hand",
            "",
            None,
        ),
        Line("speed-up over pokerkit", f"{ratio:.0f}x", ">= 30x", ratio >= 30),
    ]


SECTIONS: list[Callable[[argparse.Namespace], list[Line]]] = [
    bench_tables,
    bench_random,
    bench_all_hands,
    bench_pokerkit,
]


def bench_deal_replay(options: argparse.Namespace) -> list[Line]:
    from bench.replay import TARGET_MS, measure_replay

    repeat, batches = (10, 3) if options.quick else (100, 7)
    best, median, seats = measure_replay(repeat, batches)
    return [
        Line(
            f"replay a {seats}-seat deal (best of {batches} batches)",
            f"{best:.2f} ms",
            f"< {TARGET_MS:g} ms",
            best < TARGET_MS,
        ),
        Line("replay, median batch", f"{median:.2f} ms", "", None),
    ]


SECTIONS.append(bench_deal_replay)


def bench_draw_odds(options: argparse.Namespace) -> list[Line]:
    from bench.odds import measure

    return [Line(*row) for row in measure(options.quick)]


SECTIONS.append(bench_draw_odds)


def bench_showdown(options: argparse.Namespace) -> list[Line]:
    from bench.showdown import TARGET_SPEED_UP, compare

    count, runs = (200, 1) if options.quick else (20_000, 3)
    result = compare(count, runs)
    if result is None:
        return [Line("showdown beside pokerkit", "skipped", "no manage.py or pokerkit", None)]
    return [
        Line(
            f"showdown --jsonl, {count:,} lines, process included",
            f"{result.ours.cpu:.2f} s CPU",
            "",
            None,
        ),
        Line("pokerkit settling the same lines", f"{result.theirs.cpu:.2f} s CPU", "", None),
        Line(
            "showdown speed-up over pokerkit",
            f"{result.speed_up:.1f}x",
            f">= {TARGET_SPEED_UP}x",
            result.speed_up >= TARGET_SPEED_UP,
        ),
        Line(
            "showdown lines paid differently from pokerkit",
            f"{result.disagreements}",
            "0",
            result.disagreements == 0,
        ),
    ]


SECTIONS.append(bench_showdown)


def parse_options(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.evaluator", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer hands: a smoke test")
    parser.add_argument(
        "--markdown", action="store_true", help="print the lines as rows of docs/benchmarks.md"
    )
    options = parser.parse_args(argv)
    options.hands = 5_000 if options.quick else 1_000_000
    options.pokerkit_hands = 200 if options.quick else 20_000
    return options


def main(argv: Sequence[str] | None = None) -> int:
    options = parse_options(argv)
    print(f"evaluator benchmark, Python {sys.version.split()[0]}" + (" (quick)" * options.quick))
    if options.markdown:
        print(MARKDOWN_HEAD)
    missed = 0
    for section in SECTIONS:
        for line in section(options):
            print(show(line, options), flush=True)
            missed += line.passed is False
    print(f"{missed} target(s) missed" if missed else "all targets met")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

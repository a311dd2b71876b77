"""The lookup tables: quick constructions held to the slow, literal ones."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

from evaluator import fast, tables

ROOT = Path(__file__).resolve().parents[2]


def test_the_enumerated_low_tables_equal_the_sorted_reference():
    quick = tables.build_low_tables()
    assert quick == tables.build_low_tables_by_sorting()
    assert quick == (tables.A5_STRENGTH, tables.D27_STRENGTH, tables.D27_FLUSH_STRENGTH)


def test_every_badugi_strength_learned_agrees_with_the_complete_table():
    complete = tables.build_badugi_table()
    rng = random.Random(5)
    for _ in range(30_000):
        four = rng.sample(range(52), 4)
        fast.badugi_strength(four)
        fast.badugi_strength(four, ace_high=True)
        five = rng.sample(range(52), 5)
        fast.badacey_strengths(*five)
        fast.badeucey_strengths(*five)
    # Hands of one to three cards (a learner's selection) are learned too but
    # are not in the complete table, which holds four- and five-card patterns.
    shared = [key for key in tables.BADUGI_STRENGTH if key in complete]
    assert len(shared) > 20_000
    assert all(tables.BADUGI_STRENGTH[key] == complete[key] for key in shared)


def test_a_fresh_import_builds_no_badugi_pattern_until_a_hand_needs_one():
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "from evaluator import fast, tables; n = len(tables.BADUGI_STRENGTH);"
            "fast.badacey_strengths(0, 5, 10, 15, 16);"
            "print(n, len(tables.BADUGI_STRENGTH))",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    assert done.stdout.split() == ["0", "1"]


def test_a_strength_gives_back_the_size_and_ranks_that_count():
    for mask in range(1, 1 << 13):
        if mask.bit_count() > 4:
            continue
        strength = tables.badugi_strength_of_mask(mask)
        assert tables.badugi_mask_of_strength(strength) == mask
        assert tables.badugi_size_of_strength(strength) == mask.bit_count()

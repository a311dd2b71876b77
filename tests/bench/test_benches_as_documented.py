"""The database benches run exactly as docs/benchmarks.md writes them, on production defaults.

Each is started the way the docs say, in a fresh process whose environment
sets none of the site's settings (no DJANGO_DEBUG, no secret key, no
database URL), as on a fresh clone. A missed target exits 1 and is fine here;
a crash (the empty SECRET_KEY they once died of) is not. The same run checks
that the bench prints each of its lines with a verdict (the timings are
judged by the bench, not here): each of these benches once had a test of
its own that ran it again in the test process, for the same lines.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTED = re.findall(
    r"python -m (bench\.\w+)", (ROOT / "docs" / "benchmarks.md").read_text(encoding="utf-8")
)
# Each bench, the words its first line starts with and the start of each line it prints.
DATABASE_BENCHES = {
    "bench.mastery": (
        "mastery benchmark",
        [
            "record an answer with its skill",
            "home page, returning learner",
            "/progress/, learner with 5,000 answers",
            "build a 10-item practice session",
        ],
    ),
    "bench.classes": (
        "classes benchmark",
        ["class page,", "class CSV,", "admin deal list with figures"],
    ),
    "bench.quick_checks": (
        "quick checks benchmark",
        ["quick check answer, htmx", "quick check answer, no JavaScript"],
    ),
    "bench.lti": ("lti benchmark", ["LTI first launch", "LTI returning launch"]),
    "bench.learning": (
        "learning benchmark",
        [
            "simulated:",
            "sets in use after the fit",
            "held-out, defaults",
            "held-out, in use",
            "held-out, learner-average",
            "held-out, skill-average",
            "fitted log loss below the defaults'",
            "one nightly fit,",
        ],
    ),
    "bench.live": ("live benchmark", ["2 tables of 4:", "4 tables of 4:"]),
    "bench.play_server": (
        "play server benchmark",
        ["POST act:", "review page of a finished hand", "practise a decision"],
    ),
}
# Lines that report a figure without a target of their own.
UNJUDGED = (
    "simulated:",
    "sets in use after the fit",
    "held-out,",
    "site's own log at the fit",
    "one nightly fit,",
    "quick check answer, no JavaScript",
)


def test_every_database_bench_is_documented():
    assert set(DATABASE_BENCHES) <= set(DOCUMENTED)


@pytest.mark.processes  # a whole bench in another process: not in --quick
@pytest.mark.parametrize("module", DATABASE_BENCHES)
def test_a_database_bench_runs_on_a_fresh_clones_defaults(module, tmp_path):
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "DATABASE_", "REDIS_", "PYTEST", "BADACEY_"))
    }
    env["HOME"] = str(tmp_path)
    result = subprocess.run(
        [sys.executable, "-m", module, "--quick"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode in (0, 1), result.stderr[-2000:]
    assert "Traceback" not in result.stderr, result.stderr[-2000:]
    heading, starts = DATABASE_BENCHES[module]
    first, *lines = [line for line in result.stdout.splitlines() if line.strip()]
    assert first.startswith(heading) and first.endswith("(quick)"), result.stdout
    for start in starts:
        assert any(line.startswith(start) for line in lines), (start, result.stdout)
    judged = [line for line in lines if not line.startswith(UNJUDGED)]
    assert judged, result.stdout
    assert all(line.rstrip().endswith(("PASS", "MISS")) for line in judged), result.stdout
    if module == "bench.quick_checks":  # its one target, as the bench states it
        from bench.quick_checks import ANSWER_TARGET_MS

        (answer,) = [line for line in lines if line.startswith("quick check answer, htmx")]
        assert f"target < {ANSWER_TARGET_MS:g} ms" in answer

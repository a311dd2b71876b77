"""The database benches run exactly as docs/benchmarks.md writes them, on production defaults.

Each is started the way the docs say, in a fresh process whose environment
sets none of the site's settings (no DJANGO_DEBUG, no secret key, no
database URL), as on a fresh clone. A missed target exits 1 and is fine here;
a crash (the empty SECRET_KEY they once died of) is not.
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
DATABASE_BENCHES = [
    "bench.mastery",
    "bench.classes",
    "bench.quick_checks",
    "bench.lti",
    "bench.learning",
    "bench.play_server",
]


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
    lines = result.stdout.splitlines()
    assert lines[0].endswith(("benchmark", "benchmark (quick)")) or "benchmark" in lines[0]
    judged = [line for line in lines[1:] if line.rstrip().endswith(("PASS", "MISS"))]
    assert judged, result.stdout

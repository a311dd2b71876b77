"""The test suite's own configuration: an empty case list is an error, not a skip."""

from __future__ import annotations

import subprocess
import sys

from .conftest import ROOT


def test_a_parametrized_test_with_no_cases_fails_at_collection(tmp_path):
    # A case list worked out at collection time (say, "every exercise with a
    # choice question") can come out empty after a content change; pytest's
    # default would quietly skip the test, which then checks nothing.
    module = tmp_path / "test_empty_cases.py"
    module.write_text(
        "import pytest\n\n"
        "@pytest.mark.parametrize('case', [])\n"
        "def test_every_case(case):\n"
        "    assert case\n"
    )
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-c", str(ROOT / "pyproject.toml"), "-q", str(module)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode != 0, result.stdout
    assert "Empty parameter set" in result.stdout, result.stdout

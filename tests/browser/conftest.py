from __future__ import annotations

import pytest

from .axe import AxeViolations, axe_violations


@pytest.fixture
def axe():
    """Call `axe(page)` after navigating; `assert axe(page) == []`."""
    return axe_violations


def pytest_assertrepr_compare(op, left, right):
    """Show every rule id and target when an axe check fails, untruncated."""
    if op == "==" and isinstance(left, AxeViolations):
        return repr(left).splitlines()
    return None

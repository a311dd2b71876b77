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


@pytest.fixture(scope="session", autouse=True)
def _the_live_server_outlives_the_browser(live_server, browser):
    """Start the live server before Chromium, so it is stopped after Chromium.

    Session fixtures stop in reverse order. Stopped the other way round,
    Chromium's kept-alive connections end in server threads after the test
    database's connection has stopped being shared with them, and each one
    raises a thread error that pytest reports against a later test.
    """
    yield

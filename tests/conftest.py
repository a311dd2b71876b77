"""Shared test set-up: Playwright drives Debian's chromium against live_server."""

from __future__ import annotations

import os

import pytest

# live_server runs in a thread while Playwright's sync API runs an event loop in
# this one; without this Django refuses database access from the test body.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = "/usr/bin/chromium"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Use the system chromium: `playwright install` cannot download anything here."""
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "headless": True,
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--disable-dev-shm-usage",
        ],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    """Let axe-core be injected as an inline script despite our strict CSP."""
    return {**browser_context_args, "bypass_csp": True}


def pytest_report_header(config):
    """Say which database this run uses: scripts/test runs the suite on two."""
    from django.conf import settings

    db = settings.DATABASES["default"]
    return f"database: {db['ENGINE']} {db.get('HOST') or db['NAME']}"


@pytest.fixture(autouse=True)
def _empty_cache():
    """Each test starts with an empty cache, as a fresh server would.

    Cached lesson pages are keyed by the deals' ids and versions; tests that
    roll back their changes reuse both, and some write straight to the
    database (as only a migration or a hand-run query would), which moves no
    version. Neither must see a page cached by another test.
    """
    from django.core.cache import cache

    cache.clear()
    yield

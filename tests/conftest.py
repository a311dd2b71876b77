"""Set-up for the whole suite that needs no Django: the engine's tests run without it."""

from __future__ import annotations

import os
from datetime import UTC, datetime

import pytest
import time_machine
from hypothesis import HealthCheck, settings

# live_server runs in a thread while Playwright's sync API runs an event loop in
# this one; without this Django refuses database access from the test body.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


# Hypothesis's own timing checks (a deadline per example, "input generation is
# slow") fail on a loaded two-core machine for reasons that are not the code's:
# timing targets live in bench/, never in tests.
settings.register_profile("suite", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("suite")


def pytest_report_header(config):
    """Say which database this run uses: scripts/test runs the suite on two."""
    if not config.pluginmanager.hasplugin("django"):
        return "database: none (Django is not loaded for this run)"
    from django.conf import settings

    db = settings.DATABASES["default"]
    return f"database: {db['ENGINE']} {db.get('HOST') or db['NAME']}"


def pytest_collection_modifyitems(config, items):
    """With BADACEY_DATABASE_TESTS_ONLY=1, keep only the tests that touch the database.

    scripts/test runs the whole suite on SQLite, then this subset again on
    PostgreSQL: a test that never opens a connection cannot behave
    differently there, and the browser tests check what a page does in a
    browser, which the database under it does not change.
    """
    if os.environ.get("BADACEY_DATABASE_TESTS_ONLY") != "1":
        return
    database_fixtures = {"db", "transactional_db", "django_db_setup", "live_server"}
    keep, drop = [], []
    for item in items:
        uses_database = item.get_closest_marker("django_db") is not None or bool(
            database_fixtures & set(getattr(item, "fixturenames", ()))
        )
        if uses_database and item.get_closest_marker("browser") is None:
            keep.append(item)
        else:
            drop.append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep


@pytest.fixture
def one_limit_window():
    """Run the test from the first second of a day, on a clock that keeps ticking.

    The request limits count in fixed windows aligned to the clock (a minute
    for costly odds, ``LIMIT_WINDOW`` for passwords and sign-ins), and every
    window length they use divides a day. A test that counts requests up to
    a limit and started a moment before a window ended would see its counts
    start again from nothing halfway through, and fail for no fault of the
    code: CI once hit exactly that at 03:15:00.
    """
    with time_machine.travel(datetime(2031, 3, 1, 0, 0, 1, tzinfo=UTC), tick=True):
        yield

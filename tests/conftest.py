"""Set-up for the whole suite that needs no Django: the engine's tests run without it."""

from __future__ import annotations

import fnmatch
import functools
import io
import os
import re
import tokenize
from datetime import UTC, datetime
from pathlib import Path

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


# What a test module says when what it checks can come out differently on
# SQLite and PostgreSQL: constraints and integrity errors, transactions, locks
# and races, raw SQL and connections, migrations and backups, ordering,
# JSON and case-sensitive lookups, aggregates and query counts, and tests that
# start processes on a database of their own. A module whose source matches
# is "database_engine" by construction, so a new such test needs no one to
# remember a marker; ``@pytest.mark.database_engine`` adds any other test.
ENGINE_WORDS = re.compile(
    r"IntegrityError|transaction|select_for_update|connection|cursor|migrat|order_by|ordering"
    r"|__contains|__has_key|__icontains|__iexact|__istartswith|JSONField|NumQueries"
    r"|num_queries|fresh_database_url|transactional_db|unique|constraint|bulk_create"
    r"|\.update\(|\bF\(|Lower\(|Upper\(|Collate|distinct|annotate|aggregate|Count\("
    r"|Sum\(|Trunc|concurren|\brace\b|\b[Ll]ock|dumpdata|loaddata|StaleDeal"
)
DATABASE_FIXTURES = {"db", "transactional_db", "django_db_setup", "live_server"}
# Fixtures that give a test a database of its own for other processes
# (tests/site/conftest.py): such a test starts servers or workers.
PROCESS_FIXTURES = {"fresh_database_url", "sqlite_database_url"}
BENCH_TESTS = Path(__file__).resolve().parent / "bench"
TESTS = Path(__file__).resolve().parent
# Areas whose database tests all run on PostgreSQL too, whatever their words:
# the answers they post take row locks and write in transactions inside the
# views, which a test's own wrapping transaction and SQLite both hide (the
# practise page's answers once all failed on PostgreSQL with every test green).
ENGINE_AREAS = (
    "play/*",
    "lessons/test_*memory*",
    "lessons/test_retention_choice.py",
    "lessons/test_review_log.py",
    "lessons/test_class*",
    "lessons/test_assignment_status.py",
    "lessons/test_teach_visibility.py",
)


def in_engine_area(path: Path) -> bool:
    try:
        relative = path.resolve().relative_to(TESTS).as_posix()
    except ValueError:
        return False
    return any(fnmatch.fnmatch(relative, pattern) for pattern in ENGINE_AREAS)


def uses_database(item) -> bool:
    return item.get_closest_marker("django_db") is not None or bool(
        DATABASE_FIXTURES & set(getattr(item, "fixturenames", ()))
    )


def code_without_prose(source: str) -> str:
    """The module's code with its comments and docstrings left out.

    What a module *says* ("the data migration defines them", "each block",
    "clockwise") is not what it does: read as prose, those words marked three
    modules with 457 page and answer tests for the PostgreSQL run. A docstring
    is a string that is a whole statement; read from the tokens (about 2 ms a
    module), since every test process runs this while it collects.
    """
    lines = source.splitlines(keepends=True)
    prose: list[tuple[tuple[int, int], tuple[int, int]]] = []
    statement_start = True
    pending = None  # a string token that began a statement, until we see what follows it
    skip = {tokenize.NL, tokenize.COMMENT, tokenize.ENCODING}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            prose.append((token.start, token.end))
        if token.type in skip:
            continue
        if pending is not None and token.type in (tokenize.NEWLINE, tokenize.ENDMARKER):
            prose.append((pending.start, pending.end))
        pending = token if statement_start and token.type == tokenize.STRING else None
        statement_start = token.type in (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT)
    for (start_row, start_col), (end_row, end_col) in reversed(prose):
        first, last = lines[start_row - 1], lines[end_row - 1]
        lines[start_row - 1 : end_row] = [first[:start_col] + " " + last[end_col:]]
    return "".join(lines)


@functools.cache
def _engine_sensitive_source(path: str) -> bool:
    return bool(ENGINE_WORDS.search(code_without_prose(Path(path).read_text(encoding="utf-8"))))


def pytest_collection_modifyitems(config, items):
    """Mark the tests scripts/test selects by kind: see CONTRIBUTING.md, "Running the tests".

    - ``processes``: starts servers or worker processes on a database of its
      own (the fixtures above, or marked by hand); left out of ``--quick``.
    - ``bench``: every test in tests/bench (the benchmarks run small, to show
      they still run as documented); left out of ``--quick``.
    - ``database_engine``: touches the database and its module reads as
      engine-sensitive (``ENGINE_WORDS``); the PostgreSQL run takes only these.
      A test that touches no database cannot differ there at all. Every
      database test in ``ENGINE_AREAS`` (the study table, memory, classes)
      is marked whatever its words.
    """
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        if PROCESS_FIXTURES & fixtures:
            item.add_marker(pytest.mark.processes)
        if BENCH_TESTS in Path(str(item.path)).parents:
            item.add_marker(pytest.mark.bench)
        if (
            item.get_closest_marker("database_engine") is None
            and uses_database(item)
            and (in_engine_area(Path(str(item.path))) or _engine_sensitive_source(str(item.path)))
        ):
            item.add_marker(pytest.mark.database_engine)
    # The tests that start processes and use no test database come first.
    # pytest-django (whose hook runs before this one) put them last, among the
    # tests that use no test database; each takes seconds, so a run spread
    # over workers ended with one worker finishing them while the other had
    # nothing left to do. They touch only databases of their own, so moving
    # them ahead of the database tests changes nothing those tests see.
    items.sort(key=lambda item: item.get_closest_marker("processes") is None or uses_database(item))


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

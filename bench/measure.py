"""What every benchmark shares: a report line, batch timing, and the pages to time.

Each section module (``bench.site``, ``bench.drills``, ``bench.tools``...) imports
from here and from nothing above it, so the sections never import each other.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass

PAGE_TARGET_MS = 30.0

LESSON_PAGES = [
    "/",
    "/table-basics/",
    "/badacey/",
    "/badugi/",
    "/badeucey/",
    "/drawing/",
    "/games/",
    "/practice/",
    "/drills/",
    "/notation/",
    "/exercises/badacey-1/",
]


@dataclass(frozen=True)
class Line:
    label: str
    value: str
    target: str
    passed: bool | None  # None: informational, no target

    def __str__(self) -> str:
        verdict = "" if self.passed is None else ("PASS" if self.passed else "MISS")
        target = f"(target {self.target})" if self.target else ""
        return f"{self.label:<48} {self.value:>14}  {target:<24} {verdict}".rstrip()

    def markdown(self) -> str:
        """The line as a row of the benchmark table in docs/benchmarks.md (``--markdown``)."""
        verdict = "" if self.passed is None else ("PASS" if self.passed else "MISS")
        cells = [self.label, self.value, self.target, verdict]
        return "| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |"


MARKDOWN_HEAD = "| What | Figure | Target | |\n| --- | --- | --- | --- |"


def show(line: Line, options: argparse.Namespace) -> str:
    """How a report prints a line: aligned text, or a table row with ``--markdown``."""
    return line.markdown() if getattr(options, "markdown", False) else str(line)


def mean_and_best(requests: list[Callable[[], None]], batches: int) -> tuple[float, float]:
    """Milliseconds per request: the mean over every batch, and the fastest batch's mean.

    Each request runs once untimed first (template loading, first queries).
    The fastest batch is the verdict, as in ``bench.site``: other
    processes on a shared machine only add time; the overall mean shows how
    much they added.
    """
    for request in requests:
        request()
    batch_means = []
    for _ in range(batches):
        start = time.perf_counter()
        for request in requests:
            request()
        batch_means.append((time.perf_counter() - start) * 1000 / len(requests))
    return statistics.fmean(batch_means), min(batch_means)


def timed_get(client, url: str) -> Callable[[], None]:
    def request() -> None:
        response = client.get(url)
        if response.status_code != 200:
            raise SystemExit(f"{url} answered {response.status_code}")
        if response.streaming:
            # A streamed download does its work while it is read: time the reading too.
            for _ in response.streaming_content:
                pass

    return request


@contextmanager
def throwaway_database() -> Iterator[None]:
    """A test database built by the migrations, removed afterwards.

    Deliberately without ``setup_test_environment()``: that instruments every
    template render for test assertions, which a real server never pays for
    and which would inflate the page figures by a sixth.
    """
    from django.db import connection

    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0)
    try:
        yield
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def production_defaults() -> None:
    """Run as production does (no DJANGO_DEBUG) on a fresh clone with nothing set.

    Production refuses to sign anything without a secret key, so a bench
    process that was given none makes a throwaway one of its own, and lets
    the test client's host name in; every other setting keeps its production
    default.
    """
    import os
    import secrets

    os.environ.setdefault("DJANGO_SECRET_KEY", "bench-" + secrets.token_urlsafe(40))
    # Django's test client calls itself "testserver"; the bench serves nothing else.
    os.environ.setdefault("DJANGO_ALLOWED_HOSTS", "testserver")
    # The test client speaks plain HTTP; a real site's proxy ends TLS before
    # Django, so the redirect to HTTPS costs nothing there either.
    os.environ.setdefault("DJANGO_SECURE_SSL_REDIRECT", "false")


def database_bench_main(
    name: str,
    description: str | None,
    bench: Callable[[argparse.Namespace], list[Line]],
    argv: list[str] | None,
    own_database: bool = True,
) -> int:
    """The command of a benchmark that needs the site's database (``python -m bench.NAME``).

    Parses ``--quick`` and ``--markdown``, builds a throwaway database (or, for
    a test that already has one, ``own_database=False`` uses it), prints each
    line with its verdict and returns 1 if any target was missed.
    """
    import django

    parser = argparse.ArgumentParser(prog=f"python -m bench.{name}", description=description)
    parser.add_argument("--quick", action="store_true", help="fewer batches, for a smoke test")
    parser.add_argument("--markdown", action="store_true", help="print table rows for the docs")
    options = parser.parse_args(argv)
    if own_database:
        production_defaults()
    django.setup()
    if own_database:
        from django.core.management import call_command

        # Production serves hashed, compressed static files: build them, as a deploy does.
        with static_files_lock():
            call_command("collectstatic", interactive=False, verbosity=0)
    with throwaway_database() if own_database else nullcontext():
        lines = bench(options)
    title = name.replace("_", " ")
    print(f"{title} benchmark, Python {sys.version.split()[0]}" + (" (quick)" * options.quick))
    for line in lines:
        print(show(line, options))
    return 0 if all(line.passed is not False for line in lines) else 1


@contextmanager
def static_files_lock() -> Iterator[None]:
    """Held while ``collectstatic`` writes ``staticfiles/``: one bench at a time.

    Every database bench and the load test build the static files into the
    same folder, and two at once (two benches started together, or the
    suite's workers running them side by side) renamed each other's files
    halfway through post-processing and crashed. The lock is a file beside
    the folder (ignored by git, as the folder is) and is released however
    the build ends.
    """
    import fcntl
    from pathlib import Path

    lock_path = Path(__file__).resolve().parent.parent / "staticfiles.lock"
    with lock_path.open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def practice_deals(count: int, prefix: str) -> tuple[list[int], list[int]]:
    """Published practice deals up to ``count`` (copies of the first), and the lesson exercises.

    The admin's deal list and the class pages are judged at a few hundred
    deals; the site ships fewer, so the database benches add copies.
    """
    from lessons.models import Deal

    template = Deal.objects.practice().first()
    fields = {
        field: getattr(template, field)
        for field in ("game", "settings", "seats", "button", "pot", "prompt", "parts")
    }
    have = Deal.objects.practice().count()
    Deal.objects.bulk_create(
        Deal(title=f"{prefix} deal {n}", slug=f"{prefix}-deal-{n}", published=True, **fields)
        for n in range(max(0, count - have))
    )
    practice = list(Deal.objects.practice().values_list("pk", flat=True))
    exercises = list(Deal.objects.published().exclude(lesson="").values_list("pk", flat=True))
    return practice, exercises

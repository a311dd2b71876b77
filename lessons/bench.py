"""Benchmarks for the site's pages: ``python -m lessons.bench [--quick]``.

Server-side time only: a request goes through the test client (middleware,
view, template) against a throw-away test database built by the migrations,
so the figures need no running server and touch no real data. Each line
states its target and PASS or MISS; timings never live in tests.

Adding a section: append a function to ``SECTIONS`` that takes the parsed
options and a ``Client`` and returns a list of ``Line`` (the same shape as
``evaluator.bench``).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "badacey_site.settings")

STEP_TARGET_MS = 30.0


def _ms_per_request(client, urls: list[str], batches: int) -> float:
    """Mean milliseconds per request, best of several batches over ``urls``.

    Other processes on a shared machine only ever add time, so the fastest
    batch is the fairest figure for the code itself.
    """
    means = []
    for _ in range(batches):
        start = time.perf_counter()
        for url in urls:
            response = client.get(url)
            if response.status_code != 200:
                raise SystemExit(f"{url} answered {response.status_code}")
        means.append((time.perf_counter() - start) * 1000 / len(urls))
    return min(means)


def _step_urls(slug: str, history: str) -> list[str]:
    from django.urls import reverse

    from lessons.replayer import replay_history

    base = reverse("lessons:replay", args=[slug])
    return [f"{base}?step={n}" for n in range(len(replay_history(history).steps))]


def bench_replay_steps(options: argparse.Namespace, client) -> list:
    """Every step of the seed deal and of a six-seat deal, whole page and htmx partial."""
    from evaluator import format_cards
    from evaluator.bench import Line
    from evaluator.notation import parse_deal
    from evaluator.replay_bench import SIX_SEAT_DEAL
    from lessons.models import Deal
    from lessons.replayer import replay_history

    record = parse_deal(SIX_SEAT_DEAL)
    Deal.objects.update_or_create(
        slug="bench-six-seats",
        defaults={
            "title": "Six seats (benchmark)",
            "seats": [{"name": s.name, "cards": format_cards(s.cards)} for s in record.seats],
            "history": SIX_SEAT_DEAL,
            "prompt": "Benchmark deal.",
            "parts": [{"kind": "winners"}],
        },
    )
    batches = 2 if options.quick else 5
    lines = []
    for slug in ("amara-bram-kira-noor", "bench-six-seats"):
        urls = _step_urls(slug, Deal.objects.get(slug=slug).history)
        replay_history.cache_clear()  # the first request parses and replays the history
        start = time.perf_counter()
        client.get(urls[0])
        first = (time.perf_counter() - start) * 1000
        lines.append(Line(f"replay page {slug}, first request", f"{first:.1f} ms", "", None))
        page = _ms_per_request(client, urls, batches)
        lines.append(
            Line(
                f"replay page {slug}, {len(urls)} steps",
                f"{page:.1f} ms/step",
                f"< {STEP_TARGET_MS:.0f} ms",
                page < STEP_TARGET_MS,
            )
        )
        client.defaults["HTTP_HX_REQUEST"] = "true"
        partial = _ms_per_request(client, urls, batches)
        del client.defaults["HTTP_HX_REQUEST"]
        lines.append(
            Line(
                f"replay table partial {slug}",
                f"{partial:.1f} ms/step",
                f"< {STEP_TARGET_MS:.0f} ms",
                partial < STEP_TARGET_MS,
            )
        )
    return lines


def bench_engine_replay(options: argparse.Namespace, client) -> list:
    """The engine's own figure for a six-seat deal, so one report shows both targets."""
    from evaluator.bench import Line
    from evaluator.replay_bench import TARGET_MS, measure_replay

    ms, _median, _seats = measure_replay(repeat=20 if options.quick else 100)
    return [Line("engine replay, six seats", f"{ms:.3f} ms", f"< {TARGET_MS:g} ms", ms < TARGET_MS)]


SECTIONS: list[Callable[[argparse.Namespace, object], list]] = [
    bench_replay_steps,
    bench_engine_replay,
]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lessons.bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer batches, for a smoke test")
    options = parser.parse_args(argv)

    django.setup()
    from django.db import connection
    from django.test import Client
    from django.test.utils import setup_test_environment

    setup_test_environment()
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0)
    try:
        client = Client()
        print(f"site benchmark, Python {sys.version.split()[0]}" + (" (quick)" * options.quick))
        lines = [line for section in SECTIONS for line in section(options, client)]
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
    for line in lines:
        print(line)
    return 0 if all(line.passed is not False for line in lines) else 1


if __name__ == "__main__":
    sys.exit(main())

"""Benchmarks for the site's pages: ``python -m bench.site [--quick]``.

Server-side time only: a request goes through the test client (middleware,
view, template) against a throw-away test database built by the migrations,
so the figures need no running server and touch no real data. Each line
states its target and PASS or MISS; timings never live in tests.

The targets come from the lessons issue: every lesson page renders in under
30 ms, an exercise check answers in under 20 ms, and a lesson page with its
CSS and JavaScript weighs under 150 KB gzip-compressed and loads nothing from
another host. The page weight is a size, not a timing, so
``tests/lessons/test_page_weight.py`` also holds it as a test, through the
same helpers as here.

Adding a section: append a function to ``SECTIONS`` that takes the parsed
options and a ``Client`` and returns a list of ``Line`` (the same shape as
``bench.evaluator``).
"""

from __future__ import annotations

import argparse
import gzip
import os
import re
import sys
import time
from collections.abc import Callable
from contextlib import nullcontext
from html.parser import HTMLParser

import django

from bench.measure import (
    LESSON_PAGES,
    MARKDOWN_HEAD,
    PAGE_TARGET_MS,
    Line,
    mean_and_best,
    show,
    throwaway_database,
    timed_get,
)

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "badacey_site.settings")

STEP_TARGET_MS = 30.0
CHECK_TARGET_MS = 20.0
WEIGHT_TARGET_KB = 150.0
GZIP_LEVEL = 6  # what whitenoise and a default nginx gzip use

# Exercises with a payouts part, from each lesson: a wrong answer is one chip moved.
CHECK_EXERCISES = ["badacey-2", "badacey-6", "badugi-6", "badeucey-5"]


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

    from lessons.replayer.steps import replay_history

    base = reverse("lessons:replay", args=[slug])
    return [f"{base}?step={n}" for n in range(len(replay_history(history).steps))]


def bench_replay_steps(options: argparse.Namespace, client) -> list:
    """Every step of the seed deal and of a six-seat deal, whole page and htmx partial."""
    from bench.replay import SIX_SEAT_DEAL
    from evaluator import format_cards
    from evaluator.notation import parse_deal
    from lessons.models import Deal
    from lessons.replayer.steps import replay_history

    record = parse_deal(SIX_SEAT_DEAL)
    Deal.objects.update_or_create(
        slug="bench-six-seats",
        defaults={
            "title": "Six seats (benchmark)",
            "seats": [{"name": s.name, "cards": format_cards(s.cards)} for s in record.seats],
            "history": SIX_SEAT_DEAL,
            "prompt": "Benchmark deal.",
            "parts": [{"kind": "winners"}],
            "published": True,
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
    from bench.replay import TARGET_MS, measure_replay

    ms, _median, _seats = measure_replay(repeat=20 if options.quick else 100)
    return [Line("engine replay, six seats", f"{ms:.3f} ms", f"< {TARGET_MS:g} ms", ms < TARGET_MS)]


# Lesson pages ------------------------------------------------------------------


def bench_lesson_pages(options: argparse.Namespace, client) -> list:
    """Milliseconds per GET of each lesson page, whole page as a browser asks for it."""

    batches, per_batch = (2, 2) if options.quick else (10, 5)
    lines = []
    for url in LESSON_PAGES:
        mean, best = mean_and_best([timed_get(client, url)] * per_batch, batches)
        lines.append(
            Line(
                f"lesson page {url}, mean/best",
                f"{mean:.1f}/{best:.1f} ms",
                f"< {PAGE_TARGET_MS:.0f} ms",
                best < PAGE_TARGET_MS,
            )
        )
    return lines


def bench_lesson_renders(options: argparse.Namespace, client) -> list:
    """Each rules lesson from the page cache, and rendered afresh (as after an edit or deploy).

    "Rendered afresh" drops the page's cache entry before every request; the
    worked answers stay cached, as they do after an edit to another deal.
    """
    from django.core.cache import cache

    from lessons.course import LESSONS as COURSE
    from lessons.pages import page_cache
    from lessons.pages.lesson_page import lesson_deals

    batches, per_batch = (2, 2) if options.quick else (10, 5)
    lines = []
    for item in COURSE:
        lesson, url = item.key, item.url  # a key is not always its path: table_basics
        get = timed_get(client, url)

        def uncached(get=get, lesson=lesson) -> None:
            cache.delete(page_cache.page_key(lesson, lambda: lesson_deals(lesson)))
            get()

        for how, request in (("from the page cache", get), ("rendered afresh", uncached)):
            mean, best = mean_and_best([request] * per_batch, batches)
            lines.append(
                Line(
                    f"lesson render {url} {how}, mean/best",
                    f"{mean:.1f}/{best:.1f} ms",
                    f"< {PAGE_TARGET_MS:.0f} ms",
                    best < PAGE_TARGET_MS,
                )
            )
    return lines


# Exercise checks ---------------------------------------------------------------


def wrong_answer(deal, right: dict[str, object]) -> dict[str, object]:
    """The right answer with one chip moved between the first two payouts.

    The totals still add up, so the check has to do its real work to find
    the mistake rather than stop at an arithmetic slip.
    """
    payout = [key for key in right if re.search(r"-p\d+_seat_\d+$", key)]
    if len(payout) < 2:
        raise SystemExit(f"{deal.slug} has no payouts part to get wrong")
    first, second = payout[:2]
    giver, taker = (first, second) if int(right[first]) > 0 else (second, first)
    return right | {giver: str(int(right[giver]) - 1), taker: str(int(right[taker]) + 1)}


def bench_exercise_checks(options: argparse.Namespace, client) -> list:
    """A right and a wrong answer to a few exercises, as an htmx fragment and as a whole page.

    Each line's figure is per check, over all the exercises in ``CHECK_EXERCISES``.
    """
    from lessons.exercises.model_answers import right_answer
    from lessons.models import Deal

    batches, per_batch = (2, 1) if options.quick else (10, 3)
    answers = {"right": [], "wrong": []}
    for slug in CHECK_EXERCISES:
        deal = Deal.objects.get(slug=slug)
        right = right_answer(deal)
        answers["right"].append((deal, right))
        answers["wrong"].append((deal, wrong_answer(deal, right)))
    expected = {"right": "All right", "wrong": "Not yet"}
    # The check itself is the htmx answer. Without JavaScript the same post
    # returns the whole lesson page with the feedback in place, so that figure
    # is a lesson page render and is held to the page target instead.
    ways = (
        ("htmx fragment", {"HTTP_HX_REQUEST": "true"}, CHECK_TARGET_MS),
        ("whole lesson page, no JavaScript", {}, PAGE_TARGET_MS),
    )
    lines = []
    for verdict, posts in answers.items():
        for how, headers, target in ways:
            requests = [
                _post(client, deal, data, headers, expected[verdict]) for deal, data in posts
            ]
            mean, best = mean_and_best(requests * per_batch, batches)
            lines.append(
                Line(
                    f"check {verdict} answer, {how}, mean/best",
                    f"{mean:.1f}/{best:.1f} ms",
                    f"< {target:.0f} ms",
                    best < target,
                )
            )
    return lines


def _post(client, deal, data: dict, headers: dict, expected: str) -> Callable[[], None]:
    """One check, which must give the verdict expected, or the figure would mean nothing."""

    def request() -> None:
        response = client.post(deal.check_url, data, **headers)
        if response.status_code != 200 or expected not in response.content.decode():
            raise SystemExit(f"{deal.slug}: the answer posted did not get {expected!r}")

    return request


# Page weight and other hosts -----------------------------------------------------

# (tag, attribute) pairs whose value the browser fetches while loading the page.
LOADED = {
    ("script", "src"),
    ("link", "href"),
    ("img", "src"),
    ("img", "srcset"),
    ("source", "src"),
    ("source", "srcset"),
    ("audio", "src"),
    ("video", "src"),
    ("video", "poster"),
    ("iframe", "src"),
    ("embed", "src"),
    ("object", "data"),
}
CSS_URL = re.compile(
    r"""url\(\s*(?:"([^"]*)"|'([^']*)'|([^)'"\s]*))\s*\)|@import\s+["']([^"']+)["']"""
)
OTHER_HOST = re.compile(r"^\s*(?:[a-z][a-z0-9+.-]*:)?//", re.IGNORECASE)


class PageReferences(HTMLParser):
    """Collects what a page loads: every fetched URL, and its stylesheets and scripts."""

    def __init__(self) -> None:
        super().__init__()
        self.loaded: list[str] = []
        self.assets: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {key: value or "" for key, value in attrs}
        for key, value in values.items():
            if (tag, key) in LOADED and value:
                urls = (
                    [u.split()[0] for u in value.split(",") if u.strip()]
                    if "srcset" in key
                    else [value]
                )
                self.loaded.extend(urls)
        rel = values.get("rel", "").lower().split()
        if tag == "link" and "stylesheet" in rel and values.get("href"):
            self.assets.append(values["href"])
        elif tag == "script" and values.get("src"):
            self.assets.append(values["src"])


def other_hosts(urls: list[str]) -> list[str]:
    """The URLs that point at another host (``http://``, ``https://``, ``//``...)."""
    return [url for url in urls if OTHER_HOST.match(url)]


def css_references(css: str) -> list[str]:
    """Every ``url(...)`` and ``@import`` in a stylesheet, except inline ``data:`` ones."""
    found = ["".join(groups) for groups in CSS_URL.findall(css)]
    return [url for url in found if url and not url.lower().startswith("data:")]


def gzip_size(content: bytes) -> int:
    return len(gzip.compress(content, compresslevel=GZIP_LEVEL, mtime=0))


def static_file(url: str) -> bytes:
    """The bytes behind a ``/static/`` URL, found the way ``runserver`` finds them."""
    from django.conf import settings
    from django.contrib.staticfiles import finders

    path = url.split("?", 1)[0].split("#", 1)[0]
    if not path.startswith(settings.STATIC_URL):
        raise ValueError(f"{url} is not under {settings.STATIC_URL}")
    found = finders.find(path.removeprefix(settings.STATIC_URL))
    if not found:
        raise ValueError(f"{url} names no static file")
    with open(found, "rb") as file:
        return file.read()


def page_weight(client, url: str) -> tuple[dict[str, int], list[str]]:
    """Compressed bytes of a page and each stylesheet and script it loads, and every URL
    it (or one of its stylesheets) fetches.

    Each file is compressed on its own, as a server sends each response.
    """
    response = client.get(url)
    if response.status_code != 200:
        raise SystemExit(f"{url} answered {response.status_code}")
    html = response.content
    parser = PageReferences()
    parser.feed(html.decode())
    sizes = {url: gzip_size(html)}
    loaded = list(parser.loaded)
    for asset in parser.assets:
        if other_hosts([asset]):
            continue  # reported by the caller; nothing here to weigh
        content = static_file(asset)
        sizes[asset] = gzip_size(content)
        if asset.split("?", 1)[0].endswith(".css"):
            loaded.extend(css_references(content.decode()))
    return sizes, loaded


def bench_page_weight(options: argparse.Namespace, client) -> list:
    """Each lesson page with its CSS and JavaScript, gzip level 6, and any other host it loads."""

    lines = []
    foreign: list[str] = []
    for url in LESSON_PAGES:
        sizes, loaded = page_weight(client, url)
        kb = sum(sizes.values()) / 1024
        lines.append(
            Line(
                f"gzip weight {url} + {len(sizes) - 1} files",
                f"{kb:.1f} KB",
                f"< {WEIGHT_TARGET_KB:.0f} KB",
                kb < WEIGHT_TARGET_KB,
            )
        )
        foreign.extend(f"{url}: {ref}" for ref in other_hosts(loaded))
    lines.append(
        Line(
            f"loads from another host, {len(LESSON_PAGES)} pages",
            f"{len(foreign)} URLs" if foreign else "none",
            "none",
            not foreign,
        )
    )
    lines.extend(Line(f"  {ref}", "", "", None) for ref in foreign)
    return lines


SECTIONS: list[Callable[[argparse.Namespace, object], list]] = [
    bench_replay_steps,
    bench_engine_replay,
    bench_lesson_pages,
    bench_lesson_renders,
    bench_exercise_checks,
    bench_page_weight,
]


def bench_tools(options: argparse.Namespace, client) -> list:
    """The calculator and the draw-odds page: see ``bench/tools.py``."""
    from bench.tools import bench_tools as run

    return run(options, client)


SECTIONS.append(bench_tools)


def bench_progress(options: argparse.Namespace, client) -> list:
    """Lesson pages with progress, recording, /progress/: see ``bench/progress.py``."""
    from bench.progress import bench_progress as run

    return run(options, client)


def bench_load(options: argparse.Namespace, client) -> list:
    """Lesson pages under wrk against gunicorn: see ``bench/load.py``."""
    from bench.load import bench_load as run

    return run(options, client)


def bench_drills(options: argparse.Namespace, client) -> list:
    """One drill item of each kind answered: see ``bench/drills.py``."""
    from bench.drills import bench_drills as run

    return run(options, client)


def bench_lighthouse(options: argparse.Namespace, client) -> list:
    """Lighthouse's four scores of each public page: see ``bench/lighthouse.py``."""
    from bench.lighthouse import bench_lighthouse as run

    return run(options, client)


SECTIONS.append(bench_progress)
SECTIONS.append(bench_drills)
SECTIONS.append(bench_load)
SECTIONS.append(bench_lighthouse)


def _section_name(section: Callable) -> str:
    """What ``--only`` calls a section: its function's name without ``bench_``."""
    return section.__name__.removeprefix("bench_")


def main(argv: list[str] | None = None, *, own_database: bool = True) -> int:
    """Run every section and print its lines; 1 if any target was missed.

    ``own_database=False`` runs against the database already set up, for a
    test that pytest-django has given a test database (building a second one
    inside it would close the first).
    """
    parser = argparse.ArgumentParser(prog="python -m bench.site", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer batches, for a smoke test")
    parser.add_argument("--skip-load", action="store_true", help="leave out wrk and Lighthouse")
    parser.add_argument(
        "--markdown", action="store_true", help="print the lines as rows of docs/benchmarks.md"
    )
    parser.add_argument(
        "--only",
        action="append",
        choices=sorted(_section_name(section) for section in SECTIONS),
        metavar="SECTION",
        help="run only this section (repeatable), e.g. --only lesson_renders; "
        "the whole benchmark takes a minute and a half",
    )
    options = parser.parse_args(argv)
    sections = [s for s in SECTIONS if not options.only or _section_name(s) in options.only]

    django.setup()
    from django.test import Client

    with throwaway_database() if own_database else nullcontext():
        client = Client()
        print(f"site benchmark, Python {sys.version.split()[0]}" + (" (quick)" * options.quick))
        lines = [line for section in sections for line in section(options, client)]

    if options.markdown:
        print(MARKDOWN_HEAD)
    for line in lines:
        print(show(line, options))
    return 0 if all(line.passed is not False for line in lines) else 1


if __name__ == "__main__":
    sys.exit(main())

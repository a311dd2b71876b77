"""python -m bench.site runs every section and reports it.

Timings are judged in the report, never here: this only checks that it runs.
"""

from __future__ import annotations

import argparse
import shutil

import pytest

from bench import load as load_bench
from bench import site as bench
from bench.measure import Line

pytestmark = pytest.mark.django_db


def test_quick_benchmark_prints_a_line_for_every_section(capsys):
    # pytest-django already made a test database; the bench must not build a second one.
    bench.main(["--quick", "--skip-load"], own_database=False)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("site benchmark")
    expected = ["replay page "]
    expected += ["engine replay"]
    expected += [f"lesson page {url}," for url in bench.LESSON_PAGES]
    expected += [
        f"lesson render /{lesson}/ {how}"
        for lesson in ("badacey", "badugi", "badeucey", "drawing")
        for how in ("from the page cache", "rendered afresh")
    ]
    expected += [
        f"check {verdict} answer, {how}"
        for verdict in ("right", "wrong")
        for how in ("htmx fragment", "whole lesson page, no JavaScript")
    ]
    expected += [f"gzip weight {url} " for url in bench.LESSON_PAGES]
    expected += ["loads from another host"]
    for start in expected:
        line = next((line for line in lines if line.startswith(start)), None)
        assert line is not None, f"no line starting {start!r} in:\n" + "\n".join(lines)
        if "target" in line:
            assert line.endswith(("PASS", "MISS")), line


def test_sections_can_be_extended(monkeypatch, capsys):
    def extra(options, client):
        return [Line("an extra section", "1 ms", "< 2 ms", True)]

    monkeypatch.setattr(bench, "SECTIONS", [extra])
    assert bench.main(["--quick"], own_database=False) == 0
    assert "an extra section" in capsys.readouterr().out


def test_only_runs_the_sections_named(capsys):
    bench.main(["--quick", "--only", "lesson_renders"], own_database=False)
    lines = capsys.readouterr().out.splitlines()[1:]
    assert lines, "no lines printed"
    assert all(line.startswith("lesson render /") for line in lines), lines
    from lessons.course import LESSONS

    assert len(lines) == 2 * len(LESSONS)  # cached and afresh, every lesson


@pytest.mark.processes  # starts gunicorn and wrk
@pytest.mark.skipif(shutil.which("wrk") is None, reason="wrk is not installed")
def test_the_load_test_serves_each_page_under_gunicorn_and_judges_it():
    lines = [str(line) for line in load_bench.bench_load(argparse.Namespace(quick=True))]
    for url in load_bench.LOAD_URLS:
        p99 = next((line for line in lines if line.startswith(f"wrk -c16 {url} p99")), None)
        assert p99 is not None and p99.endswith(("PASS", "MISS")), lines
    shares = [line for line in lines if "share of home" in line]
    assert len(shares) == len(load_bench.LOAD_URLS) - 1
    # The returning learner's page is served with their progress (checked
    # inside the bench) and judged like the others.
    learner = [line for line in lines if "learner with progress p99" in line]
    assert len(learner) == 1 and learner[0].endswith(("PASS", "MISS")), lines


def test_lighthouse_says_how_to_install_it_when_it_is_missing(monkeypatch):
    from bench import lighthouse as lighthouse_bench

    monkeypatch.setattr(lighthouse_bench, "lighthouse_command", lambda: None)
    (line,) = lighthouse_bench.bench_lighthouse(argparse.Namespace(quick=True))
    assert str(line).startswith("Lighthouse") and "bench/lighthouse.py" in str(line)


def test_lighthouse_scores_the_served_pages_when_it_is_installed():
    from bench import lighthouse as lighthouse_bench

    if lighthouse_bench.lighthouse_command() is None or lighthouse_bench.chromium() is None:
        pytest.skip("Lighthouse is optional: see bench/lighthouse.py to install it")
    lines = lighthouse_bench.bench_lighthouse(argparse.Namespace(quick=True))
    assert len(lines) == len(lighthouse_bench.QUICK_PAGES)
    for line in lines:
        # Performance moves with the machine's load; the other three do not.
        _, accessibility, practices, seo = (int(n) for n in line.value.split(" / "))
        assert (accessibility, practices, seo) == (100, 100, 100), str(line)

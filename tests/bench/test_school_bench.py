"""python -m bench.school grows a school around one learner and class and prints each page.

Run here with tiny sizes only to see that every line comes out and that the
measured learner and class hold the same rows before and after the growth
(timings are judged by the bench, not here).
"""

from __future__ import annotations

import pytest

from bench import school as bench
from lessons.models import Attempt, Classroom

pytestmark = pytest.mark.django_db


def test_school_benchmark_grows_the_site_around_the_same_learner(capsys, monkeypatch):
    monkeypatch.setattr(bench, "SMALL", bench.Size(learners=45, classes=2, answers=3_000))
    monkeypatch.setattr(bench, "QUICK_BIG", bench.Size(learners=60, classes=4, answers=4_000))
    monkeypatch.setattr(bench, "FOCUS_ANSWERS", 200)
    monkeypatch.setattr(bench, "CLASS_ANSWERS", 1_000)
    monkeypatch.setattr(bench, "DEALS", 80)
    seen = []
    timings = bench._timings

    def counted(school, options):
        seen.append(Attempt.objects.filter(user=school.learner).count())
        return timings(school, options)

    monkeypatch.setattr(bench, "_timings", counted)
    bench.main(["--quick"], own_database=False)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("school benchmark")
    for start in (
        "lesson page:",
        "home:",
        "/progress/:",
        "study start:",
        "class page",
        "admin deal list",
        "one answer recorded:",
    ):
        assert any(line.startswith(start) for line in lines[1:]), start
    assert seen == [200, 200]  # the focus learner's answers, at both sizes
    assert all(" CPU " in line for line in lines[2:] if "ms" in line), lines
    assert Attempt.objects.count() == 4_000
    assert Classroom.objects.count() == 4


def test_the_growth_is_judged_on_cpu_time_which_waiting_does_not_move():
    # On a shared machine the small and big sites are measured minutes apart:
    # time spent waiting for a core (here: asleep) must not read as growth.
    import time

    from django.db import connection

    before = bench.cpu_seconds(connection)
    time.sleep(0.3)
    slept = bench.cpu_seconds(connection) - before
    before = bench.cpu_seconds(connection)
    sum(i * i for i in range(2_000_000))
    worked = bench.cpu_seconds(connection) - before
    assert slept < 0.05 < worked

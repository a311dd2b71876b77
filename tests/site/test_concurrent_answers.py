"""One learner answering in several tabs at once, each served by its own process, loses nothing.

Attempts are inserted, never updated, so every answer is its own row however
the writes interleave; this counts the rows that arrived.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest

from .conftest import ROOT, manage, process_env

pytestmark = pytest.mark.django_db

TABS = 4
ANSWERS_EACH = 6


def test_answers_from_tabs_at_once_all_arrive(fresh_database_url, tmp_path):
    make = "from django.contrib.auth.models import User; User.objects.create_user('learner')"
    manage(fresh_database_url, "shell", "--no-imports", "-c", make)
    go = tmp_path / "go"
    tabs = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tests.site.concurrent_answerer",
                f"tab{t}",
                str(ANSWERS_EACH),
                str(go),
            ],
            cwd=ROOT,
            env=process_env(fresh_database_url),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for t in range(TABS)
    ]
    try:
        deadline = time.monotonic() + 120
        while len(list(tmp_path.glob("go.*.ready"))) < TABS:
            assert time.monotonic() < deadline, "the tabs did not start"
            assert all(t.poll() is None for t in tabs), tabs[0].communicate()
            time.sleep(0.05)
        go.touch()
        results = []
        for tab in tabs:
            out, err = tab.communicate(timeout=300)
            assert tab.returncode == 0, err
            results.append(json.loads(out.strip().splitlines()[-1]))
    finally:
        for tab in tabs:
            if tab.poll() is None:
                tab.kill()
    assert [failure for result in results for failure in result["failed"]] == []
    count = (
        "from lessons.models import Attempt; "
        "print(Attempt.objects.filter(user__username='learner', correct=True).count())"
    )
    stored = manage(fresh_database_url, "shell", "--no-imports", "-c", count).stdout.split()[-1]
    assert int(stored) == TABS * ANSWERS_EACH

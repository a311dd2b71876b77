"""Teachers saving at the same moment, each in a process of their own, lose nothing.

On SQLite (the default) every write takes the one write lock. Before the
site opened it with IMMEDIATE transactions and a busy timeout, a save that
had read first could not wait for the lock: with four gunicorn workers, most
concurrent saves failed at once with "database is locked". This runs the
admin's own save path in several processes against one database file (on
the PostgreSQL run, one database on the server) and counts what arrived.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest

from .conftest import ROOT, manage, process_env

pytestmark = pytest.mark.django_db

WRITERS = 4
SAVES_EACH = 8


def stored_slugs(database_url: str) -> set[str]:
    code = (
        "from lessons.models import Deal; "
        "slugs = Deal.objects.filter(slug__startswith='writer').values_list('slug', flat=True); "
        "print(' '.join(slugs))"
    )
    return set(manage(database_url, "shell", "--no-imports", "-c", code).stdout.split())


def test_concurrent_admin_saves_all_arrive(fresh_database_url, tmp_path):
    manage(fresh_database_url, "createteacher", "teacher", TEACHER_PASSWORD="a-long-teaching-pass")
    go = tmp_path / "go"
    writers = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tests.site.concurrent_writer",
                f"writer{w}",
                str(SAVES_EACH),
                str(go),
            ],
            cwd=ROOT,
            env=process_env(fresh_database_url),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for w in range(WRITERS)
    ]
    try:
        deadline = time.monotonic() + 120
        while len(list(tmp_path.glob("go.*.ready"))) < WRITERS:
            assert time.monotonic() < deadline, "the writers did not start"
            assert all(w.poll() is None for w in writers), writers[0].communicate()
            time.sleep(0.05)
        go.touch()  # all at once
        results = []
        for writer in writers:
            out, err = writer.communicate(timeout=300)
            assert writer.returncode == 0, err
            results.append(json.loads(out.strip().splitlines()[-1]))
    finally:
        for writer in writers:
            if writer.poll() is None:
                writer.kill()
    failures = [failure for result in results for failure in result["failed"]]
    assert failures == []
    expected = {f"writer{w}-{n}" for w in range(WRITERS) for n in range(SAVES_EACH)}
    assert {slug for result in results for slug in result["saved"]} == expected
    assert stored_slugs(fresh_database_url) == expected

"""A real database that other processes can open, of the same kind as this run's.

pytest-django's test database lives inside one process's transaction (and on
SQLite in its memory), so gunicorn workers or concurrent writers cannot see
it. Tests that start other processes get their own database instead: a file
on the SQLite run, a database on the same server on the PostgreSQL run. Each
is copied from one migrated template, so the migrations run once per session.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings

from tests.django_setup import (  # noqa: F401  (registers them)
    _empty_cache,
    _fast_password_hashes,
    _flush_restores_content_from_a_copy,
    _pages_rendered_once,
)

ROOT = Path(__file__).resolve().parents[2]
SECRET_KEY = "two-servers-share-this-key-" + "x" * 30


def process_env(database_url: str, **extra: str) -> dict[str, str]:
    """The environment for a child process: this run's settings, another database.

    Production is the settings' default; the children are development servers
    and commands on loopback, as the test run itself is (plain HTTP, local
    hosts), so they ask for debug as scripts/serve does.
    """
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(DATABASE_URL=database_url, DJANGO_SECRET_KEY=SECRET_KEY, DJANGO_DEBUG="true")
    env.update(extra)
    return env


def manage(database_url: str, *args: str, **extra: str) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=process_env(database_url, **extra),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, f"manage.py {' '.join(args)} failed:\n{result.stderr}"
    return result


class _Postgres:
    """CREATE and DROP DATABASE on the server this run's test database lives on."""

    def __init__(self) -> None:
        self.db = settings.DATABASES["default"]

    def url(self, name: str) -> str:
        db = self.db
        return f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST']}:{db['PORT']}/{name}"

    def run(self, sql: str) -> None:
        import psycopg

        db = self.db
        with psycopg.connect(
            dbname="postgres",
            user=db["USER"],
            password=db["PASSWORD"],
            host=db["HOST"],
            port=db["PORT"],
            autocommit=True,
        ) as connection:
            connection.execute(sql)


def _on_sqlite() -> bool:
    return settings.DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3"


@pytest.fixture(scope="session")
def _sqlite_template(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("template") / "template.sqlite3"
    manage(f"sqlite:///{path}", "migrate", "--noinput", "-v0")
    return path


@pytest.fixture(scope="session")
def _postgres_template() -> Iterator[str]:
    postgres = _Postgres()
    name = f"badacey_template_{uuid.uuid4().hex[:8]}"
    postgres.run(f"CREATE DATABASE {name}")
    try:
        manage(postgres.url(name), "migrate", "--noinput", "-v0")
        yield name
    finally:
        postgres.run(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def _sqlite_copy(template: Path, directory: Path) -> str:
    path = directory / f"{uuid.uuid4().hex[:8]}.sqlite3"
    shutil.copyfile(template, path)
    return f"sqlite:///{path}"


@pytest.fixture
def sqlite_database_url(_sqlite_template, tmp_path) -> str:
    """DATABASE_URL of a just-migrated SQLite file, whatever this run's database."""
    return _sqlite_copy(_sqlite_template, tmp_path)


@pytest.fixture
def fresh_database_url(request, tmp_path) -> Iterator[str]:
    """DATABASE_URL of a just-migrated database of this run's kind that nobody else uses."""
    if _on_sqlite():
        yield _sqlite_copy(request.getfixturevalue("_sqlite_template"), tmp_path)
        return
    template = request.getfixturevalue("_postgres_template")
    postgres = _Postgres()
    name = f"badacey_test_{uuid.uuid4().hex[:8]}"
    postgres.run(f"CREATE DATABASE {name} TEMPLATE {template}")
    try:
        yield postgres.url(name)
    finally:
        postgres.run(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def run_together(
    module: str, name: str, count: int, each: int, database_url: str, tmp_path
) -> list[dict]:
    """Start ``count`` processes of ``module`` and release them at one instant.

    The processes are named ``name0``, ``name1`` and so on; the list returned
    holds their reports.

    Each process gets a name, how many writes to make and a "go" file; it
    touches ``go.<name>.ready`` when set up and waits for "go" to exist, so
    the writes really overlap. Each prints one JSON line as its report.
    """
    import json
    import sys
    import time

    go = tmp_path / "go"
    workers = [
        subprocess.Popen(
            [sys.executable, "-m", module, f"{name}{n}", str(each), str(go)],
            cwd=ROOT,
            env=process_env(database_url),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for n in range(count)
    ]
    try:
        deadline = time.monotonic() + 120
        while len(list(tmp_path.glob("go.*.ready"))) < count:
            assert time.monotonic() < deadline, f"the {module} processes did not start"
            assert all(w.poll() is None for w in workers), workers[0].communicate()
            time.sleep(0.05)
        go.touch()  # all at once
        reports = []
        for worker in workers:
            out, err = worker.communicate(timeout=300)
            assert worker.returncode == 0, err
            reports.append(json.loads(out.strip().splitlines()[-1]))
        return reports
    finally:
        for worker in workers:
            if worker.poll() is None:
                worker.kill()

"""Lesson pages under load, as served for real: the wrk lines of ``python -m bench.site``.

The site runs under gunicorn with two workers and production settings
(``DJANGO_DEBUG=false``, hashed static files, its own SQLite file migrated
for the run, the cache in each worker's memory), and ``wrk`` keeps 16
connections busy on the home page and on each lesson page in turn, asking
for gzip as every browser does. Targets: a lesson page answers at least 80 %
as many requests a second as the home page in the same run, and 99 % of its
requests within 100 ms. A signed-in learner's home (an account in a class
with set work of every kind, answers and a study session) is measured too:
at least a quarter of a visitor's home's requests a second.

Without ``wrk`` on the machine the section says so and judges nothing.
``--quick`` runs each URL for one second only, to see the lines printed.
"""

from __future__ import annotations

import argparse
import gzip
import os
import re
import secrets
import shutil
import subprocess
import sys
import tempfile
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

from badacey_site.app_server import ServerDidNotStart, app_server

ROOT = Path(__file__).resolve().parent.parent
CONNECTIONS = 16
P99_TARGET_MS = 100.0
SHARE_TARGET = 0.8  # of the home page's requests per second
SIGNED_IN_SHARE_TARGET = 0.25  # a signed-in learner's home, of a visitor's
# Every browser asks for gzip, so the load test does too: the figures are what they get.
BROWSER_HEADERS = {"Accept-Encoding": "gzip, deflate, br"}
LOAD_URLS = ["/", "/badacey/", "/badugi/", "/badeucey/", "/drawing/"]
LEARNER_URL = "/badugi/"  # a returning learner's lesson page: cached content plus their slots

# Run by ``manage.py shell`` inside the served database: an anonymous learner
# (a session holding a learner key, as the site makes one) who has answered
# every exercise of the lesson, some right and some wrong. Prints the
# session cookie's value.
_LEARNER_SCRIPT = """
import secrets
from django.contrib.sessions.backends.db import SessionStore
from lessons.models import Attempt, Deal
from lessons.learners.progress import SESSION_KEY
key = secrets.token_urlsafe(32)
deals = Deal.objects.filter(lesson=%r, published=True)
for n, deal in enumerate(deals):
    Attempt.objects.create(learner_key=key, deal=deal, parts=[n %% 2 == 0], correct=n %% 2 == 0)
session = SessionStore()
session[SESSION_KEY] = key
session.create()
print(session.session_key)
"""


# A signed-in learner as home sees one at its costliest: an account in a class
# with a lesson due soon, a skill target, hands to play and deals to answer,
# some of them answered, and a practice session started. Prints the cookie.
_SIGNED_IN_SCRIPT = """
import datetime as dt
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth.models import User
from django.contrib.sessions.backends.db import SessionStore
from django.utils import timezone
from lessons.models import Assignment, Attempt, Classroom, Deal, Membership, StudySession
user = User.objects.create_user("load-learner", password=None)
teacher = User.objects.create_user("load-teacher", password=None)
room = Classroom.objects.create(name="Load class", join_code="LOADTEST", created_by=teacher)
room.teachers.add(teacher)
Membership.objects.create(classroom=room, user=user)
deals = list(Deal.objects.filter(lesson="badugi", published=True, section="")[:4])
soon = timezone.now().date() + dt.timedelta(days=2)
Assignment.objects.create(classroom=room, kind="lesson", lesson="badacey", due_on=soon)
Assignment.objects.create(classroom=room, kind="skill", skill="badugi-valid", target_level=2)
Assignment.objects.create(classroom=room, kind="play", game="badugi", hands=3)
Assignment.objects.create(classroom=room, kind="deals").deals.set(deals)
for n, deal in enumerate(deals):
    Attempt.objects.create(user=user, deal=deal, parts=[n % 2 == 0], correct=n % 2 == 0)
StudySession.objects.create(user=user, kind="practice")
session = SessionStore()
session[SESSION_KEY] = str(user.pk)
session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
session[HASH_SESSION_KEY] = user.get_session_auth_hash()
session.create()
print(session.session_key)
"""


def production_env(database_url: str) -> dict[str, str]:
    """Production settings on loopback: no TLS here, so no HTTPS redirect or secure cookies."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.pop("REDIS_URL", None)
    env.update(
        DATABASE_URL=database_url,
        DJANGO_DEBUG="false",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(40),
        DJANGO_ALLOWED_HOSTS="127.0.0.1",
        DJANGO_SECURE_SSL_REDIRECT="false",
        DJANGO_SECURE_COOKIES="false",
        DJANGO_HSTS_SECONDS="0",
        DJANGO_LOG_LEVEL="WARNING",
        # As docs/operations.md's production section: each worker keeps its database
        # connection rather than opening one per request.
        DJANGO_DB_CONN_MAX_AGE="60",
    )
    return env


def _manage(env: dict[str, str], *args: str) -> None:
    result = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True
    )
    if result.returncode:
        raise SystemExit(f"manage.py {' '.join(args)} failed:\n{result.stderr}")


def learner_cookie(env: dict[str, str], lesson: str) -> str:
    """A session cookie for a learner with progress in ``lesson``, in the served database."""
    return _session_cookie(env, _LEARNER_SCRIPT % lesson)


def signed_in_cookie(env: dict[str, str]) -> str:
    """A session cookie for the signed-in learner in a class, in the served database."""
    return _session_cookie(env, _SIGNED_IN_SCRIPT)


def _session_cookie(env: dict[str, str], script: str) -> str:
    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", script],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    if result.returncode:
        raise SystemExit(f"could not make a learner session:\n{result.stderr}")
    return f"sessionid={result.stdout.split()[-1]}"


@contextmanager
def gunicorn(workers: int = 2, env_out: dict[str, str] | None = None) -> Iterator[str]:
    """The site under gunicorn on a free loopback port, with its own migrated database.

    ``env_out``, when given, receives the server's environment, so a caller
    can run ``manage.py`` against the same database.
    """
    with tempfile.TemporaryDirectory() as tmp:
        env = production_env(f"sqlite:///{Path(tmp) / 'load.sqlite3'}")
        if env_out is not None:
            env_out.update(env)
        _manage(env, "migrate", "--noinput")
        from bench.measure import static_files_lock

        with static_files_lock():
            _manage(env, "collectstatic", "--noinput", "--verbosity", "0")
        with ExitStack() as stack:
            server = app_server(env, Path(tmp) / "gunicorn.log", workers=workers, within=60)
            try:
                url = stack.enter_context(server)
            except ServerDidNotStart as error:
                raise SystemExit(str(error)) from None
            yield url


def warm(url: str, rounds: int = 6, cookie: str = "") -> bytes:
    """A few requests, so each worker has rendered (and cached) the page before the clock runs."""
    body = b""
    for _ in range(rounds):
        headers = BROWSER_HEADERS | ({"Cookie": cookie} if cookie else {})
        request = urllib.request.Request(url, headers=headers)
        with urllib.request.urlopen(request, timeout=60) as response:
            if response.status != 200:
                raise SystemExit(f"{url} answered {response.status}")
            body = response.read()
            if response.headers.get("Content-Encoding") == "gzip":
                body = gzip.decompress(body)
    return body


LATENCY_UNITS = {"us": 0.001, "ms": 1.0, "s": 1000.0}


def run_wrk(url: str, seconds: int, cookie: str = "") -> tuple[float, float, int]:
    """Requests per second, the 99th percentile latency in ms, and the non-2xx count."""
    header = [arg for name, value in BROWSER_HEADERS.items() for arg in ("-H", f"{name}: {value}")]
    header += ["-H", f"Cookie: {cookie}"] if cookie else []
    result = subprocess.run(
        ["wrk", "-t2", f"-c{CONNECTIONS}", f"-d{seconds}s", "--latency", *header, url],
        capture_output=True,
        text=True,
        check=True,
    )
    out = result.stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out)[1])  # type: ignore[index]
    p99 = re.search(r"^\s*99%\s+([\d.]+)(us|ms|s)\s*$", out, re.MULTILINE)
    if p99 is None:
        raise SystemExit(f"wrk printed no 99th percentile:\n{out}")
    bad = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
    return rate, float(p99[1]) * LATENCY_UNITS[p99[2]], int(bad[1]) if bad else 0


def bench_load(options: argparse.Namespace, client: object = None) -> list:
    from bench.measure import Line

    if getattr(options, "skip_load", False):
        return [Line("wrk load test", "skipped", "", None)]
    if shutil.which("wrk") is None:
        return [Line("wrk load test", "skipped: no wrk", "", None)]
    seconds = 1 if options.quick else 10
    lines = []
    env: dict[str, str] = {}
    with gunicorn(env_out=env) as base:
        figures = {}
        for path in LOAD_URLS:
            warm(base + path)
            figures[path] = run_wrk(base + path, seconds)
        cookie = learner_cookie(env, LEARNER_URL.strip("/"))
        page = warm(base + LEARNER_URL, cookie=cookie)
        if b'data-status="solved"' not in page:
            raise SystemExit(f"{LEARNER_URL} did not show the learner's progress")
        learner = run_wrk(base + LEARNER_URL, seconds, cookie)
        account = signed_in_cookie(env)
        page = warm(base + "/", cookie=account)
        if b"Your assignments" not in page:
            raise SystemExit("/ did not show the signed-in learner's assignments")
        signed_in = run_wrk(base + "/", seconds, account)
    home_rate = figures["/"][0]
    for path, (rate, p99, bad) in figures.items():
        if bad:
            raise SystemExit(f"{path}: {bad} responses under load were not 200")
        label = f"wrk -c{CONNECTIONS} {path}"
        if path == "/":
            lines.append(Line(f"{label} requests/s", f"{rate:.0f}/s", "", None))
        else:
            share = rate / home_rate
            lines.append(
                Line(
                    f"{label} requests/s, share of home",
                    f"{rate:.0f}/s = {share:.0%}",
                    f">= {SHARE_TARGET:.0%}",
                    share >= SHARE_TARGET,
                )
            )
        lines.append(
            Line(f"{label} p99", f"{p99:.1f} ms", f"< {P99_TARGET_MS:.0f} ms", p99 < P99_TARGET_MS)
        )
    rate, p99, bad = learner
    if bad:
        raise SystemExit(f"{LEARNER_URL}: {bad} responses to the learner were not 200")
    label = f"wrk -c{CONNECTIONS} {LEARNER_URL}, learner with progress"
    lines.append(Line(f"{label} requests/s", f"{rate:.0f}/s", "", None))
    lines.append(
        Line(f"{label} p99", f"{p99:.1f} ms", f"< {P99_TARGET_MS:.0f} ms", p99 < P99_TARGET_MS)
    )
    rate, p99, bad = signed_in
    if bad:
        raise SystemExit(f"/: {bad} responses to the signed-in learner were not 200")
    share = rate / home_rate
    label = f"wrk -c{CONNECTIONS} /, signed-in learner in a class"
    lines.append(
        Line(
            f"{label} requests/s, share of a visitor's",
            f"{rate:.0f}/s = {share:.0%}",
            f">= {SIGNED_IN_SHARE_TARGET:.0%}",
            share >= SIGNED_IN_SHARE_TARGET,
        )
    )
    lines.append(Line(f"{label} p99", f"{p99:.1f} ms", "", None))
    return lines

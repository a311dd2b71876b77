"""Live tables under load: ``python -m bench.live``.

Simulated people play on many tables of four at once against the site as it
is served in production: uvicorn with two workers, the database and Redis
named by ``BENCH_DATABASE_URL`` and ``BENCH_REDIS_URL`` (docs/benchmarks.md
says how to run it on PostgreSQL and Redis; without them it uses a SQLite
file and no Redis, and says so). Each player is a real websocket client with
its own signed-in session: it waits for its turn, thinks for one to three
seconds, and sends a check, call or stand-pat; after a hand one player asks
for the next. Play starts once every socket has opened and heard its table (a
class sits down, then plays), and lasts ``--seconds``.

It measures the **action round trip**: from sending an action to hearing the
event it caused, at the player who acted. It checks that every client heard
every event number exactly once and in order (no lost or duplicated event),
and that every finished hand kept every chip and left each chair the stack
the engine paid it. It starts at ``--start`` tables and adds ``--step`` up to
``--tables``, so the report also says how far this machine goes before the p95
passes the target.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from badacey_site.app_server import free_port
from bench.load import ROOT, _manage, production_env
from bench.measure import Line, show

ROUND_TRIP_TARGET_MS = 200.0
PLAYERS = 4

_SETUP_SCRIPT = r"""
import json
from django.contrib.auth import SESSION_KEY, BACKEND_SESSION_KEY, HASH_SESSION_KEY
from django.contrib.auth.models import User
from django.contrib.sessions.backends.db import SessionStore
from lessons.models import Classroom, Membership
from tables import service
from tests.factories import make_teacher

tables, players = %d, %d
teacher = User.objects.filter(username="bench_teacher").first() or make_teacher("bench_teacher")
code = "BENCH%%03d" %% Classroom.objects.count()
classroom = Classroom.objects.create(name="Bench", join_code=code, created_by=teacher)
classroom.teachers.add(teacher)
out = []
for t in range(tables):
    table = service.open_table(
        teacher,
        service.TableSpec(name=f"T{t}", game="badugi", seats=players, clock_seconds=600),
        classroom=classroom,
    )
    cookies = []
    for p in range(players):
        user = User.objects.create_user(f"b{classroom.pk}_{t}_{p}", password=None)
        Membership.objects.create(classroom=classroom, user=user)
        session = SessionStore()
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.create()
        cookies.append(session.session_key)
        service.sit(table.pk, user)
    out.append({"table": table.pk, "sessions": cookies})
print(json.dumps(out))
"""

_CHECK_SCRIPT = r"""
import json
from play import encoding
from evaluator.play import LiveHand
from tables.models import LiveTable
errors = []
for table in LiveTable.objects.filter(pk__in=%s):
    last_over = None
    for hand in table.hands.order_by("number"):
        settings = encoding.settings_from(hand.settings)
        live = LiveHand.replay(settings, encoding.actions_from(hand.actions))
        if hand.is_over:
            if sum(live.final_stacks()) != sum(settings.stacks):
                errors.append(f"table {table.pk} hand {hand.number}: chips not kept")
            last_over = (hand, live)
    if last_over is not None and not table.hands.filter(is_over=False).exists():
        hand, live = last_over
        stacks = dict(table.seat_rows.values_list("user_id", "stack"))
        for seat, user_id in enumerate(hand.players):
            paid = live.final_stacks()[seat]
            if user_id is not None and paid > 0 and stacks.get(user_id) != paid:
                held = stacks.get(user_id)
                errors.append(f"table {table.pk}: chair of {user_id} holds {held}, paid {paid}")
print(json.dumps(errors))
"""


def p95(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)] if ordered else 0.0


def _shell(env: dict[str, str], script: str) -> str:
    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", script],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    if result.returncode:
        raise SystemExit(f"manage.py shell failed:\n{result.stderr[-3000:]}")
    return result.stdout.strip().splitlines()[-1]


@contextmanager
def uvicorn(env: dict[str, str], log: Path, workers: int = 2) -> Iterator[str]:
    port = free_port()
    with log.open("w") as output:
        server = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "badacey_site.asgi:application"]
            + ["--host", "127.0.0.1", "--port", str(port), "--workers", str(workers)]
            + ["--log-level", "warning", "--ws-ping-interval", "60"],
            cwd=ROOT,
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        import urllib.request

        while True:
            if server.poll() is not None:
                raise SystemExit(f"uvicorn exited:\n{log.read_text()[-3000:]}")
            try:
                with urllib.request.urlopen(url + "/", timeout=5) as response:
                    if response.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise SystemExit(f"uvicorn did not answer:\n{log.read_text()[-3000:]}")
            time.sleep(0.5)
        yield url
    finally:
        server.terminate()
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            server.kill()


class Player:
    """One simulated person: a websocket, its seat's view, and what it heard."""

    def __init__(self, url: str, table: int, session: str, rng: random.Random) -> None:
        self.url, self.table, self.session, self.rng = url, table, session, rng
        self.heard: list[int] = []
        self.round_trips: list[float] = []
        self.sent_at: float | None = None
        self.sent_last = 0
        self.acted_steps: set[tuple[int, int]] = set()
        self.dropped = False
        self.counted = False

    async def run(self, start: Start) -> None:
        import websockets

        try:
            await self._run(start)
        except (websockets.exceptions.ConnectionClosed, OSError, TimeoutError):
            self.dropped = True  # the server shut the socket or never opened it
        finally:
            self._arrive(start)  # a socket that failed does not hold the others back

    def _arrive(self, start: Start) -> None:
        if not self.counted:
            self.counted = True
            start.arrived()

    async def _run(self, start: Start) -> None:
        import websockets

        ws_url = self.url.replace("http://", "ws://") + f"/ws/tables/{self.table}/"
        async with websockets.connect(
            ws_url,
            additional_headers={"Cookie": f"sessionid={self.session}", "Origin": self.url},
            open_timeout=120,
        ) as socket:
            await socket.send(json.dumps({"type": "resync", "after": 0}))
            first = json.loads(await asyncio.wait_for(socket.recv(), timeout=120))
            self.heard += [e["seq"] for e in first.get("events", [])]
            # Play starts when every socket is open: a class sits down, then plays.
            self._arrive(start)
            await start.go.wait()
            await socket.send(json.dumps({"type": "resync", "after": self.heard[-1]}))
            until = start.until
            while time.monotonic() < until:
                try:
                    raw = await asyncio.wait_for(
                        socket.recv(), timeout=max(0.1, until - time.monotonic())
                    )
                except TimeoutError:
                    break
                message = json.loads(raw)
                if message.get("type") != "events":
                    continue
                self.heard += [e["seq"] for e in message["events"]]
                if self.sent_at is not None and message["last"] > self.sent_last:
                    self.round_trips.append((time.monotonic() - self.sent_at) * 1000)
                    self.sent_at = None
                await self._maybe_act(socket, message["state"])

    async def _maybe_act(self, socket: object, state: dict[str, object]) -> None:
        hand = state.get("hand")
        if not isinstance(hand, dict):
            return
        key = (int(hand["number"]), int(hand["step"]))
        if hand["is_over"]:
            if hand["learner_seat"] == 0 and key not in self.acted_steps:
                self.acted_steps.add(key)
                await asyncio.sleep(self.rng.uniform(0.5, 1.5))
                await socket.send(json.dumps({"type": "next"}))  # type: ignore[attr-defined]
            return
        legal = {a["kind"] for a in hand["legal_actions"]}
        if not legal or key in self.acted_steps:
            return
        self.acted_steps.add(key)
        await asyncio.sleep(self.rng.uniform(1.0, 3.0))  # a person thinks
        action = "pat" if "draw" in legal else ("check" if "check" in legal else "call")
        self.sent_last = int(state["last"])  # type: ignore[call-overload]
        self.sent_at = time.monotonic()
        await socket.send(  # type: ignore[attr-defined]
            json.dumps({"type": "act", "step": hand["step"], "action": action})
        )


class Start:
    """Holds play back until every socket has opened and heard the table."""

    def __init__(self, players: int, seconds: float) -> None:
        self.waiting, self.seconds = players, seconds
        self.go = asyncio.Event()
        self.until = 0.0

    def arrived(self) -> None:
        if self.go.is_set():
            return
        self.waiting -= 1
        if self.waiting <= 0:
            self.until = time.monotonic() + self.seconds
            self.go.set()


async def _play(url: str, setup: list[dict[str, object]], seconds: float) -> list[Player]:
    rng = random.Random(7)
    players = [
        Player(url, int(t["table"]), session, random.Random(rng.random()))  # type: ignore[call-overload]
        for t in setup
        for session in t["sessions"]  # type: ignore[attr-defined]
    ]
    start = Start(len(players), seconds)
    await asyncio.gather(*(p.run(start) for p in players))
    return players


@dataclass(frozen=True)
class SizeResult:
    tables: int
    actions: int
    p50: float
    p95: float
    event_errors: int  # clients that missed an event number or heard one twice
    dropped: int  # clients whose socket the server closed or never opened
    chip_errors: list[str]


def one_size(env: dict[str, str], url: str, tables: int, seconds: float) -> SizeResult:
    setup = json.loads(_shell(env, _SETUP_SCRIPT % (tables, PLAYERS)))
    players = asyncio.run(_play(url, setup, seconds))
    trips = [t for p in players for t in p.round_trips]
    broken = sum(1 for p in players if p.heard and p.heard != list(range(1, len(p.heard) + 1)))
    errors = json.loads(_shell(env, _CHECK_SCRIPT % json.dumps([t["table"] for t in setup])))
    return SizeResult(
        tables=tables,
        actions=len(trips),
        p50=sorted(trips)[len(trips) // 2] if trips else 0.0,
        p95=p95(trips),
        event_errors=broken,
        dropped=sum(p.dropped for p in players),
        chip_errors=errors,
    )


def bench_live(options: argparse.Namespace) -> list[Line]:
    database = os.environ.get("BENCH_DATABASE_URL", "")
    redis = os.environ.get("BENCH_REDIS_URL", "")
    lines: list[Line] = []
    with tempfile.TemporaryDirectory() as tmp:
        env = production_env(database or f"sqlite:///{Path(tmp) / 'live.sqlite3'}")
        if redis:
            env["REDIS_URL"] = redis
            import redis as redis_client

            # Groups of an earlier run's sockets would still be there, full of dead channels.
            redis_client.Redis.from_url(redis).flushdb()
        _manage(env, "migrate", "--noinput")
        from bench.measure import static_files_lock

        with static_files_lock():
            _manage(env, "collectstatic", "--noinput", "--verbosity", "0")
        where = f"{'PostgreSQL' if database.startswith('postgres') else 'SQLite'}, " + (
            "Redis channel layer" if redis else "in-memory channel layer (no Redis)"
        )
        quick = " (quick)" if options.quick else ""
        print(
            f"live benchmark: uvicorn --workers 2, {where}; {options.seconds:g} s a size{quick}",
            flush=True,
        )
        sizes = []
        n = options.start
        while n < options.tables:
            sizes.append(n)
            n += options.step
        sizes.append(options.tables)
        log = Path(os.environ.get("BENCH_LIVE_LOG") or Path(tmp) / "uvicorn.log")
        with uvicorn(env, log) as url:
            for tables in sizes:
                result = one_size(env, url, tables, options.seconds)
                ok = (
                    result.p95 <= ROUND_TRIP_TARGET_MS
                    and not result.event_errors
                    and not result.chip_errors
                    and not result.dropped
                )
                label = (
                    f"{tables} tables of {PLAYERS}: action round trip p95 "
                    f"(p50 {result.p50:.0f} ms, {result.actions} actions, "
                    f"{result.event_errors} clients with lost or repeated events, "
                    f"{result.dropped} sockets dropped, "
                    f"{len(result.chip_errors)} chip errors)"
                )
                line = Line(label, f"{result.p95:.0f} ms", f"<= {ROUND_TRIP_TARGET_MS:.0f} ms", ok)
                print(show(line, options), flush=True)
                lines.append(line)
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=300, help="the largest number of tables")
    parser.add_argument("--start", type=int, default=50, help="the first number of tables")
    parser.add_argument("--step", type=int, default=50, help="tables added at each size")
    parser.add_argument("--seconds", type=float, default=40.0, help="play time per size")
    parser.add_argument("--quick", action="store_true", help="2 then 4 tables, 15 s each")
    parser.add_argument("--markdown", action="store_true", help="rows for docs/benchmarks.md")
    options = parser.parse_args(argv)
    if options.quick:
        options.tables, options.start, options.step, options.seconds = 4, 2, 2, 15.0
    lines = bench_live(options)
    return 0 if all(line.passed for line in lines) else 1


if __name__ == "__main__":
    raise SystemExit(main())

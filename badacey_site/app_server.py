"""The site under gunicorn on a free loopback port, for the load benchmark and the tests.

``bench.load`` (and the Lighthouse run through it) and
``tests/site/test_two_servers.py`` each start real app servers: the first
to measure the site as it is served, the second to see two servers agree.
Both need the same thing first, a server that is answering, so this is the
one place that starts gunicorn, waits for its home page, and stops it.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


class ServerDidNotStart(RuntimeError):
    """gunicorn exited, or its home page did not answer 200 in time; the message has its log."""


def free_port() -> int:
    """A loopback port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def app_server(
    env: Mapping[str, str],
    log: Path,
    *,
    workers: int = 1,
    options: Sequence[str] = (),
    within: float = 120.0,
) -> Iterator[str]:
    """Run the site under gunicorn until the block ends; yields its URL once ``/`` answers 200.

    ``env`` is the server's whole environment (its settings and database),
    ``log`` receives its output, ``options`` go to gunicorn as they are.
    Raises ``ServerDidNotStart`` if the server exits, or does not answer
    within ``within`` seconds. The server is stopped (killed, if it will
    not stop) when the block ends, however it ends.
    """
    port = free_port()
    with log.open("w") as output:
        server = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "badacey_site.wsgi"]
            + ["--bind", f"127.0.0.1:{port}", "--workers", str(workers), *options],
            cwd=ROOT,
            env=dict(env),
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_until_answering(server, url, log, within)
        yield url
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def _wait_until_answering(server: subprocess.Popen, url: str, log: Path, within: float) -> None:
    deadline = time.monotonic() + within
    while True:
        if server.poll() is not None:
            raise ServerDidNotStart(f"gunicorn exited:\n{log.read_text()}")
        try:
            with urllib.request.urlopen(url + "/", timeout=5) as response:
                if response.status == 200:
                    return
        except OSError:
            pass  # not listening yet, or an error page while it starts
        if time.monotonic() > deadline:
            raise ServerDidNotStart(
                f"gunicorn did not answer within {within:g} seconds:\n{log.read_text()}"
            )
        time.sleep(0.2)

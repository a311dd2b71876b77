"""Course-site launch benchmark: ``python -m bench.lti`` (``--quick`` for a smoke run).

Target from the LTI issue: a launch adds under 50 ms of server time beyond
the page it opens. A launch is two requests before that page: the OIDC login
initiation and the signed launch post, which checks the id token, retires its
nonce, syncs django-lti's records, signs the learner in and redirects. Both
are timed here, for a learner's first launch (the account and class
membership are made) and for a returning one; the course site's own work
(signing the token) is left out. The course site is played by a key pair and
a key set served on a free local port, fetched once and then cached, as on a
real site. The verdict is the fastest batch's mean, as in the other benches.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

from bench.measure import Line, database_bench_main

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "badacey_site.settings")

TARGET_MS = 50.0
ISSUER = "https://course-site.bench"
CLIENT_ID = "bench-client"
DEPLOYMENT = "bench-deployment"
LAUNCH_URL = "http://testserver/lti/launch/"
LTI = "https://purl.imsglobal.org/spec/lti/claim/"


class _CourseSite:
    """The course site's half: a key, its key set on a local port, signed id tokens."""

    def __init__(self) -> None:
        from cryptography.hazmat.primitives.asymmetric import rsa
        from jwt.algorithms import RSAAlgorithm

        self.key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        jwk = json.loads(RSAAlgorithm.to_jwk(self.key.public_key()))
        body = json.dumps({"keys": [{**jwk, "kid": "bench", "alg": "RS256"}]}).encode()

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.keyset_url = f"http://127.0.0.1:{self.server.server_address[1]}/jwks"

    def token(self, nonce: str, sub: str) -> str:
        import jwt

        now = int(time.time())
        claims = {
            "iss": ISSUER,
            "aud": CLIENT_ID,
            "sub": sub,
            "iat": now,
            "exp": now + 300,
            "nonce": nonce,
            "given_name": "Bench",
            LTI + "deployment_id": DEPLOYMENT,
            LTI + "version": "1.3.0",
            LTI + "message_type": "LtiResourceLinkRequest",
            LTI + "roles": ["http://purl.imsglobal.org/vocab/lis/v2/membership#Learner"],
            LTI + "context": {"id": "bench-course", "title": "Bench course"},
            LTI + "resource_link": {"id": "bench-link"},
            LTI + "target_link_uri": LAUNCH_URL,
            LTI + "custom": {"target": "lesson:badugi"},
        }
        return jwt.encode(claims, self.key, algorithm="RS256", headers={"kid": "bench"})


def _register(site: _CourseSite) -> str:
    from lti_tool.models import Key, LtiDeployment, LtiRegistration

    Key.objects.generate()
    registration = LtiRegistration.objects.create(
        name="Bench course site",
        issuer=ISSUER,
        client_id=CLIENT_ID,
        auth_url=f"{ISSUER}/auth",
        token_url=f"{ISSUER}/token",
        keyset_url=site.keyset_url,
    )
    LtiDeployment.objects.create(
        registration=registration, deployment_id=DEPLOYMENT, is_active=True
    )
    return f"/lti/init/{registration.uuid}/"


def _launch(site: _CourseSite, login_url: str, sub: str, client: Any) -> float:
    """One launch in a fresh browser; the tool's milliseconds (login + launch post)."""
    client.cookies.clear()  # a new browser (one client: its handler is built only once)
    params = {"iss": ISSUER, "login_hint": sub, "target_link_uri": LAUNCH_URL}
    start = time.perf_counter()
    login = client.get(login_url, params)
    spent = time.perf_counter() - start
    if login.status_code != 302:
        raise SystemExit(f"the login answered {login.status_code}")
    query = parse_qs(urlsplit(login["Location"]).query)
    token = site.token(query["nonce"][0], sub)  # the course site's work: not timed
    start = time.perf_counter()
    launched = client.post("/lti/launch/", {"id_token": token, "state": query["state"][0]})
    spent += time.perf_counter() - start
    if launched.status_code != 302:
        raise SystemExit(f"the launch answered {launched.status_code}")
    return spent * 1000


def bench_lti(options: argparse.Namespace) -> list[Line]:
    batches, per_batch = (2, 2) if options.quick else (10, 5)
    from django.test import Client

    site, client = _CourseSite(), Client()
    try:
        login_url = _register(site)
        _launch(
            site, login_url, "warm-up", client
        )  # fetches and caches the key set, loads templates
        lines = []
        for label, returning in (("first launch (new account)", False), ("returning launch", True)):
            means = []
            for batch in range(batches):
                subs = ["returning" if returning else f"new-{batch}-{n}" for n in range(per_batch)]
                means.append(statistics.fmean(_launch(site, login_url, s, client) for s in subs))
            best = min(means)
            lines.append(
                Line(
                    f"LTI {label}, login + launch",
                    f"{best:.1f} ms",
                    f"< {TARGET_MS:g} ms",
                    best < TARGET_MS,
                )
            )
        return lines
    finally:
        site.server.shutdown()
        site.server.server_close()


def main(argv: list[str] | None = None) -> int:
    """Print each line with its verdict; 1 if any target was missed."""
    return database_bench_main("lti", __doc__, bench_lti, argv)


if __name__ == "__main__":
    sys.exit(main())

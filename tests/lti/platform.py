"""A course site simulated inside the test run: its own RSA key, JWKS and gradebook.

It plays the platform's half of LTI 1.3 against the tool under test: the
OIDC login (through the Django test client, as a browser would carry it),
signed id tokens for resource-link and deep-linking launches, and a small
HTTP server on a free local port serving the platform's JWKS, the OAuth2
token endpoint (which checks the tool's signed client assertion against the
tool's own JWKS) and the line items' score endpoints, answering with the
statuses a test queues.
"""

from __future__ import annotations

import json
import threading
import time
import uuid
from collections import deque
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

import jwt
from cryptography.hazmat.primitives.asymmetric import rsa
from jwt.algorithms import RSAAlgorithm

LTI = "https://purl.imsglobal.org/spec/lti/claim/"
ROLE = "http://purl.imsglobal.org/vocab/lis/v2/membership#"
SCORE_SCOPE = "https://purl.imsglobal.org/spec/lti-ags/scope/score"
LAUNCH_URL = "http://testserver/lti/launch/"


class Platform:
    issuer = "https://course-site.example"
    client_id = "badacey-tool-client"
    deployment_id = "deployment-1"

    def __init__(self) -> None:
        self.key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        self.kid = "platform-key-1"
        jwk = json.loads(RSAAlgorithm.to_jwk(self.key.public_key()))
        self.jwks = {"keys": [{**jwk, "kid": self.kid, "alg": "RS256", "use": "sig"}]}
        self.tool_jwks: dict[str, Any] = {"keys": []}
        self.registration_uuid = ""
        self.server: ThreadingHTTPServer | None = None
        self.reset()

    # ---- the HTTP side: JWKS, token endpoint, gradebook ----

    def reset(self) -> None:
        self.scores: list[dict[str, Any]] = []  # every score posted, whatever the answer
        self.stored: list[dict[str, Any]] = []  # the scores the gradebook kept (answered 200)
        self.statuses: deque[int] = deque()  # answers to give the next score posts
        self.token_requests: list[dict[str, Any]] = []
        self.members: list[dict[str, Any]] = []  # the course's member list (NRPS)
        self.members_status = 200
        self.jwks_fetches = 0

    @property
    def url(self) -> str:
        assert self.server is not None
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}"

    def start(self) -> None:
        platform = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:  # quiet test output
                pass

            def _send(self, status: int, body: object) -> None:
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self) -> None:
                if self.path == "/jwks":
                    platform.jwks_fetches += 1
                    self._send(200, platform.jwks)
                elif self.path == "/memberships":
                    if self.headers.get("Authorization") != "Bearer platform-access-token":
                        self._send(401, {"error": "no token"})
                        return
                    body = {"id": "members", "members": platform.members}
                    self._send(platform.members_status, body)
                else:
                    self._send(404, {"error": "not found"})

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", 0))
                raw = self.rfile.read(length).decode()
                if self.path == "/token":
                    self._send(*platform.token(parse_qs(raw)))
                elif self.path.endswith("/scores"):
                    if self.headers.get("Authorization") != "Bearer platform-access-token":
                        self._send(401, {"error": "no token"})
                        return
                    score = json.loads(raw)
                    platform.scores.append({"path": self.path, **score})
                    status = platform.statuses.popleft() if platform.statuses else 200
                    if status == 200:
                        platform.stored.append({"path": self.path, **score})
                    self._send(status, {})
                else:
                    self._send(404, {"error": "not found"})

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()

    def token(self, form: dict[str, list[str]]) -> tuple[int, dict[str, Any]]:
        """Check the tool's client assertion with the tool's JWKS, as a platform must."""
        assertion = form.get("client_assertion", [""])[0]
        self.token_requests.append(form)
        try:
            kid = jwt.get_unverified_header(assertion).get("kid")
            key = next(k for k in self.tool_jwks["keys"] if k["kid"] == kid)
            jwt.decode(
                assertion,
                RSAAlgorithm.from_jwk(json.dumps(key)),  # type: ignore[arg-type]
                algorithms=["RS256"],
                audience=f"{self.url}/token",
                issuer=self.client_id,
            )
        except (jwt.InvalidTokenError, StopIteration) as error:
            return 401, {"error": f"bad client assertion: {error}"}
        return 200, {"access_token": "platform-access-token", "token_type": "Bearer"}

    # ---- the browser side: login, then a signed launch ----

    def login(self, client: Any, login_hint: str = "user") -> tuple[str, str]:
        """The OIDC login initiation; returns the (state, nonce) the tool chose."""
        response = client.get(
            f"/lti/init/{self.registration_uuid}/",
            {
                "iss": self.issuer,
                "client_id": self.client_id,
                "login_hint": login_hint,
                "target_link_uri": LAUNCH_URL,
                "lti_message_hint": "hint",
            },
        )
        assert response.status_code == 302, response.content
        query = parse_qs(urlsplit(response["Location"]).query)
        assert query["redirect_uri"] == [LAUNCH_URL]
        return query["state"][0], query["nonce"][0]

    def claims(
        self,
        nonce: str,
        *,
        sub: str,
        role: str = "Learner",
        course: str = "course-1",
        link: str = "link-1",
        target: str | None = None,
        graded: bool = True,
        deep_linking: bool = False,
        **extra: Any,
    ) -> dict[str, Any]:
        now = int(time.time())
        claims: dict[str, Any] = {
            "iss": self.issuer,
            "aud": self.client_id,
            "sub": sub,
            "iat": now,
            "exp": now + 300,
            "nonce": nonce,
            LTI + "deployment_id": self.deployment_id,
            LTI + "version": "1.3.0",
            LTI + "roles": [ROLE + role],
            LTI + "context": {"id": course, "title": "Draw poker, spring term", "label": "DP1"},
            LTI + "target_link_uri": LAUNCH_URL,
            "https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice": {
                "context_memberships_url": f"{self.url}/memberships",
                "service_versions": ["2.0"],
            },
        }
        if deep_linking:
            claims[LTI + "message_type"] = "LtiDeepLinkingRequest"
            claims["https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings"] = {
                "deep_link_return_url": f"{self.issuer}/deep-link-return",
                "accept_types": ["ltiResourceLink"],
                "accept_presentation_document_targets": ["window"],
            }
        else:
            claims[LTI + "message_type"] = "LtiResourceLinkRequest"
            claims[LTI + "resource_link"] = {"id": link, "title": "Homework"}
        if target is not None:
            claims[LTI + "custom"] = {"target": target}
        if graded:
            claims["https://purl.imsglobal.org/spec/lti-ags/claim/endpoint"] = {
                "scope": [SCORE_SCOPE],
                "lineitems": f"{self.url}/lineitems",
                "lineitem": f"{self.url}/lineitems/{link}",
            }
        claims.update(extra)
        return claims

    def sign(self, claims: dict[str, Any], key: Any = None, kid: str | None = None) -> str:
        return jwt.encode(
            claims, key or self.key, algorithm="RS256", headers={"kid": kid or self.kid}
        )

    def launch(self, client: Any, sub: str = "learner-1", **kw: Any) -> Any:
        """Log in and post a freshly signed launch, as the platform's browser form would."""
        state, nonce = self.login(client, sub)
        token = self.sign(self.claims(nonce, sub=sub, **kw))
        return client.post("/lti/launch/", {"id_token": token, "state": state})

    @staticmethod
    def new_key() -> Any:
        return rsa.generate_private_key(public_exponent=65537, key_size=2048)

    @staticmethod
    def unique() -> str:
        return uuid.uuid4().hex

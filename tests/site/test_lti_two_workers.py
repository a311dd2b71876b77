"""LTI launches on the documented layout with no Redis: gunicorn with two workers.

The login step and the launch are two requests, and with two workers they
often land on different ones. The login's state and nonce must be where both
see them (the database here), or the launch is refused as "not issued here".
"""

from __future__ import annotations

import json
from urllib.parse import parse_qs, urlsplit

import pytest
import requests

from badacey_site.app_server import app_server
from tests.lti.platform import Platform

from .conftest import manage, process_env
from .test_lti_worker import SET_UP

pytestmark = [pytest.mark.processes, pytest.mark.django_db]

LAUNCHES = 12


def test_every_launch_is_accepted_whichever_worker_answers_it(fresh_database_url, tmp_path):
    platform = Platform()
    platform.start()
    try:
        code = SET_UP.format(
            issuer=platform.issuer,
            client=platform.client_id,
            url=platform.url,
            deployment=platform.deployment_id,
        )
        output = manage(fresh_database_url, "shell", "-c", code).stdout
        site = json.loads(output.strip().splitlines()[-1])
        platform.tool_jwks, platform.registration_uuid = site["jwks"], site["uuid"]
        env = process_env(fresh_database_url)
        env.pop("REDIS_URL", None)
        refused = []
        with app_server(env, tmp_path / "server.log", workers=2) as url:
            launch_url = f"{url}/lti/launch/"
            for n in range(LAUNCHES):
                browser = requests.Session()
                login = browser.get(
                    f"{url}/lti/init/{platform.registration_uuid}/",
                    params={
                        "iss": platform.issuer,
                        "client_id": platform.client_id,
                        "login_hint": f"learner-{n}",
                        "target_link_uri": launch_url,
                    },
                    allow_redirects=False,
                    timeout=60,
                )
                assert login.status_code == 302, login.text
                query = parse_qs(urlsplit(login.headers["Location"]).query)
                claims = platform.claims(
                    query["nonce"][0], sub=f"learner-{n}", target=f"deal:{site['slug']}"
                )
                launched = browser.post(
                    launch_url,
                    {"id_token": platform.sign(claims), "state": query["state"][0]},
                    allow_redirects=False,
                    timeout=60,
                )
                if launched.status_code != 302:
                    refused.append((n, launched.status_code, launched.text[-400:]))
        assert refused == []
    finally:
        platform.stop()

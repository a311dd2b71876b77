"""A grade reaches the simulated course site's gradebook through the real task worker.

The issue's promise, on the production layout over loopback: gunicorn
serves the launch and the answer, ``manage.py db_worker`` (the same command
production runs) picks the score from the database queue, and the course
site simulated in tests/lti/platform.py has it within 60 seconds. Nothing
here is timed more closely than that bound.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from urllib.parse import parse_qs, urlsplit

import pytest
import requests

from badacey_site.app_server import app_server
from tests.lti.platform import Platform

from .conftest import ROOT, manage, process_env

pytestmark = [pytest.mark.processes, pytest.mark.django_db]

SET_UP = """
import json
from lti_tool.models import Key, LtiDeployment, LtiRegistration
from lessons.exercises.model_answers import right_answer
from lessons.models import Deal
Key.objects.generate()
registration = LtiRegistration.objects.create(
    name="Simulated course site", issuer={issuer!r}, client_id={client!r},
    auth_url={issuer!r} + "/auth", token_url={url!r} + "/token", keyset_url={url!r} + "/jwks",
)
LtiDeployment.objects.create(
    registration=registration, deployment_id={deployment!r}, is_active=True
)
deal = Deal.objects.published().practice().first()
print(json.dumps({{
    "uuid": str(registration.uuid), "jwks": Key.objects.as_jwks(), "slug": deal.slug,
    "page": deal.get_absolute_url(), "check": deal.check_url, "answer": right_answer(deal),
}}))
"""


def test_a_finished_deal_reaches_the_gradebook_through_the_worker(fresh_database_url, tmp_path):
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
        with (
            app_server(env, tmp_path / "server.log") as url,
            (tmp_path / "worker.log").open("w") as worker_log,
        ):
            worker = subprocess.Popen(
                [sys.executable, "manage.py", "db_worker", "--interval", "0.5"],
                cwd=ROOT,
                env=env,
                stdout=worker_log,
                stderr=subprocess.STDOUT,
            )
            try:
                browser = requests.Session()
                launch_url = f"{url}/lti/launch/"
                login = browser.get(
                    f"{url}/lti/init/{platform.registration_uuid}/",
                    params={
                        "iss": platform.issuer,
                        "client_id": platform.client_id,
                        "login_hint": "learner-1",
                        "target_link_uri": launch_url,
                    },
                    allow_redirects=False,
                    timeout=60,
                )
                assert login.status_code == 302, login.text
                query = parse_qs(urlsplit(login.headers["Location"]).query)
                claims = platform.claims(
                    query["nonce"][0], sub="learner-1", target=f"deal:{site['slug']}"
                )
                launched = browser.post(
                    launch_url,
                    {"id_token": platform.sign(claims), "state": query["state"][0]},
                    allow_redirects=False,
                    timeout=60,
                )
                assert launched.status_code == 302, launched.text
                assert launched.headers["Location"] == site["page"]
                page = browser.get(url + site["page"], timeout=60).text
                token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
                answered = browser.post(
                    url + site["check"],
                    {**site["answer"], "csrfmiddlewaretoken": token},
                    headers={"Referer": url + site["page"]},
                    timeout=60,
                )
                assert answered.status_code == 200
                deadline = time.monotonic() + 60
                while not platform.stored and time.monotonic() < deadline:
                    time.sleep(0.2)
            finally:
                worker.terminate()
                worker.wait(timeout=30)
        assert [score["userId"] for score in platform.stored] == ["learner-1"], (
            tmp_path / "worker.log"
        ).read_text()[-3000:]
        assert platform.stored[0]["path"] == "/lineitems/link-1/scores"
    finally:
        platform.stop()

"""The one way the benchmark and the two-server test start the site under gunicorn.

A server that cannot start must be reported as exited, with its own log,
not waited on until the start-up allowance runs out or taken for a running one.
"""

from __future__ import annotations

import os

import pytest

from badacey_site.app_server import ServerDidNotStart, app_server


@pytest.mark.processes  # starts gunicorn / another pytest: not in --quick
def test_a_server_that_cannot_start_is_reported_with_its_log(tmp_path):
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="no_such_settings_module")
    refused = pytest.raises(ServerDidNotStart, match="(?s)gunicorn exited.*no_such_settings_module")
    with refused, app_server(env, tmp_path / "server.log", within=120):
        pytest.fail("a server without settings must not be taken for a running one")

"""A course site registered before the tool had a key: a page, and a deploy check."""

from __future__ import annotations

import pytest
from django.core import checks
from django.test import Client
from lti_tool.models import Key

from tests.lti.platform import LAUNCH_URL

from .test_launch import refused

pytestmark = pytest.mark.django_db


def test_a_login_before_the_first_key_gets_the_page_that_says_run_rotate_keys(platform):
    # A course site registered before `manage.py rotate_keys` was ever run.
    Key.objects.all().delete()
    response = Client().get(
        f"/lti/init/{platform.registration_uuid}/",
        {
            "iss": platform.issuer,
            "client_id": platform.client_id,
            "login_hint": "learner-1",
            "target_link_uri": LAUNCH_URL,
        },
    )
    refused(response, 403, "rotate_keys")


def test_the_deploy_check_warns_of_a_registration_without_a_key(platform):
    def warnings():
        found = checks.run_checks(include_deployment_checks=True, databases=["default"])
        return [m for m in found if m.id == "lti.W001"]

    assert warnings() == []
    Key.objects.all().delete()
    [warning] = warnings()
    assert "rotate_keys" in warning.msg + (warning.hint or "")

"""A launch whose authorised party (``azp``) names another tool is refused."""

from __future__ import annotations

import pytest
from django.test import Client
from lti_tool.models import LtiUser

from .test_launch import refused

pytestmark = pytest.mark.django_db


def test_a_launch_whose_authorised_party_is_another_tool_is_refused(platform):
    client = Client()
    state, nonce = platform.login(client)
    claims = platform.claims(nonce, sub="learner-1", azp="some-other-tool")
    response = client.post("/lti/launch/", {"id_token": platform.sign(claims), "state": state})
    refused(response, 403, "another tool")
    assert not LtiUser.objects.filter(sub="learner-1").exists()


def test_an_audience_of_several_tools_needs_its_authorised_party_to_be_this_one(platform):
    client = Client()
    state, nonce = platform.login(client)
    several = [platform.client_id, "some-other-tool"]
    claims = platform.claims(nonce, sub="learner-1", aud=several)
    response = client.post("/lti/launch/", {"id_token": platform.sign(claims), "state": state})
    refused(response, 403, "another tool")
    # Named as the authorised party, this tool takes it.
    state, nonce = platform.login(client)
    claims = platform.claims(
        nonce, sub="learner-1", aud=several, azp=platform.client_id, target="lesson:badugi"
    )
    response = client.post("/lti/launch/", {"id_token": platform.sign(claims), "state": state})
    assert response.status_code == 302, response.content.decode()[-500:]

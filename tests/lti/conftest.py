"""Django is booted for these tests; see tests/django_setup.py. The platform is platform.py."""

from __future__ import annotations

import pytest
from lti_tool.models import Key, LtiDeployment, LtiRegistration

from tests.django_setup import (  # noqa: F401  (registers them)
    _empty_cache,
    _fast_password_hashes,
    _flush_restores_content_from_a_copy,
    _pages_rendered_once,
)
from tests.lti.platform import Platform


@pytest.fixture(scope="session")
def _platform_server():
    platform = Platform()
    platform.start()
    yield platform
    platform.stop()


@pytest.fixture
def platform(_platform_server, db):
    """A course site (issuer, keys, gradebook) registered here, with one active deployment."""
    _platform_server.reset()
    Key.objects.generate()
    registration = LtiRegistration.objects.create(
        name="Simulated course site",
        issuer=_platform_server.issuer,
        client_id=_platform_server.client_id,
        auth_url=f"{_platform_server.issuer}/auth",
        token_url=f"{_platform_server.url}/token",
        keyset_url=f"{_platform_server.url}/jwks",
    )
    LtiDeployment.objects.create(
        registration=registration, deployment_id=_platform_server.deployment_id, is_active=True
    )
    _platform_server.tool_jwks = Key.objects.as_jwks()
    _platform_server.registration_uuid = str(registration.uuid)
    return _platform_server

"""A deploy check: a course site is registered but the tool has no key to sign with.

Every login and launch from that course site is refused until
``manage.py rotate_keys`` makes one (docs/lti.md, "Before the first course
site"); ``manage.py check --deploy`` says so before a teacher finds out.
"""

from __future__ import annotations

from typing import Any

from django.core import checks
from django.db import DatabaseError


@checks.register(checks.Tags.security, deploy=True)
def check_signing_key(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    from lti_tool.models import Key, LtiRegistration

    try:
        registered = LtiRegistration.objects.active().exists()
        keyed = Key.objects.active().exists()
    except DatabaseError:  # no database yet (before migrate): nothing is registered
        return []
    if not registered or keyed:
        return []
    return [
        checks.Warning(
            "A course site is registered for LTI but the tool has no active signing key: "
            "every login and launch from it is refused.",
            hint="Run `python manage.py rotate_keys` once (docs/lti.md).",
            id="lti.W001",
        )
    ]

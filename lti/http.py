"""Requests to a course site: always with a timeout, which requests leaves unset by default."""

from __future__ import annotations

from typing import Any

import requests

# A course site that never answers must not hold a worker or a request: seconds per call.
TIMEOUT = 10


class PatientSession(requests.Session):
    """A requests session (for pylti1p3's service calls) whose every call has a timeout."""

    def request(self, *args: Any, **kwargs: Any) -> requests.Response:  # type: ignore[override]
        kwargs.setdefault("timeout", TIMEOUT)
        return super().request(*args, **kwargs)

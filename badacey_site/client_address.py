"""Which address a request came from, for the sign-in attempt limits.

Served directly, the address is the connection's own (REMOTE_ADDR). Behind a
reverse proxy every connection comes from the proxy, so all learners would
share one limit; there the proxy appends the address it saw to
X-Forwarded-For, and the last entry is the one to believe. Entries before it
were sent by the client and can say anything.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def client_address(request: HttpRequest) -> str | None:
    if settings.BEHIND_PROXY:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        last = forwarded.rsplit(",", 1)[-1].strip()
        if last:
            return last
    return request.META.get("REMOTE_ADDR")

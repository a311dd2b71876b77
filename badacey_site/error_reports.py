"""What the debug page and the error reports may show of the settings and the environment.

Django's filter masks any setting (and any request.META entry) whose name
speaks of a key, a password or a token. This site's service URLs carry
their passwords inside them (``postgres://app:PASSWORD@host/db``) under
names that say none of that, so the filter is told their names too: the
DATABASE_URL and REDIS_URL settings, the same variables where the server
passes its environment on in request.META (the development server does),
and the cache's LOCATION, which is the Redis URL again.
"""

from __future__ import annotations

import re

from django.views.debug import SafeExceptionReporterFilter


class SiteExceptionReporterFilter(SafeExceptionReporterFilter):
    hidden_settings = re.compile(
        SafeExceptionReporterFilter.hidden_settings.pattern + "|DATABASE_URL|REDIS_URL|LOCATION",
        flags=re.IGNORECASE,
    )

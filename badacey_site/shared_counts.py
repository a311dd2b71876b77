"""One count per key and time window, shared by every worker of the site.

Every request limit (sign-ins, sign-ups, passwords, resets, join codes, the
costly odds questions, pasted hands) counts here. With ``REDIS_URL`` the
count is a Redis key (``add`` then ``incr``, atomic across servers); without
it the count is a row in the database (``limit_counts.LimitCount``), which
every gunicorn worker shares, where a per-process cache would give each
worker a limit of its own.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core import checks
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone


def add_one(key: str, seconds: int) -> int:
    """Count one more under ``key``, which lives ``seconds``; returns the new count."""
    if settings.REDIS_URL:
        cache.add(key, 0, timeout=seconds + 1)
        try:
            return int(cache.incr(key))
        except ValueError:  # the window ended between the two calls
            cache.add(key, 1, timeout=seconds + 1)
            return 1
    return _add_one_in_database(key, seconds)


def current(key: str) -> int:
    """The count under ``key`` so far (0 when nothing was counted)."""
    if settings.REDIS_URL:
        return int(cache.get(key, 0))
    from .limit_counts import LimitCount

    row = LimitCount.objects.filter(key=key, expires_at__gt=timezone.now()).first()
    return row.count if row else 0


def _add_one_in_database(key: str, seconds: int) -> int:
    from .limit_counts import LimitCount

    now = timezone.now()
    with transaction.atomic():
        updated = LimitCount.objects.filter(key=key, expires_at__gt=now).update(
            count=F("count") + 1
        )
        if not updated:
            # A new window: clear ended ones (this key's old row included) first.
            LimitCount.objects.filter(expires_at__lte=now).delete()
            try:
                with transaction.atomic():
                    LimitCount.objects.create(
                        key=key, count=1, expires_at=now + timedelta(seconds=seconds + 1)
                    )
                return 1
            except IntegrityError:  # another worker started the window first
                LimitCount.objects.filter(key=key).update(count=F("count") + 1)
        return LimitCount.objects.values_list("count", flat=True).get(key=key)


PER_PROCESS_CACHES = (
    "django.core.cache.backends.locmem.LocMemCache",
    "django.core.cache.backends.dummy.DummyCache",
)


@checks.register(checks.Tags.security, deploy=True)
def check_shared_state(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    """Warn when a setting would give each worker its own limits or sign-in state.

    The site's own counts are shared by construction (Redis or the database),
    but axes' pauses and the sessions follow their own settings: pointed at a
    per-process cache, each gunicorn worker would keep a copy of its own, and
    every limit would be multiplied by the number of workers.
    """
    found: list[checks.CheckMessage] = []
    per_process = settings.CACHES["default"]["BACKEND"] in PER_PROCESS_CACHES
    handler = getattr(settings, "AXES_HANDLER", "axes.handlers.database.AxesDatabaseHandler")
    if per_process and "cache" in handler.lower():
        found.append(
            checks.Warning(
                "django-axes keeps its sign-in pauses in a per-process cache, so each worker "
                "pauses on its own count.",
                hint="Use axes' database handler, or set REDIS_URL so the cache is shared.",
                id="badacey.W010",
            )
        )
    if per_process and settings.SESSION_ENGINE.endswith("backends.cache"):
        found.append(
            checks.Warning(
                "Sessions live only in a per-process cache: a visitor signed in by one worker "
                "is a stranger to the others.",
                hint="Use the database session engine, or set REDIS_URL.",
                id="badacey.W011",
            )
        )
    return found

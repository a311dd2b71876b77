"""Limits on every request that checks or sets a password, or could be used to guess.

A password hash costs real CPU (about 0.5-1 s with the production hasher),
so anything that computes one is counted before it does: sign-in, sign-up,
password change, account deletion, the reset request and the new password
from a reset link. Each is limited per address (``client_address``) and,
where there is one, per account.

Sign-in is the one where a limit could be turned against the owner: anyone
who knows a username could use it up. So no failure count ever refuses the
owner's own address outright:

- django-axes pauses a username only from the address that failed with it
  (``AXES_LOCKOUT_PARAMETERS``, a username-and-address pair);
- an address that fails too often, whatever the usernames, is paused
  (``sign_in_per_address``);
- an account that fails too often from everywhere together is paused only
  for addresses it has never signed in from (``sign_in_per_account``): its
  owner, at home, still gets in, and a reset link signs in anywhere. Home
  is any address the account signed in from in the last 90 days, read from
  axes' own log of successful sign-ins in the database.

Counts live in ``shared_counts`` (Redis when REDIS_URL is set, else the
database: every worker of a site shares them either way) in fixed windows
of ``LIMIT_WINDOW`` aligned to the clock, so a flood cannot lengthen a
pause: a window ends when it ends, however many attempts it saw.
Keys hold a hash of the address or account, never the address itself.
"""

from __future__ import annotations

import hashlib
import math
import time
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from . import shared_counts
from .client_address import client_address

KNOWN_ADDRESS_SECONDS = 90 * 24 * 3600  # how long a successful sign-in vouches for its address


@dataclass(frozen=True)
class Verdict:
    """Whether a limited request may go ahead, and if not, for how long it waits."""

    allowed: bool
    retry_seconds: int = 0

    @property
    def minutes(self) -> int:
        return max(1, math.ceil(self.retry_seconds / 60))


def _window() -> int:
    return max(1, int(settings.LIMIT_WINDOW.total_seconds()))


def _key(limit: str, who: str) -> tuple[str, int]:
    """The cache key of this window's count, and the seconds left in the window."""
    window = _window()
    now = time.time()
    bucket = int(now // window)
    digest = hashlib.sha256(f"{limit}\0{who}".encode()).hexdigest()[:32]
    left = max(1, math.ceil((bucket + 1) * window - now))
    return f"limit:{limit}:{digest}:{bucket}", left


def count(limit: str, who: str) -> int:
    key, _ = _key(limit, who)
    return shared_counts.current(key)


def check(limit: str, who: str) -> Verdict:
    """Read-only: is ``who`` still under ``limit`` in this window?"""
    key, left = _key(limit, who)
    if shared_counts.current(key) >= settings.LIMITS[limit]:
        return Verdict(False, left)
    return Verdict(True)


def spend(limit: str, who: str) -> Verdict:
    """Count one request against ``limit`` for ``who``; refused once over the limit.

    The count is shared by every worker and server (``shared_counts``) and
    added atomically, so parallel requests cannot all slip under the limit.
    """
    key, left = _key(limit, who)
    used = shared_counts.add_one(key, left)
    if used > settings.LIMITS[limit]:
        return Verdict(False, left)
    return Verdict(True)


def spend_all(request: HttpRequest, *limits: tuple[str, str | None]) -> Verdict:
    """Spend each (limit, who) pair; the first refusal wins. A missing ``who`` is skipped."""
    for limit, who in limits:
        if who is None:
            continue
        verdict = spend(limit, who)
        if not verdict.allowed:
            return verdict
    return Verdict(True)


def address_of(request: HttpRequest) -> str:
    return client_address(request) or "unknown"


def limited_response(request: HttpRequest, verdict: Verdict, what: str) -> HttpResponse:
    """The 429 page for any refused request other than a sign-in: nothing was checked."""
    context = {"what": what, "minutes": verdict.minutes}
    return render(request, "accounts/limited.html", context, status=429)


# Sign-in -------------------------------------------------------------------


def _account(username: str) -> str:
    return username.strip().casefold()


def is_known_address(username: str, address: str) -> bool:
    """Has this account signed in from this address in the last 90 days?

    Read from axes' log of successful sign-ins in the database, which every
    worker shares and a restart keeps: an owner is recognised at home
    whichever worker answers.
    """
    from axes.models import AccessLog

    since = timezone.now() - timedelta(seconds=KNOWN_ADDRESS_SECONDS)
    return AccessLog.objects.filter(
        username__iexact=username.strip(), ip_address=address, attempt_time__gte=since
    ).exists()


class SignInLimitBackend:
    """Refuses a sign-in over the address or account limit, before any hash.

    Listed after axes' backend and before the model backend, so it covers
    every form that calls ``authenticate(request, ...)``, the admin's too.
    Raising PermissionDenied stops ``authenticate`` there; the flag makes the
    axes middleware answer with ``paused_response`` and keeps axes from
    counting (and so from lengthening) anything. It has no ``get_user``, as
    axes' has none, so no session is ever tied to it (``force_login`` and
    the session look past it to the model backend).
    """

    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> None:
        if request is None:
            return None
        address = address_of(request)
        verdict = check("sign_in_per_address", address)
        if verdict.allowed and username and not is_known_address(username, address):
            verdict = check("sign_in_per_account", _account(username))
        if not verdict.allowed:
            request.axes_locked_out = True  # type: ignore[attr-defined]
            request.sign_in_retry_seconds = verdict.retry_seconds  # type: ignore[attr-defined]
            raise PermissionDenied("Too many failed sign-ins; no password was checked.")
        return None


def count_failed_sign_in(
    sender: Any, credentials: dict[str, Any], request: HttpRequest | None = None, **kwargs: Any
) -> None:
    """Every failed sign-in counts for its address and for the username it tried."""
    if request is None:
        return
    spend("sign_in_per_address", address_of(request))
    username = credentials.get("username")
    if isinstance(username, str) and username:
        spend("sign_in_per_account", _account(username))


def paused_response(
    request: HttpRequest, original_response: Any = None, credentials: Any = None
) -> HttpResponse:
    """The answer to a sign-in that axes or ``SignInLimitBackend`` refused unchecked."""
    seconds = getattr(request, "sign_in_retry_seconds", None)
    if seconds is None:
        seconds = settings.AXES_COOLOFF_TIME.total_seconds()
    context = {"what": "sign-in", "minutes": max(1, math.ceil(seconds / 60))}
    return render(request, "accounts/limited.html", context, status=429)


# Deleted accounts ------------------------------------------------------------


def forget_sign_ins(sender: Any, instance: Any, **kwargs: Any) -> None:
    """A deleted account leaves no trace in axes' records of attempts and sign-ins.

    Those rows pair the username with the addresses it was used from; once
    the account is gone they are personal data with no purpose, and a later
    account of the same name must not inherit their pauses.
    """
    from axes.models import AccessAttempt, AccessFailureLog, AccessLog

    username = instance.get_username()
    for model in (AccessAttempt, AccessFailureLog, AccessLog):
        model.objects.filter(username=username).delete()


def connect() -> None:
    """Wire the counters to Django's signals; called once from an app's ready()."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.signals import user_login_failed
    from django.db.models.signals import post_delete

    user_login_failed.connect(count_failed_sign_in, dispatch_uid="limits-failed-sign-in")
    post_delete.connect(forget_sign_ins, sender=get_user_model(), dispatch_uid="limits-forget")

"""Checking a launch with django-lti, and turning a refusal into a page that says why.

django-lti (through pylti1p3) checks the id token's state, signature,
issuer, audience (the registered client id), expiry and deployment. It
checks that the nonce was issued but never retires it, so a replayed form
would pass; ``retire_nonce`` keeps each nonce in a unique row and refuses
the second use.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from lti_tool.models import Key, LtiLaunch, LtiRegistration
from lti_tool.utils import DjangoToolConfig
from pylti1p3.contrib.django import DjangoCacheDataStorage, DjangoMessageLaunch
from pylti1p3.exception import LtiException

from badacey_site import sign_in_limits
from lti import state
from lti.models import UsedNonce

NONCE_KEPT = timedelta(days=1)
# A course site's key set is fetched once per this many seconds, not at every launch:
# a launch stays quick, and a flood of forged launches cannot make us flood the site.
KEY_SET_SECONDS = 10 * 60
# Refused launches per address and window (settings.LIMITS); good launches are not counted,
# so a school's many learners behind one address are never held up by each other.
REFUSED_LIMIT = "lti_refused_launch_per_address"

# pylti1p3's reasons, in words a teacher or an administrator can act on.
REASONS = {
    "Missing state param": "The launch came without its login state: "
    "start it again from the course.",
    "State not found": "This launch did not start from a login here, or its browser "
    "cookie expired: open the link again from the course.",
    "Invalid Nonce": "The launch's one-time number was not issued here or has expired: "
    "open the link again from the course.",
    "Registration not found.": "No course site is registered here for this issuer and client ID "
    "(the token's audience): ask the site's administrator to check the registration.",
}


NO_KEY = "This site has no LTI signing key yet: its administrator runs manage.py rotate_keys."
WRONG_PARTY = (
    "The launch was meant for another tool (its authorised party is not this tool's client ID): "
    "ask the site's administrator to check the course site's settings for this tool."
)


class Refused(Exception):
    """A launch this site will not act on: the HTTP status and the sentence to show."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def refused_page(request: HttpRequest, status: int, message: str) -> HttpResponse:
    return render(request, "lti/refused.html", {"message": message}, status=status)


def _validated(request: HttpRequest) -> LtiLaunch:
    """django-lti's ``get_launch_from_request``, with the course site's key set cached."""
    message_launch = DjangoMessageLaunch(
        request, DjangoToolConfig(), launch_data_storage=state.storage()
    )
    message_launch.set_public_key_caching(DjangoCacheDataStorage(), KEY_SET_SECONDS)
    message_launch.validate()
    _check_authorised_party(message_launch.get_launch_data())
    return LtiLaunch(message_launch)


def _check_authorised_party(claims: Any) -> None:
    """OpenID Connect's ``azp``: when present it must name this tool (a client ID registered
    here for the token's issuer), and a token for several audiences must carry it.

    pylti1p3 checks only that ``aud`` includes the registered client ID, so a
    token issued to another tool that also listed this one was accepted.
    """
    audience = claims.get("aud")
    party = claims.get("azp")
    if party is None:
        if isinstance(audience, list) and len(audience) > 1:
            raise Refused(403, WRONG_PARTY)
        return
    ours = LtiRegistration.objects.filter(
        issuer=str(claims.get("iss", "")), client_id=str(party)
    ).exists()
    if not ours:
        raise Refused(403, WRONG_PARTY)


def limited(request: HttpRequest) -> HttpResponse | None:
    """The 429 page when this address has had too many launches refused lately."""
    verdict = sign_in_limits.check(REFUSED_LIMIT, sign_in_limits.address_of(request))
    if verdict.allowed:
        return None
    return sign_in_limits.limited_response(request, verdict, "refused course-site launches")


def count_refusal(request: HttpRequest) -> None:
    sign_in_limits.spend(REFUSED_LIMIT, sign_in_limits.address_of(request))


def checked_launch(request: HttpRequest) -> LtiLaunch:
    """The launch posted in ``request``, checked; Refused (400 or 403) when it fails a check."""
    if not request.POST.get("id_token"):
        raise Refused(400, "This address takes a launch from a course site, which was missing.")
    try:
        return _validated(request)
    except LtiException as error:
        reason = str(error)
        if reason.startswith("Can't decode id_token"):
            detail = reason.partition(":")[2].strip()
            raise Refused(
                403,
                "The launch's signed token failed its check "
                f"({detail or 'bad signature'}): open the link again from the course.",
            ) from None
        if reason.startswith("Missing %s cookie"):
            raise Refused(
                403,
                "Your browser did not bring back the cookie this site's login set: allow "
                "cookies for this site, or open the link in a new window.",
            ) from None
        raise Refused(403, REASONS.get(reason, f"The launch was refused: {reason}")) from None
    except Key.DoesNotExist:
        raise Refused(403, NO_KEY) from None
    except (KeyError, TypeError, ValueError, AttributeError):
        raise Refused(400, "The launch message was incomplete or malformed.") from None


def retire_nonce(launch: LtiLaunch) -> None:
    """Record the launch's nonce; a nonce seen before means a replayed launch (403)."""
    issuer = str(launch.get_claim("iss"))
    nonce = str(launch.get_claim("nonce"))
    UsedNonce.objects.filter(used_at__lt=timezone.now() - NONCE_KEPT).delete()
    try:
        with transaction.atomic():
            UsedNonce.objects.create(issuer=issuer, nonce=nonce)
    except IntegrityError:
        raise Refused(
            403, "This launch has already been used once: open the link again from the course."
        ) from None

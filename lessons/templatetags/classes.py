"""Template tags for the classes pieces other pages include (lessons.classes).

The home page, /progress/ and the account settings page include a small
template that asks these tags for the signed-in learner's classes and
assignments, so those pages' views need no change. A visitor who is not
signed in costs no query.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.conf import settings
from django.utils.timezone import now

from lessons.classes import access, assigned, reports
from lessons.models import Membership, Removal

register = template.Library()


@register.simple_tag(takes_context=True)
def my_assignments(context: template.Context) -> list[assigned.MyAssignment]:
    user = _user(context)
    return assigned.for_request(context["request"], now().date()) if user is not None else []


@register.simple_tag(takes_context=True)
def my_classes(context: template.Context) -> list[Membership]:
    user = _user(context)
    if user is None:
        return []
    return list(
        Membership.objects.filter(user=user, classroom__archived_at__isnull=True)
        .select_related("classroom")
        .order_by("classroom__name", "pk")
    )


@register.simple_tag(takes_context=True)
def my_removals(context: template.Context) -> list[Removal]:
    """The classes a teacher took this learner out of, newest first, until dismissed."""
    user = _user(context)
    return list(Removal.objects.filter(user=user)[:20]) if user is not None else []


@register.filter
def is_teacher(user: Any) -> bool:
    return access.is_teacher(user)


@register.simple_tag(takes_context=True)
def shows_teach_link(context: template.Context) -> bool:
    """The menu's "Teach" link, for a signed-in teacher."""
    user = _user(context)
    return user is not None and access.is_teacher(user)


@register.simple_tag(takes_context=True)
def shows_sign_up_link(context: template.Context) -> bool:
    """The menu's "Sign up" link, for anyone not signed in (no query without a session cookie)."""
    return _user(context) is None


def _user(context: template.Context) -> Any:
    """The signed-in user, or None; a request with no session cookie is not asked.

    Reading ``request.user`` opens the session, which makes the response vary
    by cookie; a visitor with no session cookie cannot be signed in, so their
    page stays one a shared cache may keep.
    """
    request = context.get("request")
    if request is None or settings.SESSION_COOKIE_NAME not in request.COOKIES:
        return None
    user = getattr(request, "user", None)
    return user if getattr(user, "is_authenticated", False) else None


@register.simple_tag
def skill_level(cell: Any) -> str:
    """``lessons/_skill_level.html`` for one cell, rendered once per level and reused."""
    return reports.level_markup(int(cell.level))

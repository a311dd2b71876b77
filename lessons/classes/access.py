"""Who may use the teacher area, and which classes a teacher may open.

A teacher is a member of the Teachers group (made by migration 0003, joined
with ``manage.py createteacher``). A learner trying ``/teach/`` gets a 403; a
visitor who is not signed in is sent to sign in. A teacher opening a class
they do not teach gets a 404, the same answer as for a class that does not
exist, so class numbers tell nobody anything.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.models import User
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404
from django.urls import reverse

from lessons.models import Classroom


def signed_in_user(request: HttpRequest) -> User:
    """The account behind a request its view has already found signed in.

    The views' decorators and checks let no visitor through; this says so to
    the type checker, and refuses rather than guess should one slip past.
    """
    if not isinstance(request.user, User):
        raise PermissionDenied("Sign in first.")
    return request.user


TEACHERS = "Teachers"


def is_teacher(user: Any) -> bool:
    """In the Teachers group; remembered on the user object for the rest of the request."""
    if not getattr(user, "is_authenticated", False):
        return False
    cached = getattr(user, "_is_teacher", None)
    if cached is None:
        cached = user.groups.filter(name=TEACHERS).exists()
        user._is_teacher = cached
    return bool(cached)


def teacher_required(
    view: Callable[..., HttpResponseBase],
) -> Callable[..., HttpResponseBase]:
    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path(), reverse("accounts:login"))
        if not is_teacher(request.user):
            raise PermissionDenied("Only teachers can open the teacher area.")
        return view(request, *args, **kwargs)

    return wrapped


def taught_class(request: HttpRequest, class_id: int) -> Classroom:
    """The class, if this teacher teaches it; a 404 otherwise."""
    return get_object_or_404(Classroom, pk=class_id, teachers=request.user)

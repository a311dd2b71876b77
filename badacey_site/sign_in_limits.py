"""The answer to a sign-in attempt that django-axes refused before any password check.

One page for every sign-in form (the admin's now, a public one later): axes
refuses inside ``authenticate()``, and its middleware asks for this response.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def paused_response(request: HttpRequest, original_response=None, credentials=None) -> HttpResponse:
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    context = {"failure_limit": settings.AXES_FAILURE_LIMIT, "minutes": minutes}
    return render(request, "sign_in_paused.html", context, status=429)

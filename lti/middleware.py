"""django-lti's launch middleware, run only for the tool's own addresses.

django-lti's middleware reads the session on every request to restore the
launch (``request.lti_launch``). Reading the session marks every page
``Vary: Cookie`` and costs a cache look-up, on pages that never ask for a
launch; only the views under /lti/ do. Elsewhere ``request.lti_launch`` is
django-lti's own "no launch" object, as for a visitor who never launched.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse
from lti_tool.middleware import LtiLaunchMiddleware
from lti_tool.models import AbsentLtiLaunch

PREFIX = "/lti/"


class ToolLaunchMiddleware(LtiLaunchMiddleware):
    get_response: Callable[[HttpRequest], HttpResponse]

    def __call__(self, request: Any) -> HttpResponse:
        if request.path_info.startswith(PREFIX):
            response: HttpResponse = super().__call__(request)
            return response
        request.lti_launch = AbsentLtiLaunch()
        return self.get_response(request)

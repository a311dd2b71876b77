"""django-lti's launch middleware, run only where a launch can be restored.

django-lti's middleware reads the session on every request to restore the
launch (``request.lti_launch``), and with no launch in the session it
checks the request itself as a launch. Here that would mean: every page
marked ``Vary: Cookie`` and paying a cache look-up, and each launch post
checked twice (once here, once by the launch view). So django-lti's
middleware runs only under /lti/ and only for a session that holds a
launch; elsewhere ``request.lti_launch`` is django-lti's "no launch" object.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse
from lti_tool.constants import SESSION_KEY
from lti_tool.middleware import LtiLaunchMiddleware
from lti_tool.models import AbsentLtiLaunch
from pylti1p3.exception import LtiException

from lti import state

PREFIX = "/lti/"


class ToolLaunchMiddleware(LtiLaunchMiddleware):
    get_response: Callable[[HttpRequest], HttpResponse]

    def __call__(self, request: Any) -> HttpResponse:
        request.lti_launch = AbsentLtiLaunch()
        launch_id = request.session.get(SESSION_KEY) if request.path_info.startswith(PREFIX) else ""
        if launch_id:
            # django-lti's own middleware, on the storage every worker shares (lti/state.py).
            with contextlib.suppress(LtiException):
                request.lti_launch = state.launch_from_request(request, launch_id)
        return self.get_response(request)

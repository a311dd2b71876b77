"""Where LTI keeps a login's state between its steps: somewhere every worker sees.

The login step (``/lti/init/``) issues a state and a nonce, the launch reads
them back, and the launch's data is read again by later pages (the content
menu, the launch restored from the session). pylti1p3 keeps all of these in
a Django cache; django-lti uses the ``default`` one, which without Redis is
each worker's own memory, so a launch landing on another worker than its
login was refused. Everything here uses the ``lti`` cache alias instead:
Redis when ``REDIS_URL`` is set, else the database (``lti.models.LaunchState``).
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from lti_tool.models import LtiLaunch
from lti_tool.utils import DjangoToolConfig
from pylti1p3.contrib.django import DjangoCacheDataStorage, DjangoMessageLaunch

CACHE = "lti"


def storage() -> DjangoCacheDataStorage:
    """pylti1p3's launch data storage on the shared ``lti`` cache."""
    return DjangoCacheDataStorage(cache_name=CACHE)


def launch_from_request(request: HttpRequest, launch_id: Any = None) -> LtiLaunch:
    """django-lti's ``get_launch_from_request``, on the shared storage."""
    tool_conf = DjangoToolConfig()
    if launch_id is not None:
        message_launch = DjangoMessageLaunch.from_cache(
            launch_id, request, tool_conf, launch_data_storage=storage()
        )
    else:
        message_launch = DjangoMessageLaunch(request, tool_conf, launch_data_storage=storage())
        message_launch.validate()
    return LtiLaunch(message_launch)

"""ASGI entry point: the site's pages and the live tables' websockets.

Pages go to Django as under WSGI; websockets (``/ws/tables/<id>/``) go to the
live tables' consumer, behind the same session sign-in and an origin check,
so another site's page cannot open a socket with a learner's cookies.
"""

from __future__ import annotations

import os

from django.conf import settings
from django.core.asgi import get_asgi_application
from django.core.exceptions import ImproperlyConfigured

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "badacey_site.settings")

# Django first: the consumers import models, which need the apps loaded.
django_application = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from tables.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_application,
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
        ),
    }
)

# As in wsgi.py: production without its key and hosts refuses to serve.
if problems := getattr(settings, "SERVING_PROBLEMS", []):
    raise ImproperlyConfigured(
        f"The site will not serve in production until {' and '.join(problems)}; "
        "on a development machine, set DJANGO_DEBUG=true instead."
    )

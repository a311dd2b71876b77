"""ASGI entry point, for servers that speak ASGI."""

from __future__ import annotations

import os

from django.conf import settings
from django.core.asgi import get_asgi_application
from django.core.exceptions import ImproperlyConfigured

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "badacey_site.settings")

application = get_asgi_application()

# As in wsgi.py: production without its key and hosts refuses to serve.
if problems := getattr(settings, "SERVING_PROBLEMS", []):
    raise ImproperlyConfigured(
        f"The site will not serve in production until {' and '.join(problems)}; "
        "on a development machine, set DJANGO_DEBUG=true instead."
    )

"""WSGI entry point for gunicorn: `gunicorn badacey_site.wsgi`."""

from __future__ import annotations

import os

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "badacey_site.settings")

application = get_wsgi_application()

# Production is the default: without its key and hosts the site refuses to serve,
# naming what is missing, instead of failing on every request.
if problems := getattr(settings, "SERVING_PROBLEMS", []):
    raise ImproperlyConfigured(
        f"The site will not serve in production until {' and '.join(problems)}; "
        "on a development machine, set DJANGO_DEBUG=true instead."
    )

"""The LTI app: it subscribes to its hooks (lessons/events.py) once the models are ready."""

from __future__ import annotations

from django.apps import AppConfig


class LtiConfig(AppConfig):
    name = "lti"
    label = "lti"
    verbose_name = "Course sites (LTI)"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from lti import checks, completion  # noqa: F401  (importing registers the check)

        completion.connect()

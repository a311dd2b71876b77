from __future__ import annotations

from django.apps import AppConfig


class TablesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tables"
    verbose_name = "Live tables"

    def ready(self) -> None:
        # The hooks into lessons, each declared in lessons/events.py.
        from lessons import events
        from tables import home

        events.HOME_PANELS.subscribe(home.open_class_tables)

"""The database router: the LTI login state's cache table is made by a migration.

``lti.models.LaunchState`` creates the ``lti_launch_state`` table the "lti"
database cache uses, so it comes with ``migrate`` like every other table.
Django's test database set-up still runs ``createcachetable``, which then
printed "Cache table 'lti_launch_state' already exists." into every test
database build and every benchmark's output. The cache's own pseudo-model
(app label ``django_cache``) is not to be made by anything but the migration.
"""

from __future__ import annotations

from typing import Any


class CacheTablesByMigration:
    def allow_migrate(self, db: str, app_label: str, **hints: Any) -> bool | None:
        return False if app_label == "django_cache" else None

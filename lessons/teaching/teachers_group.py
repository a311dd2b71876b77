"""The Teachers group, put back after a flush or a restore that emptied the tables.

Migrations 0003 and 0018 create the group with its permissions (deals and
real hands: view, add, change, delete). ``manage.py flush`` and a restore
into an emptied database keep the schema but lose that row, and
``createteacher`` then has no group to add a teacher to. After every
``migrate`` (which ``flush`` also signals) the group is made again when it is
missing, with the same permissions; a group that exists is left exactly as
the site's administrators keep it.
"""

from __future__ import annotations

from typing import Any

TEACHERS = "Teachers"
MODELS = ("deal", "realhand")
CODENAMES = ("view", "add", "change", "delete")


def ensure_teachers_group(sender: Any, using: str = "default", **kwargs: Any) -> None:
    from django.contrib.auth.models import Group, Permission

    if Group.objects.using(using).filter(name=TEACHERS).exists():
        return
    group = Group.objects.using(using).create(name=TEACHERS)
    group.permissions.set(
        Permission.objects.using(using).filter(
            content_type__app_label="lessons",
            content_type__model__in=MODELS,
            codename__in=[f"{verb}_{model}" for verb in CODENAMES for model in MODELS],
        )
    )

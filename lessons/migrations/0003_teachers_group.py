"""Create the Teachers group: it may view, add, change and delete deals, nothing else.

Permissions are normally created after migrations finish, so this migration
asks for the lessons app's permissions first; on a fresh database the group
would otherwise be created empty.

Going back keeps the group and its members: deleting it would silently take
every teacher's rights away, and going forward again would bring back an
empty group. Forward finds the group it kept and sets its permissions again.
"""

from django.contrib.auth.management import create_permissions
from django.db import migrations

GROUP = "Teachers"
CODENAMES = ["view_deal", "add_deal", "change_deal", "delete_deal"]


def create_group(apps, schema_editor):
    lessons = apps.get_app_config("lessons")
    lessons.models_module = True  # create_permissions skips apps it thinks have no models
    create_permissions(lessons, apps=apps, verbosity=0, using=schema_editor.connection.alias)
    lessons.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.get_or_create(name=GROUP)
    group.permissions.set(
        Permission.objects.filter(
            content_type__app_label="lessons", content_type__model="deal", codename__in=CODENAMES
        )
    )


def keep_group(apps, schema_editor):
    """The group and who is in it are the site's data, not this migration's to destroy."""


class Migration(migrations.Migration):
    dependencies = [
        ("lessons", "0002_lesson_exercises"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(create_group, keep_group)]

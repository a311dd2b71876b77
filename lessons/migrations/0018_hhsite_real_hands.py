from django.conf import settings
from django.db import migrations, models

import lessons.models

CODENAMES = ["view_realhand", "add_realhand", "change_realhand", "delete_realhand"]


def teachers_manage_real_hands(apps, schema_editor):
    """Teachers import, publish and delete real hands, as they do deals."""
    from django.contrib.auth.management import create_permissions

    lessons = apps.get_app_config("lessons")
    lessons.models_module = True  # create_permissions skips apps it thinks have no models
    create_permissions(lessons, apps=apps, verbosity=0, using=schema_editor.connection.alias)
    lessons.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group = Group.objects.filter(name="Teachers").first()
    if group is not None:
        group.permissions.add(
            *Permission.objects.filter(
                content_type__app_label="lessons",
                content_type__model="realhand",
                codename__in=CODENAMES,
            )
        )


def keep_permissions(apps, schema_editor):
    """The table goes with the reverse of CreateModel; the group is the site's data."""


class Migration(migrations.Migration):
    dependencies = [
        ("lessons", "0017_mastery_skills"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="RealHand",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("slug", models.SlugField(max_length=80, unique=True)),
                ("room", models.CharField(max_length=60)),
                ("hand_id", models.CharField(max_length=40)),
                ("game", models.CharField(choices=lessons.models.game_choices, max_length=30)),
                (
                    "history",
                    models.TextField(
                        help_text="The hand in deal notation, as the replayer reads it."
                    ),
                ),
                (
                    "shared",
                    models.BooleanField(
                        default=False,
                        help_text="Anyone with the link may replay a learner's saved hand.",
                    ),
                ),
                (
                    "published",
                    models.BooleanField(
                        default=False,
                        help_text="Learners see an imported hand only once this is ticked.",
                    ),
                ),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                (
                    "owner",
                    models.ForeignKey(
                        blank=True,
                        help_text="The learner who saved it; empty for a teacher's import.",
                        null=True,
                        on_delete=models.deletion.CASCADE,
                        related_name="real_hands",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "ordering": ["room", "hand_id"],
                "constraints": [
                    models.UniqueConstraint(
                        condition=models.Q(("owner__isnull", True)),
                        fields=("room", "hand_id"),
                        name="realhand_one_import_per_room_hand",
                    ),
                    models.UniqueConstraint(
                        condition=models.Q(("owner__isnull", False)),
                        fields=("owner", "room", "hand_id"),
                        name="realhand_one_save_per_learner_hand",
                    ),
                ],
            },
        ),
        migrations.RunPython(teachers_manage_real_hands, keep_permissions),
    ]

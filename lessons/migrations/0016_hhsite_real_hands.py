from django.conf import settings
from django.db import migrations, models

import lessons.models


class Migration(migrations.Migration):
    dependencies = [
        ("lessons", "0015_hardening_checklist_one_row"),
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
    ]

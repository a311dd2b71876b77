"""Remember which shipped deals a database has been given, so they are loaded only once.

``lessons.content.loader`` creates a shipped deal after ``migrate`` only when
its slug has no ``LoadedContent`` row. A database migrated before the
content moved out of 0002 and 0004 was given all thirteen deals by those
migrations, so they are recorded here as loaded: a deal a teacher has since
edited is left as it is, and one a teacher deleted is not brought back. A
fresh database holds none of them at this point and records nothing; the
loader then gives it the lessons.
"""

from django.db import migrations, models

# The slugs 0002 and 0004 created, frozen: the content may grow, this history may not.
FIRST_LOADED = [
    *(f"badacey-{n}" for n in range(1, 7)),
    *(f"badugi-{n}" for n in range(1, 7)),
    "amara-bram-kira-noor",
]


def record_first_load(apps, schema_editor):
    Deal = apps.get_model("lessons", "Deal")
    LoadedContent = apps.get_model("lessons", "LoadedContent")
    if Deal.objects.filter(slug__in=FIRST_LOADED).exists():
        LoadedContent.objects.bulk_create(
            [LoadedContent(slug=slug) for slug in FIRST_LOADED], ignore_conflicts=True
        )


class Migration(migrations.Migration):
    dependencies = [("lessons", "0007_deal_version")]

    operations = [
        migrations.CreateModel(
            name="LoadedContent",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("slug", models.SlugField(max_length=80, unique=True)),
                ("loaded_at", models.DateTimeField(auto_now_add=True)),
            ],
            options={
                "verbose_name": "loaded lesson content",
                "verbose_name_plural": "loaded lesson content",
            },
        ),
        # Going back drops the table, which is all this step added.
        migrations.RunPython(record_first_load, migrations.RunPython.noop),
    ]

"""A skill target means progress: "reach Learning" becomes "reach Familiar".

Learning is reached by any first answer, right or wrong, so a class set
"reach Learning" read Done for learners who kept missing the skill. Stored
targets of Learning move up to Familiar (the lowest level a right answer is
needed for), and the "finished at" moments those targets kept go: they were
noted when Learning was reached. A learner already Familiar or above still
reads Done (with no date); the others finish when they get there.
"""

from __future__ import annotations

import django.core.validators
from django.db import migrations, models


def raise_learning_targets(apps, schema_editor):
    Assignment = apps.get_model("lessons", "Assignment")
    AssignmentFinish = apps.get_model("lessons", "AssignmentFinish")
    low = Assignment.objects.filter(kind="skill", target_level__lt=2)
    AssignmentFinish.objects.filter(assignment__in=low).delete()
    low.update(target_level=2)


class Migration(migrations.Migration):
    dependencies = [
        ("lessons", "0036_managed_accounts"),
    ]

    operations = [
        migrations.AlterField(
            model_name="assignment",
            name="target_level",
            field=models.PositiveSmallIntegerField(
                default=3,
                validators=[
                    django.core.validators.MinValueValidator(2),
                    django.core.validators.MaxValueValidator(4),
                ],
            ),
        ),
        migrations.RunPython(raise_learning_targets, migrations.RunPython.noop),
    ]

"""Once loaded the twelve lesson exercises; now does nothing, either way.

The exercises live in ``lessons/content/exercises.py`` and are loaded after
every ``migrate`` by ``lessons.content.loader``, which never overwrites a
deal a teacher has edited. A database migrated before that change already
holds them (0008 records them as loaded), and going back must not delete a
teacher's edits, so this step is empty in both directions.
"""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("lessons", "0001_deal")]

    operations = [migrations.RunPython(migrations.RunPython.noop, migrations.RunPython.noop)]

"""Once gave the replayer its two worked deals; now does nothing, either way.

The Amara, Bram, Kira and Noor deal and Mara's history for Badugi exercise 6
are built from ``evaluator/worked_deals`` by ``lessons.content.loader`` after
every ``migrate``; a migration must not run the live engine, whose rules may
change after the migration is written. A database migrated before that
change already holds both (0008 records them as loaded), and going back must
not delete a teacher's edits, so this step is empty in both directions.
"""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("lessons", "0003_teachers_group")]

    operations = [migrations.RunPython(migrations.RunPython.noop, migrations.RunPython.noop)]

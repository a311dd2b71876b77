"""The Badeucey quick check "Nobody has much" names the Badugi half as ace-high.

It said "the biggest Badugi", which reads as the highest cards winning; in
Badeucey the Badugi half goes to the best Badugi with the ace counted high.
Updated only where the stored text is still exactly the shipped one, so a
teacher's edit is never overwritten. Plain data: no live project code.
"""

from __future__ import annotations

from django.db import migrations

SLUG = "badeucey-check-two-scores"
OLD = (
    "Neither half asks for a minimum hand: the lowest low on the table wins one "
    "half and the biggest Badugi the other, however poor both are."
)
NEW = (
    "Neither half asks for a minimum hand: the lowest low on the table wins one "
    "half and the best ace-high Badugi the other, however poor both are."
)


def forwards(apps, schema_editor):
    Deal = apps.get_model("lessons", "Deal")
    Deal.objects.filter(slug=SLUG, explanation=OLD).update(explanation=NEW)


def backwards(apps, schema_editor):
    Deal = apps.get_model("lessons", "Deal")
    Deal.objects.filter(slug=SLUG, explanation=NEW).update(explanation=OLD)


class Migration(migrations.Migration):
    dependencies = [("lessons", "0025_learner_activity")]

    operations = [migrations.RunPython(forwards, backwards)]

"""Bring two shipped exercises up to date where nobody has edited them.

Badacey exercise 1's note now says that A-2-3-4-5 is ace-high in Badeucey,
not a straight; Badugi exercise 5 gains the question its prompt asks
("which comparison settles it?"). A database that loaded the old text gets
the new one only if the stored value is still exactly the shipped one, so a
teacher's edit is never overwritten. Plain data: no live project code.
"""

from __future__ import annotations

from django.db import migrations

OLD_NOTE = (
    "Before reading a single card, ask which game is being played. The ace moves "
    "from the bottom to the top of the rank order in Badeucey, and a run of five "
    "in a row starts to count against the low, so a hand that looks perfect in "
    "one game can be poor in the other."
)
NEW_NOTE = (
    "Before reading a single card, ask which game is being played. The ace moves "
    "from the bottom to the top of the rank order in Badeucey, so A-2-3-4-5 is not "
    "a straight there but an ace-high hand, while other runs of five in a row and "
    "flushes do count against the low. A hand that looks perfect in one game can "
    "be poor in the other."
)
OLD_PARTS = [
    {"kind": "badugi_cards", "seat": 0},
    {"kind": "badugi_cards", "seat": 1},
    {"kind": "winners"},
]
NEW_PARTS = [*OLD_PARTS, {"kind": "deciding"}]


def forwards(apps, schema_editor):
    Deal = apps.get_model("lessons", "Deal")
    Deal.objects.filter(slug="badacey-1", explanation=OLD_NOTE).update(explanation=NEW_NOTE)
    for deal in Deal.objects.filter(slug="badugi-5"):
        if deal.parts == OLD_PARTS:
            deal.parts = NEW_PARTS
            deal.save(update_fields=["parts"])


def backwards(apps, schema_editor):
    Deal = apps.get_model("lessons", "Deal")
    Deal.objects.filter(slug="badacey-1", explanation=NEW_NOTE).update(explanation=OLD_NOTE)
    for deal in Deal.objects.filter(slug="badugi-5"):
        if deal.parts == NEW_PARTS:
            deal.parts = OLD_PARTS
            deal.save(update_fields=["parts"])


class Migration(migrations.Migration):
    dependencies = [("lessons", "0009_badeucey_and_drawing_lessons")]

    operations = [migrations.RunPython(forwards, backwards)]

"""Table basics' first quick check asks only what its section taught.

It asked whose turn it was once the first betting round was over, which
needs the draw and the all-in rules of later sections. It now says that a
new round starts left of the button and asks who that is. Updated only where
the stored text is still exactly the shipped one. Plain data.
"""

from __future__ import annotations

from django.db import migrations

SLUG = "table_basics-check-seats"
OLD = {
    "title": "Who draws first",
    "prompt": "Kim has the button. The first betting round is over: whose turn is it now?",
    "explanation": "Play moves left; after a betting round it starts left of the button.",
}
NEW = {
    "title": "Left of the button",
    "prompt": (
        "Kim has the button, and a new round is about to begin. A new round starts with "
        "the first player to the button's left. Whose turn is it?"
    ),
    "explanation": "Play moves to the left, so the seat just left of the button starts.",
}


def _move(apps, before, after):
    Deal = apps.get_model("lessons", "Deal")
    Deal.objects.filter(slug=SLUG, **before).update(**after)


def forwards(apps, schema_editor):
    _move(apps, OLD, NEW)


def backwards(apps, schema_editor):
    _move(apps, NEW, OLD)


class Migration(migrations.Migration):
    dependencies = [("lessons", "0026_badeucey_check_wording")]

    operations = [migrations.RunPython(forwards, backwards)]

"""Load the Badeucey lesson's six exercises and its worked deal.

The facts live in ``lessons.content.badeucey``; the worked deal's seats,
final cards, button and pot are taken from the engine's replay of its
notation file, as migration 0004 does for the Badacey lesson's deal, so
nothing is typed twice.
"""

from django.db import migrations

from evaluator.cards import format_cards
from evaluator.notation import parse_deal
from evaluator.replay import replay
from evaluator.worked_deals import worked_deal


def worked_deal_row():
    from lessons.content.badeucey import WORKED_DEAL

    row = dict(WORKED_DEAL)
    text = worked_deal(row.pop("worked_deal"))
    played = replay(parse_deal(text))
    final = played.steps[-1].state.seats
    return row | {
        "lesson": "",
        "number": None,
        "game": played.record.profile_key,
        "settings": {},
        "seats": [{"name": seat.name, "cards": format_cards(seat.cards)} for seat in final],
        "button": played.record.button,
        "pot": played.settlement.total,
        "history": text,
        "published": True,
    }


def rows():
    from lessons.content.badeucey import rows as exercise_rows

    return [*exercise_rows(), worked_deal_row()]


def load(apps, schema_editor):
    Deal = apps.get_model("lessons", "Deal")
    for row in rows():
        Deal.objects.update_or_create(slug=row["slug"], defaults=row)


def unload(apps, schema_editor):
    Deal = apps.get_model("lessons", "Deal")
    Deal.objects.filter(slug__in=[row["slug"] for row in rows()]).delete()


class Migration(migrations.Migration):
    dependencies = [("lessons", "0007_badeucey_and_drawing_lessons")]

    operations = [migrations.RunPython(load, unload)]

"""Put each deal's button where its history puts it.

Badugi exercise 6 kept the default button (seat 0, Mara) when 0004 gave it
Mara's history, whose button line names Spade. ``Deal.clean()`` now refuses
a button that disagrees with the history, so the stored deals are brought
into line here, reading the button from the history itself.
"""

from django.db import migrations

from evaluator.notation import parse_deal


def button_from_history(apps, schema_editor):
    Deal = apps.get_model("lessons", "Deal")
    for deal in Deal.objects.exclude(history=""):
        button = parse_deal(deal.history).button
        if deal.button != button:
            deal.button = button
            deal.save(update_fields=["button"])


class Migration(migrations.Migration):
    dependencies = [("lessons", "0004_replay_deals")]

    operations = [migrations.RunPython(button_from_history, migrations.RunPython.noop)]

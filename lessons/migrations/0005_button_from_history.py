"""Put each deal's button where its history puts it.

Badugi exercise 6 kept the default button (seat 0, Mara) when 0004 gave it
Mara's history, whose button line names Spade. ``Deal.clean()`` now refuses
a button that disagrees with the history, so the stored deals are brought
into line here.

The history is read by the small frozen reader below, not by the engine: a
migration must give the same result however the engine changes later. It
needs only the order of the ``seat`` lines and the ``button`` line; a
history it cannot read that far is left alone (the ``deals`` check lists it).
"""

import re

from django.db import migrations

SEAT = re.compile(r"\s*seat\s+([^,:]+?)\s*(?:,[^:]*)?:", re.I)
BUTTON = re.compile(r"\s*button\s+(.+?)\s*$", re.I)


def button_seat(history):
    """The seat number the history's button line names, or None."""
    names, button = [], None
    for line in history.splitlines():
        line = line.split("#", 1)[0]
        seat = SEAT.match(line)
        if seat:
            names.append(seat.group(1).casefold())
            continue
        named = BUTTON.match(line)
        if named:
            button = named.group(1).casefold()
    return names.index(button) if button in names else None


def button_from_history(apps, schema_editor):
    Deal = apps.get_model("lessons", "Deal")
    for deal in Deal.objects.exclude(history=""):
        button = button_seat(deal.history)
        if button is not None and deal.button != button:
            deal.button = button
            deal.save(update_fields=["button"])


class Migration(migrations.Migration):
    dependencies = [("lessons", "0004_replay_deals")]

    operations = [migrations.RunPython(button_from_history, migrations.RunPython.noop)]

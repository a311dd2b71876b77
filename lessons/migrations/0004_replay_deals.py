"""Give the replayer its two worked deals, read from ``evaluator/worked_deals``.

The Amara, Bram, Kira and Noor deal becomes a published practice deal of its
own; Mara's draws are attached to Badugi exercise 6 as its history. Seats,
final cards and the pot are taken from the engine's replay of each text, so
nothing here is typed twice.
"""

from dataclasses import replace

from django.db import migrations

from evaluator.cards import format_cards
from evaluator.deal import DrawLine
from evaluator.notation import format_deal, parse_deal
from evaluator.replay import replay
from evaluator.worked_deals import worked_deal

SEED_SLUG = "amara-bram-kira-noor"
MARA_SLUG = "badugi-6"


def renamed(text, names):
    """The same record with the seats renamed in order, so it matches a stored deal's seats."""
    record = parse_deal(text)
    new = dict(zip((seat.name for seat in record.seats), names, strict=True))
    streets = tuple(
        replace(s, entries=tuple(replace(e, seat=new[e.seat]) for e in s.entries))
        if isinstance(s, DrawLine)
        else replace(s, actions=tuple(replace(a, seat=new[a.seat]) for a in s.actions))
        for s in record.streets
    )
    seats = tuple(replace(seat, name=new[seat.name]) for seat in record.seats)
    return format_deal(replace(record, seats=seats, streets=streets))


def seed_row():
    text = worked_deal("amara_bram_kira_noor")
    played = replay(parse_deal(text))
    final = played.steps[-1].state.seats
    live = [i for i, seat in enumerate(final) if not seat.folded]
    return {
        "title": "Amara, Bram, Kira and Noor: a pot cut in quarters",
        "lesson": "",
        "number": None,
        "game": played.record.profile_key,
        "settings": {},
        "seats": [{"name": seat.name, "cards": format_cards(seat.cards)} for seat in final],
        "button": played.record.button,
        "pot": played.settlement.total,
        "history": text,
        "prompt": (
            "The Badacey lesson's full deal at 6/12, from the blinds to the payout. Replay it "
            "step by step, then pick the Badugi cards of each hand still in at the showdown."
        ),
        "parts": [{"kind": "badugi_cards", "seat": i} for i in live],
        "explanation": (
            "Only the hands that reach the showdown are read. A seat that folds keeps "
            "its chips in the pot but gives up every claim on both halves."
        ),
        "published": True,
    }


def load(apps, schema_editor):
    Deal = apps.get_model("lessons", "Deal")
    Deal.objects.update_or_create(slug=SEED_SLUG, defaults=seed_row())
    mara = Deal.objects.filter(slug=MARA_SLUG).first()
    if mara is not None:
        mara.history = renamed(worked_deal("mara_badugi"), [s["name"] for s in mara.seats])
        mara.save(update_fields=["history"])


def unload(apps, schema_editor):
    Deal = apps.get_model("lessons", "Deal")
    Deal.objects.filter(slug=SEED_SLUG).delete()
    Deal.objects.filter(slug=MARA_SLUG).update(history="")


class Migration(migrations.Migration):
    dependencies = [("lessons", "0003_teachers_group")]

    operations = [migrations.RunPython(load, unload)]

"""Bring Badugi exercise 6 up to date where nobody has edited it.

The exercise's second player was renamed from Spade to Juno (the name sat
beside the ace of spades in suit questions) and its history gained the
capped betting that makes the 96-unit pot real, so the replayer shows true
stacks. The loader never overwrites a deal a database already has, so a
database that loaded the earlier version keeps it. This step replaces it
only when every field of the stored deal is still exactly the shipped
earlier version, so a teacher's edit is never overwritten; the version is
moved on so cached pages and open admin forms see the change.

Plain data, frozen here: no live project code, so this still runs after the
content moves on.
"""

from __future__ import annotations

from django.db import migrations
from django.db.models import F
from django.utils import timezone

SLUG = "badugi-6"

OLD_HISTORY = (
    "# Badugi lesson, exercise 6: Mara improves over three draws while the spade keeps\n"
    "# the same four cards. Only the draws and the final pot are known, so the record\n"
    "# gives a showdown pot instead of betting lines.\n"
    "game badugi, limit 2/4, blinds 1/2, cap 4 bets, draw up to 4 cards\n"
    "seat Mara: A♣ 3♦ 7♥ K♥\n"
    "seat Spade: A♦ 3♥ 5♠ 7♣\n"
    "button Spade\n"
    "showdown pot 96\n"
    "draw 1:\n"
    "  Mara K♥ -> 7♠\n"
    "  Spade pat\n"
    "draw 2:\n"
    "  Mara 7♥ -> 5♥\n"
    "  Spade pat\n"
    "draw 3:\n"
    "  Mara pat\n"
    "  Spade pat\n"
)

NEW_HISTORY = (
    "# Badugi lesson, exercise 6: Mara improves over three draws while Juno keeps the\n"
    "# same four cards. The lesson gives the draws and a 96-unit pot; at 2/4 with a\n"
    "# four-bet cap that pot means every betting round was capped, written here.\n"
    "game badugi, limit 2/4, blinds 1/2, cap 4 bets, draw up to 4 cards\n"
    "seat Mara, 100 chips: A♣ 3♦ 7♥ K♥\n"
    "seat Juno, 100 chips: A♦ 3♥ 5♠ 7♣\n"
    "button Juno\n"
    "before the draw: Juno raise to 4, Mara raise to 6, Juno raise to 8, Mara call 2; pot 16\n"
    "draw 1:\n"
    "  Mara K♥ -> 7♠\n"
    "  Juno pat\n"
    "after draw 1: Mara bet 2, Juno raise to 4, Mara raise to 6, Juno raise to 8, "
    "Mara call 2; pot 32\n"
    "draw 2:\n"
    "  Mara 7♥ -> 5♥\n"
    "  Juno pat\n"
    "after draw 2: Mara bet 4, Juno raise to 8, Mara raise to 12, Juno raise to 16, "
    "Mara call 4; pot 64\n"
    "draw 3:\n"
    "  Mara pat\n"
    "  Juno pat\n"
    "after draw 3: Mara bet 4, Juno raise to 8, Mara raise to 12, Juno raise to 16, "
    "Mara call 4; pot 96\n"
)

OLD_PROMPT = (
    "Mara was dealt A♣ 3♦ 7♥ K♥. On the first draw she threw K♥ and got 7♠; on the "
    "second she threw 7♥ and got 5♥; on the third she kept all four. Spade kept A♦ 3♥ "
    "5♠ 7♣ from the deal to the end. The pot is 96 units with no side pot. Pick the "
    "cards that count for each player at showdown and settle the pot."
)

NEW_PROMPT = (
    "Mara was dealt A♣ 3♦ 7♥ K♥. On the first draw she threw K♥ and got 7♠; on the "
    "second she threw 7♥ and got 5♥; on the third she kept all four. Juno kept A♦ 3♥ "
    "5♠ 7♣ from the deal to the end. The pot is 96 units with no side pot. Pick the "
    "cards that count for each player at showdown and settle the pot."
)

EXPLANATION = (
    "Follow the hand one draw at a time: a new card can bring a new suit and still "
    "repeat a rank. Cards thrown away are gone; only the final four are read, and "
    "suits never break a tie."
)

SEATS = {
    "old": [
        {"name": "Mara", "cards": "A♣ 3♦ 5♥ 7♠"},
        {"name": "Spade", "cards": "A♦ 3♥ 5♠ 7♣"},
    ],
    "new": [
        {"name": "Mara", "cards": "A♣ 3♦ 5♥ 7♠"},
        {"name": "Juno", "cards": "A♦ 3♥ 5♠ 7♣"},
    ],
}
HISTORY = {"old": OLD_HISTORY, "new": NEW_HISTORY}
PROMPT = {"old": OLD_PROMPT, "new": NEW_PROMPT}

# What neither version changes; a stored deal must still hold these too.
UNCHANGED = {
    "title": "Mara draws to a Badugi",
    "lesson": "badugi",
    "number": 6,
    "game": "badugi",
    "settings": {},
    "button": 1,
    "pot": 96,
    "parts": [
        {"kind": "badugi_cards", "seat": 0},
        {"kind": "badugi_cards", "seat": 1},
        {"kind": "payouts"},
    ],
    "explanation": EXPLANATION,
}


def _holds(deal, version: str) -> bool:
    """Whether the stored deal is exactly the shipped ``version`` ("old" or "new")."""
    wanted = {
        **UNCHANGED,
        "seats": SEATS[version],
        "history": HISTORY[version],
        "prompt": PROMPT[version],
    }
    return all(getattr(deal, name) == value for name, value in wanted.items())


def _move(apps, source: str, target: str) -> None:
    """Give the stored deal the ``target`` version if it is still exactly ``source``."""
    Deal = apps.get_model("lessons", "Deal")
    for deal in Deal.objects.filter(slug=SLUG):
        if not _holds(deal, source):
            continue  # edited by a teacher (or already moved): theirs stays as it is
        # One conditional UPDATE, claiming the version read, like Deal.save: an edit
        # saved in between is never overwritten.
        Deal.objects.filter(pk=deal.pk, version=deal.version).update(
            seats=SEATS[target],
            history=HISTORY[target],
            prompt=PROMPT[target],
            version=F("version") + 1,
            updated_at=timezone.now(),
        )


def forwards(apps, schema_editor):
    _move(apps, "old", "new")


class Migration(migrations.Migration):
    dependencies = [("lessons", "0012_new_deals_are_drafts")]

    # Going back changes nothing: the code before this step already ships Juno's
    # version, so a database holding it is right at every earlier step too.
    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]

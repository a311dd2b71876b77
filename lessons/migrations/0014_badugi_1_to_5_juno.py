"""Bring Badugi exercises 1 to 5 up to date where nobody has edited them.

The second player of every Badugi exercise was renamed from Spade to Juno
(the name sat beside the ace of spades in suit questions). Migration 0013
moved exercise 6; exercises 1 to 5 changed in the same commit, only in the
seat's name and, for 1 and 4, in the prompt that names her. The loader never
overwrites a deal a database already has, so a database loaded before the
rename still says Spade. This step renames her only where every field of
the stored deal is still exactly the shipped earlier version (exercise 5
with the "which comparison settles it?" question 0010 added), so a
teacher's edit is never overwritten; the version is moved on so cached
pages and open admin forms see the change.

Plain data, frozen here: no live project code, so this still runs after the
content moves on.
"""

from __future__ import annotations

from django.db import migrations
from django.db.models import F
from django.utils import timezone

NAMES = {"old": ("Mara", "Spade"), "new": ("Mara", "Juno")}

# What every one of the five deals shares, in both versions.
COMMON = {"lesson": "badugi", "game": "badugi", "settings": {}, "button": 0, "pot": None}
COMMON_HISTORY = ""

DEALS = [
    {
        "slug": "badugi-1",
        "title": "A heart too many",
        "number": 1,
        "cards": ("A♥ 4♥ 6♣ 9♦", "8♠ 7♦ 3♣ K♣"),
        "prompt": {
            "old": (
                "Mara and Spade show their four cards. Pick the cards that count for each of them"
                " and say who wins the showdown."
            ),
            "new": (
                "Mara and Juno show their four cards. Pick the cards that count for each of them "
                "and say who wins the showdown."
            ),
        },
        "parts": [
            {"kind": "badugi_cards", "seat": 0},
            {"kind": "badugi_cards", "seat": 1},
            {"kind": "winners"},
        ],
        "explanation": (
            "When two cards share a suit, only one of them can count. Keep whichever leaves "
            "the better selection, and then compare the highest counting card first."
        ),
    },
    {
        "slug": "badugi-2",
        "title": "Four suits are not enough",
        "number": 2,
        "cards": ("2♣ 2♦ 5♥ 8♠", "A♠ 3♣ 6♦ 6♥"),
        "prompt": {
            "old": (
                "Each player holds one card of every suit. Pick the cards that really count for "
                "each of them and name the winner."
            ),
            "new": (
                "Each player holds one card of every suit. Pick the cards that really count for "
                "each of them and name the winner."
            ),
        },
        "parts": [
            {"kind": "badugi_cards", "seat": 0},
            {"kind": "badugi_cards", "seat": 1},
            {"kind": "winners"},
        ],
        "explanation": (
            "A Badugi must pass two tests at once: no suit twice and no rank twice. Four "
            "different suits say nothing about the ranks. When two choices are equally good, "
            "either one is a right answer."
        ),
    },
    {
        "slug": "badugi-3",
        "title": "The deuce of clubs earns its place",
        "number": 3,
        "cards": ("A♣ 2♣ A♦ 3♥", "4♠ 5♦ 7♣ 7♥"),
        "prompt": {
            "old": (
                "Someone in a hurry says Mara has only two cards that count. Test every way of "
                "keeping three of her cards, pick the cards that count for both players, and name"
                " the winner."
            ),
            "new": (
                "Someone in a hurry says Mara has only two cards that count. Test every way of "
                "keeping three of her cards, pick the cards that count for both players, and name"
                " the winner."
            ),
        },
        "parts": [
            {"kind": "badugi_cards", "seat": 0},
            {"kind": "badugi_cards", "seat": 1},
            {"kind": "winners"},
        ],
        "explanation": (
            "With only four cards there are four ways to drop one. Write them all down and "
            "strike out the ones that repeat a suit or a rank; a higher card sometimes "
            "belongs in the answer because it lets a lower card of another suit stay."
        ),
    },
    {
        "slug": "badugi-4",
        "title": "A king-high Badugi",
        "number": 4,
        "cards": ("K♣ Q♦ J♥ 10♠", "A♠ 2♥ 3♦ K♦"),
        "prompt": {
            "old": (
                "Spade is pleased with three very small cards, while Mara's cards are all "
                "pictures and a ten. Pick the cards that count for each and name the winner."
            ),
            "new": (
                "Juno is pleased with three very small cards, while Mara's cards are all pictures"
                " and a ten. Pick the cards that count for each and name the winner."
            ),
        },
        "parts": [
            {"kind": "badugi_cards", "seat": 0},
            {"kind": "badugi_cards", "seat": 1},
            {"kind": "winners"},
        ],
        "explanation": (
            "The number of counting cards is compared before any rank. Small ranks only "
            "matter between selections of the same size."
        ),
    },
    {
        "slug": "badugi-5",
        "title": "Past two equal ranks",
        "number": 5,
        "cards": ("8♣ 6♦ 4♥ A♠", "8♦ 6♠ 3♣ 2♥"),
        "prompt": {
            "old": (
                "Both players have four cards of four suits and four ranks. Pick the cards that "
                "count for each and find the winner: which comparison settles it?"
            ),
            "new": (
                "Both players have four cards of four suits and four ranks. Pick the cards that "
                "count for each and find the winner: which comparison settles it?"
            ),
        },
        "parts": [
            {"kind": "badugi_cards", "seat": 0},
            {"kind": "badugi_cards", "seat": 1},
            {"kind": "winners"},
            {"kind": "deciding"},
        ],
        "explanation": (
            "Write both hands from the highest rank down and compare position by position. "
            "The first position that differs decides; nothing after it is read, and ranks are"
            " never added up."
        ),
    },
]


def _seats(deal: dict, version: str) -> list[dict[str, str]]:
    return [
        {"name": name, "cards": cards}
        for name, cards in zip(NAMES[version], deal["cards"], strict=True)
    ]


def _version(deal: dict, version: str) -> dict:
    """Every content field of one frozen deal as shipped in ``version`` ("old" or "new")."""
    return {
        **COMMON,
        "history": COMMON_HISTORY,
        "title": deal["title"],
        "number": deal["number"],
        "seats": _seats(deal, version),
        "prompt": deal["prompt"][version],
        "parts": deal["parts"],
        "explanation": deal["explanation"],
    }


def _move(apps, source: str, target: str) -> None:
    """Give each stored deal the ``target`` version if it is still exactly ``source``."""
    Deal = apps.get_model("lessons", "Deal")
    for frozen in DEALS:
        wanted = _version(frozen, source)
        for deal in Deal.objects.filter(slug=frozen["slug"]):
            if not all(getattr(deal, name) == value for name, value in wanted.items()):
                continue  # edited by a teacher (or already moved): theirs stays as it is
            # One conditional UPDATE, claiming the version read, like Deal.save: an
            # edit saved in between is never overwritten.
            Deal.objects.filter(pk=deal.pk, version=deal.version).update(
                seats=_seats(frozen, target),
                prompt=frozen["prompt"][target],
                version=F("version") + 1,
                updated_at=timezone.now(),
            )


def forwards(apps, schema_editor):
    _move(apps, "old", "new")


class Migration(migrations.Migration):
    dependencies = [("lessons", "0013_badugi_6_juno_and_betting")]

    # Going back changes nothing: the code before this step already ships Juno's
    # version, so a database holding it is right at every earlier step too.
    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]

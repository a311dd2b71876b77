"""Hand-rolled test data: a deal with sensible defaults, and answers computed by the evaluator.

``right_answer(deal)`` (from ``lessons.exercises.model_answers``, shared with the page
benchmark) asks the evaluator directly, not lessons.deals.parts, what the answer
to each question part is, so a test that posts it checks the site against the
engine rather than against itself.
"""

from __future__ import annotations

from typing import Any

# Re-exported for the tests that build posts by hand.
from lessons.content.loader import content_deals
from lessons.deals.histories import history_facts
from lessons.exercises.forms import card_value as card_value
from lessons.exercises.model_answers import field_name as field
from lessons.exercises.model_answers import right_answer as right_answer
from lessons.models import Deal

__all__ = [
    "admin_form_data",
    "card_value",
    "field",
    "lesson_exercises",
    "make_deal",
    "make_teacher",
    "right_answer",
    "shipped_deal",
]

_counter = 0


def make_deal(**kw: Any) -> Deal:
    """A saved, valid Badacey deal; pass any field to change it.

    With a ``history``, the game, settings, seats, button and pot default to
    what the history says (a deal must agree with its own history).
    """
    global _counter
    _counter += 1
    kw.setdefault("title", f"Practice deal {_counter}")
    kw.setdefault("slug", f"practice-{_counter}")
    if kw.get("history"):
        facts = history_facts(kw["history"])
        kw.setdefault("game", facts.game)
        kw.setdefault("settings", facts.settings)
        kw.setdefault("seats", facts.seats)
        kw.setdefault("button", facts.button)
        kw.setdefault("pot", facts.pot)
    kw.setdefault("game", "badacey")
    kw.setdefault(
        "seats",
        [{"name": "Kira", "cards": "A♠ 2♠ A♥ 3♦ 4♣"}, {"name": "Noor", "cards": "5♠ 4♥ 3♣ 2♦ A♣"}],
    )
    kw.setdefault("pot", 80)
    kw.setdefault("prompt", "Pick the Badugi cards, the winners and the payouts.")
    kw.setdefault(
        "parts",
        [
            {"kind": "badugi_cards", "seat": 0},
            {"kind": "winners"},
            {"kind": "payouts"},
            {"kind": "raise_to", "round": 2, "facing": 12, "options": [18, 24]},
        ],
    )
    kw.setdefault("published", True)  # the tests' deals are live unless they say otherwise
    deal = Deal(**kw)
    deal.full_clean()
    deal.save()
    return deal


def lesson_exercises() -> list[Deal]:
    """The lesson exercises exactly as the app's content defines them, unsaved.

    Unsaved deals need no database, so tests can read them while pytest
    collects, e.g. to parametrize only over the cases an exercise can show.
    The quick checks are lesson deals too but not exercises (no number, a
    section instead); their own tests read ``lesson_quick_checks``.
    """
    return [deal for deal in content_deals() if deal.lesson and not deal.section]


def lesson_quick_checks() -> list[Deal]:
    """The quick checks as the content defines them, unsaved."""
    return [deal for deal in content_deals() if deal.lesson and deal.section]


def shipped_deal(slug: str) -> Deal:
    """One shipped deal (a lesson exercise or the worked practice deal), unsaved."""
    return next(deal for deal in content_deals() if deal.slug == slug)


def make_teacher(username: str = "teacher", password: str = "a-long-teaching-pass"):
    """A staff user in the Teachers group the data migration creates."""
    from django.contrib.auth.models import Group, User

    user = User.objects.create_user(username, password=password, is_staff=True)
    user.groups.add(Group.objects.get(name="Teachers"))
    return user


def admin_form_data(**kw: Any) -> dict[str, str]:
    """What the admin's deal form posts: seats and parts as the text a teacher types."""
    kw.setdefault("title", "Two aces, one counts")
    kw.setdefault("slug", "two-aces-one-counts")
    kw.setdefault("game", "badacey")
    kw.setdefault("settings", "")
    kw.setdefault("seats", "Kira: A♠ 2♠ A♥ 3♦ 4♣\nNoor: 5♠ 4♥ 3♣ 2♦ A♣")
    kw.setdefault("button", "0")
    kw.setdefault("pot", "80")
    kw.setdefault("history", "")
    kw.setdefault("prompt", "Pick Kira's Badugi cards, then name the winners and the payouts.")
    kw.setdefault("parts", "badugi Kira\nwinners\npayouts")
    kw.setdefault("explanation", "")
    kw.setdefault("lesson", "")
    kw.setdefault("number", "")
    if kw.pop("published", True):
        kw["published"] = "on"
    return kw

"""Hand-rolled test data: a deal with sensible defaults, and answers computed by the evaluator.

``right_answer(deal)`` asks the evaluator directly (not lessons.checking) what
the answer to each question part is, so a test that posts it checks the site
against the engine rather than against itself.
"""

from __future__ import annotations

import importlib
from typing import Any

from evaluator import badugi, get_profile, parse_cards, settle
from lessons.models import Deal

_counter = 0


def make_deal(**kw: Any) -> Deal:
    """A saved, valid Badacey deal; pass any field to change it."""
    global _counter
    _counter += 1
    kw.setdefault("title", f"Practice deal {_counter}")
    kw.setdefault("slug", f"practice-{_counter}")
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
    deal = Deal(**kw)
    deal.full_clean()
    deal.save()
    return deal


def lesson_exercises() -> list[Deal]:
    """The lesson exercises exactly as the data migration defines them, unsaved.

    Unsaved deals need no database, so tests can read them while pytest
    collects, e.g. to parametrize only over the cases an exercise can show.
    """
    migration = importlib.import_module("lessons.migrations.0002_lesson_exercises")
    return [Deal(**row) for row in migration.lesson_rows()]


def card_value(card) -> str:
    return f"{card.rank_text}{card.suit}"


def field(deal: Deal, index: int, *detail: object) -> str:
    """The posted name of part ``index``'s field (the form prefixes the slug)."""
    return "-".join([deal.slug, "_".join([f"p{index}", *(str(d) for d in detail)])])


def right_answer(deal: Deal) -> dict[str, Any]:
    """POST data answering every part correctly, according to the evaluator."""
    names = [s["name"] for s in deal.seats]
    hands = [s["cards"] for s in deal.seats]
    data: dict[str, Any] = {}
    for index, part in enumerate(deal.parts):
        game = part.get("game") or deal.game
        profile = get_profile(game, **(deal.settings if game == deal.game else {}))
        kind = part["kind"]
        if kind == "badugi_cards":
            value = badugi(parse_cards(hands[part["seat"]]), ace_high=profile.badugi_ace_high)
            data[field(deal, index, "cards")] = [card_value(c) for c in value.cards]
        elif kind in ("winners", "payouts"):
            outcome = settle(profile, hands, pot=deal.pot or 0, button=deal.button, names=names)
            if kind == "winners":
                for award in outcome.pots[0].awards:
                    data[field(deal, index, award.kind)] = [str(s) for s in award.winners]
            else:
                for seat, chips in enumerate(outcome.payouts):
                    data[field(deal, index, "seat", seat)] = str(chips)
        elif kind == "raise_to":
            data[field(deal, index)] = str(part["facing"] + profile.bet_size(part["round"]))
        elif kind == "choice":
            data[field(deal, index)] = str(part["answer"])
    return data


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

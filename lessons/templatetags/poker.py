"""Template tags that let a lesson page type only cards, never results.

Every value, winner and chip share these tags print is computed by the
evaluator while the page renders. A typo in a page's cards raises the
evaluator's error, so the page test for that page fails instead of a lesson
quietly showing a wrong hand.
"""

from __future__ import annotations

from itertools import combinations

from django import template

from evaluator import (
    AWARD_TITLES,
    Settlement,
    ace_to_five,
    badugi,
    deuce_to_seven,
    get_profile,
    parse_cards,
    selection_problem,
    settle,
)
from evaluator.deciding import deciding, reading_cards
from lessons.deals.readings import read

from .cards import spoken

register = template.Library()

LOWS = {"ace_to_five": ace_to_five, "deuce_to_seven": deuce_to_seven}


@register.inclusion_tag("includes/hand.html")
def hand(cards: str, counting: str = "", label: str = "") -> dict:
    """A typed hand through the one hand component; ``counting`` marks cards that count."""
    return {
        "cards": parse_cards(cards),
        "counting": parse_cards(counting) if counting else (),
        "label": label,
    }


@register.simple_tag
def low(cards: str, kind: str = "ace_to_five") -> str:
    """The five-card low value of a typed hand, e.g. "7-6-4-2-A"."""
    if kind not in LOWS:
        raise template.TemplateSyntaxError(f"low: unknown low '{kind}', use one of {list(LOWS)}")
    return LOWS[kind](parse_cards(cards, count=5)).text


@register.inclusion_tag("lessons/_badugi_read.html")
def badugi_read(
    cards: str, ace_high: bool = False, label: str = "", counted_only: bool = False
) -> dict:
    """The holding with its counting cards raised, the description, and any equal selections.

    ``counted_only`` shows just the counting cards, for a table whose first
    column already shows the holding.
    """
    holding = parse_cards(cards)
    value = badugi(holding, ace_high=ace_high)
    shown = value.cards if counted_only else holding
    return {"holding": shown, "value": value, "label": label}


@register.inclusion_tag("lessons/_selections.html")
def selections(cards: str, size: int = 4, ace_high: bool = False) -> dict:
    """Every selection of ``size`` cards from a holding: legal or why not, and its value.

    This is the paper method of the lessons done in full, so learners can
    see the one legal selection a shortcut would have missed.
    """
    holding = parse_cards(cards)
    if not 1 <= size <= min(4, len(holding)):
        raise template.TemplateSyntaxError(f"selections: cannot choose {size} of {len(holding)}")
    rows = []
    for combo in combinations(holding, size):
        problem = selection_problem(combo)
        value = None if problem else badugi(combo, ace_high=ace_high)
        rows.append({"cards": combo, "problem": problem, "value": value})
    legal = [r["value"] for r in rows if r["value"] is not None]
    best = max(legal) if legal else None
    for row in rows:
        row["best"] = best is not None and row["value"] == best
    return {"holding": holding, "size": size, "rows": rows, "best": best}


@register.inclusion_tag("lessons/_verdict.html")
def compare(
    first: str, second: str, game: str = "badacey", only: str = "", names: str = ""
) -> dict:
    """Which of two hands wins each award of a game, with each hand's value.

    ``only`` keeps one award (a Badugi point made with five-card hands);
    ``names`` is a comma-separated pair of seat names.
    """
    seat_names = [n.strip() for n in names.split(",")] if names else ["First hand", "Second hand"]
    result = settle(game, [first, second], pot=0, names=seat_names)
    rows = award_rows(result, only=only)
    for row in rows:
        row["lineup"] = lineup(result, row["kind"])
    return {"result": result, "rows": rows}


PLACES = ("first", "second", "third", "fourth", "fifth")


def lineup(result: Settlement, kind: str) -> dict:
    """Both hands card by card in reading order, and the card that decides."""
    first, second = (seat.values[kind] for seat in result.seats)
    decided = deciding(first, second)
    width = max(len(reading_cards(first)), len(reading_cards(second)))
    hands = [
        {"name": seat.name, "cards": reading_cards(seat.values[kind]), "decides": cards}
        for seat, cards in zip(result.seats, decided.cards, strict=True)
    ]
    for hand in hands:
        hand["blanks"] = range(width - len(hand["cards"]))
    if decided.reason == "card" and decided.place is not None:
        said = f"the {PLACES[decided.place]} place read decides"
    elif decided.reason == "size":
        said = "more counting cards decide before any rank is read"
    elif decided.reason == "category":
        said = "the kind of hand decides before any single card"
    else:
        said = "every place is equal: a tie"
    return {"hands": hands, "width": range(width), "said": said}


@register.inclusion_tag("lessons/_reading.html")
def settlement_table(result: Settlement, caption: str = "") -> dict:
    """A computed settlement drawn as every page draws one: values, awards, payouts."""
    # suffix and selections as _reading.html reads them when left out, given so
    # that each read is not a failed template lookup.
    return {"reading": read(result), "title": caption, "suffix": "", "selections": False}


def award_rows(result: Settlement, only: str = "") -> list[dict]:
    """One row per award: each seat's value and whether it won."""
    kinds = result.profile.awards
    if only:
        if only not in kinds:
            raise template.TemplateSyntaxError(f"'{only}' is not an award of {result.profile.name}")
        kinds = (only,)
    return [
        {
            "title": AWARD_TITLES[award.kind],
            "kind": award.kind,
            "seats": [
                {
                    "name": seat.name,
                    "shown": seat.values[award.kind].description,
                    "wins": seat.seat in award.winners,
                }
                for seat in result.seats
            ],
            "tied": len(award.winners) > 1,
        }
        for pot in result.pots
        for award in pot.awards
        if award.kind in kinds
    ]


@register.simple_tag
def profile_value(game: str, setting: str):
    """One setting of a game profile (``big_bet``, ``max_discard``...), read at render time."""
    return getattr(get_profile(game), setting)


@register.simple_tag
def legality(cards: str) -> str:
    """Whether typed cards may all count together in a Badugi, and if not, why not.

    The reason names its cards (``spoken``) so a screen reader says "ace of diamonds".
    """
    problem = selection_problem(parse_cards(cards))
    return spoken(f"No: {problem}") if problem else "Yes"

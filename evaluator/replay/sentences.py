"""The sentences a learner reads under each replay step.

Kept apart from the engine so the wording can be reviewed (and the seed
overlap checked) without reading the rules around it; every function here
only formats facts the engine has already decided.
"""

from __future__ import annotations

from collections.abc import Callable

from ..cards import format_cards
from ..deal import DrawEntry
from ..wording import number_word


def post_text(
    name: str,
    what: str,
    chips: int,
    owed: int | None,
    *,
    dead: bool = False,
    write: Callable[[int], str] = str,
) -> str:
    """A forced bet; ``owed`` is the blind's size (None for an ante or a dead blind)."""
    if dead:
        return f"{name} posts {write(chips)} dead (a missed small blind, not a bet)."
    if owed is None:
        return f"{name} antes {write(chips)}."
    if chips < owed:
        return f"{name} posts {write(chips)} of the {what} of {write(owed)} and is all-in."
    return f"{name} posts the {what} of {write(chips)}."


def action_text(
    name: str,
    kind: str,
    chips: int,
    total: int,
    pot: int,
    all_in: bool,
    write: Callable[[int], str] = str,
) -> str:
    """A betting action; ``total`` is the seat's round total after it."""
    if kind == "fold":
        return f"{name} folds."
    if kind == "check":
        return f"{name} checks."
    if kind == "all-in":
        return f"{name} goes all-in for {write(chips)}. The pot is {write(pot)}."
    done = {
        "call": f"calls {write(chips)}",
        "bet": f"bets {write(chips)}",
        "raise": f"raises to {write(total)}",
    }
    tail = " and is all-in" if all_in else ""
    return f"{name} {done[kind]}{tail}. The pot is {write(pot)}."


def draw_text(name: str, entry: DrawEntry) -> str:
    if not entry.discards:
        return f"{name} stands pat."
    count = number_word(len(entry.discards))
    return (
        f"{name} draws {count}: discards {format_cards(entry.discards)}, "
        f"receives {format_cards(entry.receives)}."
    )


def unseen_draw_text(name: str, count: int) -> str:
    """A draw as another player sees it: how many cards, never which."""
    if not count:
        return f"{name} stands pat."
    return f"{name} draws {number_word(count)}."


def unseen_showdown_text() -> str:
    """The showdown named without its hands, for a learner still guessing."""
    return "Showdown: the hands are turned face up."

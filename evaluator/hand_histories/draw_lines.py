"""The draw lines the PokerStars-style text layouts share, read once for all of them.

PokerStars' own layout and Full Tilt's write a throw the same way ("discards
2 cards [7s 9d]") and show the learner's new cards the same way ("Dealt to
Hero [kept] [new]"); each layout's reader calls these for those lines and
keeps only what is its own (stand-pat wording, Full Tilt's "is dealt").
"""

from __future__ import annotations

import re

from ..cards import Card
from .lines import HandContext
from .parsed import DrawLineText, ParsedHand, Section

DISCARD = re.compile(r"discards (\d+) cards?(?: \[(.*)\])?")


def read_discard(ctx: HandContext, section: Section, name: str, rest: str, number: int) -> None:
    """``rest`` is "discards N cards [..]": the throw joins the draw section."""
    m = DISCARD.fullmatch(rest)
    if m is None:
        raise ctx.fail(f"cannot read {name}'s draw '{rest[:40]}'", number)
    count = int(m.group(1))
    discards = None if m.group(2) is None else ctx.cards(m.group(2), number)
    if discards is not None and len(discards) != count:
        raise ctx.fail(f"{name} discards {count} cards but {len(discards)} are named", number)
    section.draws.append(DrawLineText(name, count, number, discards))


def read_dealt(
    ctx: HandContext,
    hand: ParsedHand,
    part: str,
    section: Section | None,
    name: str,
    kept: str,
    new: str | None,
    number: int,
) -> None:
    """A "Dealt to NAME [kept] [new]" line: the first deal, or the cards a draw brought."""
    if part == "betting" and len(hand.sections) == 1 and new is None:
        if name in hand.dealt:
            raise ctx.fail(f"{name} is dealt cards twice", number)
        cards, hidden = ctx.cards_or_hidden(kept, number)
        hand.dealt[name] = (cards, hidden, number)
        return
    if part != "draw" or section is None or new is None:
        raise ctx.fail(f"'Dealt to {name}' is out of place here", number)
    for draw in reversed(section.draws):
        if draw.name == name:
            received = ctx.cards(new, number) if new.strip() else ()
            if draw.discards is None or len(received) != draw.count:
                raise ctx.fail(
                    f"{name} receives {len(received)} cards after discarding {draw.count}",
                    number,
                )
            draw.receives = received
            return
    raise ctx.fail(f"{name} is dealt new cards without having drawn", number)


def holding(hand: ParsedHand, name: str) -> list[Card] | None:
    """The cards ``name`` holds so far, or None when some of them are unknown."""
    dealt = hand.dealt.get(name)
    if dealt is None or dealt[1]:
        return None
    cards = list(dealt[0])
    for section in hand.sections:
        for draw in section.draws:
            if draw.name != name or draw.count == 0:
                continue
            if draw.discards is None or draw.receives is None:
                return None
            cards = [c for c in cards if c not in draw.discards] + list(draw.receives)
    return cards

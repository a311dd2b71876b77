"""Layout 3, Full Tilt Poker's "Full Tilt Poker Game #" histories.

Full Tilt wrote its draw games much like the "Game #" layout, with its own
wording: the stakes and the game sit between dashes in the first line
(``- FL Badugi - $0.10/$0.20 -``, or the older ``- $0.10/$0.20 - Limit
Badugi -``), blinds are ``posts the small blind of $0.05``, a raise gives
only the total it reaches (``raises to $0.20``), a call the chips it adds,
draw headings carry the pot in brackets, a seat that draws unseen cards
``is dealt 2 cards``, and the winners are ``wins the pot ($0.81)``.
Files are often UTF-16 with a stray last byte; ``decoding`` handles that.
Pot-limit and no-limit tables (``PL``, ``NL``) give the blinds as their
stakes; fixed-limit ones the small and big bet.
"""

from __future__ import annotations

import re

from ..money import currency_code
from .draw_lines import read_dealt, read_discard
from .errors import HandHistoryError
from .games import FULLTILT_GAMES, FULLTILT_NOT_REPLAYED, SINGLE_DRAW_NAMES, structure_named
from .lines import HandContext, hand_lines, is_chatter
from .money import scale_for
from .parsed import (
    ActionLine,
    Collected,
    DrawLineText,
    ParsedHand,
    PostLine,
    SeatLine,
    Section,
    ShowLine,
)
from .splitting import HandText

_HEADER = re.compile(r"Full Tilt Poker Game #(\d+):\s*(.*)")
_STRUCTURE = r"(FL|PL|NL|Limit|Pot Limit|No Limit|Half Pot Limit|HPL)"
_GAME = re.compile(r" - " + _STRUCTURE + r" (.+?) - ")
_STAKES = re.compile(r" - (\$?[\d,.]+)/(\$?[\d,.]+)(?: Ante (\$?[\d,.]+))? - ")
# The stack is the last bracket on the line: a player may call themselves "Bob (NL)".
_SEAT = re.compile(r"Seat (\d+): (.+) \(([^()]+)\)(.*)")
_BUTTON = re.compile(r"The button is in seat #(\d+)")
_HEADING = re.compile(r"\*\*\* (.+?) \*\*\*(?: \(.*\))?")
_DRAWS = {"FIRST DRAW": 1, "SECOND DRAW": 2, "THIRD DRAW": 3, "DRAW": 1}
_POST = re.compile(
    r"(?:posts the (small blind|big blind) of|posts (a dead small blind) of|posts|antes) "
    r"(\S+?)(?:, and is all in)?"
)
_ACTION = re.compile(r"(folds|checks|calls|bets|raises to)(?: (\S+?))?(, and is all in)?")
_IS_DEALT = re.compile(r"is dealt (\d+) cards?")
_DEALT = re.compile(r"Dealt to (.+?) \[([^\]]*)\](?: \[([^\]]*)\])?")
_RETURNED = re.compile(r"Uncalled bet of (\S+) returned to (.+)")
_WINS = re.compile(
    r"(.+?) (?:wins|ties for) (the pot|the main pot|the side pot|side pot #\d+) "
    r"\((\S+)\)(?: with .*)?"
)
_SHOWS = re.compile(r"shows \[([^\]]*)\](?: .*)?")
_TOTAL = re.compile(r"Total pot (\S+)(?: .*?)?\| Rake (\S+)")
# Full Tilt's own table talk, on top of what every room writes: lines that end
# in one of these words (tested as endings, which every line can afford).
_CHATTER_ENDINGS = (
    " seconds left to act",
    " has requested TIME",
    " seconds to reconnect",
    " has reconnected",
    " has been disconnected",
    " is sitting out",
    " has returned",
)
_FEELING = re.compile(r" is feeling \w+$")
# What every such line holds, in lower case, for ``hand_lines``' look through the hand.
_CHATTER_PHRASES = (*(e.lower() for e in _CHATTER_ENDINGS), " is feeling ")


def _is_chatter(line: str) -> bool:
    if is_chatter(line) or line.endswith(_CHATTER_ENDINGS):
        return True
    return " is feeling " in line and _FEELING.search(line) is not None


def parse_fulltilt_layout(text: HandText) -> ParsedHand:
    first = text.first_line
    m = _HEADER.match(text.lines[0])
    if m is None:
        raise HandHistoryError(
            "the first line must read 'Full Tilt Poker Game #ID: Table … - FL <game> - "
            "<small>/<big> - <time>'",
            line=first,
        )
    hand_id, rest = m.group(1), m.group(2)
    stakes = _STAKES.search(rest)
    amounts = stakes.group(1) + stakes.group(2) if stakes else ""
    ctx = HandContext(hand_id, scale_for("\n".join((*text.lines[1:], amounts))))
    if rest.rstrip().endswith("(partial)"):
        raise ctx.fail("Full Tilt marked this hand partial: the file holds only part of it", first)
    game, structure, draws = _game(rest, ctx, first)
    if stakes is None:
        raise ctx.fail("the first line gives no stakes such as '- $0.10/$0.20 -'", first)
    small = stakes.group(1) if structure == "fixed-limit" else stakes.group(2)
    hand = ParsedHand(
        hand_id=hand_id,
        layout="fulltilt",
        room="Full Tilt Poker",
        game=game,
        structure=structure,
        draws=draws,
        small_bet=ctx.amount(small, first),
        big_bet=ctx.amount(stakes.group(2), first),
        scale=ctx.scale,
        header_line=first,
        last_line=text.number(len(text.lines) - 1),
        currency=currency_code("", amounts),
    )
    _Reader(hand, ctx).read(text)
    return hand


def _game(rest: str, ctx: HandContext, line: int) -> tuple[str, str, int]:
    """The profile, the structure and the draws the header names, in that order."""
    m = _GAME.search(rest + " - ")
    if m is None:
        raise ctx.fail("the first line names no game such as '- FL Badugi -'", line)
    structure, name = m.group(1), m.group(2)
    key = FULLTILT_GAMES.get(name)
    if key is None:
        if name in FULLTILT_NOT_REPLAYED:
            raise ctx.fail(
                f"Full Tilt's {name} is not replayed yet: the engine plays lowball and Badugi "
                "hands only (Badugi, 2-7 and A-5 triple draw and 2-7 single draw are read)",
                line,
            )
        known = ", ".join(FULLTILT_GAMES)
        raise ctx.fail(f"'{name[:60]}' is not a game this reader knows (it reads {known})", line)
    found = structure_named(structure)
    assert found is not None  # the pattern admits only the room's structure words
    return key, found, 1 if name in SINGLE_DRAW_NAMES else 3


class _Reader:
    def __init__(self, hand: ParsedHand, ctx: HandContext) -> None:
        self.hand = hand
        self.ctx = ctx
        self.part = "seats"  # seats, betting, draw, showdown, summary
        self.section: Section | None = None
        self.draws = 0

    def read(self, text: HandText) -> None:
        for line, number in hand_lines(text, _is_chatter, _CHATTER_PHRASES):
            self._line(line, number)
        if self.part != "summary" or self.hand.total_pot is None:
            raise self.ctx.fail(
                "the hand is cut off: it stops before its summary ('Total pot … | Rake …')",
                self.hand.last_line,
            )

    def _line(self, line: str, number: int) -> None:
        ctx, hand = self.ctx, self.hand
        # Cheap tests before each pattern: every line of every hand comes through here.
        heading = _HEADING.fullmatch(line) if line.startswith("*** ") else None
        if heading:
            self._heading(heading.group(1), number)
            return
        if self.part == "summary":
            self._summary(line, number)
            return
        if self.part == "seats":
            m = _SEAT.fullmatch(line)
            if m:
                self._seat(m, number)
                return
            m = _BUTTON.fullmatch(line)
            if m:
                hand.button_number, hand.button_line = int(m.group(1)), number
                return
        # Cheap tests first: most lines are a seat's action, and these patterns are not.
        m = _DEALT.fullmatch(line) if line.startswith("Dealt to ") else None
        if m:
            self._dealt(ctx.seat_named(m.group(1), number), m.group(2), m.group(3), number)
            return
        m = _RETURNED.fullmatch(line) if line.startswith("Uncalled bet") else None
        if m:
            name = ctx.seat_named(m.group(2), number)
            hand.returned.append(Collected(name, ctx.amount(m.group(1), number), "", number))
            return
        m = _WINS.fullmatch(line) if " wins " in line or " ties for " in line else None
        if m:
            name = ctx.seat_named(m.group(1), number)
            pot = m.group(2).removeprefix("the ")
            hand.collected.append(Collected(name, ctx.amount(m.group(3), number), pot, number))
            return
        found = ctx.seat_prefix(line, (" ",))
        if found is None:
            raise ctx.fail(f"cannot read '{line[:60]}' here", number)
        self._seat_line(found[0], found[1], number)

    def _seat(self, m: re.Match[str], number: int) -> None:
        if "sitting out" in m.group(4):
            return
        self.ctx.add_seat(m.group(2), number)
        stack = self.ctx.amount(m.group(3), number)
        self.hand.seats.append(SeatLine(int(m.group(1)), m.group(2), stack, number))

    def _heading(self, title: str, number: int) -> None:
        ctx = self.ctx
        if self.part == "summary":
            raise ctx.fail(f"'*** {title} ***' comes after the summary", number)
        if title == "HOLE CARDS":
            if self.part != "seats":
                raise ctx.fail("the cards are dealt twice", number)
            self._open("betting", number)
        elif title in _DRAWS:
            if _DRAWS[title] != self.draws + 1 or self.part in ("seats", "showdown"):
                raise ctx.fail(f"'*** {title} ***' is out of order", number)
            self.draws += 1
            self._open("draw", number)
        elif title == "SHOW DOWN":
            self.part = "showdown"
        elif title == "SUMMARY":
            self.part = "summary"
            self.hand.summary_line = number
        else:
            raise ctx.fail(f"'*** {title} ***' is not a part of a draw hand", number)

    def _open(self, kind: str, number: int) -> None:
        self.section = Section(kind, number)
        self.hand.sections.append(self.section)
        self.part = kind

    def _seat_line(self, name: str, rest: str, number: int) -> None:
        ctx, hand = self.ctx, self.hand
        m = _POST.fullmatch(rest) if rest.startswith(("posts", "antes")) else None
        if m:
            if self.part not in ("seats", "betting") or len(hand.sections) > 1:
                raise ctx.fail(f"{name} posts a forced bet in the middle of the hand", number)
            if rest.startswith("antes"):
                kind, out_of_turn = "ante", False
            elif m.group(2):  # dead money: in the pot, but no part of the seat's bet
                kind, out_of_turn = "dead blind", False
            else:
                kind, out_of_turn = (m.group(1) or "big blind"), m.group(1) is None
            amount = ctx.amount(m.group(3), number)
            hand.posts.append(PostLine(name, kind, amount, number, out_of_turn))
            return
        if rest.startswith(("posts ", "antes ")):
            raise ctx.fail(f"cannot read {name}'s forced bet '{rest[:40]}'", number)
        m = _SHOWS.fullmatch(rest) if rest.startswith("shows [") else None
        if m:
            hand.shows.append(ShowLine(name, ctx.cards(m.group(1), number), number))
            return
        if rest in ("mucks", "mucks hand"):
            hand.shows.append(ShowLine(name, None, number))
            return
        if self.part == "showdown":
            raise ctx.fail(f"cannot read {name}'s '{rest[:40]}' at the showdown", number)
        m = _ACTION.fullmatch(rest)
        if m:
            self._action(name, m, number)
            return
        if self.part == "draw":
            self._draw(name, rest, number)
            return
        raise ctx.fail(f"cannot read {name}'s '{rest[:40]}' here", number)

    def _action(self, name: str, m: re.Match[str], number: int) -> None:
        ctx = self.ctx
        if self.part == "draw":
            self._open("betting", number)
        if self.part != "betting" or self.section is None:
            raise ctx.fail(f"{name} bets before the cards are dealt", number)
        verb, amount = m.group(1), m.group(2)
        kind = {"folds": "fold", "checks": "check", "calls": "call", "bets": "bet"}.get(
            verb, "raise"
        )
        if (amount is None) != (kind in ("fold", "check")):
            raise ctx.fail(f"cannot read {name}'s '{m.group(0)[:40]}'", number)
        chips = None if amount is None else ctx.amount(amount, number)
        # A call adds chips; a bet and a raise give the round total they reach.
        self.section.actions.append(ActionLine(name, kind, chips, kind != "call", number))

    def _draw(self, name: str, rest: str, number: int) -> None:
        ctx = self.ctx
        assert self.section is not None
        if rest == "stands pat":
            self.section.draws.append(DrawLineText(name, 0, number, (), ()))
            return
        m = _IS_DEALT.fullmatch(rest)
        if m:
            drew = [d for d in self.section.draws if d.name == name]
            if not drew or drew[-1].count != int(m.group(1)):
                raise ctx.fail(
                    f"{name} is dealt {m.group(1)} cards without discarding as many", number
                )
            return
        read_discard(ctx, self.section, name, rest, number)

    def _dealt(self, name: str, kept: str, new: str | None, number: int) -> None:
        read_dealt(self.ctx, self.hand, self.part, self.section, name, kept, new, number)

    def _summary(self, line: str, number: int) -> None:
        m = _TOTAL.match(line)
        if m:
            self.hand.total_pot = self.ctx.amount(m.group(1), number)
            self.hand.rake = self.ctx.amount(m.group(2), number)
            self.hand.summary_line = number
        # The seat lines repeat what the hand already said; they are not needed.

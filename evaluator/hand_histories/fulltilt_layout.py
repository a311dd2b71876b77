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
from collections.abc import Callable

from ..cards import Card
from ..money import currency_code
from .draw_lines import holding, read_dealt, read_discard
from .errors import HandHistoryError
from .games import FULLTILT_GAMES, FULLTILT_NOT_REPLAYED, SINGLE_DRAW_NAMES, structure_named
from .lines import HandContext, is_chatter
from .money import scale_for
from .parsed import DrawLineText, ParsedHand, PostLine, SeatLine
from .splitting import HandText
from .text_reader import TextReader

_HEADER = re.compile(r"Full ?Tilt ?Poker Game #(\d+):\s*(.*)")
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
    r"(\S+?)(?:,? and is all in)?"
)
_ACTION = re.compile(
    r"(folds|checks|calls|bets|raises to)(?: (\S+?))?(?: to (\S+))?(?:, and is all in)?"
)
_IS_DEALT = re.compile(r"is dealt (\d+) cards?")
_DEALT = re.compile(r"Dealt to (.+?) \[([^\]]*)\](?: \[([^\]]*)\])?")
_RETURNED = re.compile(r"Uncalled bet of (\S+) returned to (.+)")
_WINS = re.compile(
    r"(?P<name>.+?) (?:wins|ties for) (?P<pot>the pot|the main pot|the side pot|side pot #\d+) "
    r"\((?P<amount>\S+)\)(?: with .*)?"
)
_PAT = re.compile(r"stands pat(?: on \[([^\]]*)\])?")
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


class _Reader(TextReader):
    """Full Tilt's words: ``Name action`` without a colon, ``*** HOLE CARDS ***``."""

    HEADING = _HEADING
    POST = _POST
    ACTION = _ACTION
    RETURNED = _RETURNED
    COLLECTED = _WINS
    COLLECTED_WORDS = (" wins ", " ties for ")
    TOTAL = _TOTAL
    COLON_CHAT = True

    def chatter(self) -> tuple[Callable[[str], bool], tuple[str, ...]]:
        return _is_chatter, _CHATTER_PHRASES

    def heading(self, title: str, number: int) -> bool:
        if title == "HOLE CARDS":
            if self.part != "seats":
                raise self.ctx.fail("the cards are dealt twice", number)
            self.open("betting", number)
        elif title in _DRAWS:
            self.open_draw(_DRAWS[title], title, number)
        else:
            return False
        return True

    def seat_or_table(self, line: str, number: int) -> bool:
        m = _SEAT.fullmatch(line)
        if m:
            # "($12), is sitting out": left out after the hand if it takes no part.
            self.ctx.add_seat(m.group(2), number)
            stack = self.ctx.amount(m.group(3), number)
            self.hand.seats.append(SeatLine(int(m.group(1)), m.group(2), stack, number))
            return True
        m = _BUTTON.fullmatch(line)
        if m:
            self.hand.button_number, self.hand.button_line = int(m.group(1)), number
            return True
        return False

    def dealt(self, line: str, number: int) -> bool:
        m = _DEALT.fullmatch(line)
        if m is None:
            return False
        name = self.ctx.seat_named(m.group(1), number)
        read_dealt(
            self.ctx, self.hand, self.part, self.section, name, m.group(2), m.group(3), number
        )
        return True

    def post(self, name: str, m: re.Match[str], number: int) -> None:
        if m.group(0).startswith("antes"):
            kind, out_of_turn = "ante", False
        elif m.group(2):  # dead money: in the pot, but no part of the seat's bet
            kind, out_of_turn = "dead blind", False
        else:
            kind, out_of_turn = (m.group(1) or "big blind"), m.group(1) is None
        amount = self.amount(m.group(3), number)
        self.add_post(PostLine(name, kind, amount, number, out_of_turn))

    def draw(self, name: str, rest: str, number: int) -> bool:
        ctx = self.ctx
        assert self.section is not None
        m = _PAT.fullmatch(rest)
        if m:
            if m.group(1) is not None:
                self._check_pat(name, ctx.cards(m.group(1), number), number)
            self.section.draws.append(DrawLineText(name, 0, number, (), ()))
            return True
        m = _IS_DEALT.fullmatch(rest)
        if m:
            drew = [d for d in self.section.draws if d.name == name]
            if not drew or drew[-1].count != int(m.group(1)):
                raise ctx.fail(
                    f"{name} is dealt {m.group(1)} cards without discarding as many", number
                )
            return True
        read_discard(ctx, self.section, name, rest, number)
        return True

    def _check_pat(self, name: str, cards: tuple[Card, ...], number: int) -> None:
        """``stands pat on [..]`` names the hand the seat keeps: it must be the one it holds."""
        held = holding(self.hand, name)
        if held is not None and sorted(held, key=str) != sorted(cards, key=str):
            raise self.ctx.fail(f"{name} stands pat on cards it was not holding", number)

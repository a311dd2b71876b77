"""Layout 1, the "PokerStars Game #" histories.

Calls there give the chips a seat adds and raises the round total they reach;
the draws are headed ``*** FIRST DRAW ***`` and the betting after each draw
follows without a heading of its own. The structure follows the game's name
("Badugi Limit", "Single Draw 2-7 Lowball No Limit"); in fixed limit the
stakes are the small and big bet, in pot and no limit the two blinds.
"""

from __future__ import annotations

import re

from ..money import currency_code
from .draw_lines import read_dealt, read_discard
from .errors import HandHistoryError
from .games import GAME_LAYOUT_GAMES, SINGLE_DRAW_NAMES, structure_named
from .lines import HandContext
from .money import scale_for
from .parsed import DrawLineText, ParsedHand, PostLine, SeatLine
from .splitting import HandText
from .text_reader import TextReader

_HEADER = re.compile(r"PokerStars (?:Game|Hand) #(\w+):\s*(.*)")
_STAKES = re.compile(r"\(([^()/]+)/([^()/]+?)(?:\s+[A-Z]{3})?\)")
_STAKES_CURRENCY = re.compile(r"\(([^()/]+/[^()/]+?)(?:\s+([A-Z]{3}))?\)")
_TABLE = re.compile(r"Table '.*' .*Seat #(\d+) is the button")
_SEAT = re.compile(r"Seat (\d+): (.+?) \(([^()]+?) in chips(?:,[^()]*)?\)(.*)")
_DRAWS = {"FIRST DRAW": 1, "SECOND DRAW": 2, "THIRD DRAW": 3, "DRAW": 1}
_STRUCTURE = re.compile(r"\s+(Half Pot Limit|Pot Limit|No Limit|Limit)\b")
_POST = re.compile(r"posts (small blind|big blind|the ante) (\S+)(?: and is all-in)?")
_ACTION = re.compile(
    r"(folds|checks|calls|bets|raises)(?: (\S+))?(?: to (\S+))?(?: and is all-in)?(?: \[.*\])?"
)
_PAT = re.compile(r"stands pat(?: on \[.*\])?")
_DEALT = re.compile(r"Dealt to (.+?) \[([^\]]*)\](?: \[([^\]]*)\])?")
_RETURNED = re.compile(r"Uncalled bet \((\S+)\) returned to (.+)")
_COLLECTED = re.compile(
    r"(?P<name>.+?) collected (?P<amount>\S+) from (?P<pot>(?:main |side )?pot(?:-\d+)?)"
)
_TOTAL = re.compile(r"Total pot (\S+)(?: .*?)?\| Rake (\S+)")


def parse_game_layout(text: HandText) -> ParsedHand:
    first = text.first_line
    m = _HEADER.match(text.lines[0])
    if m is None:
        raise HandHistoryError(
            "the first line must read 'PokerStars Game #ID: <game> Limit (<stakes>) - <date>'",
            line=first,
        )
    hand_id, rest = m.group(1), m.group(2)
    stakes = _STAKES.findall(rest)
    # A tournament's buy-in has cents even when its chips do not, so the
    # header counts only through its stakes.
    shown = "\n".join((*text.lines[1:], *(stakes[-1] if stakes else ())))
    ctx = HandContext(hand_id, scale_for(shown))
    game, structure, draws = _game(rest, ctx, first)
    if not stakes:
        raise ctx.fail("the first line gives no stakes such as ($0.10/$0.20)", first)
    small, big = stakes[-1]
    if structure != "fixed-limit":
        small = big  # the blinds: the big one is the smallest bet
    hand = ParsedHand(
        hand_id=hand_id,
        layout="game",
        room="PokerStars",
        game=game,
        structure=structure,
        draws=draws,
        small_bet=ctx.amount(small, first),
        big_bet=ctx.amount(big, first),
        scale=ctx.scale,
        header_line=first,
        last_line=text.number(len(text.lines) - 1),
        currency=_currency(rest),
    )
    _Reader(hand, ctx).read(text)
    return hand


def _currency(rest: str) -> str:
    """The stakes' currency (a tournament's buy-in names one too, but its chips are chips)."""
    found = list(_STAKES_CURRENCY.finditer(rest))
    if not found:
        return ""
    stakes, code = found[-1].group(1), found[-1].group(2)
    return code or currency_code("", stakes)


def _game(rest: str, ctx: HandContext, line: int) -> tuple[str, str, int]:
    """The profile, the structure and the draws the header names, in that order."""
    for name, key in GAME_LAYOUT_GAMES.items():
        at = rest.find(name)
        if at >= 0:
            m = _STRUCTURE.match(rest, at + len(name))
            structure = structure_named(m.group(1)) if m else None
            if structure is None:
                raise ctx.fail(
                    f"this {name} hand names no structure (Limit, Pot Limit or No Limit) "
                    "after the game",
                    line,
                )
            return key, structure, 1 if name in SINGLE_DRAW_NAMES else 3
    shown = rest.split(" - ")[0][:60]
    known = ", ".join(GAME_LAYOUT_GAMES)
    raise ctx.fail(f"'{shown}' is not a game this reader knows (it reads {known})", line)


class _Reader(TextReader):
    """The "Game #" words: ``Name: action``, draws under ``*** FIRST DRAW ***``."""

    SEPARATORS = (": ",)
    # Single draw files of 2010-2011 write the draw straight after the betting.
    HEADLESS_DRAW_WORDS = ("discards ", "stands pat")
    POST = _POST
    ACTION = _ACTION
    RETURNED = _RETURNED
    COLLECTED = _COLLECTED
    TOTAL = _TOTAL

    def heading(self, title: str, number: int) -> bool:
        if title == "DEALING HANDS":
            if self.part != "seats":
                raise self.ctx.fail("the cards are dealt twice", number)
            self.open("betting", number)
        elif title in _DRAWS:
            self.open_draw(_DRAWS[title], f"{title}", number)
        else:
            return False
        return True

    def seat_or_table(self, line: str, number: int) -> bool:
        ctx, hand = self.ctx, self.hand
        m = _TABLE.match(line)
        if m:
            hand.button_number, hand.button_line = int(m.group(1)), number
            return True
        m = _SEAT.fullmatch(line)
        if m:
            if "out of hand" in m.group(4):
                return True
            # A seat "is sitting out" may still be dealt in (a tournament
            # deals it and folds for it); one that takes no part is left out.
            ctx.add_seat(m.group(2), number)
            stack = ctx.amount(m.group(3), number)
            hand.seats.append(SeatLine(int(m.group(1)), m.group(2), stack, number))
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
        kind = "ante" if m.group(1) == "the ante" else m.group(1)
        self.add_post(PostLine(name, kind, self.amount(m.group(2), number), number))

    def draw(self, name: str, rest: str, number: int) -> bool:
        assert self.section is not None
        if _PAT.fullmatch(rest):
            self.section.draws.append(DrawLineText(name, 0, number, (), ()))
            return True
        read_discard(self.ctx, self.section, name, rest, number)
        return True

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
from .lines import HandContext, hand_lines
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

_HEADER = re.compile(r"PokerStars (?:Game|Hand) #(\w+):\s*(.*)")
_STAKES = re.compile(r"\(([^()/]+)/([^()/]+?)(?:\s+[A-Z]{3})?\)")
_STAKES_CURRENCY = re.compile(r"\(([^()/]+/[^()/]+?)(?:\s+([A-Z]{3}))?\)")
_TABLE = re.compile(r"Table '.*' .*Seat #(\d+) is the button")
_SEAT = re.compile(r"Seat (\d+): (.+?) \(([^()]+?) in chips(?:,[^()]*)?\)(.*)")
_HEADING = re.compile(r"\*\*\* (.+?) \*\*\*")
_DRAWS = {"FIRST DRAW": 1, "SECOND DRAW": 2, "THIRD DRAW": 3, "DRAW": 1}
_STRUCTURE = re.compile(r"\s+(Half Pot Limit|Pot Limit|No Limit|Limit)\b")
_POST = re.compile(r"posts (small blind|big blind|the ante) (\S+)(?: and is all-in)?")
_ACTION = re.compile(
    r"(folds|checks|calls|bets|raises)(?: (\S+))?(?: to (\S+))?( and is all-in)?(?: \[.*\])?"
)
_PAT = re.compile(r"stands pat(?: on \[.*\])?")
_DEALT = re.compile(r"Dealt to (.+?) \[([^\]]*)\](?: \[([^\]]*)\])?")
_RETURNED = re.compile(r"Uncalled bet \((\S+)\) returned to (.+)")
_COLLECTED = re.compile(r"(.+?) collected (\S+) from ((?:main |side )?pot(?:-\d+)?)")
_SHOWS = re.compile(r"shows \[([^\]]*)\](?: \(.*\))?")
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


class _Reader:
    def __init__(self, hand: ParsedHand, ctx: HandContext) -> None:
        self.hand = hand
        self.ctx = ctx
        self.part = "seats"  # seats, betting, draw, showdown, summary
        self.section: Section | None = None
        self.draws = 0

    def read(self, text: HandText) -> None:
        for line, number in hand_lines(text):
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
        if self.part == "seats" and self._seat_or_table(line, number):
            return
        m = _DEALT.fullmatch(line) if line.startswith("Dealt to ") else None
        if m:
            self._dealt(ctx.seat_named(m.group(1), number), m.group(2), m.group(3), number)
            return
        m = _RETURNED.fullmatch(line) if line.startswith("Uncalled bet (") else None
        if m:
            name = ctx.seat_named(m.group(2), number)
            hand.returned.append(Collected(name, ctx.amount(m.group(1), number), "", number))
            return
        m = _COLLECTED.fullmatch(line) if " collected " in line else None
        if m:
            name = ctx.seat_named(m.group(1), number)
            amount = ctx.amount(m.group(2), number)
            hand.collected.append(Collected(name, amount, m.group(3), number))
            return
        found = ctx.seat_prefix(line, (": ",))
        if found is None:
            raise ctx.fail(f"cannot read '{line[:60]}' here", number)
        self._seat_line(found[0], found[1], number)

    def _heading(self, title: str, number: int) -> None:
        ctx = self.ctx
        if self.part == "summary":
            raise ctx.fail(f"'*** {title} ***' comes after the summary", number)
        if title == "DEALING HANDS":
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

    def _seat_or_table(self, line: str, number: int) -> bool:
        ctx, hand = self.ctx, self.hand
        m = _TABLE.match(line)
        if m:
            hand.button_number, hand.button_line = int(m.group(1)), number
            return True
        m = _SEAT.fullmatch(line)
        if m:
            if "out of hand" in m.group(4) or "sitting out" in m.group(4):
                return True
            ctx.add_seat(m.group(2), number)
            stack = ctx.amount(m.group(3), number)
            hand.seats.append(SeatLine(int(m.group(1)), m.group(2), stack, number))
            return True
        return False

    def _seat_line(self, name: str, rest: str, number: int) -> None:
        ctx, hand = self.ctx, self.hand
        m = _POST.fullmatch(rest) if rest.startswith("posts ") else None
        if m:
            if self.part not in ("seats", "betting") or len(hand.sections) > 1:
                raise ctx.fail(f"{name} posts a forced bet in the middle of the hand", number)
            kind = "ante" if m.group(1) == "the ante" else m.group(1)
            hand.posts.append(PostLine(name, kind, ctx.amount(m.group(2), number), number))
            return
        if rest.startswith("posts "):
            raise ctx.fail(f"cannot read {name}'s forced bet '{rest[:40]}'", number)
        if self.part == "showdown":
            self._showdown(name, rest, number)
            return
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
        verb, first, to = m.group(1), m.group(2), m.group(3)
        kind = {"folds": "fold", "checks": "check", "calls": "call", "bets": "bet"}.get(
            verb, "raise"
        )
        if kind in ("fold", "check"):
            if first is not None:
                raise ctx.fail(f"cannot read {name}'s '{m.group(0)[:40]}'", number)
            action = ActionLine(name, kind, None, False, number)
        elif kind == "raise":
            if to is None or first is None:
                raise ctx.fail(f"{name}'s raise must say 'raises X to Y'", number)
            ctx.amount(first, number)
            action = ActionLine(name, kind, ctx.amount(to, number), True, number)
        else:
            if first is None or to is not None:
                raise ctx.fail(f"cannot read {name}'s '{m.group(0)[:40]}'", number)
            amount = ctx.amount(first, number)
            action = ActionLine(name, kind, amount, kind == "bet", number)
        self.section.actions.append(action)

    def _draw(self, name: str, rest: str, number: int) -> None:
        ctx = self.ctx
        assert self.section is not None
        if _PAT.fullmatch(rest):
            self.section.draws.append(DrawLineText(name, 0, number, (), ()))
            return
        read_discard(ctx, self.section, name, rest, number)

    def _dealt(self, name: str, kept: str, new: str | None, number: int) -> None:
        read_dealt(self.ctx, self.hand, self.part, self.section, name, kept, new, number)

    def _showdown(self, name: str, rest: str, number: int) -> None:
        ctx = self.ctx
        m = _SHOWS.fullmatch(rest)
        if m:
            self.hand.shows.append(ShowLine(name, ctx.cards(m.group(1), number), number))
        elif rest in ("mucks hand", "mucks"):
            self.hand.shows.append(ShowLine(name, None, number))
        else:
            raise ctx.fail(f"cannot read {name}'s '{rest[:40]}' at the showdown", number)

    def _summary(self, line: str, number: int) -> None:
        m = _TOTAL.match(line)
        if m:
            self.hand.total_pot = self.ctx.amount(m.group(1), number)
            self.hand.rake = self.ctx.amount(m.group(2), number)
            self.hand.summary_line = number
        # The seat lines repeat what the hand already said; they are not needed.

"""Layout 2, the "#ID: Limit <game>" histories of the mixed-games room.

Every betting round and draw has a heading; a call or raise gives the seat's
total for the round; every seat gets a ``Dealt to`` line with ``X`` for the
cards nobody saw; the summary gives each seat's stack after the hand.

The room names the structure before the game and, for a table with fewer
than three draws, the draws after it ("No Limit Badacey Single Draw",
"Pot Limit Badacey Double Draw"); a big-bet table's stakes are its blinds.
"""

from __future__ import annotations

import re

from ..money import currency_code
from .games import DRAW_SUFFIXES, MIX_LAYOUT_GAMES, structure_named
from .lines import HandContext
from .money import scale_for
from .parsed import Collected, DrawLineText, NetLine, ParsedHand, PostLine, SeatLine
from .splitting import HandText
from .text_reader import TextReader

_HEADER = re.compile(r"#([\w-]+):\s+(.*?)\s+-\s+(\S+)\s*/\s*(\S+)")
_TABLE = re.compile(r"Table '.*' Seat (\d+) is the button")
# The stack is the last bracket on the line: a player may call themselves "Bob (NL)".
_SEAT = re.compile(r"Seat (\d+): (.+) \(([^()]+)\)(?=( is sitting out)?\s*$)")
_NET = re.compile(r"Seat (\d+): (.+) \(([^()]+)\)(?: ([+-]\S+|0))?")
_HEADING = re.compile(r"\*\*\* (\d)(?:ST|ND|RD|TH) (BETTING ROUND|DRAW) \*\*\*")
_OTHER_HEADING = re.compile(r"\*\*\* (.+?) \*\*\*")
_DATE = re.compile(r"\d{4}[-/]\d{2}[-/]\d{2}.*")
_POST = re.compile(r"posts (ante|the small blind|the big blind|blind) (\S+)")
_DEALT = re.compile(r"Dealt to (.+?): \[([^\]]*)\]")
_ACTION = re.compile(
    r"(folds|checks|calls|bets|raises to)(?: (\S+?))?(?: to (\S+))?"
    r"(?: and is all-in|, and is all in)?"
)
_DRAWS = re.compile(r"draws (\d+)")
_SWAP = re.compile(r"discards \[([^\]]*)\] draws \[([^\]]*)\]")
_RETURNED = re.compile(r"Uncalled bet \((\S+)\) returned to (.+)")
_WINS = re.compile(r"(.+?) wins (?:\((\S+)\) from ((?:main |side )?pot(?: \d+)?)|pot \((\S+)\))")
_RAKE = re.compile(r"Rake (\S+)")
_POST_KINDS = {
    "ante": "ante",
    "the small blind": "small blind",
    "the big blind": "big blind",
    "blind": "big blind",
}


def parse_mix_layout(text: HandText) -> ParsedHand:
    first = text.first_line
    m = _HEADER.fullmatch(text.lines[0])
    hand_id = text.lines[0][1:].split(":", 1)[0]
    ctx = HandContext(hand_id, scale_for("\n".join(text.lines)))
    if m is None:
        raise ctx.fail("the first line must read '#ID: Limit <game> - <small>/<big>'", first)
    name = m.group(2)
    found = _game(name)
    if found is None:
        known = ", ".join(MIX_LAYOUT_GAMES)
        raise ctx.fail(
            f"'{name[:60]}' is not a game this reader knows (it reads Limit, Pot Limit or "
            f"No Limit {known}, with one, two or three draws)",
            first,
        )
    game, structure, draws = found
    hand = ParsedHand(
        hand_id=hand_id,
        layout="mix",
        room="mixed-games room",
        game=game,
        structure=structure,
        draws=draws,
        small_bet=ctx.amount(m.group(3 if structure == "fixed-limit" else 4), first),
        big_bet=ctx.amount(m.group(4), first),
        scale=ctx.scale,
        header_line=first,
        last_line=text.number(len(text.lines) - 1),
        currency=currency_code("", m.group(3) + m.group(4)),
    )
    _Reader(hand, ctx).read(text)
    return hand


def _game(name: str) -> tuple[str, str, int] | None:
    """The profile, structure and draws of a name like "Pot Limit Badacey Double Draw"."""
    for words in ("Half Pot Limit", "Pot Limit", "No Limit", "Limit"):
        if name.startswith(words + " "):
            structure, rest = structure_named(words), name[len(words) + 1 :]
            break
    else:
        return None
    assert structure is not None
    if rest in MIX_LAYOUT_GAMES:
        return MIX_LAYOUT_GAMES[rest], structure, 3
    for suffix, draws in DRAW_SUFFIXES.items():
        base = rest.removesuffix(" " + suffix)
        if base != rest:
            key = MIX_LAYOUT_GAMES.get(base) or MIX_LAYOUT_GAMES.get(f"{base} Triple Draw")
            return None if key is None else (key, structure, draws)
    return None


class _Reader(TextReader):
    """The "#ID: Limit" words: a heading for every round, calls and raises as round totals."""

    SEPARATORS = (": ", " ")
    HEADING = _OTHER_HEADING
    ACTION = _ACTION
    CALL_IS_TOTAL = True
    RETURNED = _RETURNED
    STRICT_SEATS = True
    CUT_OFF = "the hand is cut off: it stops before its summary and the winners"

    def __init__(self, hand: ParsedHand, ctx: HandContext) -> None:
        super().__init__(hand, ctx)
        self.expected = ("betting", 1)
        self.headless = False  # the blinds came before any heading

    def complete(self) -> bool:
        return self.part == "summary" and bool(self.hand.collected or self.hand.nets)

    def heading(self, title: str, number: int) -> bool:
        m = _HEADING.fullmatch(f"*** {title} ***")
        if m is None:
            if title != "SUMMARY":
                raise self.ctx.fail(f"'*** {title} ***' is not a part of a draw hand here", number)
            return False
        ordinal, what = int(m.group(1)), m.group(2)
        kind = "betting" if what == "BETTING ROUND" else "draw"
        if (kind, ordinal) != self.expected:
            raise self.ctx.fail(f"'*** {ordinal} {what} ***' is out of order", number)
        self.expected = ("draw", ordinal) if kind == "betting" else ("betting", ordinal + 1)
        if kind == "draw":
            self.draws += 1
        self.open(kind, number)
        return True

    # Single-draw tables may write no headings at all (the blinds, the deal,
    # the betting, the draw and the betting again, one after the other).
    HEADLESS_DRAW_WORDS = ("discards [", "draws ", "stands pat")

    def before_action(self, name: str, number: int) -> None:
        """An action after a draw opens the next round only in a hand without headings."""
        if not self.headless:
            return
        if self.part == "draw":
            ordinal = self.draws + 1
            self.expected = ("draw", ordinal)
            self.open("betting", number)

    def headless_draw(self, rest: str) -> bool:
        return self.headless and super().headless_draw(rest)

    def open_draw(self, ordinal: int, title: str, number: int) -> None:
        super().open_draw(ordinal, title, number)
        self.expected = ("betting", ordinal + 1)

    def seat_or_table(self, line: str, number: int) -> bool:
        ctx, hand = self.ctx, self.hand
        m = _TABLE.match(line)
        if m:
            hand.button_number, hand.button_line = int(m.group(1)), number
            return True
        m = _SEAT.match(line)
        if m:
            # A seat "is sitting out" is left out after the hand if it takes no part.
            ctx.add_seat(m.group(2), number)
            stack = ctx.amount(m.group(3), number)
            hand.seats.append(SeatLine(int(m.group(1)), m.group(2), stack, number))
            return True
        if _DATE.fullmatch(line):
            return True
        found = ctx.seat_prefix(line, (": ",))
        if found is not None and found[1].startswith("posts ") and hand.seats:
            self.headless = True  # no "*** 1ST BETTING ROUND ***": the posts open it
            self.expected = ("draw", 1)
            self.open("betting", number)
            return False
        raise ctx.fail(f"cannot read '{line[:60]}' before the first betting round", number)

    def dealt(self, line: str, number: int) -> bool:
        m = _DEALT.fullmatch(line)
        if m is None:
            return False
        name = self.ctx.seat_named(m.group(1), number)
        if name in self.hand.dealt or len(self.hand.sections) > 1:
            raise self.ctx.fail(f"{name} is dealt a hand twice", number)
        cards, hidden = self.ctx.cards_or_hidden(m.group(2), number)
        self.hand.dealt[name] = (cards, hidden, number)
        return True

    def seat_line(self, name: str, rest: str, number: int) -> None:
        m = _POST.fullmatch(rest) if rest.startswith("posts ") else None
        if m:
            if len(self.hand.sections) > 1 or (self.section and self.section.actions):
                raise self.ctx.fail(f"{name} posts a forced bet in the middle of the hand", number)
            kind = _POST_KINDS[m.group(1)]
            amount = self.ctx.amount(m.group(2), number)
            self.add_post(PostLine(name, kind, amount, number, m.group(1) == "blind"))
            return
        if self.hand.shows and not rest.startswith(("shows [", "mucks")):
            raise self.ctx.fail(f"cannot read {name}'s '{rest[:40]}' after the showdown", number)
        super().seat_line(name, rest, number)

    def unreadable(self, name: str, rest: str, number: int) -> Exception:
        where = "in a betting round" if self.part == "betting" else "here"
        return self.ctx.fail(f"cannot read {name}'s '{rest[:40]}' {where}", number)

    def draw(self, name: str, rest: str, number: int) -> bool:
        ctx = self.ctx
        assert self.section is not None
        if rest == "stands pat":
            self.section.draws.append(DrawLineText(name, 0, number, (), ()))
            return True
        m = _DRAWS.fullmatch(rest)
        if m:
            self.section.draws.append(DrawLineText(name, int(m.group(1)), number))
            return True
        m = _SWAP.fullmatch(rest)
        if m is None:
            raise ctx.fail(f"cannot read {name}'s draw '{rest[:40]}'", number)
        old, new = ctx.cards(m.group(1), number), ctx.cards(m.group(2), number)
        if len(old) != len(new):
            raise ctx.fail(f"{name} discards {len(old)} cards but draws {len(new)}", number)
        self.section.draws.append(DrawLineText(name, len(old), number, old, new))
        return True

    def summary(self, line: str, number: int) -> None:
        ctx, hand = self.ctx, self.hand
        if line.endswith(" is sitting out"):
            return
        m = _WINS.fullmatch(line) if " wins " in line else None
        if m:
            name = ctx.seat_named(m.group(1), number)
            amount = ctx.amount(m.group(2) or m.group(4), number)
            hand.collected.append(Collected(name, amount, m.group(3) or "pot", number))
            return
        m = _RAKE.fullmatch(line) if line.startswith("Rake ") else None
        if m:
            hand.rake = ctx.amount(m.group(1), number)
            return
        m = _NET.fullmatch(line)
        if m:
            name = ctx.seat_named(m.group(2), number)
            net = m.group(4)
            signed = None
            if net is not None:
                signed = ctx.amount(net.lstrip("+-"), number) * (-1 if net[0] == "-" else 1)
            hand.nets.append(NetLine(name, ctx.amount(m.group(3), number), signed, number))
            return
        raise ctx.fail(f"cannot read '{line[:60]}' in the summary", number)

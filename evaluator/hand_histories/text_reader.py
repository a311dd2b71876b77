"""The one state machine every text layout reads a hand with.

The four text layouts (PokerStars' "Game #", the mixed-games room's "#ID:
Limit", Full Tilt and Winamax) say the same things in different words: the
seats, the forced bets, a betting round, a draw, the showdown, the summary.
``TextReader`` walks a hand's lines through those parts once for all of
them; a layout's subclass gives only its own patterns and the few steps its
room writes differently (its headings, its draw lines, its summary). So a
habit learned in one room is read in every room that shares it:

- table talk a seat types in the middle of a hand (``Hero: one sec``) in a
  room whose actions have no colon;
- chips a seat (or someone just sitting down) adds during a hand
  (``Ben adds $1``): they count from the next hand, so this one ignores them;
- a seat listed in the seat lines that sits the hand out (``Ana is sitting
  out`` before the deal, or in the summary) and takes no part: it was never
  dealt in, so it is left out before the order of acting is worked out;
- a hand the room called off before dealing (no cards, a pot of nothing) is
  refused with a sentence that says so.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .lines import HandContext, hand_lines, is_chatter
from .parsed import ActionLine, Collected, ParsedHand, PostLine, Section, ShowLine
from .splitting import HandText, is_archive_number

# "Name adds $1": chips for the next hand, from a seat or someone just sitting down.
_ADDS = re.compile(r"(.+?) adds (\S+)")
# A seat sitting the hand out, before the deal or in the summary.
_SITTING_OUT = re.compile(r"(?:Seat \d+: )?(.+?)(?: \([^()]*\))? is sitting out")
# What the room itself says between the lines: nobody's chips or cards.
_NOTICES = frozenset({"Betting is capped", "The deck is reshuffled"})
_TOURNAMENT_WON = re.compile(r".+ wins the tournament(?: and receives .*)?")
_CANCELLED = frozenset({"Hand cancelled", "Hand was cancelled"})
_VERBS = {
    "folds": "fold",
    "checks": "check",
    "calls": "call",
    "bets": "bet",
    "raises": "raise",
    "raises to": "raise",
}


class TextReader:
    """Reads one hand's lines into ``hand``; a layout subclasses it with its own words.

    ``part`` is where the hand has got to: ``seats``, ``blinds`` (a layout
    with a heading of its own for them), ``betting``, ``draw``, ``showdown``
    or ``summary``.
    """

    # What a layout's subclass sets.
    SEPARATORS: tuple[str, ...] = (" ",)  # after a seat's name, before its words
    HEADING = re.compile(r"\*\*\* (.+?) \*\*\*")
    POST: re.Pattern[str] | None = None
    POST_WORDS: tuple[str, ...] = ("posts ", "antes ")  # how every forced bet starts
    ACTION: re.Pattern[str] | None = None  # groups: verb, amount, to ("raises X to Y")
    CALL_IS_TOTAL = False  # a call gives the seat's round total, not the chips added
    RETURNED: re.Pattern[str] | None = None  # groups: amount, name
    COLLECTED: re.Pattern[str] | None = None  # named groups: name, amount, pot
    COLLECTED_WORDS: tuple[str, ...] = (" collected ",)
    SHOWS = re.compile(r"shows \[([^\]]*)\](?: .*)?")
    MUCKS: tuple[str, ...] = ("mucks", "mucks hand")
    TOTAL: re.Pattern[str] | None = None  # groups: pot, rake (None: no rake)
    STRICT_SEATS = False  # a line before the deal that is not a seat is refused
    # Table talk typed as "Name: words" in a layout whose actions take no colon.
    COLON_CHAT = False
    # How a draw line starts, in a layout whose single-draw files may leave
    # out the draw's heading: such a line after the betting opens the draw.
    HEADLESS_DRAW_WORDS: tuple[str, ...] = ()
    # How a seat's draw line starts: tried as a draw before it is tried as a bet.
    DRAW_WORDS: tuple[str, ...] = ("discard", "stands pat", "draws ", "is dealt ")

    def __init__(self, hand: ParsedHand, ctx: HandContext) -> None:
        self.hand = hand
        self.ctx = ctx
        self.part = "seats"
        self.section: Section | None = None
        self.draws = 0
        self.sitting_out: set[str] = set()

    # -- what a layout may change ----------------------------------------------

    def chatter(self) -> tuple[Callable[[str], bool], tuple[str, ...]]:
        """The test for table talk and the lower-case phrases it holds (``hand_lines``)."""
        return is_chatter, ()

    def amount(self, text: str, number: int) -> int:
        return self.ctx.amount(text, number)

    def heading(self, title: str, number: int) -> bool:
        """A heading of the layout's own (the deal, a draw, a betting round): handled?"""
        return False

    def seat_or_table(self, line: str, number: int) -> bool:
        """A seat line or the table's line before the deal: handled?"""
        return False

    def dealt(self, line: str, number: int) -> bool:
        """A "Dealt to" line: handled?"""
        return False

    def post(self, name: str, m: re.Match[str], number: int) -> None:
        kind, amount = m.group(1), m.group(2)
        self.add_post(PostLine(name, kind, self.amount(amount, number), number))

    def draw(self, name: str, rest: str, number: int) -> bool:
        """A seat's draw line: handled?"""
        return False

    def summary(self, line: str, number: int) -> None:
        """A summary line; the default reads the total pot and the rake and skips the rest."""
        m = self.TOTAL.match(line) if self.TOTAL is not None else None
        if m:
            self.hand.total_pot = self.amount(m.group(1), number)
            rake = m.group(2)
            self.hand.rake = 0 if rake is None else self.amount(rake, number)
            self.hand.summary_line = number

    def complete(self) -> bool:
        """Whether the hand reached its end (the summary and what the room paid)."""
        return self.part == "summary" and self.hand.total_pot is not None

    CUT_OFF = "the hand is cut off: it stops before its summary ('Total pot … | Rake …')"

    # -- the machine -------------------------------------------------------------

    def read(self, text: HandText) -> None:
        talk, phrases = self.chatter()

        def chatter(line: str) -> bool:
            # "Seat 3: Ana (1140 in chips) is sitting out" is a seat line all the same.
            return not line.startswith("Seat ") and talk(line)

        for line, number in hand_lines(text, chatter, phrases):
            self.line(line, number)
        if not self.complete():
            raise self.ctx.fail(self.CUT_OFF, self.hand.last_line)
        if not self.hand.sections:
            raise self.ctx.fail(
                "the room called this hand off before the deal: no cards were dealt",
                self.hand.summary_line or self.hand.last_line,
            )
        self._note_sitting_out(text)
        drop_absent_seats(self.hand, self.sitting_out)

    def line(self, line: str, number: int) -> None:
        ctx, hand = self.ctx, self.hand
        # Cheap tests before each pattern: every line of every hand comes through here.
        heading = self.HEADING.fullmatch(line) if line.startswith("*** ") else None
        if heading:
            self._heading(heading.group(1), number)
            return
        if self.part == "summary":
            self.summary(line, number)
            return
        if self.part == "seats" and self.seat_or_table(line, number):
            return
        if line.startswith("Dealt to ") and self.dealt(line, number):
            return
        m = self.RETURNED.fullmatch(line) if self.RETURNED and line.startswith("Uncalled") else None
        if m:
            name = ctx.seat_named(m.group(2), number)
            hand.returned.append(Collected(name, self.amount(m.group(1), number), "", number))
            return
        m = None
        if self.COLLECTED is not None:
            for word in self.COLLECTED_WORDS:
                if word in line:
                    m = self.COLLECTED.fullmatch(line)
                    break
        if m:
            name = ctx.seat_named(m.group("name"), number)
            pot = m.group("pot").removeprefix("the ")
            amount = self.amount(m.group("amount"), number)
            hand.collected.append(Collected(name, amount, pot, number))
            return
        found = ctx.seat_prefix(line, self.SEPARATORS)
        if found is None:
            if line in _NOTICES or _TOURNAMENT_WON.fullmatch(line) or is_archive_number(line):
                return
            if line in _CANCELLED:
                raise ctx.fail("the room cancelled this hand", number)
            if self._added_chips(line, number):
                return
            if self.COLON_CHAT and ctx.seat_prefix(line, (": ",)) is not None:
                return  # a seat typed in the chat box
            if self.STRICT_SEATS and self.part == "seats":
                raise ctx.fail(f"cannot read '{line[:60]}' before the deal", number)
            raise ctx.fail(f"cannot read '{line[:60]}' here", number)
        self.seat_line(found[0], found[1], number)

    def _heading(self, title: str, number: int) -> None:
        ctx = self.ctx
        if self.part == "summary":
            raise ctx.fail(f"'*** {title} ***' comes after the summary", number)
        if self.heading(title, number):
            return
        if title == "SHOW DOWN":
            self.part = "showdown"
        elif title == "SUMMARY":
            self.part = "summary"
            self.hand.summary_line = number
        else:
            raise ctx.fail(f"'*** {title} ***' is not a part of a draw hand", number)

    def open(self, kind: str, number: int) -> None:
        """Start a betting round or a draw."""
        self.section = Section(kind, number)
        self.hand.sections.append(self.section)
        self.part = kind

    def open_draw(self, ordinal: int, title: str, number: int) -> None:
        """A draw's heading: it must be the next draw, after the deal."""
        if ordinal != self.draws + 1 or self.part in ("seats", "blinds", "showdown"):
            raise self.ctx.fail(f"'*** {title} ***' is out of order", number)
        self.draws += 1
        self.open("draw", number)

    def add_post(self, post: PostLine) -> None:
        if self.part not in ("seats", "blinds", "betting") or len(self.hand.sections) > 1:
            raise self.ctx.fail(
                f"{post.name} posts a forced bet in the middle of the hand", post.line
            )
        self.hand.posts.append(post)

    def seat_line(self, name: str, rest: str, number: int) -> None:
        ctx, hand = self.ctx, self.hand
        if rest.startswith(self.POST_WORDS):
            m = self.POST.fullmatch(rest) if self.POST is not None else None
            if m is None:
                raise ctx.fail(f"cannot read {name}'s forced bet '{rest[:40]}'", number)
            self.post(name, m, number)
            return
        m = self.SHOWS.fullmatch(rest) if rest.startswith("shows [") else None
        if m:
            hand.shows.append(ShowLine(name, ctx.cards(m.group(1), number), number))
            return
        if rest in self.MUCKS:
            hand.shows.append(ShowLine(name, None, number))
            return
        if rest.startswith("adds ") and self._added_chips(f"{name} {rest}", number):
            return
        drawing = self.part == "draw" and rest.startswith(self.DRAW_WORDS)
        if drawing and self.draw(name, rest, number):
            return
        if self.part == "showdown":
            raise ctx.fail(f"cannot read {name}'s '{rest[:40]}' at the showdown", number)
        m = self.ACTION.fullmatch(rest) if self.ACTION is not None else None
        if m:
            self.action(name, m.group(1), m.group(2), m.group(3), number)
            return
        if self.part == "betting" and self.headless_draw(rest):
            self.open_draw(self.draws + 1, "the draw", number)
        if self.part == "draw" and self.draw(name, rest, number):
            return
        raise self.unreadable(name, rest, number)

    def headless_draw(self, rest: str) -> bool:
        """A draw line in a betting round that opens the next draw (no heading written)."""
        return (
            bool(self.HEADLESS_DRAW_WORDS)
            and rest.startswith(self.HEADLESS_DRAW_WORDS)
            and self.draws < self.hand.draws
        )

    def unreadable(self, name: str, rest: str, number: int) -> Exception:
        """The error for a seat's line the layout cannot read where it stands."""
        return self.ctx.fail(f"cannot read {name}'s '{rest[:40]}' here", number)

    def before_action(self, name: str, number: int) -> None:
        """The betting after a draw follows the draw's lines: open it at its first action."""
        if self.part == "draw":
            self.open("betting", number)

    def action(self, name: str, verb: str, first: str | None, to: str | None, number: int) -> None:
        """``verb`` with the amount after it and, for "raises X to Y", the total after "to"."""
        ctx = self.ctx
        self.before_action(name, number)
        if self.part != "betting" or self.section is None:
            raise ctx.fail(f"{name} bets outside a betting round", number)
        kind = _VERBS[verb]
        if kind in ("fold", "check"):
            if first is not None or to is not None:
                raise self._unread_action(name, verb, first, to, number)
            action = ActionLine(name, kind, None, False, number)
        elif kind == "raise" and verb == "raises":
            if first is None or to is None:
                raise ctx.fail(f"{name}'s raise must say 'raises X to Y'", number)
            self.amount(first, number)
            action = ActionLine(name, kind, self.amount(to, number), True, number)
        else:
            if first is None or to is not None:
                raise self._unread_action(name, verb, first, to, number)
            total = kind != "call" or self.CALL_IS_TOTAL
            action = ActionLine(name, kind, self.amount(first, number), total, number)
        self.section.actions.append(action)

    def _unread_action(
        self, name: str, verb: str, first: str | None, to: str | None, number: int
    ) -> Exception:
        said = f"{verb}{'' if first is None else ' ' + first}{'' if to is None else ' to ' + to}"
        return self.ctx.fail(f"cannot read {name}'s '{said[:40]}'", number)

    def _added_chips(self, line: str, number: int) -> bool:
        """ "Name adds $1": chips that count from the next hand on, so not in this one."""
        m = _ADDS.fullmatch(line) if " adds " in line else None
        if m is None:
            return False
        self.amount(m.group(2), number)  # it must still be an amount
        return True

    def _note_sitting_out(self, text: HandText) -> None:
        """The seats the room says sit out (lines ``hand_lines`` skips as talk)."""
        lines = text.lines
        if " sitting out" not in "\n".join(lines):  # one look through the hand, in C
            return
        for line in lines:
            if line.endswith(" is sitting out"):
                m = _SITTING_OUT.fullmatch(line.replace(", is sitting out", " is sitting out"))
                if m and m.group(1) in self.ctx.names:
                    self.sitting_out.add(m.group(1))


def drop_absent_seats(hand: ParsedHand, sitting_out: set[str]) -> None:
    """Leave out the seats that sat the hand out and took no part in it.

    Some rooms list every seat at the table before the deal, even one that
    is sitting out; it is dealt no cards, posts nothing and never acts, and
    the room says so ("is sitting out", often only in the summary). Counting
    it in would move the blinds and the order of acting, so it goes.
    """
    if not sitting_out:
        return
    took_part = {p.name for p in hand.posts} | set(hand.dealt)
    took_part |= {s.name for s in hand.shows} | {c.name for c in hand.collected}
    took_part |= {r.name for r in hand.returned}
    for section in hand.sections:
        took_part |= {a.name for a in section.actions} | {d.name for d in section.draws}
    absent = sitting_out - took_part
    if absent:
        hand.seats = [s for s in hand.seats if s.name not in absent]

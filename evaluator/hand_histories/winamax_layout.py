"""Layout 4, Winamax's "Winamax Poker - … - HandId: #…" histories (2-7 triple draw).

Winamax writes amounts with the euro sign after them (``0.10€``), heads
every betting round and every draw (``*** FIRST-BET ***`` …
``*** FOURTH-BET ***``, ``*** FIRST-DRAW ***`` …), gives each seat a
``Dealt to`` line with ``X`` for the cards nobody saw, and writes a draw as
the cards kept and the cards received (``Dealt to Ben [X X X] [X X]``), or
``stands pat``. A call gives the chips it adds and a raise both (``raises
0.10€ to 0.20€``). No line returns a bet nobody called: the room leaves it
out of the pot and out of what the bettor collects, as the "#ID: Limit"
room does.
"""

from __future__ import annotations

import re

from ..cards import Card
from .errors import HandHistoryError
from .games import WINAMAX_GAMES, structure_named
from .lines import HandContext
from .money import scale_for
from .parsed import DrawLineText, ParsedHand, PostLine, SeatLine
from .splitting import HandText
from .text_reader import TextReader

_HEADER = re.compile(
    r"Winamax Poker - (.+?) - HandId: #([\w-]+) - (.+?) (fixed limit|pot limit|no limit) "
    r"\(([^()]*)\)(?: - .*)?"
)
_TABLE = re.compile(r"Table: '.*' .*Seat #(\d+) is the button")
# The stack is the last bracket on the line: a player may call themselves "Bob (NL)".
_SEAT = re.compile(r"Seat (\d+): (.+) \(([^(),]+)(?:, [^()]*)?\)")
_ORDINALS = {"FIRST": 1, "SECOND": 2, "THIRD": 3, "FOURTH": 4}
_POST = re.compile(r"posts (small blind|big blind|ante) (\S+)( out of position)?")
_DISCARD = re.compile(r"discards? (\d+) cards?")
_ACTION = re.compile(
    r"(folds|checks|calls|bets|raises)(?: (\S+))?(?: to (\S+))?(?: and is all-in)?"
)
_DEALT = re.compile(r"Dealt to (.+?) \[([^\]]*)\](?: \[([^\]]*)\])?")
_PAT = re.compile(r"stands pat(?: \[([^\]]*)\])?")
_COLLECTED = re.compile(
    r"(?P<name>.+?) collected (?P<amount>\S+) from (?P<pot>(?:main |side )?pot(?: \d+)?)"
)
_TOTAL = re.compile(r"Total pot (\S+)(?: .*?)?\| (?:Rake (\S+)|No rake)")


def _amount(ctx: HandContext, text: str, line: int) -> int:
    """Winamax puts the currency after the digits: ``0.10€``, ``5€``."""
    return ctx.amount(text.rstrip("€$£"), line)


def parse_winamax_layout(text: HandText) -> ParsedHand:
    first = text.first_line
    m = _HEADER.fullmatch(text.lines[0])
    if m is None:
        raise HandHistoryError(
            "the first line must read 'Winamax Poker - CashGame - HandId: #ID - "
            "<game> fixed limit (<small>/<big>) - <date>'",
            line=first,
        )
    hand_id, name, structure, stakes = m.group(2), m.group(3), m.group(4), m.group(5)
    amounts = stakes.split("/")
    ctx = HandContext(hand_id, scale_for("\n".join((*text.lines[1:], stakes))))
    game = WINAMAX_GAMES.get(name)
    if game is None:
        known = ", ".join(WINAMAX_GAMES)
        raise ctx.fail(f"'{name[:60]}' is not a game this reader knows (it reads {known})", first)
    # "pot limit" and "no limit" tables give their blinds as the stakes; the
    # big one is the smallest bet.
    rules = structure_named(structure) or "fixed-limit"
    if len(amounts) not in (2, 3):
        raise ctx.fail(f"'({stakes[:30]})' are not stakes such as (0.10€/0.20€)", first)
    hand = ParsedHand(
        hand_id=hand_id,
        layout="winamax",
        room="Winamax",
        game=game,
        structure=rules,
        small_bet=_amount(ctx, amounts[-2] if rules == "fixed-limit" else amounts[-1], first),
        big_bet=_amount(ctx, amounts[-1], first),
        scale=ctx.scale,
        header_line=first,
        last_line=text.number(len(text.lines) - 1),
        currency="EUR" if "€" in stakes else ("USD" if "$" in stakes else ""),
    )
    _Reader(hand, ctx).read(text)
    # The room's "Total pot" is what the winners took, after the rake, and a
    # bet nobody called stays in it: the bettor "collected" it with the pot.
    if hand.total_pot is not None:
        hand.total_pot += hand.rake
    hand.winnings_include_returns = True
    return hand


class _Reader(TextReader):
    """Winamax's words: amounts with the euro sign after them, a heading for every round."""

    POST = _POST
    ACTION = _ACTION
    COLLECTED = _COLLECTED
    MUCKS = ("mucks", "mucks hand", "doesn't show")
    TOTAL = _TOTAL
    STRICT_SEATS = True

    def __init__(self, hand: ParsedHand, ctx: HandContext) -> None:
        super().__init__(hand, ctx)
        self.expected = ("BET", 1)
        # What each seat is known to hold (None: some card unseen), to name its discards.
        self.holding: dict[str, list[Card] | None] = {}

    def amount(self, text: str, number: int) -> int:
        return _amount(self.ctx, text, number)

    def heading(self, title: str, number: int) -> bool:
        ctx = self.ctx
        ordinal, _, kind = title.partition("-")
        if title == "ANTE/BLINDS" and self.part == "seats":
            self.part = "blinds"
        elif kind in ("BET", "DRAW") and ordinal in _ORDINALS:
            step = (kind, _ORDINALS[ordinal])
            if step != self.expected and not (kind == "DRAW" and self._bet_skipped(step)):
                raise ctx.fail(f"'*** {title} ***' is out of order", number)
            if self.part in ("seats", "showdown"):
                raise ctx.fail(f"'*** {title} ***' is out of order", number)
            self.expected = ("DRAW", step[1]) if kind == "BET" else ("BET", step[1] + 1)
            self.open("betting" if kind == "BET" else "draw", number)
        else:
            return False
        return True

    def _bet_skipped(self, step: tuple[str, int]) -> bool:
        """A draw straight after a draw: the betting between had nobody left to bet."""
        return self.expected == ("BET", step[1]) and self.part == "draw"

    def seat_or_table(self, line: str, number: int) -> bool:
        ctx, hand = self.ctx, self.hand
        m = _TABLE.match(line)
        if m:
            hand.button_number, hand.button_line = int(m.group(1)), number
            return True
        m = _SEAT.fullmatch(line)
        if m:
            ctx.add_seat(m.group(2), number)
            stack = _amount(ctx, m.group(3), number)
            hand.seats.append(SeatLine(int(m.group(1)), m.group(2), stack, number))
            return True
        raise ctx.fail(f"cannot read '{line[:60]}' before the blinds", number)

    def post(self, name: str, m: re.Match[str], number: int) -> None:
        if self.part != "blinds":
            raise self.ctx.fail(f"{name} posts a forced bet in the middle of the hand", number)
        # "posts big blind 0.50 out of position": a seat just sat down posts a
        # live big blind wherever it sits, and acts in its seat's turn.
        out_of_turn = m.group(3) is not None
        amount = _amount(self.ctx, m.group(2), number)
        self.add_post(PostLine(name, m.group(1), amount, number, out_of_turn))

    def before_action(self, name: str, number: int) -> None:
        if self.part == "draw":
            self.open("betting", number)
            self.expected = ("DRAW", self.expected[1])

    def draw(self, name: str, rest: str, number: int) -> bool:
        ctx = self.ctx
        assert self.section is not None
        m = _PAT.fullmatch(rest)
        if m:
            if m.group(1) is not None:
                cards, hidden = ctx.cards_or_hidden(m.group(1), number)
                if not hidden:
                    self._check_holding(name, list(cards), number)
            self.section.draws.append(DrawLineText(name, 0, number, (), ()))
            return True
        m = _DISCARD.fullmatch(rest)
        if m:
            # "discard 2 cards": the count only, even for the file's own seat.
            count = int(m.group(1))
            if count == 0:
                self.section.draws.append(DrawLineText(name, 0, number, (), ()))
            else:
                self.section.draws.append(DrawLineText(name, count, number))
                self.holding[name] = None
            return True
        return False

    def dealt(self, line: str, number: int) -> bool:
        m = _DEALT.fullmatch(line)
        if m is None:
            return False
        ctx, hand = self.ctx, self.hand
        name, kept, new = ctx.seat_named(m.group(1), number), m.group(2), m.group(3)
        if new is None:
            if self.part not in ("blinds", "betting") or len(hand.sections) > 1:
                raise ctx.fail(f"'Dealt to {name}' is out of place here", number)
            if name in hand.dealt:
                raise ctx.fail(f"{name} is dealt cards twice", number)
            cards, hidden = ctx.cards_or_hidden(kept, number)
            hand.dealt[name] = (cards, hidden, number)
            self.holding[name] = None if hidden else list(cards)
            return True
        if self.part != "draw" or self.section is None:
            raise ctx.fail(f"'Dealt to {name}' with new cards is out of place here", number)
        kept_cards, kept_hidden = ctx.cards_or_hidden(kept, number)
        new_cards, new_hidden = ctx.cards_or_hidden(new, number)
        count = len(new_cards) + new_hidden
        if count == 0:
            raise ctx.fail(f"{name} is dealt no new cards in a draw", number)
        held = self.holding.get(name)
        if new_hidden == 0 and kept_hidden == 0 and held is not None:
            missing = [c for c in kept_cards if c not in held]
            if missing:
                raise ctx.fail(f"{name} keeps {missing[0]}, which it does not hold", number)
            discards = tuple(c for c in held if c not in kept_cards)
            if len(discards) != count:
                raise ctx.fail(f"{name} discards {len(discards)} cards but draws {count}", number)
            self.section.draws.append(DrawLineText(name, count, number, discards, new_cards))
            self.holding[name] = [*kept_cards, *new_cards]
            return True
        self.section.draws.append(DrawLineText(name, count, number))
        self.holding[name] = None
        return True

    def _check_holding(self, name: str, cards: list[Card], number: int) -> None:
        held = self.holding.get(name)
        if held is not None and sorted(held, key=str) != sorted(cards, key=str):
            raise self.ctx.fail(f"{name} stands pat on cards it was not holding", number)

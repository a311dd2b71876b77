"""Read a PHH file back into a hand, so an exported hand can round-trip.

PHH (the TOML format PokerKit reads and writes) lists the players from the
button's left with the button last (heads-up: the big blind first), the
forced bets, the stacks, and every action as a short code: ``d dh p1 AsKd??``
deals, ``p2 cbr 20`` bets or raises to 20, ``p2 cc`` checks or calls, ``p1
f`` folds, ``p1 sd Kh`` discards and ``p1 sm …`` shows (a bare ``sm``
mucks). The file is turned into the same parsed form the rooms' histories
fill, replayed by the deal engine and held against the file's ``winnings``
and ``finishing_stacks``. Besides PHH's own codes (``FB``, ``F2L3D``,
``N2L1D``) this reads the codes the site proposes for its other games and
structures (``phh.CODES``); a big-bet file's smallest bet is its ``min_bet``.
Amounts are read as exact decimals: a file written in dollars and cents is
read in cents.
"""

from __future__ import annotations

import re
import tomllib
from decimal import Decimal
from typing import Any

from ..cards import Card
from ..limits import MAX_CHIPS
from .errors import HandHistoryError
from .lines import HandContext
from .parsed import (
    ActionLine,
    Collected,
    DrawLineText,
    NetLine,
    ParsedHand,
    PostLine,
    SeatLine,
    Section,
    ShowLine,
)
from .phh import CODES, STANDARD

_CARD = re.compile(r"\?\?|[2-9TJQKA][cdhs]")


def looks_like_phh(text: str) -> bool:
    return re.search(r"^\s*variant\s*=", text[:4096], re.MULTILINE) is not None


def parse_phh(text: str) -> ParsedHand:
    """The parsed hand of one PHH file; ``HandHistoryError`` names the line at fault."""
    try:
        data = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as error:
        raise HandHistoryError(f"the PHH file is not TOML ({error})") from None
    lines = text.splitlines()

    def line_of(prefix: str) -> int:
        for number, line in enumerate(lines, start=1):
            if line.lstrip().startswith(prefix):
                return number
        return 1

    hand_id = str(data.get("hand", "phh"))
    variant = data.get("variant")
    found = CODES.get(str(variant))
    if found is None:
        known = ", ".join(STANDARD.values())
        raise HandHistoryError(
            f"the variant '{str(variant)[:20]}' is not one this reader knows (it reads PHH's "
            f"{known} and the site's proposed codes such as FB/AL3D or PB, listed in "
            "docs/hand-histories.md)",
            hand=hand_id,
            line=line_of("variant"),
        )
    stacks = _numbers(data, "starting_stacks", hand_id, line_of("starting_stacks"))
    n = len(stacks)
    money = [
        *stacks,
        *_numbers(data, "antes", hand_id, 1, n),
        *_numbers(data, "blinds_or_straddles", hand_id, 1, n),
        *_numbers(data, "winnings", hand_id, 1, n),
        *_numbers(data, "finishing_stacks", hand_id, 1, n),
        _decimal(data.get("small_bet", 0), "small_bet", hand_id, line_of("small_bet")),
        _decimal(data.get("min_bet", 0), "min_bet", hand_id, line_of("min_bet")),
        _decimal(data.get("big_bet", 0), "big_bet", hand_id, line_of("big_bet")),
        _decimal(data.get("_rake", 0), "_rake", hand_id, line_of("_rake")),
    ]
    scale = 100 if any(value != value.to_integral_value() for value in money) else 1
    ctx = HandContext(hand_id, scale)

    def chips(value: Any, line: int) -> int:
        amount = _decimal(value, "an amount", hand_id, line) * scale
        if amount != amount.to_integral_value() or amount > MAX_CHIPS:
            raise ctx.fail(f"'{value}' is not an amount in whole cents", line)
        return int(amount)

    players = data.get("players", [f"p{k + 1}" for k in range(n)])
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise ctx.fail("'players' must list the players' names", line_of("players"))
    actions = data.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise ctx.fail("'actions' must list the actions as text", line_of("actions"))
    if len(players) != n or n < 2:
        raise ctx.fail("the file needs a name and a stack for each of two or more players", 1)
    first = line_of("variant")
    game, structure, draws = found
    if structure == "fixed-limit":
        small = chips(data.get("small_bet", 0), line_of("small_bet"))
        big = chips(data.get("big_bet", 0), line_of("big_bet"))
    else:
        small = big = chips(data.get("min_bet", 0), line_of("min_bet"))
    hand = ParsedHand(
        hand_id=hand_id,
        layout="phh",
        room="PHH file",
        game=game,
        structure=structure,
        draws=draws,
        small_bet=small,
        big_bet=big,
        scale=scale,
        header_line=first,
        last_line=len(lines),
        currency=str(data.get("currency", "")),
        button_number=n,
        button_line=first,
    )
    for k, name in enumerate(players):
        ctx.add_seat(name, line_of("players"))
        hand.seats.append(
            SeatLine(k + 1, name, chips(stacks[k], line_of("starting_stacks")), first)
        )
    _forced(data, hand, players, chips, line_of)
    _Actions(hand, ctx, players, scale, line_of("actions")).read(actions, lines)
    line = line_of("winnings")
    for k, won in enumerate(_numbers(data, "winnings", hand_id, line, n)):
        hand.collected.append(Collected(players[k], chips(won, line), "pot", line))
    if not hand.collected:
        raise ctx.fail("the file gives no winnings to compare the replay with", len(lines))
    line = line_of("finishing_stacks")
    for k, end in enumerate(_numbers(data, "finishing_stacks", hand_id, line, n)):
        hand.nets.append(NetLine(players[k], chips(end, line), None, line))
    hand.rake = chips(data.get("_rake", 0), line_of("_rake"))
    hand.summary_line = line_of("winnings")
    hand.winnings_include_returns = True
    return hand


def _numbers(
    data: dict[str, Any], key: str, hand_id: str, line: int, n: int | None = None
) -> list[Decimal]:
    values = data.get(key, [])
    if not isinstance(values, list) or (n is not None and values and len(values) != n):
        raise HandHistoryError(f"'{key}' must list one amount per player", hand=hand_id, line=line)
    return [_decimal(v, key, hand_id, line) for v in values]


def _decimal(value: Any, what: str, hand_id: str, line: int) -> Decimal:
    """A TOML number as an exact decimal; anything else (text, a list, nan) is refused."""
    if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
        raise HandHistoryError(f"'{what}' must hold numbers", hand=hand_id, line=line)
    amount = Decimal(value)
    if not amount.is_finite() or amount < 0:
        raise HandHistoryError(
            f"'{what}' holds '{value}', which is not an amount", hand=hand_id, line=line
        )
    return amount


def _forced(
    data: dict[str, Any], hand: ParsedHand, players: list[str], chips: Any, line_of: Any
) -> None:
    """The posts: PHH lists them per player, heads-up each in the other player's entry."""
    n = len(players)
    antes = _numbers(data, "antes", hand.hand_id, line_of("antes"), n)
    blinds = _numbers(data, "blinds_or_straddles", hand.hand_id, line_of("blinds"), n)
    if n == 2:
        antes, blinds = antes[::-1], blinds[::-1]
    for k, ante in enumerate(antes):
        if ante:
            hand.posts.append(
                PostLine(players[k], "ante", chips(ante, line_of("antes")), line_of("antes"))
            )
    kinds = {0: "small blind", 1: "big blind"} if n > 2 else {1: "small blind", 0: "big blind"}
    for k in sorted(kinds, key=lambda k: kinds[k] != "small blind"):
        if k < len(blinds) and blinds[k]:
            line = line_of("blinds")
            hand.posts.append(PostLine(players[k], kinds[k], chips(blinds[k], line), line))


class _Actions:
    """The action list, in order, into betting rounds and draws."""

    def __init__(
        self, hand: ParsedHand, ctx: HandContext, players: list[str], scale: int, line: int
    ) -> None:
        self.hand = hand
        self.ctx = ctx
        self.players = players
        self.scale = scale
        self.first_line = line
        self.section: Section | None = None
        self.put: dict[str, int] = {}
        self.bet_to = 0
        self.left = {s.name: s.stack for s in hand.seats}
        for post in hand.posts:
            self.left[post.name] -= post.amount
            if post.kind != "ante":
                self.put[post.name] = self.put.get(post.name, 0) + post.amount
        self.bet_to = max(self.put.values(), default=0)
        self.waiting: dict[str, DrawLineText] = {}  # a discard whose new cards are still to come

    def read(self, actions: list[Any], lines: list[str]) -> None:
        cursor = self.first_line
        for action in actions:
            text = str(action)
            cursor = self._line_of(text, lines, cursor)
            self._one(text.split(), cursor)

    @staticmethod
    def _line_of(text: str, lines: list[str], after: int) -> int:
        quoted = f'"{text}"'
        for number in range(after, len(lines) + 1):
            if quoted in lines[number - 1]:
                return number
        return after

    def _player(self, code: str, line: int) -> str:
        if not re.fullmatch(r"p\d+", code) or not 1 <= int(code[1:]) <= len(self.players):
            raise self.ctx.fail(f"'{code[:10]}' is not a player of this hand", line)
        return self.players[int(code[1:]) - 1]

    def _cards(self, text: str, line: int) -> tuple[tuple[Card, ...], int]:
        tokens = _CARD.findall(text)
        if "".join(tokens) != text:
            raise self.ctx.fail(f"'{text[:30]}' are not cards", line)
        known = [t for t in tokens if t != "??"]
        cards = self.ctx.cards(" ".join(known), line) if known else ()
        return cards, len(tokens) - len(known)

    def _one(self, words: list[str], line: int) -> None:
        ctx, hand = self.ctx, self.hand
        if len(words) >= 3 and words[:2] == ["d", "dh"]:
            name = self._player(words[2], line)
            cards, hidden = self._cards(words[3] if len(words) > 3 else "", line)
            if name not in hand.dealt:
                hand.dealt[name] = (cards, hidden, line)
                if self.section is None:
                    self._open("betting", line)
                return
            draw = self.waiting.pop(name, None)
            if draw is None or len(cards) + hidden != draw.count:
                raise ctx.fail(f"{name} is dealt cards without a discard to match", line)
            if draw.discards is not None:
                if hidden:
                    raise ctx.fail(
                        f"{name}'s new cards are unseen but its discards are known", line
                    )
                draw.receives = cards
            return
        if len(words) < 2:
            raise ctx.fail(f"cannot read the action '{' '.join(words)[:40]}'", line)
        name, verb = self._player(words[0], line), words[1]
        if verb == "sd":
            if (
                self.section is None
                or self.section.kind != "draw"
                # A seat drawing again: the next draw, with no betting between
                # because every seat but one is all-in.
                or any(d.name == name for d in self.section.draws)
            ):
                self._open("draw", line)
            assert self.section is not None
            cards, hidden = self._cards(words[2] if len(words) > 2 else "", line)
            if hidden and cards:
                raise ctx.fail(f"{name} discards seen and unseen cards together", line)
            if not cards and not hidden:
                draw = DrawLineText(name, 0, line, (), ())
            elif hidden:
                draw = DrawLineText(name, hidden, line)
                self.waiting[name] = draw
            else:
                draw = DrawLineText(name, len(cards), line, cards)
                self.waiting[name] = draw
            self.section.draws.append(draw)
            return
        if verb == "sm":
            cards, hidden = self._cards(words[2] if len(words) > 2 else "", line)
            hand.shows.append(ShowLine(name, cards if cards and not hidden else None, line))
            return
        if verb not in ("f", "cc", "cbr"):
            raise ctx.fail(f"cannot read the action '{' '.join(words)[:40]}'", line)
        if self.section is None or self.section.kind != "betting":
            self._open("betting", line)
        assert self.section is not None
        if verb == "f":
            self.section.actions.append(ActionLine(name, "fold", None, False, line))
            return
        put = self.put.get(name, 0)
        if verb == "cc":
            if put >= self.bet_to:
                self.section.actions.append(ActionLine(name, "check", None, False, line))
                return
            added = min(self.bet_to - put, self.left[name])
            self.put[name], self.left[name] = put + added, self.left[name] - added
            self.section.actions.append(ActionLine(name, "call", added, False, line))
            return
        if len(words) != 3:
            raise ctx.fail(f"{name}'s bet must give the amount it reaches", line)
        amount = Decimal(words[2]) * self.scale if re.fullmatch(r"\d+(\.\d+)?", words[2]) else None
        if amount is None or amount != amount.to_integral_value():
            raise ctx.fail(f"'{words[2][:20]}' is not an amount", line)
        total = int(amount)
        kind = "bet" if self.bet_to == 0 else "raise"
        self.left[name] -= total - put
        self.put[name], self.bet_to = total, max(self.bet_to, total)
        self.section.actions.append(ActionLine(name, kind, total, True, line))

    def _open(self, kind: str, line: int) -> None:
        self.section = Section(kind, line)
        self.hand.sections.append(self.section)
        if kind == "betting" and len(self.hand.sections) > 1:
            self.put, self.bet_to = {}, 0

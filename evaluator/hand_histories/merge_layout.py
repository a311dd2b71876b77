"""Layout 5, the Merge network's XML histories (Carbon Poker and its sister rooms).

A file is a ``<description type="Badugi" stakes="Limit ($0.10/$0.20)"/>``
element followed by one ``<game id="…">`` element per hand; the description
holds for every game after it. Seats are numbered from 0, and every event
names its seat by that number (``player="2"``). Each round is a ``<round
id="…">``: ``BLINDS``, ``PRE_FIRST_DRAW``, ``FIRST_DRAW`` … ``THIRD_DRAW``
(the draw, then that round's betting) and ``END_OF_GAME`` (the cards shown
and the ``<winner>`` lines). A draw is an ``<event type="DRAW" text="2"/>``
(the number of cards); the file's own player also gets a
``<cards type="DRAW_DRAWN_CARDS">`` element with the whole hand after the
draw. A bet nobody called comes back as a winner line marked
``uncalled="true"``. The rake is an attribute when the room wrote one;
otherwise it is what the seats put in less everything paid back.

The text is parsed with the standard library's expat parser, with document
type declarations refused, so no entity can expand inside a history.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from xml.parsers import expat

from ..cards import Card
from .errors import HandHistoryError
from .games import MERGE_GAMES, MERGE_NOT_REPLAYED, structure_named
from .lines import HandContext
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

_XML_DECLARATION = re.compile(r"<\?xml[^>]*\?>")
# "Limit ($0.10/$0.20)", and as the room also wrote them, "Limit $0.50/$1".
_STAKES = re.compile(
    r"(Limit|Pot Limit|No Limit|Half Pot Limit)\s*(?:\(?(\$?[\d.,]+)/(\$?[\d.,]+)\)?)?"
)
_DRAW_ROUNDS = {"FIRST_DRAW": 1, "SECOND_DRAW": 2, "THIRD_DRAW": 3}
# The betting after each draw, when the room gives it a round of its own.
_BET_ROUNDS = {"POST_FIRST_DRAW": 1, "POST_SECOND_DRAW": 2, "POST_THIRD_DRAW": 3}
# Rounds where the hand is over: the cards shown, then the winners.
_END_ROUNDS = ("SHOWDOWN", "END_OF_FOLDED_GAME", "END_OF_GAME")
_POSTS = {
    "SMALL_BLIND": "small blind",
    "BIG_BLIND": "big blind",
    "INITIAL_BLIND": "big blind",
    "ANTE": "ante",
}
_BETS = {
    "FOLD": "fold",
    "SIT_OUT": "fold",
    "CHECK": "check",
    "CALL": "call",
    "ALL_IN": "call",
    "BET": "bet",
    "RAISE": "raise",
    "COMPLETE": "raise",
}
# Events about the table, not the hand: nobody's chips or cards.
_TABLE_EVENTS = frozenset(
    {"RECONNECTED", "DISCONNECTED", "LEAVE", "JOIN", "CHAT", "SIT_IN", "TIMEOUT", "PLAYER_OUT"}
)


def looks_like_merge(text: str) -> bool:
    """True when the file is the Merge network's XML (its first tag is one of its own)."""
    head = text[:4096]
    return (
        head.lstrip().startswith("<")
        and re.search(r'<description type=|<game id="', head) is not None
    )


@dataclass
class _Element:
    tag: str
    attrs: dict[str, str]
    line: int


@dataclass
class _Game:
    """One ``<game>`` element's children, with the description in force."""

    attrs: dict[str, str]
    line: int
    description: dict[str, str] | None
    items: list[_Element] = field(default_factory=list)
    last_line: int = 0


def read_merge(text: str) -> list[ParsedHand | HandHistoryError]:
    """Every ``<game>`` of a Merge file, each parsed or the error that names its line."""
    return list(iter_merge(text))


def iter_merge(text: str) -> Iterator[ParsedHand | HandHistoryError]:
    """``read_merge`` one game at a time, once the whole file has been found to be XML.

    A file refused whole (not well-formed, or without a game) raises here,
    before any game is parsed; each game is then parsed only when asked for.
    """
    games = _elements(text)
    if not games:
        raise HandHistoryError("the file is Merge XML but holds no <game> element")
    return map(_parsed_or_error, games)


def _parsed_or_error(game: _Game) -> ParsedHand | HandHistoryError:
    try:
        return _parse_game(game)
    except HandHistoryError as error:
        return error


def _elements(text: str) -> list[_Game]:
    """The games in file order; the file may hold several top-level elements."""
    declared = re.search(r"<!(?:DOCTYPE|ENTITY)", text)
    if declared:
        raise HandHistoryError(
            "the file declares a document type or entities, which a history never needs",
            line=text.count("\n", 0, declared.start()) + 1,
        )
    # Keep line numbers: the declaration becomes blanks and the wrapper sits on line 1.
    body = _XML_DECLARATION.sub(lambda m: " " * len(m.group(0)), text, count=1)
    parser = expat.ParserCreate()
    games: list[_Game] = []
    description: dict[str, str] | None = None
    current: list[_Game] = []

    def refuse(*_: object) -> None:
        raise HandHistoryError(
            "the file declares a document type or entities, which a history never needs",
            line=parser.CurrentLineNumber,
        )

    def start(tag: str, attrs: dict[str, str]) -> None:
        # expat gives each call a dictionary of its own, so it is kept as it is.
        nonlocal description
        line = parser.CurrentLineNumber
        if tag == "description":
            description = attrs
        elif tag == "game":
            if current:
                raise HandHistoryError("a <game> starts inside another one", line=line)
            current.append(_Game(attrs, line, description))
        elif current:
            current[0].items.append(_Element(tag, attrs, line))

    def end(tag: str) -> None:
        if tag == "game" and current:
            game = current.pop()
            game.last_line = parser.CurrentLineNumber
            games.append(game)

    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    try:
        parser.Parse("<merge-file>" + body + "</merge-file>", True)
    except expat.ExpatError as error:
        raise HandHistoryError(
            f"the XML cannot be read ({expat.errors.messages[error.code]})", line=error.lineno
        ) from None
    return games


def _amounts(game: _Game) -> str:
    found = [a.get("amount", "") + a.get("balance", "") for a in (e.attrs for e in game.items)]
    return " ".join(found)


def _parse_game(game: _Game) -> ParsedHand:
    hand_id = game.attrs.get("id", "")
    if not hand_id:
        raise HandHistoryError("a <game> has no id", line=game.line)
    scale = 100 if re.search(r"\d\.\d", _amounts(game)) else 1
    ctx = HandContext(hand_id, scale)
    description = game.description or {}
    kind = description.get("type", "")
    stakes = description.get("stakes", "")
    key, tournament = _game_key(kind, ctx, game.line)
    m = _STAKES.fullmatch(stakes.strip())
    if m is None or m.group(2) is None:
        raise ctx.fail(
            f"'{stakes[:40]}' are not stakes such as 'Limit ($0.10/$0.20)' or 'Limit $0.50/$1'",
            game.line,
        )
    # "Pot Limit ($0.05/$0.10)" gives the blinds: the big one is the smallest bet.
    structure = structure_named(m.group(1)) or "fixed-limit"
    small = m.group(2) if structure == "fixed-limit" else m.group(3)
    if re.search(r"\d\.\d", m.group(2) + m.group(3)):
        scale = 100
        ctx = HandContext(hand_id, scale)
    hand = ParsedHand(
        hand_id=hand_id,
        layout="merge",
        room="Merge",
        game=key,
        structure=structure,
        small_bet=ctx.amount(small, game.line),
        big_bet=ctx.amount(m.group(3), game.line),
        scale=scale,
        header_line=game.line,
        last_line=game.last_line,
        currency="USD" if "$" in stakes and game.attrs.get("realmoney") != "false" else "",
    )
    _Builder(hand, ctx, tournament).build(game.items)
    return hand


def _game_key(kind: str, ctx: HandContext, line: int) -> tuple[str, bool]:
    name = kind.removesuffix(" Tournament")
    key = MERGE_GAMES.get(name)
    if key is None:
        if name in MERGE_NOT_REPLAYED:
            raise ctx.fail(
                f"Merge's {name} is not replayed yet: the engine plays lowball and Badugi "
                "hands only (Badugi, 2-7 and A-5 triple draw are read)",
                line,
            )
        known = ", ".join(MERGE_GAMES)
        raise ctx.fail(f"'{kind[:60]}' is not a game this reader knows (it reads {known})", line)
    return key, name != kind


class _Builder:
    def __init__(self, hand: ParsedHand, ctx: HandContext, tournament: bool) -> None:
        self.hand = hand
        self.ctx = ctx
        self.tournament = tournament
        self.names: dict[str, str] = {}  # the file's seat number to the player's name
        self.section: Section | None = None
        self.round = ""
        self.draws = 0
        self.holding: dict[str, list[Card] | None] = {}
        self.put: dict[str, int] = {}  # chips each seat put in, for a rake the file leaves out
        self.round_put: dict[str, int] = {}
        self.rake: int | None = None
        # Each seat's showdown, by name: a MUCK event, then maybe its cards.
        self.shows: dict[str, ShowLine] = {}

    def build(self, items: list[_Element]) -> None:
        ctx, hand = self.ctx, self.hand
        handlers = {
            "players": self._players,
            "player": self._player,
            "round": self._round,
            "event": self._event,
            "cards": self._cards_element,
            "winner": self._winner,
        }
        for item in items:
            if (
                item.attrs.get("id") == "GAME_CANCELLED"
                or item.attrs.get("type") == "GAME_CANCELLED"
            ):
                raise ctx.fail("the room cancelled this hand", item.line)
        for item in items:
            handler = handlers.get(item.tag)
            if handler is None:
                raise ctx.fail(f"<{item.tag[:30]}> is not a part of a Merge hand", item.line)
            handler(item)
        if self.round not in _END_ROUNDS or not (hand.collected or hand.returned):
            raise ctx.fail(
                "the hand is cut off: it has no END_OF_GAME round with its winners", hand.last_line
            )
        hand.shows = list(self.shows.values())
        # Without an uncalled="true" line, what a winner gets holds its own
        # unmatched chips too (a folded game pays the whole pot that way).
        hand.winnings_include_returns = not hand.returned
        if self.tournament:
            # A tournament's balances are taken after the forced bets; give them back.
            for seat in hand.seats:
                seat.stack += sum(p.amount for p in hand.posts if p.name == seat.name)
        paid = sum(c.amount for c in hand.collected) + sum(r.amount for r in hand.returned)
        put_in = sum(self.put.values())
        hand.rake = put_in - paid if self.rake is None else self.rake
        if hand.rake < 0:
            raise ctx.fail("the winners are paid more than the seats put in", hand.last_line)
        hand.total_pot = put_in - sum(r.amount for r in hand.returned)
        hand.summary_line = hand.last_line

    def _seat(self, item: _Element) -> str:
        number = item.attrs.get("player", "")
        if number not in self.names:
            raise self.ctx.fail(f'player="{number[:10]}" is not a seat dealt in', item.line)
        return self.names[number]

    def _amount(self, item: _Element, attr: str = "amount") -> int:
        value = item.attrs.get(attr)
        if value is None:
            raise self.ctx.fail(f"<{item.tag}> has no {attr}", item.line)
        return self.ctx.amount(value, item.line)

    def _cards(self, item: _Element) -> tuple[Card, ...]:
        raw = item.attrs.get("cards", "").replace("10", "T")
        return self.ctx.cards(" ".join(raw.split(",")), item.line)

    def _players(self, item: _Element) -> None:
        dealer = item.attrs.get("dealer", "")
        if not dealer.isdigit():
            raise self.ctx.fail("the players do not say which seat is the dealer", item.line)
        self.hand.button_number, self.hand.button_line = int(dealer), item.line

    def _player(self, item: _Element) -> None:
        if item.attrs.get("dealtin", "true") != "true":
            return
        seat, name = item.attrs.get("seat", ""), item.attrs.get("nickname", "")
        if not seat.isdigit():
            raise self.ctx.fail("a player has no seat number", item.line)
        self.ctx.add_seat(name, item.line)
        self.names[seat] = name
        stack = self._amount(item, "balance")
        self.hand.seats.append(SeatLine(int(seat), name, stack, item.line))

    def _round(self, item: _Element) -> None:
        name = item.attrs.get("id", "")
        ctx, hand = self.ctx, self.hand
        self.round_put = {}
        if name == "BLINDS":
            if self.round:
                raise ctx.fail("the blinds come after the deal", item.line)
        elif name in ("PRE_FIRST_DRAW", "PREDRAW"):
            if self.round not in ("", "BLINDS"):
                raise ctx.fail("the cards are dealt twice", item.line)
            self._open("betting", item.line)
            self.round_put = {p.name: p.amount for p in hand.posts if p.kind != "ante"}
        elif name in _DRAW_ROUNDS:
            if _DRAW_ROUNDS[name] != self.draws + 1 or not hand.sections:
                raise ctx.fail(f"the round {name} is out of order", item.line)
            self.draws += 1
            self._open("draw", item.line)
        elif name in _BET_ROUNDS:
            # "POST_FIRST_DRAW": the betting after a draw, in a round of its own.
            if _BET_ROUNDS[name] != self.draws or self.section is None:
                raise ctx.fail(f"the round {name} is out of order", item.line)
            if self.section.kind == "draw":
                self._open("betting", item.line)
        elif name in _END_ROUNDS:
            if not hand.sections:
                raise ctx.fail(f"the round {name} comes before the deal", item.line)
            self.section = None
        else:
            raise ctx.fail(f"the round '{name[:30]}' is not a part of a draw hand", item.line)
        if "rake" in item.attrs:
            self.rake = self._amount(item, "rake")
        self.round = name

    def _open(self, kind: str, line: int) -> None:
        self.section = Section(kind, line)
        self.hand.sections.append(self.section)

    def _event(self, item: _Element) -> None:
        kind = item.attrs.get("type", "")
        if kind in _TABLE_EVENTS:
            return
        if kind == "GAME_CANCELLED":
            raise self.ctx.fail("the room cancelled this hand", item.line)
        if kind == "SHOW":  # the cards follow in a <cards type="SHOWN"> element
            return
        if kind == "MUCK":
            name = self._seat(item)
            self.shows.setdefault(name, ShowLine(name, None, item.line))
            return
        if kind in _POSTS:
            self._post(item, _POSTS[kind])
        elif kind == "DRAW":
            self._draw(item)
        elif kind in _BETS:
            self._bet(item, _BETS[kind])
        else:
            raise self.ctx.fail(f"cannot read the event '{kind[:30]}' here", item.line)

    def _post(self, item: _Element, kind: str) -> None:
        if self.round not in ("", "BLINDS"):
            raise self.ctx.fail("a forced bet is posted in the middle of the hand", item.line)
        name, amount = self._seat(item), self._amount(item)
        out_of_turn = item.attrs.get("type") == "INITIAL_BLIND"
        self.hand.posts.append(PostLine(name, kind, amount, item.line, out_of_turn))
        self.put[name] = self.put.get(name, 0) + amount

    def _bet(self, item: _Element, kind: str) -> None:
        ctx, section = self.ctx, self.section
        if section is not None and section.kind == "draw":
            self._open("betting", item.line)
            section = self.section
        if section is None or self.round in ("", "BLINDS"):
            if kind == "fold":  # sitting out before the deal
                return
            raise ctx.fail("a bet comes outside a betting round", item.line)
        name = self._seat(item)
        if kind in ("fold", "check"):
            section.actions.append(ActionLine(name, kind, None, False, item.line))
            return
        amount = self._amount(item)
        before = self.round_put.get(name, 0)
        # A call, and an all-in, give the chips added; a bet and a raise the round total.
        total = before + amount if kind == "call" else amount
        self.round_put[name] = total
        self.put[name] = self.put.get(name, 0) + total - before
        section.actions.append(ActionLine(name, kind, amount, kind != "call", item.line))

    def _draw(self, item: _Element) -> None:
        section = self.section
        if section is None or section.kind != "draw":
            raise self.ctx.fail("a draw comes outside a draw round", item.line)
        text = item.attrs.get("text", item.attrs.get("amount", ""))
        if not text.isdigit():
            raise self.ctx.fail(f"a draw of '{text[:10]}' cards cannot be read", item.line)
        name = self._seat(item)
        count = int(text)
        if count == 0:  # standing pat: nothing thrown, nothing received
            section.draws.append(DrawLineText(name, 0, item.line, (), ()))
        else:
            section.draws.append(DrawLineText(name, count, item.line))

    def _cards_element(self, item: _Element) -> None:
        kind = item.attrs.get("type", "")
        name = self._seat(item)
        if kind == "HOLE":
            if name in self.hand.dealt:
                raise self.ctx.fail(f"{name} is dealt cards twice", item.line)
            cards = self._cards(item)
            self.hand.dealt[name] = (cards, 0, item.line)
            self.holding[name] = list(cards)
        elif kind == "DRAW_DRAWN_CARDS":
            self._drawn(name, list(self._cards(item)), item.line)
        elif kind == "SHOWN":
            self.shows[name] = ShowLine(name, self._cards(item), item.line)
        elif kind == "MUCKED":
            # The room may name the mucked cards; a mucked hand concedes all the same.
            self.shows[name] = ShowLine(name, None, item.line)
        else:
            raise self.ctx.fail(f"cannot read the cards of type '{kind[:30]}'", item.line)

    def _drawn(self, name: str, after: list[Card], line: int) -> None:
        section = self.section
        if section is None or section.kind != "draw":
            raise self.ctx.fail(f"{name}'s drawn cards come outside a draw", line)
        mine = [d for d in section.draws if d.name == name]
        held = self.holding.get(name)
        if not mine or held is None:
            raise self.ctx.fail(f"{name} is dealt new cards without having drawn", line)
        draw = mine[-1]
        discards = tuple(c for c in held if c not in after)
        receives = tuple(c for c in after if c not in held)
        if len(receives) != draw.count or len(discards) != draw.count:
            raise self.ctx.fail(
                f"{name} draws {draw.count} cards but the hand after it changes {len(receives)}",
                line,
            )
        draw.discards, draw.receives = discards, receives
        self.holding[name] = after

    def _winner(self, item: _Element) -> None:
        if self.round not in _END_ROUNDS:
            raise self.ctx.fail("a winner comes before the end of the hand", item.line)
        name, amount = self._seat(item), self._amount(item)
        pot = "pot " + item.attrs.get("potnumber", "")
        target = self.hand.returned if item.attrs.get("uncalled") == "true" else self.hand.collected
        target.append(Collected(name, amount, pot, item.line))

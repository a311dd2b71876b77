"""The deal notation: a whole deal in one text box, typed and read by teachers.

One line per fact, in the order the deal happens, so a teacher can check a
record against a lesson's tables line by line::

    game badacey, limit 6/12, blinds 3/6, cap 4 bets, draw up to 5 cards
    seat Amara, 240 chips: A♣ 2♠ 3♥ 9♦ J♣
    button Amara
    before the draw: Noor call 6, Amara call 6, Bram call 3, Kira check; pot 24
    draw 1:
      Bram J♠ Q♦ -> 2♥ 8♠
      Noor pat

``format_deal`` writes the canonical form (every setting spelled out, one
seat per draw line, amounts as recorded), and ``parse_deal`` reads it back to
an equal record; ``docs/deal-notation.md`` explains every line kind. Errors
name the line, because the admin shows them beside the text box.
"""

from __future__ import annotations

import re

from .cards import Card, format_cards, parse_cards
from .deal import (
    Action,
    BettingLine,
    DealError,
    DealRecord,
    DrawEntry,
    DrawLine,
    Post,
    Seat,
    Show,
    Street,
    full_settings,
)
from .errors import EvaluatorError
from .limits import MAX_CHIPS, MAX_RAISE_CAP, read_whole
from .money import Money
from .notation_names import Quoted, has_placeholder, is_placeholder, written
from .profiles import PROFILES, GameProfile
from .replay import replay
from .wording import excerpt, number_word

_GAME = re.compile(r"game\s+([^\s,]+)\s*(?:,(.*))?", re.I)
_SEAT = re.compile(r"seat\s+([^,:]+?)\s*(?:,\s*(\d+)(?:\s+chips?)?\s*)?:(.*)", re.I)
_BUTTON = re.compile(r"button\s+(.+)", re.I)
_SHOWDOWN_POT = re.compile(r"showdown\s+pot\s+(\d+)", re.I)
_BETTING = re.compile(r"(before the draw|after draw\s+(\d+))\s*:(.*)", re.I)
_DRAW = re.compile(r"draw\s+(\d+)\s*(\(deck reshuffled\))?\s*:(.*)", re.I)
_ACTION = re.compile(r"(fold|check|call|bet|raise|all-in|all in|allin)(?:\s+(to\s+)?(\d+))?", re.I)
_POT_CHECK = re.compile(r"pot\s+(\d+)", re.I)
_ARROW = re.compile(r"\s*(?:->|→)\s*")
_NAME_FORBIDDEN = set(",;:#()")
# What a card room's history adds (docs/hand-histories.md, "Stored as deal notation").
_FACE_DOWN = re.compile(r"(.*?)\s*(?:(\d+)\s+face\s+down)?", re.I)
_POSTS = re.compile(r"posts\s*:(.*)", re.I)
_POST = re.compile(r"(small blind|big blind|dead blind|ante)\s+(\d+)", re.I)
_SHOWDOWN = re.compile(r"showdown\s*:(.*)", re.I)
_SHOW = re.compile(r"shows\s+(.+)|mucks", re.I)
_RAKE = re.compile(r"rake\s+(\d+)", re.I)
_HIDDEN_DRAW = re.compile(r"draws\s+(\d+)\s+face\s+down", re.I)

_CLAUSES = {
    "limit": (re.compile(r"limit\s+(\d+)\s*/\s*(\d+)", re.I), ("small_bet", "big_bet")),
    "blinds": (re.compile(r"blinds\s+(\d+)\s*/\s*(\d+)", re.I), ("small_blind", "big_blind")),
    "ante": (re.compile(r"ante\s+(\d+)", re.I), ("ante",)),
    "cap": (re.compile(r"cap\s+(\d+)(?:\s+bets?)?", re.I), ("raise_cap",)),
    "draw": (re.compile(r"draw\s+up\s+to\s+(\d+)(?:\s+cards?)?", re.I), ("max_discard",)),
}
# A card room's other forms of a game (evaluator.structures): written only when
# they are not the lessons' fixed-limit triple draw, "no-limit, 1 draw".
_STRUCTURE_CLAUSE = re.compile(r"(fixed-limit|pot-limit|half-pot-limit|no-limit)", re.I)
_DRAWS_CLAUSE = re.compile(r"(\d+)\s+draws?", re.I)
_CLAUSE_HELP = "limit 6/12, blinds 3/6 (or ante 1), cap 4 bets, draw up to 5 cards"
_SETTING_WORDS = {
    "small_bet": ("the small bet", MAX_CHIPS),
    "big_bet": ("the big bet", MAX_CHIPS),
    "small_blind": ("the small blind", MAX_CHIPS),
    "big_blind": ("the big blind", MAX_CHIPS),
    "ante": ("the ante", MAX_CHIPS),
    "raise_cap": ("the cap", MAX_RAISE_CAP),
    "max_discard": ("the number of cards a draw may replace", MAX_CHIPS),
}


# -- writing -------------------------------------------------------------------


def format_deal(record: DealRecord) -> str:
    """The canonical text of a record; ``parse_deal`` reads it back unchanged."""
    out = [f"# {note}".rstrip() for note in record.notes]
    out.append(_game_line(record))
    if record.money is not None:
        out.append(record.money.line())
    for seat in record.seats:
        chips = f", {seat.stack} chips" if seat.stack is not None else ""
        down = [f"{seat.hidden} face down"] if seat.hidden else []
        held = " ".join([format_cards(seat.cards), *down]).strip()
        out.append(f"seat {written(seat.name)}{chips}: {held}".rstrip())
    out.append(f"button {written(record.seats[record.button].name)}")
    if record.posts is not None:
        posted = ", ".join(f"{written(p.seat)} {p.kind} {p.amount}" for p in record.posts)
        out.append(f"posts: {posted}".rstrip())
    if record.showdown_pot is not None:
        out.append(f"showdown pot {record.showdown_pot}")
    draws = 0
    for street in record.streets:
        if isinstance(street, DrawLine):
            draws += 1
            shuffled = " (deck reshuffled)" if street.reshuffled else ""
            out.append(f"draw {draws}{shuffled}:")
            out.extend(f"  {_draw_entry(entry)}" for entry in street.entries)
        else:
            label = "before the draw" if draws == 0 else f"after draw {draws}"
            body = ", ".join(_action(action) for action in street.actions)
            if street.pot is not None:
                body = f"{body}; pot {street.pot}" if body else f"pot {street.pot}"
            out.append(f"{label}: {body}".rstrip())
    if record.showdown is not None:
        shown = ", ".join(
            f"{written(show.seat)} mucks"
            if show.cards is None
            else f"{written(show.seat)} shows {format_cards(show.cards)}"
            for show in record.showdown
        )
        out.append(f"showdown: {shown}".rstrip())
    if record.rake:
        out.append(f"rake {record.rake}")
    return "\n".join(out) + "\n"


def _game_line(record: DealRecord) -> str:
    s = record.settings
    forced = (
        f"ante {s['ante']}"
        if s["forced_bets"] == "ante"
        else f"blinds {s['small_blind']}/{s['big_blind']}"
    )
    room = [f", {s['structure']}"] if "structure" in s else []
    if "draws" in s:
        room.append(f", {s['draws']} draw" + ("s" if s["draws"] != 1 else ""))
    return (
        f"game {record.profile_key}, limit {s['small_bet']}/{s['big_bet']}, {forced}, "
        f"cap {s['raise_cap']} bets, draw up to {s['max_discard']} cards" + "".join(room)
    )


def _action(action: Action) -> str:
    if action.amount is None:
        return f"{written(action.seat)} {action.kind}"
    to = "to " if action.kind == "raise" else ""
    return f"{written(action.seat)} {action.kind} {to}{action.amount}"


def _draw_entry(entry: DrawEntry) -> str:
    if entry.hidden:
        return f"{written(entry.seat)} draws {entry.hidden} face down"
    if not entry.discards and not entry.receives:
        return f"{written(entry.seat)} pat"
    parts = [written(entry.seat)]
    if entry.discards:
        parts.append(format_cards(entry.discards))
    parts.append("->")
    if entry.receives:
        parts.append(format_cards(entry.receives))
    return " ".join(parts)


# -- reading -------------------------------------------------------------------


class _Line:
    """One logical line: a header and the indented lines that continue it."""

    def __init__(self, number: int, text: str) -> None:
        self.number = number
        self.text = text
        self.more: list[tuple[int, str]] = []


def parse_deal(text: str) -> DealRecord:
    """Read a deal written in the notation; a ``DealError`` names the faulty line.

    Quoted names (``seat "Bob (NL)", 600 chips: …``) are set aside first and
    put back into the finished record, so the line grammar never meets them.
    """
    quoted = Quoted()
    hidden = quoted.hide(text)
    try:
        record = _parse(hidden)
    except DealError as error:
        if not quoted.names:
            raise
        raise DealError(quoted.shown(error.problem), line=error.line) from None
    return quoted.restore(record)


def _parse(text: str) -> DealRecord:
    notes, lines = _logical_lines(text)
    if not lines:
        raise DealError("the record is empty: start with a game line such as 'game badacey'")
    first, *rest = lines
    profile_key, settings = _game(first)
    seats: list[Seat] = []
    button: int | None = None
    showdown_pot: int | None = None
    streets: list[Street] = []
    posts: list[Post] | None = None
    showdown: list[Show] | None = None
    rake = 0
    money: Money | None = None
    profile = PROFILES[profile_key]
    for line in rest:
        t = line.text
        if (found_money := Money.read(t)) is not None:
            if seats or money is not None:
                raise DealError(
                    "the money line comes once, straight after the game line", line=line.number
                )
            _no_more(line)
            money = found_money
            continue
        if showdown is not None and not _RAKE.fullmatch(t):
            raise DealError("only the rake may follow the showdown line", line=line.number)
        if _POSTS.fullmatch(t) or _SHOWDOWN.fullmatch(t) or _RAKE.fullmatch(t):
            if button is None:
                raise DealError(
                    "the seats and the button come before the posts, the showdown and the rake",
                    line=line.number,
                )
            names = [seat.name for seat in seats]
            if m := _POSTS.fullmatch(t):
                if posts is not None or streets:
                    raise DealError(
                        "the posts line comes once, before the betting", line=line.number
                    )
                posts = _posts(line, m.group(1), names)
            elif m := _SHOWDOWN.fullmatch(t):
                showdown = _shows(line, m.group(1), names)
            elif m := _RAKE.fullmatch(t):
                _no_more(line)
                rake = _number(m.group(1), "the rake", line.number)
        elif t.lower().startswith("seat ") or t.lower() == "seat":
            if button is not None:
                raise DealError("seat lines come before the button line", line=line.number)
            _no_more(line)
            seats.append(_seat(line, seats))
        elif t.lower().startswith("button"):
            if button is not None:
                raise DealError("the button is given twice", line=line.number)
            if not seats:
                raise DealError("the seats come before the button line", line=line.number)
            _no_more(line)
            button = _button(line, seats)
        elif _SHOWDOWN_POT.fullmatch(t):
            if button is None or streets or showdown_pot is not None:
                raise DealError(
                    "the showdown pot line comes once, after the button line and before the draws",
                    line=line.number,
                )
            _no_more(line)
            found = _SHOWDOWN_POT.fullmatch(t)
            assert found is not None
            showdown_pot = _number(found.group(1), "the showdown pot", line.number)
        elif _BETTING.fullmatch(t) or _DRAW.fullmatch(t):
            if button is None:
                raise DealError(
                    "the seats and the button come before the betting and the draws",
                    line=line.number,
                )
            streets.append(_street(line, streets, showdown_pot, profile, seats))
        else:
            raise DealError(
                f"'{_short(t)}' is not a line of the notation: lines start with game, "
                "money, seat, button, posts, showdown pot, before the draw, draw N, after draw N, "
                "showdown or rake",
                line=line.number,
            )
    if button is None:
        raise DealError("the record needs a button line, such as 'button Amara'")
    return DealRecord(
        profile_key=profile_key,
        settings=settings,
        seats=tuple(seats),
        button=button,
        streets=tuple(streets),
        showdown_pot=showdown_pot,
        notes=tuple(notes),
        posts=None if posts is None else tuple(posts),
        showdown=None if showdown is None else tuple(showdown),
        rake=rake,
        money=money,
    )


def _posts(line: _Line, body: str, names: list[str]) -> list[Post]:
    """``posts: Ana small blind 5, Ben big blind 10``: the forced bets as a room posted them."""
    out = []
    for number, item in _items(line, body, r"[,;]"):
        name, rest = _who(item, names, number)
        m = _POST.fullmatch(rest)
        if not m:
            raise DealError(
                f"write {name}'s post as 'small blind 5', 'big blind 10', 'dead blind 5' "
                "or 'ante 1'",
                line=number,
            )
        amount = _number(m.group(2), f"{name}'s post", number)
        out.append(Post(name, m.group(1).lower(), amount, number))
    return out


def _shows(line: _Line, body: str, names: list[str]) -> list[Show]:
    """``showdown: Ana shows A♠ 2♥ 3♦ 4♣, Ben mucks``: who turned up what."""
    out = []
    for number, item in _items(line, body, r"[,;]"):
        name, rest = _who(item, names, number)
        m = _SHOW.fullmatch(rest)
        if not m:
            raise DealError(f"write '{name} shows' and the cards, or '{name} mucks'", line=number)
        cards = None if m.group(1) is None else _cards(m.group(1), number, f"{name}'s cards")
        out.append(Show(name, cards, number))
    return out


def _logical_lines(text: str) -> tuple[list[str], list[_Line]]:
    notes: list[str] = []
    lines: list[_Line] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if not stripped:
            continue
        if stripped.startswith("#"):
            if not lines:
                notes.append(stripped[1:].strip())
            continue
        if raw[0].isspace():
            if not lines:
                raise DealError(
                    "an indented line continues a draw or betting line, but nothing "
                    "comes before it",
                    line=number,
                )
            lines[-1].more.append((number, stripped))
        else:
            lines.append(_Line(number, stripped))
    return notes, lines


def _no_more(line: _Line) -> None:
    if line.more:
        number, text = line.more[0]
        raise DealError(
            f"'{_short(text)}' is indented, but only draw and betting lines continue on "
            "indented lines",
            line=number,
        )


def _short(text: str) -> str:
    return excerpt(text, 40) if len(text) <= 40 else excerpt(text, 37)


def _number(text: str, what: str, line: int, most: int = MAX_CHIPS) -> int:
    """A number of the notation; ``read_whole`` says what is wrong with a bad one."""
    try:
        return read_whole(text, what, most)
    except EvaluatorError as error:
        raise DealError(str(error), line=line) from None


def _game(line: _Line) -> tuple[str, dict[str, int | str]]:
    m = _GAME.fullmatch(line.text)
    if not m:
        raise DealError(
            "the record starts with the game line, such as 'game badacey, limit 6/12'",
            line=line.number,
        )
    _no_more(line)
    key = m.group(1).lower()
    if key not in PROFILES:
        raise DealError(
            f"'{_short(m.group(1))}' is not a game: choose one of {', '.join(PROFILES)}",
            line=line.number,
        )
    settings: dict[str, int | str] = {}
    seen: set[str] = set()
    for clause in (m.group(2) or "").split(","):
        clause = clause.strip()
        if not clause:
            continue
        if _room_clause(clause, settings, seen, line.number):
            continue
        for word, (pattern, names) in _CLAUSES.items():
            cm = pattern.fullmatch(clause)
            if cm:
                if word in seen:
                    raise DealError(f"'{word}' is given twice", line=line.number)
                seen.add(word)
                for name, text in zip(names, cm.groups(), strict=True):
                    what, most = _SETTING_WORDS[name]
                    settings[name] = _number(text, what, line.number, most)
                break
        else:
            raise DealError(
                f"'{_short(clause)}' is not a game setting: write for example {_CLAUSE_HELP}",
                line=line.number,
            )
    if {"blinds", "ante"} <= seen:
        raise DealError("a game has blinds or an ante, not both", line=line.number)
    if "ante" in seen:
        settings["forced_bets"] = "ante"
    elif "blinds" in seen:
        settings["forced_bets"] = "blinds"
    try:
        full_settings(key, settings)
    except DealError as error:
        raise DealError(error.problem, line=line.number) from None
    return key, settings


def _room_clause(clause: str, settings: dict[str, int | str], seen: set[str], line: int) -> bool:
    """Read a structure ("no-limit") or a draw count ("1 draw") clause, if it is one."""
    m = _STRUCTURE_CLAUSE.fullmatch(clause)
    word = "structure"
    if m:
        value: int | str = m.group(1).lower()
    else:
        m = _DRAWS_CLAUSE.fullmatch(clause)
        if not m:
            return False
        word = "draws"
        value = _number(m.group(1), "the number of draws", line, 3)
    if word in seen:
        raise DealError(f"'{word}' is given twice", line=line)
    seen.add(word)
    settings[word] = value
    return True


def _cards(text: str, line: int, what: str) -> tuple[Card, ...]:
    try:
        return parse_cards(text) if text.strip() else ()
    except EvaluatorError as error:
        raise DealError(f"{what}: {error}", line=line) from None


def _seat(line: _Line, seats: list[Seat]) -> Seat:
    m = _SEAT.fullmatch(line.text)
    if not m:
        raise DealError(
            "a seat line reads 'seat Amara, 240 chips: A♣ 2♠ 3♥ 9♦ J♣'", line=line.number
        )
    name, stack, cards = m.group(1).strip(), m.group(2), m.group(3)
    if is_placeholder(name):
        pass  # a quoted name: anything goes, and the reader gives it back exactly
    elif has_placeholder(name):
        raise DealError(
            "a quoted name is the whole name: put the quotes around all of it",
            line=line.number,
        )
    elif not name.isprintable():
        raise DealError(
            f"'{excerpt(name)}' cannot be a plain name: it holds a character that cannot be "
            "shown; write it in double quotes with \\u{…} for that character",
            line=line.number,
        )
    if re.search(r"\s\d+$", name):
        raise DealError(
            f"write the stack after a comma, as in 'seat {name.rsplit(' ', 1)[0]}, "
            f"{name.rsplit(' ', 1)[1]} chips: ...'",
            line=line.number,
        )
    if "->" in name or _NAME_FORBIDDEN & set(name):
        raise DealError(
            f"'{name}' cannot be a plain name: a name with , ; : # ( ) or -> goes in "
            f'double quotes, as in seat "{name}", 240 chips: …',
            line=line.number,
        )
    if any(seat.name.lower() == name.lower() for seat in seats):
        raise DealError(f"there are two seats called {name}", line=line.number)
    down = _FACE_DOWN.fullmatch(cards.strip())
    assert down is not None  # the pattern matches any text
    count = down.group(2)
    hidden = _number(count, f"{name}'s face-down cards", line.number) if count else 0
    return Seat(
        name=name,
        stack=None if stack is None else _number(stack, f"{name}'s stack", line.number),
        cards=_cards(down.group(1), line.number, f"{name}'s cards"),
        line=line.number,
        hidden=hidden,
    )


def _button(line: _Line, seats: list[Seat]) -> int:
    m = _BUTTON.fullmatch(line.text)
    wanted = m.group(1).strip().lower() if m else ""
    for i, seat in enumerate(seats):
        if seat.name.lower() == wanted:
            return i
    names = ", ".join(seat.name for seat in seats)
    raise DealError(f"the button must name one of the seats ({names})", line=line.number)


def _street(
    line: _Line,
    streets: list[Street],
    showdown_pot: int | None,
    profile: GameProfile,
    seats: list[Seat],
) -> Street:
    names = [seat.name for seat in seats]
    if m := _BETTING.fullmatch(line.text):
        number = 0 if m.group(2) is None else _number(m.group(2), "the draw number", line.number)
        _expect(line, streets, showdown_pot, profile, "betting", number)
        return _betting(line, m.group(3), names)
    d = _DRAW.fullmatch(line.text)
    assert d is not None
    _expect(
        line,
        streets,
        showdown_pot,
        profile,
        "draw",
        _number(d.group(1), "the draw number", line.number),
    )
    return _draw(line, d.group(3), bool(d.group(2)), names)


def _expect(
    line: _Line,
    streets: list[Street],
    showdown_pot: int | None,
    profile: GameProfile,
    kind: str,
    n: int,
) -> None:
    """Streets come in the order they are played, so a misplaced one is named at once."""
    i = len(streets)
    if showdown_pot is not None:
        if kind == "betting":
            raise DealError(
                "a record with a showdown pot gives the draws only, no betting lines",
                line=line.number,
            )
        want_kind, want_n = "draw", i + 1
    else:
        want_kind = "betting" if i % 2 == 0 else "draw"
        want_n = i // 2 if want_kind == "betting" else i // 2 + 1
    if want_kind == "draw" and want_n > profile.draws:
        raise DealError(
            f"{profile.name} has {number_word(profile.draws)} draws, so the record is "
            "already complete before this line",
            line=line.number,
        )
    if (kind, n) != (want_kind, want_n):
        raise DealError(
            f"expected {_label(want_kind, want_n)} here, not {_label(kind, n)}",
            line=line.number,
        )


def _label(kind: str, n: int) -> str:
    if kind == "draw":
        return f"'draw {n}'"
    return "'before the draw'" if n == 0 else f"'after draw {n}'"


def _items(line: _Line, body: str, separators: str) -> list[tuple[int, str]]:
    pieces = [(line.number, body), *line.more]
    return [
        (number, item.strip())
        for number, text in pieces
        for item in re.split(separators, text)
        if item.strip()
    ]


def _who(item: str, names: list[str], number: int) -> tuple[str, str]:
    """Split an item into the seat name it starts with and the rest."""
    low = item.lower()
    for name in sorted(names, key=len, reverse=True):
        n = name.lower()
        if low.startswith(n) and (len(low) == len(n) or low[len(n)].isspace()):
            return name, item[len(n) :].strip()
    raise DealError(
        f"'{_short(item)}' does not start with a seat's name ({', '.join(names)})",
        line=number,
    )


def _betting(line: _Line, body: str, names: list[str]) -> BettingLine:
    items = _items(line, body, r"[,;]")
    pot = None
    if items and (pm := _POT_CHECK.fullmatch(items[-1][1])):
        pot = _number(pm.group(1), "the pot check", items[-1][0])
        items = items[:-1]
    actions = []
    for number, item in items:
        if _POT_CHECK.fullmatch(item):
            raise DealError("the pot check comes last on a betting line", line=number)
        name, rest = _who(item, names, number)
        m = _ACTION.fullmatch(rest)
        if not m:
            raise DealError(
                f"'{_short(rest)}' is not an action for {name}: write fold, check, call, "
                "bet, raise or all-in, with an amount if you like (raise to 24)",
                line=number,
            )
        kind = m.group(1).lower()
        kind = "all-in" if kind in ("all in", "allin") else kind
        if m.group(2) and kind != "raise":
            raise DealError(f"only a raise is 'to' an amount: write '{kind} N'", line=number)
        amount = _number(m.group(3), f"{name}'s amount", number) if m.group(3) else None
        actions.append(Action(seat=name, kind=kind, amount=amount, line=number))
    return BettingLine(actions=tuple(actions), pot=pot, line=line.number)


def _draw(line: _Line, body: str, reshuffled: bool, names: list[str]) -> DrawLine:
    entries = []
    for number, item in _items(line, body, r";"):
        name, rest = _who(item, names, number)
        if m := _HIDDEN_DRAW.fullmatch(rest):
            count = _number(m.group(1), f"{name}'s face-down draw", number)
            entries.append(DrawEntry(seat=name, line=number, hidden=count))
            continue
        if rest.lower() in ("pat", "stands pat", "stand pat"):
            gone: tuple[Card, ...] = ()
            new: tuple[Card, ...] = ()
        else:
            parts = _ARROW.split(" " + rest + " ")
            if len(parts) != 2:
                raise DealError(
                    f"write {name}'s draw as 'discards -> receives' (J♠ Q♦ -> 2♥ 8♠) or 'pat'",
                    line=number,
                )
            gone = _cards(parts[0], number, f"{name}'s discards")
            new = _cards(parts[1], number, f"{name}'s new cards")
        entries.append(DrawEntry(seat=name, discards=gone, receives=new, line=number))
    return DrawLine(entries=tuple(entries), reshuffled=reshuffled, line=line.number)


def validate(text: str) -> DealRecord:
    """Parse and replay in one call: what a form's ``clean()`` needs."""
    record = parse_deal(text)
    replay(record)
    return record

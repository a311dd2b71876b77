"""A parsed hand to a deal record, plus what the room says it paid.

The record is the same kind the teachers' notation produces, so the one deal
engine replays both. Amounts are turned into the engine's terms here: a
call becomes the chips it adds, a raise its round total, and a seat that puts
in its last chip goes all-in, whichever way the room counted.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..deal import Action, BettingLine, DealRecord, DrawEntry, DrawLine, Post, Seat, Show, Street
from ..errors import EvaluatorError
from ..limits import MAX_RAISE_CAP
from ..money import Money
from ..profiles import PROFILES
from .lines import HandContext
from .parsed import ParsedHand, Section

# Rooms allow a bet and three or four raises a round; the reader accepts the
# larger, so a legal hand is never refused. A caller may pass a tighter cap.
DEFAULT_RAISE_CAP = 5


@dataclass(frozen=True)
class RoomSays:
    """What the history claims, to hold the replay against."""

    collected: dict[str, int]  # chips each seat took from the pots, after the rake
    returned: dict[str, int]  # uncalled bets given back
    first_line: dict[str, int]  # the line that says what the seat collected
    total_pot: int | None  # the pot the room states (without uncalled bets), if it does
    rake: int
    summary_line: int | None
    nets: dict[str, tuple[int, int | None, int]]  # stack after, net result, line
    includes_returns: bool = False  # what each seat collected already holds its returned bets


def build_record(
    hand: ParsedHand, *, raise_cap: int = DEFAULT_RAISE_CAP, dead_blinds: bool = False
) -> DealRecord:
    """The deal record of a parsed hand; raises ``HandHistoryError`` naming the line.

    ``dead_blinds`` charges every seat that posted a blind out of turn a dead
    small blind as well, which the "#ID: Limit" room does without a line.
    """
    ctx = HandContext(hand.hand_id, hand.scale)
    if len(hand.seats) < 2:
        raise ctx.fail("the hand has fewer than two seats dealt in", hand.header_line)
    profile = PROFILES[hand.game]
    seats = tuple(_seat(hand, s.name, s.stack, s.line, profile.hand_size) for s in hand.seats)
    button = _button(hand, ctx)
    blinds = {p.kind: p.amount for p in reversed(hand.posts)}
    small_blind = min(blinds.get("small blind", max(hand.small_bet // 2, 1)), hand.small_bet)
    settings: dict[str, object] = {
        "small_bet": hand.small_bet,
        "big_bet": hand.big_bet,
        "raise_cap": raise_cap if hand.structure != "fixed-limit" else _cap(hand, raise_cap),
        "max_discard": profile.hand_size,
        "big_blind": hand.small_bet,
        "small_blind": small_blind,
    }
    if hand.structure != "fixed-limit":
        settings["structure"] = hand.structure
    if hand.draws != 3:
        settings["draws"] = hand.draws
    if "small blind" not in blinds and "big blind" not in blinds:
        settings |= {"forced_bets": "ante", "ante": blinds.get("ante", 1)}
    posts: list[Post] = []
    for p in hand.posts:
        posts.append(Post(p.name, p.kind, p.amount, p.line))
        if dead_blinds and p.out_of_turn:
            posts.append(Post(p.name, "dead blind", small_blind, p.line))
    stacks = {s.name: s.stack for s in hand.seats}
    for post in posts:
        if post.kind == "dead blind":
            stacks[post.seat] -= min(post.amount, stacks[post.seat])
    streets = _streets(hand, stacks)
    showdown = tuple(Show(s.name, s.cards, s.line) for s in hand.shows) or None
    try:
        return DealRecord(
            profile_key=hand.game,
            settings=settings,
            seats=seats,
            button=button,
            streets=streets,
            posts=tuple(posts),
            showdown=showdown,
            rake=hand.rake,
            notes=(f"{hand.room} hand {hand.hand_id}",),
            money=Money(hand.scale == 100, hand.currency)
            if hand.scale == 100 or hand.currency
            else None,
        )
    except EvaluatorError as error:
        raise ctx.fail(f"the stakes cannot be played: {error}", hand.header_line) from None


def _cap(hand: ParsedHand, raise_cap: int) -> int:
    """The cap on bets, lifted to what the hand's heads-up rounds reached.

    Rooms lift the cap on raises when only two players are left in a round
    (a real Merge hand has a bet and five raises heads-up). The engine keeps
    one cap per hand, so it rises to the most bets of a round two seats
    alone played; a hand with no such round keeps the cap it was given.
    """
    rounds = [s for s in hand.sections if s.kind == "betting"]
    # Most hands have no round with more actions than the cap allows bets: done.
    if all(len(section.actions) < raise_cap for section in rounds):
        return raise_cap
    names = {s.name for s in hand.seats}
    folded: set[str] = set()
    most = 0
    for number, section in enumerate(rounds):
        if len(names - folded) == 2:
            blind = 1 if number == 0 and any(p.kind == "big blind" for p in hand.posts) else 0
            bets = blind + sum(1 for a in section.actions if a.kind in ("bet", "raise"))
            most = max(most, bets)
        folded |= {a.name for a in section.actions if a.kind == "fold"}
    return max(raise_cap, min(most, MAX_RAISE_CAP))


def room_says(hand: ParsedHand) -> RoomSays:
    collected: dict[str, int] = {}
    first: dict[str, int] = {}
    for c in hand.collected:
        collected[c.name] = collected.get(c.name, 0) + c.amount
        first.setdefault(c.name, c.line)
    returned: dict[str, int] = {}
    for r in hand.returned:
        returned[r.name] = returned.get(r.name, 0) + r.amount
    nets = {n.name: (n.stack_after, n.net, n.line) for n in hand.nets}
    return RoomSays(
        collected,
        returned,
        first,
        hand.total_pot,
        hand.rake,
        hand.summary_line,
        nets,
        hand.winnings_include_returns,
    )


def _seat(hand: ParsedHand, name: str, stack: int, line: int, size: int) -> Seat:
    cards, hidden, dealt_line = hand.dealt.get(name, ((), size, line))
    return Seat(name, stack, cards, dealt_line, hidden=hidden)


def _button(hand: ParsedHand, ctx: HandContext) -> int:
    """The button's seat; a button on an empty seat stays behind the next seat dealt in."""
    if hand.button_number is None:
        raise ctx.fail("the hand does not say which seat has the button", hand.header_line)
    numbers = [s.number for s in hand.seats]
    behind = [i for i, n in enumerate(numbers) if n <= hand.button_number]
    return behind[-1] if behind else len(numbers) - 1


def _streets(hand: ParsedHand, stacks: dict[str, int]) -> tuple[Street, ...]:
    """Betting rounds and draws in order, with an empty round where nobody could bet."""
    sections = list(hand.sections)
    ordered: list[Section | None] = []
    for part in sections:
        want = "betting" if len(ordered) % 2 == 0 else "draw"
        if part.kind != want:
            ordered.append(None)  # a round nobody bet in (everyone all-in)
        ordered.append(part)
    last = max(
        (i for i, s in enumerate(ordered) if s is not None and (s.actions or s.draws)), default=-1
    )
    folded = {a.name for s in sections for a in s.actions if a.kind == "fold"}
    every = 2 * hand.draws + 1  # the betting rounds and the draws between them
    keep = every if len(stacks) - len(folded & set(stacks)) >= 2 else last + 1
    ordered = (ordered + [None] * every)[:keep]
    left = dict(stacks)  # dead blinds are already out of these stacks
    live = [p for p in hand.posts if p.kind != "dead blind"]
    for post in live:
        left[post.name] -= min(post.amount, left[post.name])
    streets: list[Street] = []
    for i, section in enumerate(ordered):
        if i % 2 == 0:
            put = {p.name: p.amount for p in live if p.kind != "ante"} if i == 0 else {}
            actions = () if section is None else tuple(_actions(section, put, left))
            streets.append(BettingLine(actions, line=None if section is None else section.line))
        else:
            entries = () if section is None else tuple(_entries(section))
            streets.append(DrawLine(entries, line=None if section is None else section.line))
    return tuple(streets)


def _actions(section: Section, put: dict[str, int], left: dict[str, int]) -> list[Action]:
    out = []
    for a in section.actions:
        if a.kind in ("fold", "check") or a.amount is None:
            out.append(Action(a.name, a.kind, None, a.line))
            continue
        before = put.get(a.name, 0)
        added = a.amount - before if a.to else a.amount
        total = before + added
        kind, amount = a.kind, (total if a.kind in ("bet", "raise") else added)
        if added == left.get(a.name) and added > 0:
            kind, amount = "all-in", added
        put[a.name] = total
        left[a.name] = left.get(a.name, 0) - max(added, 0)
        out.append(Action(a.name, kind, amount, a.line))
    return out


def _entries(section: Section) -> list[DrawEntry]:
    out = []
    for d in section.draws:
        if d.discards is not None and d.receives is not None:
            out.append(DrawEntry(d.name, d.discards, d.receives, d.line))
        else:
            out.append(DrawEntry(d.name, line=d.line, hidden=d.count))
    return out

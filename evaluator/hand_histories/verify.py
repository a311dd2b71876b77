"""Replay a hand through the deal engine and hold the result against the room's words.

The engine decides everything (legal betting at the stated stakes, the pots,
each half's winners, the odd chip); this module only compares its answer with
what the history says each seat collected, and reports the first line that
disagrees. Nothing is corrected: a hand that disagrees is refused whole.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

from ..deal import DealError, DealRecord
from ..replay import Replay, replay
from .errors import HandHistoryError
from .money import format_amount
from .parsed import ParsedHand
from .records import RoomSays, build_record, room_says


@dataclass
class VerifiedHand:
    """A hand that replays and pays what the room paid.

    ``checked`` is the replay that verified it, without step snapshots;
    ``replay`` plays it again with every step, on first use only, for the
    pages and exports that show the steps.
    """

    hand_id: str
    game: str
    record: DealRecord
    checked: Replay
    scale: int
    shown: bool  # some hand was shown, so the engine compared showdown winners
    # Every seat at the showdown mucked: the winner is the room's word, read, not checked.
    winner_read: bool = False

    @cached_property
    def replay(self) -> Replay:
        return replay(self.record)


class Disagreement(HandHistoryError):
    """The hand reads and replays, but the engine pays differently from the room.

    ``other_seat_paid`` is True when the engine pays a seat the room did not
    (or the other way round); False when the same seats win and only an
    amount differs, so the showdown itself agrees.
    """

    def __init__(
        self,
        problem: str,
        *,
        hand: str | None,
        line: int | None,
        other_seat_paid: bool,
        lines_apart: int = 1,
    ) -> None:
        super().__init__(problem, hand=hand, line=line)
        self.other_seat_paid = other_seat_paid
        self.lines_apart = lines_apart  # how many of the room's lines disagree


def verify(hand: ParsedHand, *, raise_cap: int | None = None) -> VerifiedHand:
    """``_verify_dead_blinds`` of the hand, after reading an all-muck showdown (``all_mucked``)."""
    read = all_mucked(hand)
    if read is None:
        return _verify_dead_blinds(hand, raise_cap)
    verified = _verify_dead_blinds(read, raise_cap)
    verified.winner_read = True
    return verified


def all_mucked(hand: ParsedHand) -> ParsedHand | None:
    """A hand whose every seat at the showdown mucked, with the room's winner taken at its word.

    Some rooms write a showdown where every seat still in mucks and then pay
    one of them. With no hand shown the engine cannot judge who won, so the
    seat the room paid keeps its hand unseen and the others concede to it:
    the pot, the rake and the amounts are still checked, the winner is read.
    A pot the room split between mucked hands cannot be read that way.
    """
    if not hand.shows or any(show.cards is not None for show in hand.shows):
        return None
    folded = {a.name for s in hand.sections for a in s.actions if a.kind == "fold"}
    live = [seat.name for seat in hand.seats if seat.name not in folded]
    mucked = {show.name for show in hand.shows}
    if len(live) < 2 or not set(live) <= mucked:
        return None
    paid = {c.name for c in hand.collected if c.amount > 0} & set(live)
    if len(paid) != 1:
        raise HandHistoryError(
            "every seat at the showdown mucked and the room paid "
            + ("nobody" if not paid else "several of them")
            + ": with no hand shown, the engine cannot say who won",
            hand=hand.hand_id,
            line=hand.shows[0].line,
        )
    return replace(hand, shows=[show for show in hand.shows if show.name not in paid])


def _verify_dead_blinds(hand: ParsedHand, raise_cap: int | None) -> VerifiedHand:
    """Build, replay and compare one hand; raises ``HandHistoryError`` at the first fault.

    A seat that posts a blind out of turn in the "#ID: Limit" layout may owe
    a dead small blind that the room charges without writing a line. The hand
    is read as written first; only if the room's accounting then disagrees is
    it read again with the dead blind, and kept that way if the room agrees;
    if neither reading agrees, the one with fewer disagreeing lines is reported.
    """
    try:
        return _verify(hand, raise_cap, dead_blinds=False)
    except Disagreement as as_written:
        if not any(post.out_of_turn for post in hand.posts):
            raise
        try:
            return _verify(hand, raise_cap, dead_blinds=True)
        except Disagreement as with_dead:
            if with_dead.lines_apart < as_written.lines_apart:
                raise with_dead from None
            raise as_written from None
        except HandHistoryError:
            raise as_written from None


def _verify(hand: ParsedHand, raise_cap: int | None, *, dead_blinds: bool) -> VerifiedHand:
    cap = {} if raise_cap is None else {"raise_cap": raise_cap}
    record = build_record(hand, dead_blinds=dead_blinds, **cap)
    try:
        played = replay(record, snapshots=False)
    except DealError as error:
        unit = " (the engine counts this hand in cents)" if hand.scale != 1 else ""
        raise HandHistoryError(
            error.problem + unit, hand=hand.hand_id, line=error.line or hand.header_line
        ) from None
    _compare(hand, played, room_says(hand))
    shown = any(show.cards is not None for show in hand.shows)
    return VerifiedHand(hand.hand_id, hand.game, record, played, hand.scale, shown)


def _returned(played: Replay, says: RoomSays) -> dict[str, int]:
    """The chips each seat got back unmatched, as the room accounts for them.

    A room that writes "Uncalled bet returned" lines says so itself. The
    "#ID: Limit" layout writes nothing: it leaves a bet nobody called out of
    "wins pot (…)" and out of the seat's net, so the chips a seat put in
    beyond what anyone else matched come back to it without a line.
    """
    if says.includes_returns:
        return {}
    if says.returned:
        return dict(says.returned)
    dead = _dead_blinds(played)
    put = {row.name: row.contributed - dead.get(row.name, 0) for row in played.ledger.rows}
    back = {}
    for name, chips in put.items():
        most_matched = max((c for other, c in put.items() if other != name), default=0)
        if chips > most_matched:
            back[name] = chips - most_matched
    return back


def _dead_blinds(played: Replay) -> dict[str, int]:
    """Chips each seat paid as a dead blind: in the pot, but no bet to match."""
    dead: dict[str, int] = {}
    for post in played.record.posts or ():
        if post.kind == "dead blind":
            dead[post.seat] = dead.get(post.seat, 0) + post.amount
    return dead


def _compare(hand: ParsedHand, played: Replay, says: RoomSays) -> None:
    """Raise the disagreement on the earliest line of the file, saying what differs."""

    def money(chips: int) -> str:
        return format_amount(chips, hand.scale)

    def apart(room: int, engine: int) -> str:
        return f" ({money(abs(room - engine))} apart)"

    found: list[tuple[int, str]] = []
    names = [seat.name for seat in played.record.seats]
    put_in = played.ledger.total.contributed
    back = _returned(played, says)
    returned = sum(back.values())
    if says.total_pot is not None and says.total_pot != put_in - returned:
        found.append(
            (
                says.summary_line or hand.last_line,
                f"the room's total pot is {money(says.total_pot)}, but the seats put in "
                f"{money(put_in)}" + (f" and {money(returned)} came back" if returned else ""),
            )
        )
    paid = played.settlement.payouts
    for s, name in enumerate(names):
        room = says.collected.get(name, 0) + back.get(name, 0)
        if paid[s] != room:
            found.append(
                (
                    says.first_line.get(name, says.summary_line or hand.last_line),
                    f"the room pays {name} {money(room)}, but the engine pays {money(paid[s])} "
                    f"after a rake of {money(says.rake)}" + apart(room, paid[s]),
                )
            )
    for row in played.ledger.rows:
        if row.name not in says.nets:
            continue
        after, net, line = says.nets[row.name]
        if row.end is not None and row.end != after:
            found.append(
                (
                    line,
                    f"the room leaves {row.name} with {money(after)}, but the replay "
                    f"ends with {money(row.end)}" + apart(after, row.end),
                )
            )
        elif net is not None and net != row.received - row.contributed:
            engine_net = row.received - row.contributed
            found.append(
                (
                    line,
                    f"the room gives {row.name}'s result as {money(net)}, but the replay "
                    f"gives {money(engine_net)}" + apart(net, engine_net),
                )
            )
    if not found:
        return
    line, problem = min(found, key=lambda item: item[0])
    others = len(found) - 1
    if others:
        problem += "; 1 later line disagrees too" if others == 1 else f"; {others} later lines too"
    engine_winners = {name for s, name in enumerate(names) if paid[s] > back.get(name, 0)}
    room_winners = {name for name, chips in says.collected.items() if chips > 0}
    raise Disagreement(
        problem,
        hand=hand.hand_id,
        line=line,
        other_seat_paid=engine_winners != room_winners,
        lines_apart=len(found),
    )

"""Replay a hand through the deal engine and hold the result against the room's words.

The engine decides everything (legal betting at the stated stakes, the pots,
each half's winners, the odd chip); this module only compares its answer with
what the history says each seat collected, and reports the first line that
disagrees. Nothing is corrected: a hand that disagrees is refused whole.
"""

from __future__ import annotations

from dataclasses import dataclass
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

    @cached_property
    def replay(self) -> Replay:
        return replay(self.record)


class Disagreement(HandHistoryError):
    """The hand reads and replays, but the engine pays differently from the room."""


def verify(hand: ParsedHand, *, raise_cap: int | None = None) -> VerifiedHand:
    """Build, replay and compare one hand; raises ``HandHistoryError`` at the first fault."""
    record = build_record(hand) if raise_cap is None else build_record(hand, raise_cap=raise_cap)
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
    if says.returned:
        return dict(says.returned)
    put = {row.name: row.contributed for row in played.ledger.rows}
    back = {}
    for name, chips in put.items():
        most_matched = max((c for other, c in put.items() if other != name), default=0)
        if chips > most_matched:
            back[name] = chips - most_matched
    return back


def _compare(hand: ParsedHand, played: Replay, says: RoomSays) -> None:
    def money(chips: int) -> str:
        return format_amount(chips, hand.scale)

    names = [seat.name for seat in played.record.seats]
    put_in = played.ledger.total.contributed
    back = _returned(played, says)
    returned = sum(back.values())
    if says.total_pot is not None and says.total_pot != put_in - returned:
        raise Disagreement(
            f"the room's total pot is {money(says.total_pot)}, but the seats put in "
            f"{money(put_in)}" + (f" and {money(returned)} came back" if returned else ""),
            hand=hand.hand_id,
            line=says.summary_line,
        )
    paid = played.settlement.payouts
    for s, name in enumerate(names):
        room = says.collected.get(name, 0) + back.get(name, 0)
        if paid[s] != room:
            line = says.first_line.get(name, says.summary_line or hand.last_line)
            raise Disagreement(
                f"the room pays {name} {money(room)}, but the engine pays {money(paid[s])} "
                f"after a rake of {money(says.rake)}",
                hand=hand.hand_id,
                line=line,
            )
    for row in played.ledger.rows:
        if row.name in says.nets:
            after, net, line = says.nets[row.name]
            if row.end is not None and row.end != after:
                raise Disagreement(
                    f"the room leaves {row.name} with {money(after)}, but the replay "
                    f"ends with {money(row.end)}",
                    hand=hand.hand_id,
                    line=line,
                )
            if net is not None and net != row.received - row.contributed:
                raise Disagreement(
                    f"the room gives {row.name}'s result as {money(net)}, but the replay "
                    f"gives {money(row.received - row.contributed)}",
                    hand=hand.hand_id,
                    line=line,
                )

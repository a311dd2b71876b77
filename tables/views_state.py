"""What one person may see of a live table, and reading an action from a message.

A seated player sees the table from their own chair (their cards, nobody
else's until the showdown); the class's teacher sees every hand; anyone else
sees nothing. Both the page and the websocket go through ``state_for``, so
they cannot disagree about what a person may see.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from evaluator.cards import parse_card
from evaluator.play import Action, LiveHand
from play import encoding
from tables import live_cache, service
from tables.models import LiveSeat, LiveTable, LiveTableHand

MOST_THROWN = 5
KINDS = ("fold", "check", "call", "bet", "raise", "draw", "pat")


def may_view(table: LiveTable, user: Any) -> bool:
    """Seated players, the table's owner and the class's teachers; nobody else."""
    if not getattr(user, "is_authenticated", False):
        return False
    if table.owner_id == user.pk or service.teaches(table, user):
        return True
    return table.seat_rows.filter(user=user).exists()


def chair_in(hand: LiveTableHand, user: Any) -> int | None:
    """The engine seat ``user`` plays in this hand, if any."""
    pk = getattr(user, "pk", None)
    return hand.players.index(pk) if pk is not None and pk in hand.players else None


def hand_for(hand: LiveTableHand, seat: int | None) -> LiveHand:
    """The hand told from ``seat``'s chair (the first person's chair for a watcher)."""
    settings = encoding.settings_from(hand.settings)
    if seat is not None:
        settings = settings.seen_by(seat)
    return LiveHand.replay(settings, encoding.actions_from(hand.actions))


def latest_hand(table: LiveTable) -> LiveTableHand | None:
    return table.hands.order_by("-number").first()


@dataclass(frozen=True)
class TableView:
    """Everything the table's states are drawn from, read once for all its viewers."""

    table: LiveTable
    seats: tuple[LiveSeat, ...]
    hand: LiveTableHand | None
    live: LiveHand | None
    teacher_ids: frozenset[int]

    def viewers(self) -> frozenset[int]:
        """Who may watch: the seated people, the owner and the class's teachers."""
        seated = {s.user_id for s in self.seats}
        return frozenset(seated | {self.table.owner_id} | self.teacher_ids)


def read(
    table: LiveTable,
    hand: LiveTableHand | None = None,
    live: LiveHand | None = None,
    seats: tuple[LiveSeat, ...] | None = None,
) -> TableView:
    """The table's seats, its latest hand and its teachers; ``hand``, ``live`` and
    ``seats`` when the caller has just read or played them (they are not read again)."""
    if seats is None:
        seats = tuple(table.seat_rows.select_related("user"))
    if hand is None:
        hand = latest_hand(table)
    if hand is not None and live is None:
        live = live_cache.take(hand)
        live_cache.give(hand, live)  # only read from here on
    return TableView(table, seats, hand, live, service.teacher_ids(table))


def state_in(view: TableView, user_id: int | None) -> dict[str, Any]:
    """The table as ``user_id`` may see it, ready for JSON: only cards they may see."""
    table, hand, live = view.table, view.hand, view.live
    out: dict[str, Any] = {
        "table": table.pk,
        "status": table.status,
        "last": table.last_seq,
        "chairs": [
            {
                "position": s.position,
                "name": s.user.get_username(),
                "stack": s.stack,
                "sat_out": s.sat_out,
                "you": s.user_id == user_id,
            }
            for s in view.seats
        ],
        "hand": None,
    }
    if hand is None or live is None:
        return out
    seat = hand.players.index(user_id) if user_id in hand.players else None
    # Only a class's teacher watches with every card showing; the owner of a friend's
    # table who is not in this hand sees the chairs and nothing more.
    teacher = seat is None and user_id in view.teacher_ids
    if seat is None and not teacher:
        return out
    state = live.public_state(seat, reveal_all=teacher)
    if seat is None:
        state["learner_cards"] = []
        state["legal_actions"] = []
    when = _deadline(view)
    state["number"] = hand.number
    state["deadline"] = when.isoformat() if when is not None else None
    out["hand"] = state
    return out


def _deadline(view: TableView) -> Any:
    """When the seat to act runs out of time (the clock plus what is left in its bank)."""
    hand, live = view.hand, view.live
    if hand is None or live is None or hand.is_over or live.person_to_act is None:
        return None
    user_id = hand.players[live.person_to_act]
    bank = next((s.time_bank for s in view.seats if s.user_id == user_id), 0)
    return hand.turn_started_at + timedelta(seconds=view.table.clock_seconds + bank)


def state_for(table: LiveTable, user: Any) -> dict[str, Any]:
    """The table for this person (see ``state_in``)."""
    return state_in(read(table), getattr(user, "pk", None))


def action_from_message(content: dict[str, Any]) -> Action:
    kind = content.get("action")
    if kind not in KINDS:
        raise service.TableRefused(
            "That is not an action at this table: fold, check, call, bet, raise, draw or pat."
        )
    throw = content.get("throw") or []
    if not isinstance(throw, list) or len(throw) > MOST_THROWN:
        raise service.TableRefused(f"Throw a list of at most {MOST_THROWN} cards.")
    cards = tuple(parse_card(str(code)[:10]) for code in throw)
    if kind == "pat":
        return Action("draw", ())
    return Action(str(kind), cards)

"""What one person may see of a live table, and reading an action from a message.

A seated player sees the table from their own chair (their cards, nobody
else's until the showdown); the class's teacher sees every hand; anyone else
sees nothing. Both the page and the websocket go through ``state_for``, so
they cannot disagree about what a person may see.
"""

from __future__ import annotations

from typing import Any

from evaluator.cards import parse_card
from evaluator.play import Action, LiveHand
from play import encoding
from tables import service
from tables.models import LiveTable, LiveTableHand

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


def state_for(table: LiveTable, user: Any) -> dict[str, Any]:
    """The table for this person, ready for JSON: only cards this person may see."""
    hand = latest_hand(table)
    seats = [
        {
            "position": s.position,
            "name": s.user.get_username(),
            "stack": s.stack,
            "sat_out": s.sat_out,
            "you": s.user_id == getattr(user, "pk", None),
        }
        for s in table.seat_rows.select_related("user")
    ]
    out: dict[str, Any] = {
        "table": table.pk,
        "status": table.status,
        "last": table.last_seq,
        "chairs": seats,
        "hand": None,
    }
    if hand is None:
        return out
    seat = chair_in(hand, user)
    # Only a class's teacher watches with every card showing; the owner of a friend's
    # table who is not in this hand sees the chairs and nothing more.
    teacher = seat is None and service.teaches(table, user)
    if seat is None and not teacher:
        return out
    live = hand_for(hand, seat)
    state = live.public_state(seat, reveal_all=teacher and seat is None)
    if seat is None:
        state["learner_cards"] = []
        state["legal_actions"] = []
    when = service.deadline(table, hand, live)
    state["number"] = hand.number
    state["deadline"] = when.isoformat() if when is not None else None
    out["hand"] = state
    return out


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

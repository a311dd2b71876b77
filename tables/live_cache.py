"""The hands this server process has rebuilt, kept so the next change need not rebuild them.

The database stays the truth: a hand is always checked against its stored
actions before use, and one that is missing here, or that does not match
them, is rebuilt from the record (``LiveHand.replay``). What the cache saves
is the replay of a whole hand on every action and every view of a table
(several milliseconds each), which is most of a busy table's work.

A kept hand has one user at a time: ``take`` removes it, ``give`` puts it
back once the change that used it is committed, so two threads never play
onto the same object. A change that is refused or rolled back simply never
gives its hand back.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from evaluator.play import LiveHand
from play import encoding

MOST_HANDS = 2000  # a few hundred tables' worth; the oldest go first

_lock = threading.Lock()
_kept: OrderedDict[int, tuple[Any, list[Any], LiveHand]] = OrderedDict()


def take(hand: Any) -> LiveHand:
    """The hand ``hand`` records (a ``LiveTableHand``), played up to its last stored action."""
    with _lock:
        kept = _kept.pop(hand.pk, None) if hand.pk is not None else None
    stored = list(hand.actions)
    if kept is not None:
        settings, done, live = kept
        # The same record: a row number can come back after a rolled-back deal.
        same = settings == hand.settings
        if same and len(done) <= len(stored) and stored[: len(done)] == done:
            live.extend(encoding.actions_from(stored[len(done) :]))
            return live
    return LiveHand.replay(encoding.settings_from(hand.settings), encoding.actions_from(stored))


def give(hand: Any, live: LiveHand) -> None:
    """Keep ``live`` as the state of ``hand`` after its stored actions."""
    if hand.pk is None or live.step != len(hand.actions):
        return
    with _lock:
        _kept[hand.pk] = (hand.settings, list(hand.actions), live)
        _kept.move_to_end(hand.pk)
        while len(_kept) > MOST_HANDS:
            _kept.popitem(last=False)


def forget() -> None:
    """Drop every kept hand (tests that rewrite a record behind the service's back)."""
    with _lock:
        _kept.clear()

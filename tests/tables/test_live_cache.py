"""The hands a server process keeps between changes are never served stale: a kept hand
is played on to the record's new actions, and a record it does not match is rebuilt."""

from __future__ import annotations

from types import SimpleNamespace

from evaluator.play import LiveHand, TableSettings
from play import encoding
from tables import live_cache
from tests.tables.helpers import quiet_action


def record(seed: int, actions: list) -> SimpleNamespace:
    settings = TableSettings.default("badugi", seed, personalities=(None,), seats=2)
    settings = TableSettings(**{**settings.__dict__, "personalities": (None, None)})
    return SimpleNamespace(
        pk=41,
        settings=encoding.settings_json(settings),
        actions=[encoding.action_json(a) for a in actions],
    )


def played(seed: int, moves: int) -> list:
    row = record(seed, [])
    live = LiveHand.replay(encoding.settings_from(row.settings), [])
    actions = []
    for _ in range(moves):
        action = quiet_action(live)
        live.play(action)
        actions.append(action)
    return actions


def test_a_kept_hand_is_played_on_to_the_records_new_actions():
    live_cache.forget()
    actions = played(3, 4)
    early = record(3, actions[:2])
    live_cache.give(early, live_cache.take(early))
    later = record(3, actions)
    kept = live_cache.take(later)
    fresh = LiveHand.replay(encoding.settings_from(later.settings), actions)
    assert kept.public_state(0, reveal_all=True) == fresh.public_state(0, reveal_all=True)


def test_a_record_that_does_not_match_the_kept_hand_is_rebuilt():
    live_cache.forget()
    row = record(3, played(3, 2))
    live_cache.give(row, live_cache.take(row))
    other_deal = record(4, [])  # the same row number after a rolled-back deal
    got = live_cache.take(other_deal)
    fresh = LiveHand.replay(encoding.settings_from(other_deal.settings), [])
    assert got.public_state(0, reveal_all=True) == fresh.public_state(0, reveal_all=True)
    assert got.public_state(0, reveal_all=True) != LiveHand.replay(
        encoding.settings_from(row.settings), []
    ).public_state(0, reveal_all=True)

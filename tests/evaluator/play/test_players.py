"""The computer players behave as their descriptions say, from what a seat may know."""

from __future__ import annotations

from collections import Counter
from dataclasses import fields

from evaluator.cards import Card
from evaluator.play import PERSONALITIES, LiveHand, TableSettings


def tendencies(key: str, hands: int = 150) -> Counter[str]:
    """How often a personality in the learner's chair takes each kind of action."""
    seen: Counter[str] = Counter()
    for seed in range(hands):
        hand = LiveHand.start(TableSettings.default("badacey", seed))
        while not hand.is_over:
            action = hand.computer_choice(key)
            kinds = {a.kind for a in hand.legal_actions()}
            if action.kind == "draw":
                seen["pat" if not action.discards else "draw"] += 1
            else:
                seen[action.kind] += 1
                seen["facing a bet"] += "call" in kinds
            hand.play(action)
    return seen


def test_each_personality_has_a_name_and_a_one_line_description():
    assert {"solid", "caller", "aggressor"} <= set(PERSONALITIES)
    for p in PERSONALITIES.values():
        assert p.name and p.description and "\n" not in p.description


def test_the_caller_calls_more_and_the_aggressor_bets_more_than_the_solid_player():
    solid, caller, aggressor = (tendencies(k) for k in ("solid", "caller", "aggressor"))

    def rate(seen: Counter[str], *kinds: str) -> float:
        return sum(seen[k] for k in kinds) / max(1, sum(seen.values()) - seen["facing a bet"])

    assert rate(caller, "call") > rate(solid, "call")
    assert rate(caller, "fold") < rate(solid, "fold")
    assert rate(aggressor, "bet", "raise") > rate(solid, "bet", "raise")


def test_a_seat_sees_only_its_own_cards():
    hand = LiveHand.start(TableSettings.default("badacey", 4))
    for seat in range(4):
        view = hand.view(seat)
        cards = [
            v
            for f in fields(view)
            for v in (getattr(view, f.name) if isinstance(getattr(view, f.name), tuple) else ())
            if isinstance(v, Card)
        ]
        assert set(cards) == set(hand.hand_of(seat))


def test_docs_play_md_prints_the_style_targets():
    """The targets table in docs/play.md says what STYLE_TARGETS holds."""
    import re
    from pathlib import Path

    from evaluator.play.players import STYLE_TARGETS

    text = (Path(__file__).resolve().parents[3] / "docs" / "play.md").read_text(encoding="utf-8")
    for key, by_seats in STYLE_TARGETS.items():
        name = PERSONALITIES[key].name
        row = re.search(rf"^\| {name} \| (.+) \|$", text, re.MULTILINE)
        assert row, name
        cells = [c.strip() for c in row.group(1).split("|")]
        expected = [f"{t.vpip:.0%} / {t.raises:.0%}" for _, t in sorted(by_seats.items())]
        assert cells == expected

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


def test_bet_chances_are_decide_bets_own_frequencies() -> None:
    """The coach weighs hands by ``bet_chances``; it must be the rule ``decide_bet`` plays."""
    import random as _random

    from evaluator.cards import DECK
    from evaluator.play.players import PERSONALITIES, View, bet_chances, decide_bet
    from evaluator.profiles import PROFILES

    rng = _random.Random(5)
    for n in range(60):
        profile = PROFILES[("badugi", "badacey", "deuce_to_seven")[n % 3]]
        cards = tuple(rng.sample(DECK, profile.hand_size))
        to_call = rng.choice((0, 6, 12))
        view = View(
            profile,
            1,
            cards,
            rng.randrange(4),
            30,
            to_call,
            to_call == 0,
            rng.random() < 0.8,
            rng.randrange(1, 4),
            (1, None, 0)[: rng.randrange(1, 4)],
            1 if to_call else 0,
            False,
            0,
        )
        for personality in PERSONALITIES.values():
            chances = bet_chances(personality, view)
            tries = 2000
            seen: dict[str, int] = {}
            for k in range(tries):
                kind = decide_bet(personality, view, _random.Random(k))
                seen[kind] = seen.get(kind, 0) + 1
            assert set(seen) <= {k for k, p in chances.items() if p > 0}
            for kind, p in chances.items():
                assert abs(seen.get(kind, 0) / tries - p) < 0.05, (kind, p, seen)


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


def test_a_player_with_a_pair_and_a_draw_to_come_throws_the_pair_card_instead_of_standing_pat():
    """A-3-6-7 with a second six in ace-to-five, or A-2-3 with two diamonds in Badugi: every
    personality throws the card that does not play, with one draw left or two (they once stood
    pat on the pair, which read as good as drawing to the four cards beside it)."""
    import random

    from evaluator import get_profile, parse_cards
    from evaluator.play.players import View, decide_draw

    for game, text in (("ace_to_five", "Ac 3s 6c 7d 6s"), ("badugi", "As 2h 3d 4d")):
        profile = get_profile(game)
        cards = tuple(parse_cards(text))
        for left in (1, 2):
            view = View(profile, 0, cards, left, 0, 0, True, False, 1, (None,), 0, False, 5)
            for personality in PERSONALITIES.values():
                (thrown,) = decide_draw(personality, view, random.Random(0))
                kept = [c for c in cards if c != thrown]
                if game == "badugi":
                    assert len({c.suit for c in kept}) == len(kept), (personality.key, thrown)
                else:
                    assert len({c.rank for c in kept}) == len(kept), (personality.key, thrown)


def test_a_player_who_stood_pat_at_the_last_draw_holds_a_made_hand_in_the_coachs_ranges():
    """The coach reads an opponent who drew one, one and then stood pat as holding a made
    hand (no pair in a lowball game, four suits in Badugi), never a hand it could not draw to."""
    from evaluator import badugi
    from evaluator.play.ranges import pool

    for game in ("ace_to_five", "deuce_to_seven", "badugi"):
        for key in PERSONALITIES:
            hands = pool(game, key, (1, 1, 0))
            if game == "badugi":
                assert all(badugi(h.cards).size == 4 for h in hands), (game, key)
            else:
                assert all(len({c.rank for c in h.cards}) == 5 for h in hands), (game, key)

"""Ranges from a played hand: what a seat's actions say about its cards, under the coach's model."""

from __future__ import annotations

import random

import pytest

from evaluator import DECK, badugi, get_profile, parse_cards
from evaluator.play import Action, LiveHand, TableSettings
from evaluator.play.players import PERSONALITIES
from evaluator.solver import ranges
from evaluator.solver.ranges import Decision, seat_range, spot_for

BADUGI = get_profile("badugi")


def four_card_share(found: dict[str, float]) -> float:
    """The weighted share of the range that holds a four-card Badugi (read by the engine)."""
    total = sum(found.values())
    made = sum(w for text, w in found.items() if badugi(parse_cards(text)).size == 4)
    return made / total


def last_round_hand(seed: int, game: str = "badugi") -> LiveHand:
    """A heads-up hand played to the last betting round, the learner calling and standing pat."""
    big = get_profile(game).big_bet
    settings = TableSettings(
        game=game,
        seats=2,
        learner_seat=seed % 2,
        personalities=tuple(None if s == seed % 2 else "solid" for s in range(2)),
        stacks=(40 * big, 40 * big),
        button=0,
        seed=seed,
    )
    hand = LiveHand.start(settings)
    while not hand.is_over and not (hand.draws_left == 0 and hand.phase == "bet"):
        kinds = [a.kind for a in hand.legal_actions()]
        if "draw" in kinds:
            hand.play(Action("draw", ()))
        else:
            hand.play(Action("call" if "call" in kinds else "check"))
    return hand


def test_the_draw_size_weights_each_hand_by_how_likely_the_model_throws_that_many(monkeypatch):
    # A plain draw policy stands in for the personalities' own, so the test reads the
    # range builder alone: throw every card outside the hand's best Badugi.
    def throw_outside_the_badugi(personality, view, rng):
        kept = badugi(view.cards).cards
        return tuple(c for c in view.cards if c not in kept)

    monkeypatch.setattr(ranges, "decide_draw", throw_outside_the_badugi)
    solid = PERSONALITIES["solid"]
    pat = seat_range(BADUGI, solid, [], 0, [], pool=list(DECK), samples=300, rng=random.Random(3))
    two = seat_range(BADUGI, solid, [], 2, [], pool=list(DECK), samples=300, rng=random.Random(3))
    assert four_card_share(pat) == 1.0  # only a four-card Badugi stands pat under this policy
    assert four_card_share(two) < 0.5


def test_a_bet_weights_a_range_towards_made_hands_and_a_check_away_from_them():
    solid = PERSONALITIES["solid"]
    last = BADUGI.draws

    low_cards = [c for c in DECK if c.rank <= 7]  # so that many hands are strong enough to bet

    def shown(kind: str) -> dict[str, float]:
        facing = Decision(1, kind, last, 20, 0, True, True, 0, 2)  # the other drew two
        # The seat drew one at the last draw, so it may or may not have made its Badugi
        # (a seat that stood pat at the last draw holds one already).
        return seat_range(
            BADUGI, solid, [facing], 1, [[2]], pool=low_cards, samples=300, rng=random.Random(5)
        )

    assert four_card_share(shown("bet")) > four_card_share(shown("check")) + 0.1


def test_a_last_round_spot_has_both_ranges_the_learners_hand_and_the_rounds_history():
    hand = last_round_hand(0)
    spot = spot_for(hand, samples=80)
    assert spot is not None
    learner = spot.solver_seat(hand.settings.learner_seat)
    opponent = 1 - learner
    mine = set(hand.learner_cards)
    assert any(set(parse_cards(text)) == mine for text in spot.ranges[learner])
    # The opponent's hands come from cards the learner cannot see.
    assert all(not set(parse_cards(text)) & mine for text in spot.ranges[opponent])
    assert all(
        len(r) == len(w) and min(w) > 0 for r, w in zip(spot.ranges, spot.weights, strict=True)
    )
    assert spot.history in ("", "check")
    assert spot.pot == hand.pot
    assert spot.bet == get_profile("badugi").big_bet


def test_spots_that_do_not_fit_get_none():
    big = get_profile("badugi").big_bet
    three = TableSettings(
        game="badugi",
        seats=3,
        learner_seat=0,
        personalities=(None, "caller", "caller"),
        stacks=(40 * big,) * 3,
        button=0,
        seed=4,
    )
    assert spot_for(LiveHand.start(three)) is None  # three seats, and the first round
    assert spot_for(LiveHand.start(last_round_hand(2).settings)) is None  # not the last round


def test_the_advice_for_a_played_hand_is_the_learners_mix_in_the_solved_spot():
    from evaluator.solver import advice_for

    hand = last_round_hand(0)
    advice = advice_for(hand, samples=60)
    assert advice is not None
    assert set(advice.mix) <= {a.kind for a in hand.legal_actions()}  # never fold for free
    assert sum(advice.mix.values()) == pytest.approx(1)
    assert advice.mix == advice.solution.mix_for(hand.learner_cards, advice.history)
    assert advice.solution.exploitability_mbb < 1


def test_the_same_decision_asked_again_is_answered_from_memory():
    from evaluator.solver import advice_for

    hand = last_round_hand(0)
    first = advice_for(hand, samples=60)
    again = advice_for(LiveHand.replay(hand.settings, hand.learner_actions), samples=60)
    assert again is first


def test_a_line_no_sampled_hand_plays_gets_no_spot_rather_than_an_empty_range(monkeypatch):
    """The panel says the spot does not fit instead of failing on "seat 1's range is empty";
    it samples more hands once before giving up."""
    hand = last_round_hand(0)
    asked: list[int] = []
    real = ranges.seat_range

    def none_for_the_opponent(profile, model, decisions, drew, others, *, pool, samples, rng):
        asked.append(samples)
        if len(asked) % 2 == 1 and model is PERSONALITIES["solid"]:
            return {}
        return real(profile, model, decisions, drew, others, pool=pool, samples=samples, rng=rng)

    monkeypatch.setattr(ranges, "seat_range", none_for_the_opponent)
    assert spot_for(hand, samples=40) is not None  # the second, larger sample found hands
    assert 160 in asked

    monkeypatch.setattr(
        ranges,
        "seat_range",
        lambda profile, model, *a, **k: (
            {} if model is PERSONALITIES["solid"] else real(profile, model, *a, **k)
        ),
    )
    assert spot_for(hand, samples=40) is None

"""Named misconceptions: a wrong answer built from each belief is named, a right one never is.

No answer is typed here. For each misconception the test looks through
seeded random deals for one where the belief gives a different answer from
the engine's (and no rule checked earlier gives the same one), builds the
learner's wrong answer from the belief itself, and expects that
misconception to be named.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evaluator import DECK, badugi, get_profile, settle
from evaluator.misconceptions import (
    MISCONCEPTIONS,
    Draw,
    best_throws,
    chance_beliefs,
    chance_mistake,
    discard_beliefs,
    discard_mistake,
    outs_beliefs,
    outs_mistake,
    payout_beliefs,
    payout_mistake,
    raise_beliefs,
    raise_mistake,
    selection_beliefs,
    selection_mistake,
    winner_beliefs,
    winners_mistake,
)
from tests.evaluator.strategies import hands

SEEDS = range(3000)


def random_table(seed: int, game: str):
    """Seeded hands (sometimes with two seats tied on suit-swapped cards), pot, folds, button."""
    rng = random.Random(seed)
    profile = get_profile(game)
    size, seats = profile.hand_size, rng.choice([2, 3, 3, 4])
    deck = list(DECK)
    rng.shuffle(deck)
    table = [tuple(deck[i * size : (i + 1) * size]) for i in range(seats)]
    if rng.random() < 0.3:  # the same ranks in other suits: a tie on both halves
        swap = dict(zip("shdc", "hdcs", strict=True))
        copy = tuple(
            next(c for c in DECK if c.rank == d.rank and c.suit == swap[d.suit]) for d in table[0]
        )
        others = {c for hand in table[2:] for c in hand}
        if not set(copy) & (others | set(table[0])):
            table[1] = copy
    folded = [False] * seats
    if seats > 2 and rng.random() < 0.4:
        folded[rng.randrange(seats)] = True
    return profile, table, rng.randrange(20, 200), folded, rng.randrange(seats)


def first_case(found):
    """The first (deal, wrong answer) a search yields, failing the test if there is none."""
    case = next(found, None)
    assert case is not None, "no seeded deal shows this misconception"
    return case


def distinct(beliefs: dict, name: str, right) -> list:
    """The belief's answers that are wrong and that no rule before it also gives."""
    earlier = []
    for key, answers in beliefs.items():
        if key == name:
            return [a for a in answers if a != right and a not in earlier]
        earlier += answers
    return []


PAYOUT_RULES = [
    "whole-pot-split",
    "odd-chip-to-badugi",
    "odd-chip-wrong-seat",
    "folded-seat-paid",
    "scoop-split",
    "tie-not-shared",
]


@pytest.mark.parametrize("name", PAYOUT_RULES)
def test_a_payout_built_from_the_belief_is_named(name):
    def found():
        for seed in SEEDS:
            profile, table, pot, folded, button = random_table(seed, "badacey")
            right = settle(profile, table, pot=pot, folded=folded, button=button).payouts
            beliefs = payout_beliefs(profile, table, pot=pot, folded=folded, button=button)
            for wrong in distinct(beliefs, name, right):
                yield profile, table, pot, folded, button, wrong

    profile, table, pot, folded, button, wrong = first_case(found())
    mistake = payout_mistake(wrong, profile, table, pot=pot, folded=folded, button=button)
    assert mistake is MISCONCEPTIONS[name]


def random_side_pots(seed: int, game: str):
    """A seeded table whose all-in seats put in less than the others: side pots to settle."""
    profile, table, _, folded, button = random_table(seed, game)
    rng = random.Random(-1 - seed)
    top = rng.randrange(20, 120)
    contributions = [top if rng.random() < 0.5 else rng.randrange(1, top) for _ in table]
    return profile, table, contributions, folded, button


# Every payout rule a side-pot settlement can show, and the one only side pots have.
SIDE_POT_RULES = ["side-pots-ignored", *PAYOUT_RULES]


def side_pot_cases(name: str):
    """(table, wrong answer) where the belief, worked out on the side pots, explains it alone."""
    for seed in SEEDS:
        profile, table, contributions, folded, button = random_side_pots(seed, "badacey")
        chips = {"contributions": contributions, "folded": folded, "button": button}
        outcome = settle(profile, table, **chips)
        if len(outcome.pots) < 2:
            continue
        beliefs = payout_beliefs(profile, table, **chips)
        for wrong in distinct(beliefs, name, outcome.payouts):
            yield profile, table, chips, wrong


@pytest.mark.parametrize("name", SIDE_POT_RULES)
def test_a_side_pot_payout_built_from_the_belief_is_named(name):
    profile, table, chips, wrong = first_case(side_pot_cases(name))
    assert payout_mistake(wrong, profile, table, **chips) is MISCONCEPTIONS[name]


def test_settling_side_pots_as_one_pot_is_the_side_pot_misconception():
    """The answer a learner gets by pooling every chip is named, and only with side pots."""
    profile, table, chips, wrong = first_case(side_pot_cases("side-pots-ignored"))
    total = sum(chips["contributions"])
    one_pot = settle(profile, table, pot=total, folded=chips["folded"], button=chips["button"])
    assert wrong == one_pot.payouts
    assert payout_mistake(wrong, profile, table, **chips) is MISCONCEPTIONS["side-pots-ignored"]
    one_pot_chips = {**chips, "contributions": None, "pot": total}
    assert "side-pots-ignored" not in payout_beliefs(profile, table, **one_pot_chips)


def test_a_one_pot_belief_is_not_named_when_the_side_pots_do_not_explain_it():
    """Beliefs worked out on the wrong settlement (one pot) must not name a side-pot answer."""
    checked = 0
    for seed in range(400):
        profile, table, contributions, folded, button = random_side_pots(seed, "badacey")
        chips = {"folded": folded, "button": button}
        outcome = settle(profile, table, contributions=contributions, **chips)
        if len(outcome.pots) < 2:
            continue
        real = payout_beliefs(profile, table, contributions=contributions, **chips)
        explained = {answer for answers in real.values() for answer in answers}
        pooled = payout_beliefs(profile, table, pot=outcome.total, **chips)
        for answers in pooled.values():
            for wrong in answers:
                if wrong == outcome.payouts or wrong in explained:
                    continue
                checked += 1
                named = payout_mistake(wrong, profile, table, contributions=contributions, **chips)
                assert named is None
    assert checked > 0


WINNER_RULES = [
    ("badacey", "badugi", "suits-break-ties"),
    ("badacey", "badugi", "lowest-card-first"),
    ("badacey", "badugi", "fewer-cards-can-win"),
    ("badacey", "badugi", "greedy-selection"),
    ("badacey", "badugi", "paired-card-counted"),
    ("badacey", "badugi", "badugi-ace-high-in-badacey"),
    ("badeucey", "badugi", "badugi-ace-low-in-badeucey"),
    ("badugi", "badugi", "fewer-cards-can-win"),
    ("badacey", "ace_to_five", "ace-high-in-ace-to-five"),
    ("badacey", "ace_to_five", "straights-count-in-ace-to-five"),
    ("badeucey", "deuce_to_seven", "ace-low-in-deuce-to-seven"),
    ("badeucey", "deuce_to_seven", "wheel-straight-in-deuce-to-seven"),
    ("badeucey", "deuce_to_seven", "straights-ignored-in-deuce-to-seven"),
    ("badacey", "ace_to_five", "high-hand-wins-ace-to-five"),
    ("badeucey", "deuce_to_seven", "high-hand-wins-deuce-to-seven"),
]


@pytest.mark.parametrize("game, kind, name", WINNER_RULES)
def test_winners_built_from_the_belief_are_named(game, kind, name):
    def found():
        for seed in SEEDS:
            profile, table, _, folded, _ = random_table(seed, game)
            live = [s for s, f in enumerate(folded) if not f]
            outcome = settle(profile, table, pot=0, folded=folded)
            award = next(a for a in outcome.pots[0].awards if a.kind == kind)
            right = frozenset(award.winners)
            beliefs = winner_beliefs(profile, kind, table, live=live)
            for wrong in distinct(beliefs, name, right):
                yield profile, table, live, right, wrong

    profile, table, live, right, wrong = first_case(found())
    assert winners_mistake(wrong, profile, kind, table, right, live=live) is MISCONCEPTIONS[name]


SELECTION_RULES = [
    (False, "greedy-selection"),
    (False, "paired-card-counted"),
    (False, "fewer-cards-can-win"),
    (False, "badugi-ace-high-in-badacey"),
    (True, "badugi-ace-low-in-badeucey"),
]


@given(hands(5))
def test_a_greedy_pick_is_never_better_than_the_engines(dealt):
    """The trap is a trap: the greedy selection is never worth more than the best."""
    (cards,) = dealt
    greedy = selection_beliefs(cards)["greedy-selection"][0]
    assert badugi(list(greedy)) <= badugi(cards)


@pytest.mark.parametrize("ace_high, name", SELECTION_RULES)
def test_a_badugi_pick_built_from_the_belief_is_named(ace_high, name):
    def found():
        for seed in SEEDS:
            rng = random.Random(seed)
            cards = tuple(rng.sample(DECK, 5))
            right = badugi(cards, ace_high=ace_high).selections
            beliefs = selection_beliefs(cards, ace_high=ace_high)
            for wrong in distinct(beliefs, name, None):
                if all(wrong != frozenset(r) for r in right):
                    yield cards, wrong

    cards, wrong = first_case(found())
    assert selection_mistake(wrong, cards, ace_high=ace_high) is MISCONCEPTIONS[name]


@pytest.mark.parametrize(
    "betting_round, facing, name",
    [
        (2, 12, "small-bet-late"),
        (3, 24, "small-bet-late"),
        (0, 6, "big-bet-early"),
        (1, 12, "raise-by-not-to"),
        (0, 18, "raise-doubles-the-bet"),
    ],
)
def test_a_raise_built_from_the_belief_is_named(betting_round, facing, name):
    profile = get_profile("badacey")
    right = profile.full_raise_to(betting_round, facing)
    (wrong,) = distinct(raise_beliefs(profile, betting_round, facing), name, right)
    assert raise_mistake(wrong, profile, betting_round, facing) is MISCONCEPTIONS[name]


def random_draw(seed: int, outcome: str = "badugi") -> Draw:
    rng = random.Random(seed)
    cards = rng.sample(DECK, 5 + 10)
    hand, dead = cards[:5], tuple(cards[5:])
    return Draw(get_profile("badacey"), tuple(hand[:4]), (hand[4],), dead, outcome)


@pytest.mark.parametrize("name", ["seen-cards-counted", "thrown-cards-counted"])
def test_outs_built_from_the_belief_are_named(name):
    def found():
        for seed in range(300):
            draw = random_draw(seed)
            right = draw.hits().hits
            for wrong in distinct(outs_beliefs(draw), name, right):
                yield draw, wrong

    draw, wrong = first_case(found())
    assert outs_mistake(wrong, draw) is MISCONCEPTIONS[name]


@pytest.mark.parametrize("name", ["seen-cards-counted", "chance-of-missing"])
def test_a_chance_built_from_the_belief_is_named(name):
    within = 2

    def found():
        for seed in range(300):
            draw = random_draw(seed, "low")
            right = 100 * draw.hits().probability
            beliefs = chance_beliefs(draw)
            earlier = [c for key, cs in beliefs.items() if key != name for c in cs]
            for wrong in beliefs[name]:
                apart = abs(wrong - right) > 2 * within
                if apart and all(abs(wrong - c) > within for c in earlier):
                    yield draw, wrong

    draw, wrong = first_case(found())
    assert chance_mistake(wrong, within, draw) is MISCONCEPTIONS[name]
    assert chance_mistake(wrong + Fraction(1, 2), within, draw) is MISCONCEPTIONS[name]


def test_a_throw_best_for_one_half_only_is_named():
    profile = get_profile("badacey")

    def found():
        for seed in range(200):
            rng = random.Random(seed)
            cards = rng.sample(DECK, 5)
            right = best_throws(profile, cards, (), 1, "both")
            beliefs = discard_beliefs(profile, cards, (), 1, target="both")
            for wrong in beliefs["one-half-only"]:
                if wrong not in right:
                    yield cards, right, beliefs, wrong

    cards, right, beliefs, wrong = first_case(found())
    assert discard_mistake(wrong, right, beliefs) is MISCONCEPTIONS["one-half-only"]
    assert discard_mistake(right[0], right, beliefs) is None


# The right answer is never taken for a misconception ---------------------------------


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(["badacey", "badeucey", "badugi"]),
    st.integers(2, 4),
    st.integers(0, 500),
    st.integers(0, 3),
    st.data(),
)
def test_the_right_answer_never_matches_a_misconception(game, seats, pot, button, data):
    profile = get_profile(game)
    table = data.draw(hands(profile.hand_size, seats))
    button %= seats
    folded = data.draw(st.lists(st.booleans(), min_size=seats, max_size=seats))
    if all(folded):
        folded[0] = False
    outcome = settle(profile, table, pot=pot, folded=folded, button=button)
    assert (
        payout_mistake(outcome.payouts, profile, table, pot=pot, folded=folded, button=button)
        is None
    )
    contributions = data.draw(st.lists(st.integers(0, 90), min_size=seats, max_size=seats))
    layered = settle(profile, table, contributions=contributions, folded=folded, button=button)
    named = payout_mistake(
        layered.payouts, profile, table, contributions=contributions, folded=folded, button=button
    )
    assert named is None
    live = [s for s, f in enumerate(folded) if not f]
    for award in outcome.pots[0].awards:
        if award.kind in profile.awards:
            assert (
                winners_mistake(award.winners, profile, award.kind, table, award.winners, live=live)
                is None
            )
    ace_high = profile.badugi_ace_high
    for selection in badugi(table[0], ace_high=ace_high).selections:
        assert selection_mistake(selection, table[0], ace_high=ace_high) is None
    betting_round = button % (profile.draws + 1)
    right = profile.full_raise_to(betting_round, pot % 30)
    assert raise_mistake(right, profile, betting_round, pot % 30) is None


def test_every_misconception_is_tested_here():
    """A new rule needs a test above that builds a wrong answer from it."""
    tested = (
        set(SIDE_POT_RULES)
        | {name for _, _, name in WINNER_RULES}
        | {name for _, name in SELECTION_RULES}
        | {"small-bet-late", "big-bet-early", "raise-by-not-to", "raise-doubles-the-bet"}
        | {"seen-cards-counted", "thrown-cards-counted", "chance-of-missing", "one-half-only"}
    )
    assert tested == set(MISCONCEPTIONS)

"""The coach at the table: grades follow the model's values, and never change the hand.

Every expectation is computed through the engine (``coach_action``, the
grade's own values); situations are found by playing seeded hands, never typed
in. The spots the model must get right are in ``test_model_spots``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from evaluator.badugi import badugi
from evaluator.play import Action, IllegalAction, LiveHand, TableSettings
from evaluator.play.coach import coach_action, grade_decision, spot_of, summarize
from evaluator.play.spot import legal_choices

from .helpers import random_action


def find(
    game: str, wanted: Callable[[LiveHand], bool], *, seats: int = 4, tries: int = 400
) -> LiveHand:
    """The first seeded hand reaching a learner decision ``wanted`` accepts.

    The learner checks or calls and draws as the solid computer player would.
    """
    for seed in range(tries):
        hand = LiveHand.start(TableSettings.default(game, seed, seats=seats))
        while not hand.is_over:
            if wanted(hand):
                return hand
            kinds = {a.kind for a in hand.legal_actions()}
            if "draw" in kinds:
                hand.play(hand.computer_choice("solid"))
            else:
                hand.play(Action("check" if "check" in kinds else "call"))
    raise AssertionError("no seeded hand reached the situation")


def at_draw(hand: LiveHand) -> bool:
    return hand.legal_actions()[0].kind == "draw"


def test_the_coachs_throw_is_correct_and_another_is_measured_against_it():
    hand = find("badacey", at_draw)
    best_action = coach_action(hand)
    best = grade_decision(hand, best_action)
    assert best.grade == "correct" and best.size == 0 and best.skill_kind == "draw"
    assert best.reason_code == "BEST_THROW" and "the best play" in best.reason
    everything = Action("draw", hand.learner_cards[: hand.legal_actions()[0].max_discards])
    graded = grade_decision(hand, everything)
    if graded.grade != "correct":
        assert graded.better_action is not None
        assert set(graded.better_action.discards) == set(best_action.discards)
        assert "the best play" not in graded.reason
        assert graded.reason and graded.better_play


def test_every_throw_up_to_the_games_limit_is_a_choice_of_the_spot():
    hand = find("badeucey", at_draw)
    spot = spot_of(hand)[0]
    most = min(hand.profile.max_discard, len(hand.learner_cards))
    choices = legal_choices(spot)
    assert len(choices) == sum(1 for n in range(1 << 5) if bin(n).count("1") <= most)
    assert len({frozenset(a.discards) for a in choices}) == len(choices)


def made_badugi(hand: LiveHand) -> bool:
    if not at_draw(hand):
        return False
    value = badugi(hand.learner_cards)
    return value.size == 4 and value.ranks[0] <= 8


def test_a_good_made_badugi_stands_pat_and_breaking_it_is_a_mistake():
    hand = find("badugi", made_badugi, tries=2000)
    assert coach_action(hand) == Action("draw", ())
    broken = grade_decision(hand, Action("draw", hand.learner_cards[:1]))
    assert broken.grade != "correct"
    assert broken.reason_code == "BROKE_A_PAT_HAND"
    assert broken.better_play == "Stand pat"


def three_cards_facing_a_bet(hand: LiveHand) -> bool:
    kinds = {a.kind for a in hand.legal_actions()}
    return "call" in kinds and hand.draws_left == 0 and badugi(hand.learner_cards).size < 4


def test_a_three_card_hand_facing_a_bet_after_the_last_draw_is_graded_by_what_calling_wins():
    """The old coach valued an unmade hand at 0 after the last draw; now calling is worth
    what it wins against the hands the bettor can hold, and the grade follows the values."""
    hand = find("badugi", three_cards_facing_a_bet, tries=2000)
    call, fold = grade_decision(hand, Action("call")), grade_decision(hand, Action("fold"))
    assert call.skill_kind == "bet"
    values = call.details
    better = "call" if values["value_call"] > values["value_fold"] else "fold"
    worse = {"call": fold, "fold": call}[better]
    assert {"call": call, "fold": fold}[better].grade == "correct" or values.get(
        "value_raise", 0
    ) > max(values["value_call"], values["value_fold"])
    if worse.grade != "correct":
        assert worse.better_action is not None and worse.better_action.kind != worse.decision


def test_grading_leaves_the_hand_as_it_was():
    hand = find("badacey", lambda h: True)
    before = (hand.step, hand.events, hand.public_state())
    for legal in hand.legal_actions():
        grade_decision(hand, Action(legal.kind))
    assert (hand.step, hand.events, hand.public_state()) == before


def test_the_coach_refuses_an_action_the_table_would_refuse():
    hand = find("badacey", lambda h: not at_draw(h))
    with pytest.raises(IllegalAction):
        grade_decision(hand, Action("draw", ()))


@pytest.mark.parametrize("game", ["badacey", "badugi", "deuce_to_seven"])
def test_every_grade_of_a_random_hand_is_complete(game):
    rng = random.Random(game)
    hand = LiveHand.start(TableSettings.default(game, 11))
    while not hand.is_over:
        result = hand.act(random_action(hand, rng))
        g = result.grade
        assert g.grade in ("correct", "inaccuracy", "blunder")
        assert g.reason_code and g.reason
        if g.grade == "correct":
            assert g.size == 0 and g.better_action is None
        else:
            assert g.better_action is not None and g.better_play
            assert "the best play here" not in g.reason


def test_a_session_s_error_rate_is_the_mistake_size_per_decision():
    rng = random.Random(5)
    grades = []
    for seed in range(4):
        hand = LiveHand.start(TableSettings.default("badacey", seed))
        while not hand.is_over:
            grades.append(hand.act(random_action(hand, rng)).grade)
    summary = summarize(grades)
    assert summary.decisions == len(grades)
    assert summary.error_rate == pytest.approx(sum(g.size for g in grades) / len(grades))
    assert summary.blunders == sum(g.grade == "blunder" for g in grades)
    assert set(summary.by_skill) == {g.skill_kind for g in grades}
    assert summarize([]).error_rate == 0


def test_after_a_reshuffle_before_my_draw_my_old_discards_are_back_in_the_deck():
    """The learner's discards went back into the deck with the reshuffle, so the coach must
    count them among the cards the draw can bring (they are no longer dead)."""
    for seed in range(300):
        hand = LiveHand.start(TableSettings.default("badacey", seed, seats=6))
        while not hand.is_over:
            legal = hand.legal_actions()
            if legal[0].kind == "draw":
                this_draw = [e for e in hand.events if e.kind in ("reshuffle", "draw")]
                reshuffled_now = any(e.kind == "reshuffle" for e in this_draw[-6:]) and (
                    hand.events[-1].kind in ("reshuffle", "draw")
                )
                if reshuffled_now and hand.draws_left < hand.profile.draws:
                    last_reshuffle = max(
                        i for i, e in enumerate(hand.events) if e.kind == "reshuffle"
                    )
                    betting = ("bet", "call", "check")
                    bets_since = [e for e in hand.events[last_reshuffle:] if e.kind in betting]
                    if not bets_since:
                        assert hand.dead_cards() == ()
                        return
                hand.play(Action("draw", hand.learner_cards[: legal[0].max_discards]))
            else:
                kinds = {a.kind for a in legal}
                hand.play(Action("check" if "check" in kinds else "call"))
    raise AssertionError("no seeded hand reshuffled just before the learner's draw")


def big_blind_option(hand: LiveHand) -> bool:
    kinds = {a.kind for a in hand.legal_actions()}
    return {"check", "raise"} <= kinds


def test_the_coachs_play_is_legal_at_the_big_blinds_option():
    """The big blind's option is a "raise" at the table but a first bet in a spot: the coach
    must answer with the table's own word, and grade the table's word."""
    hand = find("deuce_to_seven", big_blind_option, seats=3, tries=2000)
    hand.check_legal(coach_action(hand))
    graded = grade_decision(hand, Action("raise"))
    assert graded.grade in ("correct", "inaccuracy", "blunder")
    if graded.better_action is not None:
        hand.check_legal(graded.better_action)


def test_the_better_throw_keeps_its_face_cards_upper_case() -> None:
    """#43 item 17: the better play read "Throw k♦ 9♣" when it was capitalised."""
    import random

    from evaluator.play import LiveHand, TableSettings, grade_decision
    from evaluator.play.table import Action

    for seed in range(200):
        hand = LiveHand.start(TableSettings.default("badugi", seed, seats=2))
        rng = random.Random(seed)
        while not hand.is_over and hand.phase != "draw":
            legal = hand.legal_actions()
            kinds = [a.kind for a in legal]
            hand.play(Action("check" if "check" in kinds else "call"))
        if hand.is_over or not hand.learner_to_act():
            continue
        cards = hand.learner_cards
        grade = grade_decision(hand, Action("draw", tuple(rng.sample(cards, 1))))
        if grade.better_play and grade.better_play.startswith("Throw"):
            assert grade.better_play[1:] == grade.better_play[1:].replace("k♦", "K♦")
            faces = [c.text for c in cards if c.text[0] in "JQK"]
            if any(face in grade.better_play.upper() for face in faces):
                assert all(f.lower() not in grade.better_play for f in faces)
                return
    raise AssertionError("no seed gave a better throw with a face card to check")


def test_the_coach_answers_when_every_hand_of_the_opponents_range_holds_one_of_your_cards():
    """A caller who stood pat at the first draw, then drew two and one: its few pat hands,
    redrawn, all hold a card of 6-4-8-2-9 here. The coach falls back on hands from the cards
    you cannot see and still values every choice (it once failed on this spot)."""
    from evaluator import parse_cards
    from evaluator.play.grading import grade_choices
    from evaluator.play.ranges import pool
    from evaluator.play.spot import OpponentInSpot, Spot
    from evaluator.play.values import value_spot

    cards = tuple(parse_cards("6c 4s 8c 2s 9s"))
    assert all(set(cards) & set(h.cards) for h in pool("badeucey", "caller", (0, 2, 1)))
    spot = Spot("badeucey", "bet", cards, (), 0, 40, 0, 10, 4, (OpponentInSpot((0, 2, 1)),))
    choices = legal_choices(spot)
    valued = value_spot(spot, choices, models=("caller",), round_actions=(("check",),))
    assert set(valued.values) == set(choices)
    assert grade_choices(spot, valued)[0].action in choices

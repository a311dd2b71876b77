"""Cards nobody saw stay unknown, and the engine still checks everything it can see.

A card room's history names only its own player's cards until the showdown;
these records are built the way the hand-history reader builds them.
"""

from __future__ import annotations

import pytest

from evaluator import parse_cards, settle
from evaluator.deal import (
    Action,
    BettingLine,
    DealError,
    DealRecord,
    DrawEntry,
    DrawLine,
    Post,
    Seat,
    Show,
)
from evaluator.replay import replay

HERO = "Kd 4c 2h 4s"


def betting(*actions: tuple[str, str]) -> BettingLine:
    return BettingLine(tuple(Action(seat, kind) for seat, kind in actions))


def checked_round() -> BettingLine:
    return betting(("Hero", "check"), ("Bo", "check"), ("Cyd", "check"))


def pats(hero: DrawEntry | None = None) -> DrawLine:
    return DrawLine(
        (hero or DrawEntry("Hero"), DrawEntry("Bo", hidden=1), DrawEntry("Cyd", hidden=0))
    )


def record(**changes: object) -> DealRecord:
    """Hero's cards are known, Bo's and Cyd's are face down; everyone checks it down."""
    fields: dict[str, object] = {
        "profile_key": "badugi",
        "settings": {},
        "seats": (
            Seat("Hero", 100, parse_cards(HERO)),
            Seat("Bo", 100, (), hidden=4),
            Seat("Cyd", 100, (), hidden=4),
        ),
        "button": 2,
        "streets": (
            betting(("Cyd", "call"), ("Hero", "call"), ("Bo", "check")),
            pats(DrawEntry("Hero", parse_cards("4s"), parse_cards("7s"))),
            checked_round(),
            pats(),
            checked_round(),
            pats(),
            checked_round(),
        ),
        "showdown": (
            Show("Hero", parse_cards("Kd 4c 2h 7s")),
            Show("Bo", parse_cards("8c 6d 5h 3s")),
            Show("Cyd", None),
        ),
    }
    fields.update(changes)
    return DealRecord(**fields)  # type: ignore[arg-type]


def refusal(rec: DealRecord) -> str:
    with pytest.raises(DealError) as caught:
        replay(rec)
    return caught.value.problem


def test_face_down_seats_are_dealt_and_draw_without_their_cards_being_named():
    played = replay(record())
    deal = played.steps[0].state.seats
    assert [seat.hidden for seat in deal] == [0, 4, 4]
    assert deal[1].cards == ()
    bo_draw = next(step for step in played.steps if step.kind == "draw" and step.actor == 1)
    assert bo_draw.text == "Bo draws one."
    assert bo_draw.state.seats[1].hidden_draws == (1,)


def test_the_showdown_is_settled_from_the_shown_hands_and_a_muck_cannot_win():
    played = replay(record())
    expected = settle(
        "badugi",
        [HERO.replace("4s", "7s"), "8c 6d 5h 3s", None],
        contributions=[2, 2, 2],
        button=2,
    )
    assert played.settlement.payouts == expected.payouts
    assert "Cyd mucks" in next(s.text for s in played.steps if s.kind == "showdown")


def test_a_face_down_seat_at_the_showdown_must_show_or_muck():
    assert "Bo's cards are not known at the showdown" in refusal(record(showdown=None))


def test_a_shown_card_still_in_another_hand_is_refused():
    showdown = (Show("Hero", parse_cards("Kd 4c 2h 7s")), Show("Bo", parse_cards("Kd 6d 5h 3s")))
    assert refusal(record(showdown=showdown)) == "Bo cannot show K♦: it is in Hero's hand"


def test_a_shown_card_someone_discarded_is_refused_while_the_deck_lasts():
    showdown = (Show("Hero", parse_cards("Kd 4c 2h 7s")), Show("Bo", parse_cards("4s 6d 5h 3c")))
    problem = refusal(record(showdown=showdown))
    assert problem.startswith("Bo cannot show 4♠: Hero discarded it in draw one")


def test_a_shown_hand_must_keep_the_seat_s_known_cards():
    showdown = (Show("Hero", parse_cards("Kd 4c 2h 9s")),)
    assert refusal(record(showdown=showdown)) == "Hero shows K♦ 4♣ 2♥ 9♠, but Hero holds 7♠"


def test_an_unseen_draw_is_still_held_to_the_table_s_limit():
    too_many = DrawLine((DrawEntry("Hero"), DrawEntry("Bo", hidden=5), DrawEntry("Cyd", hidden=0)))
    streets = list(record().streets)
    streets[1] = too_many
    assert "at most 4 per draw" in refusal(record(streets=tuple(streets)))


def test_known_and_face_down_cards_together_make_a_full_hand():
    seats = (
        Seat("Hero", 100, parse_cards(HERO)),
        Seat("Bo", 100, (), hidden=3),
        Seat("Cyd", 100, (), hidden=4),
    )
    assert refusal(record(seats=seats)) == "Bo is dealt 3 cards, but a Badugi hand has 4"


def test_a_face_down_winner_by_folds_is_paid_without_cards():
    streets = (betting(("Cyd", "raise"), ("Hero", "fold"), ("Bo", "fold")),)
    played = replay(record(streets=streets, showdown=None))
    assert played.settlement.payouts == (0, 0, played.ledger.total.contributed)
    assert played.settlement.seats[2].cards is None


def test_recorded_posts_allow_antes_with_blinds_and_a_big_blind_out_of_position():
    posts = (
        Post("Hero", "ante", 1),
        Post("Bo", "ante", 1),
        Post("Cyd", "ante", 1),
        Post("Hero", "small blind", 1),
        Post("Bo", "big blind", 2),
        Post("Cyd", "big blind", 2),
    )
    # Cyd's big blind is live: nobody raises, so Cyd (first to act) may check.
    streets = (betting(("Cyd", "check"), ("Hero", "call"), ("Bo", "check")), *record().streets[1:])
    played = replay(record(posts=posts, streets=streets))
    assert played.ledger.total.contributed == 3 + 2 + 2 + 2
    assert [s.action for s in played.steps if s.kind == "post"] == [p.kind for p in posts]


def test_a_blind_of_the_wrong_size_is_refused_with_its_line():
    posts = (Post("Hero", "small blind", 1, line=7), Post("Bo", "big blind", 3, line=8))
    with pytest.raises(DealError) as caught:
        replay(record(posts=posts))
    assert caught.value.line == 8
    assert "the big blind is 2" in caught.value.problem


def test_the_rake_comes_out_before_the_pot_is_divided():
    showdown = (
        Show("Hero", parse_cards("Kd 4c 2h 7s")),
        Show("Bo", parse_cards("Kh 4d 2s 7c")),
        Show("Cyd", None),
    )
    played = replay(record(showdown=showdown, rake=1))
    tie = settle("badugi", ["Kd 4c 2h 7s", "Kh 4d 2s 7c", None], pot=5, button=2)
    assert played.settlement.payouts == tie.payouts
    assert sum(played.settlement.payouts) == 5
    assert "rake" in next(s.text for s in played.steps if s.kind == "showdown")


def test_a_rake_larger_than_the_pot_is_refused():
    assert "the rake (7) is more than the whole pot (6)" in refusal(record(rake=7))

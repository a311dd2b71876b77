"""The mastery ladder's rules, one answer at a time (no database, no clock)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from fsrs import Card

from lessons.learners import mastery
from lessons.learners.mastery import (
    ATTEMPTED,
    CHALLENGE,
    FAMILIAR,
    MASTERED,
    NOT_STARTED,
    PROFICIENT,
    REVIEW,
    Answer,
    Standing,
)

DAY0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def run(answers, standing=None):
    standing = standing or Standing()
    levels = []
    for answer in answers:
        standing, _ = mastery.step(standing, answer, card_id=7)
        levels.append(standing.level)
    return standing, levels


def right(item, at=DAY0, **kw):
    return Answer(True, at, item, **kw)


def wrong(item, at=DAY0, **kw):
    return Answer(False, at, item, **kw)


def test_each_right_answer_climbs_at_most_one_level():
    _, levels = run([right("a"), right("b"), right("c")])
    assert levels == [ATTEMPTED, FAMILIAR, PROFICIENT]


def test_proficient_needs_two_different_items_without_hints():
    _, levels = run([right("a"), right("a"), right("a"), right("a")])
    assert levels == [ATTEMPTED, FAMILIAR, FAMILIAR, FAMILIAR]
    _, levels = run([right("a"), right("b", hints=1), right("c", hints=2), right("d")])
    assert levels == [ATTEMPTED, FAMILIAR, FAMILIAR, PROFICIENT]


def test_mastered_needs_a_review_on_a_later_day():
    proficient, _ = run([right("a"), right("b"), right("c")])
    assert proficient.level == PROFICIENT
    same_day, _ = run([right("d", purpose=REVIEW)], proficient)
    assert same_day.level == PROFICIENT
    due = Card.from_json(proficient.card).due
    practice_later, _ = run([right("d", due - timedelta(hours=1))], proficient)
    assert practice_later.level == PROFICIENT  # a later day, but not due: practice
    on_time, _ = run([right("d", due + timedelta(hours=1))], proficient)
    assert on_time.level == MASTERED  # an answer once it is due is its review, from any page
    review_later, _ = run([right("d", DAY0 + timedelta(days=2), purpose=REVIEW)], proficient)
    assert review_later.level == MASTERED
    helped, _ = run([right("d", DAY0 + timedelta(days=2), purpose=REVIEW, hints=1)], proficient)
    assert helped.level == PROFICIENT


def test_a_later_calendar_day_counts_in_utc_even_an_hour_later():
    late = datetime(2026, 3, 2, 23, 30, tzinfo=UTC)
    proficient, _ = run([right("a", late), right("b", late), right("c", late)])
    next_day, _ = run([right("d", late + timedelta(hours=1), purpose=REVIEW)], proficient)
    assert next_day.level == MASTERED


def test_a_wrong_answer_steps_down_one_level_but_never_below_attempted():
    proficient, _ = run([right("a"), right("b"), right("c")])
    _, levels = run([wrong("d"), wrong("e"), wrong("f"), wrong("g")], proficient)
    assert levels == [FAMILIAR, ATTEMPTED, ATTEMPTED, ATTEMPTED]
    first_wrong, _ = run([wrong("a")])
    assert first_wrong.level == ATTEMPTED


def test_right_only_after_the_last_hint_counts_as_wrong_other_hints_as_help():
    familiar, _ = run([right("a"), right("b")])
    after_all, _ = run([right("c", hints=3, after_last_hint=True)], familiar)
    assert after_all.level == ATTEMPTED
    some_help, _ = run([right("c", hints=1)], familiar)
    assert some_help.level == FAMILIAR


def test_a_challenge_masters_on_a_right_answer_and_drops_to_familiar_on_a_wrong_one():
    proficient, _ = run([right("a"), right("b"), right("c")])
    passed, _ = run([right("d", purpose=CHALLENGE)], proficient)
    failed, _ = run([wrong("d", purpose=CHALLENGE)], proficient)
    assert (passed.level, failed.level) == (MASTERED, FAMILIAR)


def test_fsrs_rates_wrong_again_helped_hard_and_right_good():
    assert mastery.rating(wrong("a")).name == "Again"
    assert mastery.rating(right("a", hints=1)).name == "Hard"
    assert mastery.rating(right("a")).name == "Good"


def test_the_next_review_comes_later_after_right_answers_and_sooner_after_a_wrong_one():
    standing, due1 = mastery.step(Standing(), right("a"), 1)
    standing, due2 = mastery.step(standing, right("b", due1), 1)
    assert due2 - due1 > due1 - DAY0
    _, due3 = mastery.step(standing, wrong("c", due2), 1)
    assert due3 - due2 < due2 - due1
    assert due1.tzinfo is not None


def test_a_skill_not_started_reads_as_such():
    assert Standing().level == NOT_STARTED and Standing().name == "Not started"


def test_a_challenge_item_moves_a_skill_below_proficient_by_the_ordinary_rules():
    # A challenge item may also exercise a skill that is not proficient yet (a payouts
    # item with a tie tests splitting the pot too): that skill climbs or falls one level.
    familiar, _ = run([right("a"), right("b", hints=1)])
    assert familiar.level == FAMILIAR
    passed, _ = run([right("c", DAY0 + timedelta(days=1), purpose=CHALLENGE)], familiar)
    assert passed.level == PROFICIENT  # one level up, not straight to mastered
    attempted, _ = run([wrong("a")])
    failed, _ = run([wrong("c", purpose=CHALLENGE)], attempted)
    assert failed.level == ATTEMPTED  # a wrong answer never moves a skill up


def test_each_level_says_what_moves_it_up_next():
    assert mastery.next_move(ATTEMPTED, (), None) == "One right answer makes it Familiar."
    familiar, _ = run([right("a"), right("b", hints=1)])
    assert familiar.level == FAMILIAR and familiar.clean_items == ("a",)
    said = mastery.next_move(familiar.level, familiar.clean_items, None)
    assert said.startswith("1 more right answer without hints, on a different item")
    # What it says is what the ladder does: one clean answer on a new item is enough.
    proficient, _ = run([right("c")], familiar)
    assert proficient.level == PROFICIENT
    assert mastery.next_move(FAMILIAR, (), None).startswith("2 right answers without hints")
    said = mastery.next_move(PROFICIENT, (), DAY0.date())
    assert "later day after 2 March" in said and "Mastered" in said

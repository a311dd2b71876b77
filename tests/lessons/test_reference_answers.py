"""The reference texts' worked answers, checked on the lessons' stored exercises.

With tests/evaluator/test_reference_answers.py (the engine on the texts' own
cards), these are the only tests that type expected results in: each is a
figure a reference text states for the exercise the site ships.
"""

from __future__ import annotations

import pytest

from lessons.models import Deal

pytestmark = pytest.mark.django_db


def test_the_seeds_worked_payouts_come_out_of_the_stored_badacey_deals():
    # The reference lesson's own worked answers (exercises 2 to 6).
    expected = {2: (40, 40), 3: (48, 48), 4: (90, 30), 5: (75, 75, 30), 6: (32, 32)}
    for deal in Deal.objects.for_lesson("badacey").filter(number__in=expected):
        assert deal.settlement().payouts == expected[deal.number]


def test_the_seeds_worked_answer_to_badacey_exercise_1_changes_both_winners():
    deal = Deal.objects.get(slug="badacey-1")
    assert deal.settlement("badacey").payouts == (80, 0)
    assert deal.settlement("badeucey").payouts == (0, 80)


def test_the_seeds_worked_answer_to_badugi_exercise_6_splits_the_pot():
    deal = Deal.objects.get(slug="badugi-6")
    assert deal.pot == 96
    assert deal.settlement().payouts == (48, 48)

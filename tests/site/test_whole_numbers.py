"""Every number a request carries is read by one bounded, ASCII-only reader.

``str.isdigit()`` is true for "²" (and "٣"), and ``int()`` refuses more than
4,300 digits: both once reached ``int()`` unguarded and answered 500. Each
place that reads a number from a post, a query or a teacher's text is sent
such values here and must answer with a message.
"""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from badacey_site.whole_numbers import read_whole_number
from lessons.deals import parts
from lessons.drills.forms import drill_hint_url
from lessons.models import ChecklistTicks, Deal

pytestmark = pytest.mark.django_db

SUPERSCRIPT_TWO = "\N{SUPERSCRIPT TWO}"
ARABIC_THREE = "\N{ARABIC-INDIC DIGIT THREE}"
HUGE = "9" * 4301
NOT_NUMBERS = [SUPERSCRIPT_TWO, ARABIC_THREE, HUGE, " 3", "3 ", "1_0", "+3", "", "0x3", "3.0"]


@pytest.mark.parametrize("text", NOT_NUMBERS)
def test_the_reader_refuses_anything_but_plain_ascii_digits(text):
    assert read_whole_number(text, 0, 10**6) is None


def test_the_reader_reads_plain_numbers_within_their_bounds():
    assert read_whole_number("7", 1, 20) == 7
    assert read_whole_number("-4", -10, 10) == -4
    assert read_whole_number("-4", 0, 10) is None
    assert read_whole_number("21", 1, 20) is None
    assert read_whole_number(None, 0, 1) is None
    assert read_whole_number(["3"], 0, 9) is None


@pytest.mark.parametrize("tick", [SUPERSCRIPT_TWO, ARABIC_THREE, HUGE])
def test_a_checklist_box_that_is_no_number_is_refused_with_a_message(client, tick):
    response = client.post("/progress/checklist/badacey/", {"tick": ["1", tick]})
    assert response.status_code == 400
    assert "a box was not one of the lesson" in response.content.decode()
    assert not ChecklistTicks.objects.exists()


def _exercise_with_hints() -> tuple[Deal, int]:
    for deal in Deal.objects.published().for_lesson("badacey"):
        for index, hints in enumerate(parts.hints(deal)):
            if hints:
                return deal, index
    raise AssertionError("no shipped Badacey exercise has hints")


@pytest.mark.parametrize("count", [SUPERSCRIPT_TWO, ARABIC_THREE, HUGE])
def test_an_exercise_hint_count_that_is_no_number_is_refused(client, count):
    deal, index = _exercise_with_hints()
    url = reverse("lessons:hint", args=[deal.slug])
    response = client.post(url, {"hint": str(index), f"{deal.slug}-p{index}_hints": count})
    assert response.status_code == 400
    assert "count of hints taken was changed" in response.content.decode()


@pytest.mark.parametrize("count", [SUPERSCRIPT_TWO, ARABIC_THREE, HUGE])
def test_a_drill_hint_count_that_is_no_number_is_refused(client, count):
    url = drill_hint_url("winners", "badacey", 1, 5)
    response = client.post(url, {"hint": "0", "drill-p0_hints": count})
    assert response.status_code == 400
    assert "count of hints taken was changed" in response.content.decode()


@pytest.mark.parametrize(
    "line",
    [
        f"discard Ana; most {SUPERSCRIPT_TWO}; for badugi",
        f"discard Ana; most {HUGE}; for badugi",
        f"odds Ana; throw K♥; for badugi; within {SUPERSCRIPT_TWO}",
        f"odds Ana; throw K♥; for badugi; within {HUGE}",
        f"raise_to round={SUPERSCRIPT_TWO} facing=12 options=18,24",
    ],
)
def test_a_teachers_part_line_with_no_number_gets_a_line_message(line):
    with pytest.raises(ValidationError) as refused:
        parts.parse_parts(line, ["Ana", "Ben"])
    assert "Line 1:" in str(refused.value)


@pytest.mark.parametrize("seat", [f"hand{ARABIC_THREE}", f"hand{HUGE}", f"paid1{'0' * 5000}"])
def test_a_calculator_seat_field_with_an_odd_number_is_a_message(client, seat):
    response = client.get(reverse("lessons:calculator"), {"game": "badacey", seat: "As 2h"})
    assert response.status_code in (200, 400)
    assert "it cannot read" in response.content.decode()

"""The learner's page shows each exercise answer as it was given, beside the engine's."""

from __future__ import annotations

import html
import re

import pytest

from evaluator.cards import parse_card
from lessons.models import Deal
from tests.factories import field, make_teacher, right_answer
from tests.lessons.test_class_reports import joined, whole_pot_split
from tests.lessons.test_classes import make_class, signed_in

pytestmark = [pytest.mark.django_db, pytest.mark.cache]


def plain(page: str) -> str:
    """The page's text with tags dropped, so card markup reads as its visible text."""
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def test_a_wrong_payout_shows_what_was_given_and_what_was_right():
    teacher = make_teacher()
    classroom = make_class(teacher)
    lee = joined(classroom, "lee")
    deal = Deal.objects.get(slug="badacey-5")
    sent = whole_pot_split(deal)
    signed_in(lee).post(deal.check_url, sent)
    page = signed_in(teacher).get(f"/teach/{classroom.pk}/learners/{lee.pk}/").content.decode()
    text = plain(page)
    right = right_answer(deal)
    (index,) = [i for i, p in enumerate(deal.parts) if p["kind"] == "payouts"]
    for seat, info in enumerate(deal.seats):
        key = field(deal, index, "seat", seat)
        label = f"Part {index + 1}, payouts: {info['name']}"
        if sent[key] == right[key]:
            assert f"{label}: gave {sent[key]} (right)" in text
        else:
            assert f"{label}: gave {sent[key]}; right: {right[key]}" in text
    # The cards part was answered right: each card shown by its name, never a form code.
    (cards,) = [k for k in right if k.endswith("_cards")]
    names = " , ".join(parse_card(v).name for v in right[cards])
    assert f"Part 1, badugi cards: gave {names} (right)" in text

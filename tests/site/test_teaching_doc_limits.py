"""docs/teaching.md tells a teacher the sign-up limit a class on one network runs into.

The number is read from the settings, so the sentence follows the limit if
it ever changes; and the doc names the way round it (accounts the teacher makes).
"""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

from django.conf import settings

TEACHING = Path(__file__).resolve().parents[2] / "docs" / "teaching.md"


def test_teaching_doc_states_the_sign_up_limit_per_address_and_its_window():
    text = " ".join(TEACHING.read_text(encoding="utf-8").split())
    limit = settings.LIMITS["sign_up_per_address"]
    minutes = settings.LIMIT_WINDOW // timedelta(minutes=1)
    said = re.search(
        rf"Sign-ups are limited to {limit} per address in each {minutes} minutes", text
    )
    assert said, "docs/teaching.md should say how many sign-ups one address gets"
    assert "DJANGO_LIMIT_SIGN_UP_PER_ADDRESS" in text
    assert "make their accounts" in text.lower()

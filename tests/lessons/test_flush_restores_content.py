"""Each test that ends in a flush leaves the next one every shipped deal, as the loader would.

tests/django_setup.py puts the content back after a flush from a copy of the
first load instead of running the loader again; these tests run one after
another on the same flushed database and would fail if a copy were missing
a deal, kept a deleted one or forgot which slugs were loaded.
"""

from __future__ import annotations

import pytest

from lessons.content.loader import content_deals
from lessons.models import Deal, LoadedContent

SHIPPED = sorted(deal.slug for deal in content_deals())


@pytest.mark.parametrize("n", range(3))
def test_every_shipped_deal_is_back_after_the_last_tests_flush(transactional_db, n):
    assert sorted(Deal.objects.values_list("slug", flat=True)) == SHIPPED
    assert sorted(LoadedContent.objects.values_list("slug", flat=True)) == SHIPPED
    assert all(not deal.full_clean() for deal in Deal.objects.all())  # each row a valid deal
    Deal.objects.all().delete()  # the next case must not see this

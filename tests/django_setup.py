"""Fixtures every test that boots Django shares; the engine's tests never load them.

The engine is plain Python and its tests run with ``-p no:django`` (see
scripts/test), so nothing here may be imported by ``tests/evaluator``. Each
Django test folder's conftest imports these fixtures, which registers them.
"""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _empty_cache():
    """Each test starts with an empty cache, as a fresh server would.

    Cached lesson pages are keyed by the deals' ids and versions; tests that
    roll back their changes reuse both, and some write straight to the
    database (as only a migration or a hand-run query would), which moves no
    version. Neither must see a page cached by another test.
    """
    from django.core.cache import cache

    cache.clear()
    yield

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


# The first hasher makes every new hash; PBKDF2 stays listed so a hash another
# process made (a management command run as a subprocess) still checks.
FAST_HASHERS = [
    "django.contrib.auth.hashers.MD5PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
]


@pytest.fixture(scope="session", autouse=True)
def _fast_password_hashes():
    """Hash test passwords in microseconds, not the production hasher's 0.6 s.

    Django's own advice for test suites. The production hasher's cost is what
    the sign-in limits guard against, and tests/site/password_hashes.py counts
    every hash those tests compute; neither depends on how slow one hash is.
    Servers a test starts in another process keep the real settings.
    """
    from django.test import override_settings

    with override_settings(PASSWORD_HASHERS=FAST_HASHERS):
        yield

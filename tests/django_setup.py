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


@pytest.fixture(scope="session", autouse=True)
def _flush_restores_content_from_a_copy():
    """After a flush, put the shipped deals back from a copy instead of building them again.

    Tests that need other threads or processes to see their rows (browser
    tests through ``live_server``, any ``transactional_db`` test) end with a
    flush, and a flush sends ``post_migrate``, on which the lessons app loads
    its content (``lessons/content/loader.py``). Done for real that is 63
    deals built through the engine and checked by ``full_clean()`` one query
    at a time: 0.3-0.4 s per test on an idle machine. The first flush of a
    session still runs the real loader; its rows are kept, and every later
    flush inserts the same rows in one statement per table, so each test
    starts from exactly the content it would have had. ``migrate`` (which
    tests/lessons/test_content.py runs to check the loader) still calls the
    real loader: only a flush, which sends no migration plan, is short-cut.
    """
    from django.apps import apps
    from django.db.models.signals import post_migrate

    from lessons.content.loader import load_after_migrate
    from lessons.models import Deal, LoadedContent

    copies: dict[str, tuple[list[dict], list[dict]]] = {}

    def restore_or_load(sender, using: str = "default", **kwargs) -> None:
        if "plan" in kwargs or using not in copies:
            load_after_migrate(sender, using=using, **kwargs)
            if "plan" not in kwargs:  # a flush: keep what it loaded
                copies[using] = (
                    list(Deal.objects.using(using).values()),
                    list(LoadedContent.objects.using(using).values()),
                )
            return
        deals, loaded = copies[using]
        # Without the ids, as the loader would: each insert takes the next id.
        Deal.objects.using(using).bulk_create(
            Deal(**{k: v for k, v in row.items() if k != "id"}) for row in deals
        )
        LoadedContent.objects.using(using).bulk_create(
            LoadedContent(**{k: v for k, v in row.items() if k != "id"}) for row in loaded
        )

    # The receiver lessons/apps.py connects, swapped for this session only.
    lessons, uid = apps.get_app_config("lessons"), "lessons-content"
    assert post_migrate.disconnect(sender=lessons, dispatch_uid=uid), "the loader moved"
    post_migrate.connect(restore_or_load, sender=lessons, dispatch_uid=uid, weak=False)
    yield
    post_migrate.disconnect(sender=lessons, dispatch_uid=uid)
    post_migrate.connect(load_after_migrate, sender=lessons, dispatch_uid=uid)

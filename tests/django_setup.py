"""Fixtures every test that boots Django shares; the engine's tests never load them.

The engine is plain Python and its tests run with ``-p no:django`` (see
scripts/test), so nothing here may be imported by ``tests/evaluator``. Each
Django test folder's conftest imports these fixtures, which registers them.
"""

from __future__ import annotations

import functools
import inspect
import secrets
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _empty_cache(request):
    """Each test starts with an empty cache, as a fresh server would.

    Cached lesson pages are keyed by the deals' ids and versions; tests that
    roll back their changes reuse both, and some write straight to the
    database (as only a migration or a hand-run query would), which moves no
    version. Neither must see a page cached by another test. (What they get
    instead of rendering every lesson page again: ``_pages_rendered_once``.)
    """
    from django.core.cache import cache

    cache.clear()
    # A test that patches code or settings may change what a page renders:
    # it renders its own, as does one marked fresh_pages.
    _PAGES.enabled = request.node.get_closest_marker("fresh_pages") is None and not (
        PATCHING_FIXTURES & _fixtures_our_code_asks_for(request)
    )
    yield


PATCHING_FIXTURES = {"monkeypatch", "settings"}
SUITE = Path(__file__).resolve().parent


def _fixtures_our_code_asks_for(request) -> set[str]:
    """The fixtures the test function and the suite's own fixtures take as arguments.

    Not ``request.fixturenames``: that is the whole closure, and a plugin's
    autouse fixture (pytest-django's ``_template_string_if_invalid_marker``)
    takes ``monkeypatch`` for every test, which once kept every test from
    reusing a render. What a plugin patches for its own bookkeeping changes
    no page; what this suite's tests and fixtures patch may.
    """
    info = request.node._fixtureinfo
    names = set(info.argnames)
    for definitions in info.name2fixturedefs.values():
        for definition in definitions:
            if _in_the_suite(definition.func):
                names |= set(definition.argnames)
    return names


@functools.cache
def _in_the_suite(function) -> bool:
    source = inspect.getsourcefile(function)
    return source is not None and SUITE in Path(source).resolve().parents


class _RenderedPages:
    """Lesson page blocks rendered by earlier tests, by cache key and the whole deal table."""

    def __init__(self) -> None:
        self.enabled = True
        self.blocks: dict[tuple[str, str], object] = {}


_PAGES = _RenderedPages()


def _deal_table_digest() -> str:
    """A digest of every column of every stored deal: what a lesson page is rendered from."""
    import hashlib

    from django.db import connection

    from lessons.models import Deal

    with connection.cursor() as cursor:
        table = connection.ops.quote_name(Deal._meta.db_table)
        cursor.execute(f"SELECT * FROM {table} ORDER BY 1")  # noqa: S608 (a model's own table)
        return hashlib.sha256(repr(cursor.fetchall()).encode()).hexdigest()


@pytest.fixture(scope="session", autouse=True)
def _pages_rendered_once():
    """Render each lesson page once per distinct deal table, not once per test.

    The cache is emptied before every test (``_empty_cache``), so every test
    that asked for a lesson page rendered it whole: about 0.1 s each, over a
    third of the time of the tests that post answers and ask for hints. A
    rendered page depends only on the code and the stored deals
    (``lessons/pages/page_cache.py``), so this keeps what each render made
    under its cache key *and* a digest of every column of every deal: a later
    test gets the same blocks only when its deals are identical in every
    byte, which a rolled-back edit or a write behind the site's back cannot
    fake. It is put in the cache as the page would have put it there, so what
    the page does with its cache is unchanged. Tests of the rendering and
    caching itself (a render counted, a miss timed) and every test that
    uses ``monkeypatch`` or ``settings`` always render, as does any marked
    ``fresh_pages``.
    """
    from lessons.pages import page_cache

    real = page_cache.cached_blocks

    def cached_blocks(name, template_name, deals, context, finish=str):
        from django.core.cache import cache

        if not _PAGES.enabled:
            return real(name, template_name, deals, context, finish)
        key = page_cache.page_key(name, deals)
        kept = (key, _deal_table_digest())
        if kept in _PAGES.blocks and cache.get(key) is None:
            cache.set(key, _PAGES.blocks[kept], page_cache.TIMEOUT)
            # With its stamp, as cached_blocks stores a page (a new one: no worker
            # holds this copy unpickled yet).
            cache.set(key + ":stamp", secrets.token_hex(8), page_cache.TIMEOUT)
        blocks = real(name, template_name, deals, context, finish)
        _PAGES.blocks.setdefault(kept, blocks)
        return blocks

    page_cache.cached_blocks = cached_blocks
    yield
    page_cache.cached_blocks = real


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
    starts from the content it would have had (the same rows, ids included). ``migrate`` (which
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
        # With their ids: the same rows give the same lesson page cache keys,
        # so _pages_rendered_once serves these tests too. A flush here never
        # resets the id sequences, so later inserts still take fresh ids.
        Deal.objects.using(using).bulk_create(Deal(**row) for row in deals)
        LoadedContent.objects.using(using).bulk_create(LoadedContent(**row) for row in loaded)

    # The receiver lessons/apps.py connects, swapped for this session only.
    lessons, uid = apps.get_app_config("lessons"), "lessons-content"
    assert post_migrate.disconnect(sender=lessons, dispatch_uid=uid), "the loader moved"
    post_migrate.connect(restore_or_load, sender=lessons, dispatch_uid=uid, weak=False)
    yield
    post_migrate.disconnect(sender=lessons, dispatch_uid=uid)
    post_migrate.connect(load_after_migrate, sender=lessons, dispatch_uid=uid)

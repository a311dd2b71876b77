"""Playwright drives Debian's chromium against pytest-django's live_server."""

from __future__ import annotations

import pytest

from tests.django_setup import (  # noqa: F401  (registers them)
    _empty_cache,
    _fast_password_hashes,
    _flush_restores_content_from_a_copy,
    _pages_rendered_once,
)

from .axe import AxeViolations, axe_in_both_schemes, axe_violations

CHROMIUM = "/usr/bin/chromium"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Use the system chromium: `playwright install` cannot download anything here."""
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "headless": True,
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--disable-dev-shm-usage",
        ],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    """Let axe-core be injected as an inline script despite our strict CSP."""
    return {**browser_context_args, "bypass_csp": True}


@pytest.fixture(scope="session")
def _one_context_per_worker(browser, browser_context_args):
    """The browser context that every ``page`` of this worker opens its tab in."""
    context = browser.new_context(**browser_context_args)
    yield context
    context.close()


@pytest.fixture
def page(request, _one_context_per_worker, live_server):
    """A new tab for each test, in a context emptied of what earlier tests left.

    pytest-playwright opens a new browser context for every test, and a new
    context costs Chromium about a quarter of a second of CPU on top of the
    tab (measured: 0.56 s a test against 0.30 s for a tab in a kept context),
    about a minute of the browser tests' two cores. What a context keeps
    between tabs is emptied before each test instead: cookies, permissions,
    routes and headers, and everything the site's origin stored (local and
    session storage, IndexedDB, caches). A tab's own settings (viewport,
    colour scheme, listeners, routes, scripts) die with the tab, which is
    closed after the test with any other tab it opened. A test that asks for
    ``context`` itself, or sets ``browser_context_args``, still gets its own.
    """
    if "context" in request.fixturenames or request.node.get_closest_marker("browser_context_args"):
        yield request.getfixturevalue("context").new_page()
        return
    context = _one_context_per_worker
    context.clear_cookies()
    context.clear_permissions()
    context.unroute_all()
    context.set_extra_http_headers({})
    tab = context.new_page()
    cdp = context.new_cdp_session(tab)
    cdp.send("Storage.clearDataForOrigin", {"origin": live_server.url, "storageTypes": "all"})
    cdp.detach()
    yield tab
    for opened in list(context.pages):
        opened.close()


@pytest.fixture
def axe():
    """Call `axe(page)` after navigating; `assert axe(page) == []`."""
    return axe_violations


@pytest.fixture
def axe_both():
    """Call `axe_both(page)` after navigating; `assert axe_both(page) == CLEAN`."""
    return axe_in_both_schemes


def pytest_assertrepr_compare(op, left, right):
    """Show every rule id and target when an axe check fails, untruncated."""
    if op == "==" and isinstance(left, AxeViolations):
        return repr(left).splitlines()
    return None


@pytest.fixture(scope="session", autouse=True)
def _the_live_server_outlives_the_browser(live_server, browser):
    """Start the live server before Chromium, so it is stopped after Chromium.

    Session fixtures stop in reverse order. Stopped the other way round,
    Chromium's kept-alive connections end in server threads after the test
    database's connection has stopped being shared with them, and each one
    raises a thread error that pytest reports against a later test.
    """
    yield

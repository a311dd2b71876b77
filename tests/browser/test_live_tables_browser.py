"""Two people at one live table in two browsers: one acts, the other's page hears it over
the websocket and redraws without a reload; neither page ever holds the other's hidden
cards; keyboard play; axe-clean in both colour schemes.

pytest-django's live server speaks WSGI only, so these tests serve the ASGI application
(pages, static files and websockets) with uvicorn in a thread, on the test database.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

import pytest
import uvicorn
from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler
from django.test import Client
from playwright.sync_api import expect

from tables import service
from tests.browser.axe import CLEAN
from tests.tables.conftest import in_memory_channel_layer  # noqa: F401  (autouse here too)
from tests.tables.helpers import class_table, engine_hand, hidden_from, to_act

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def asgi_server(transactional_db) -> Iterator[str]:
    from badacey_site.asgi import application

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = uvicorn.Config(
        ASGIStaticFilesHandler(application), host="127.0.0.1", port=port, log_level="warning"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)


def signed_in_tab(browser, url: str, user) -> object:
    client = Client()
    client.force_login(user)
    context = browser.new_context(bypass_csp=True)
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": url}]
    )
    return context.new_page()


def page_text(tab) -> str:
    return tab.content() + tab.locator("body").aria_snapshot()


def test_two_people_play_in_two_browsers_and_each_sees_only_their_own_cards(
    browser, asgi_server, axe_both
):
    table, teacher, people = class_table(game="badugi")
    for person in people:
        service.sit(table.pk, person)
    tabs = {p.pk: signed_in_tab(browser, asgi_server, p) for p in people}
    for tab in tabs.values():
        tab.goto(f"{asgi_server}/tables/{table.pk}/")
    for _ in range(3):
        mover = to_act(table, people)
        waiting = next(p for p in people if p != mover)
        for person in people:
            html = page_text(tabs[person.pk])
            for spelling in hidden_from(table, person):
                assert spelling not in html
        active = tabs[mover.pk]
        expect(active.get_by_role("heading", name="Your turn")).to_be_visible()
        step = engine_hand(table).step
        # Keyboard only: C checks or calls, P stands pat in a draw.
        draw = active.get_by_role("button", name="Stand pat").count() > 0
        active.keyboard.press("p" if draw else "c")
        deadline = time.monotonic() + 15
        while engine_hand(table).step == step:
            assert time.monotonic() < deadline, "the key press did not act"
            active.wait_for_timeout(100)
        assert engine_hand(table).step == step + 1
        # The other page hears it over the websocket and redraws itself, no reload.
        if to_act(table, people) == waiting:
            turn = tabs[waiting.pk].get_by_role("heading", name="Your turn")
            expect(turn).to_be_visible(timeout=20_000)  # a loaded test machine is slow
    assert axe_both(tabs[people[0].pk]) == CLEAN
    assert axe_both(tabs[people[1].pk]) == CLEAN


def test_the_table_plays_without_javascript(browser, asgi_server):
    table, teacher, people = class_table(game="badacey")
    for person in people:
        service.sit(table.pk, person)
    mover = to_act(table, people)
    client = Client()
    client.force_login(mover)
    context = browser.new_context(java_script_enabled=False)
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": asgi_server}]
    )
    tab = context.new_page()
    tab.goto(f"{asgi_server}/tables/{table.pk}/")
    step = engine_hand(table).step
    tab.get_by_role("button", name="Call").or_(
        tab.get_by_role("button", name="Check")
    ).first.click()
    tab.wait_for_load_state()
    assert engine_hand(table).step == step + 1
    expect(tab.get_by_role("link", name="Refresh the table")).to_be_visible()
    context.close()

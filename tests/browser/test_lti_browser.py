"""The LTI pages in a browser: the content menu, its signed answer, a refusal, the scores.

The course site is the simulated one of tests/lti/platform.py. Its login
page is played by a route on the live server's own origin (so the browser
keeps the login's state cookie, as it does over HTTPS on a real site),
which answers with the form a course site posts: the signed id token.
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

from lessons import course
from tests.browser.axe import CLEAN
from tests.lti.conftest import _platform_server, platform  # noqa: F401  (registers them)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def launch_in_browser(page, live_server, platform, **claims) -> None:  # noqa: F811
    """Run the login and post the signed launch from a course-site page, as a browser does.

    The login goes through the page's own request context (its cookies are
    the browser's), and the course site's form page is a route on the live
    server's origin: Playwright does not route a redirect's target.
    """
    launch = f"{live_server.url}/lti/launch/"
    login = page.request.get(
        f"{live_server.url}/lti/init/{platform.registration_uuid}/",
        params={
            "iss": platform.issuer,
            "client_id": platform.client_id,
            "login_hint": "x",
            "target_link_uri": launch,
        },
        max_redirects=0,
    )
    assert login.status == 302
    query = parse_qs(urlsplit(login.headers["location"]).query)
    token = platform.sign(platform.claims(query["nonce"][0], **claims))
    form_page = f"{live_server.url}/course-site-form"
    page.route(
        form_page,
        lambda route: route.fulfill(
            content_type="text/html",
            body=(
                '<!doctype html><html lang="en"><title>Course site</title><main>'
                f'<form method="post" action="{query["redirect_uri"][0]}">'
                f'<input type="hidden" name="id_token" value="{token}">'
                f'<input type="hidden" name="state" value="{query["state"][0]}">'
                "<button>Open the tool</button></form></main></html>"
            ),
        ),
    )
    page.goto(form_page)
    page.get_by_role("button", name="Open the tool").click()


def test_the_content_menu_and_its_answer_are_clean_and_work_by_keyboard(
    page,
    live_server,
    platform,  # noqa: F811
    axe_both,
):
    launch_in_browser(
        page, live_server, platform, sub="teacher-1", role="Instructor", deep_linking=True
    )
    expect(page.get_by_role("heading", name="Choose content for your course")).to_be_visible()
    assert axe_both(page) == CLEAN

    badugi = page.get_by_role("radio", name=course.lesson("badugi").title, exact=True)
    badugi.focus()
    page.keyboard.press("Space")
    expect(badugi).to_be_checked()
    page.get_by_role("button", name="Add this to the course").click()
    expect(page.get_by_role("heading", name="Send your choice to the course")).to_be_visible()
    expect(page.get_by_role("button", name="Add it to the course")).to_be_visible()
    assert axe_both(page) == CLEAN

    page.goto(f"{live_server.url}/lti/scores/")
    expect(page.get_by_role("heading", name="Scores sent to your course sites")).to_be_visible()
    assert axe_both(page) == CLEAN


def test_a_refused_launch_page_is_clean(page, live_server, platform, axe_both):  # noqa: F811
    launch_in_browser(page, live_server, platform, sub="learner-1", aud="another-tool")
    expect(page.get_by_role("heading", name="This launch from your course site was refused"))
    expect(page.get_by_role("alert")).to_contain_text("audience")
    assert axe_both(page) == CLEAN

"""A request the site cannot read gets its own 400 page, with every security header.

Two ways this once went wrong. A form post declaring a character set other
than UTF-8 made Django refuse the post; its 400 handler then checked the
CSRF token, read the post again, raised again, and the answer was a bare
500. And the answers made before the security middleware had run (a NUL in
the query, a host the site does not serve) went out without a
Content-Security-Policy or X-Frame-Options.
"""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

SECURITY_HEADERS = ("Content-Security-Policy", "X-Frame-Options", "X-Content-Type-Options")
POSTS = ["/exercises/badacey-1/check/", "/progress/checklist/badacey/", "/admin/login/"]


@pytest.fixture
def csrf_client(settings) -> Client:
    """A client that checks CSRF as a real browser's requests are checked, holding a token."""
    settings.DEBUG = False
    client = Client(enforce_csrf_checks=True, raise_request_exception=False)
    client.get("/exercises/badacey-1/")
    return client


def _post(client: Client, url: str, body: str, content_type: str):
    token = client.cookies["csrftoken"].value
    return client.post(url, f"csrfmiddlewaretoken={token}&{body}", content_type=content_type)


def assert_the_sites_400_page(response) -> str:
    assert response.status_code == 400
    html = response.content.decode()
    assert "That request could not be read" in html
    assert 'class="skip-link"' in html  # the site's layout, not Django's bare page
    for header in SECURITY_HEADERS:
        assert response.has_header(header), f"the 400 page has no {header}"
    return html


@pytest.mark.parametrize("charset", ["latin-1", "utf-16", "ISO-8859-15"])
@pytest.mark.parametrize("url", POSTS)
def test_a_post_in_another_character_set_gets_the_sites_400_page(csrf_client, url, charset):
    content_type = f"application/x-www-form-urlencoded; charset={charset}"
    response = _post(csrf_client, url, "tick=1&answer=é", content_type)
    html = assert_the_sites_400_page(response)
    assert "UTF-8" in html  # says what the site does read


def test_a_nul_in_the_query_gets_the_400_page_with_every_security_header(settings):
    settings.DEBUG = False
    response = Client().get("/?x=%00")
    html = assert_the_sites_400_page(response)
    assert "NUL" in html


@pytest.mark.parametrize("redirect_to_https", [False, True])
def test_a_host_the_site_does_not_serve_gets_the_400_page_with_every_header(
    settings, redirect_to_https
):
    # With the HTTPS redirect on, as in production, the host is read (and
    # refused) inside the security middleware itself.
    settings.DEBUG = False
    settings.SECURE_SSL_REDIRECT = redirect_to_https
    response = Client(raise_request_exception=False).get("/", headers={"host": "evil.example"})
    assert_the_sites_400_page(response)


@pytest.mark.parametrize("url", ["/", "/no-such-page/", "/static/css/site.css", "/favicon.ico"])
def test_every_other_answer_carries_the_security_headers_too(settings, url):
    settings.DEBUG = False
    response = Client().get(url)
    for header in SECURITY_HEADERS:
        assert response.has_header(header), f"{url} has no {header}"

from __future__ import annotations

import re

import pytest
from django.urls import reverse


@pytest.fixture
def home(client):
    return client.get(reverse("lessons:home"))


def test_it_serves_the_home_page(home):
    assert home.status_code == 200
    assert home.templates[0].name == "lessons/home.html"


def test_it_declares_the_page_language(home):
    assert re.search(r'<html[^>]*\blang="en"', home.text)


def test_it_starts_with_a_skip_link_to_main(home):
    body = home.text.split("<body", 1)[1]
    first_link = re.search(r"<a\b[^>]*>", body).group(0)
    assert 'href="#main"' in first_link
    assert "Skip to main content" in body
    assert re.search(r'<main\b[^>]*\bid="main"', body)


def test_it_sends_a_strict_content_security_policy(home):
    policy = home.headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy
    assert "default-src 'self'" in policy
    assert "unsafe-inline" not in policy


def test_it_loads_nothing_from_other_hosts(home):
    urls = re.findall(r'<(?:script|link|img)\b[^>]*\b(?:src|href)="([^"]*)"', home.text)
    assert urls, "expected the page to load some assets"
    for url in urls:
        assert url.startswith("/static/"), url
    assert "http://" not in home.text
    assert "https://" not in home.text


def test_it_loads_vendored_htmx_once_from_static(home):
    assert home.text.count('src="/static/vendor/htmx-2.0.11.min.js"') == 1


def test_it_has_no_inline_scripts(home):
    for tag in re.findall(r"<script\b[^>]*>", home.text):
        assert "src=" in tag, tag


def test_it_answers_head_requests_from_link_checkers(client):
    assert client.head(reverse("lessons:home")).status_code == 200


def test_it_refuses_post(client):
    assert client.post(reverse("lessons:home")).status_code == 405


def test_the_browsers_default_icon_address_leads_to_the_site_icon(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 301
    assert response["Location"].endswith("favicon.svg")


def test_the_admin_is_named_after_the_site(client):
    response = client.get("/admin/login/")
    assert "Badacey Study Room" in response.content.decode()

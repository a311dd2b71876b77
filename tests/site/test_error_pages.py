"""Error pages keep the site's layout and tell the learner what to do next."""

from __future__ import annotations

import pytest
from django.template.loader import render_to_string
from django.test import Client

pytestmark = pytest.mark.django_db


def test_a_missing_page_gets_the_sites_own_not_found_page(client, settings):
    settings.DEBUG = False
    response = client.get("/no-such-lesson/")
    assert response.status_code == 404
    html = response.content.decode()
    assert "We could not find that page" in html
    assert 'class="skip-link"' in html  # the normal layout, skip link included


def test_an_unpublished_exercise_answers_with_the_same_page(client, settings):
    settings.DEBUG = False
    response = client.get("/exercises/not-a-deal/")
    assert response.status_code == 404
    assert "We could not find that page" in response.content.decode()


def test_a_form_sent_without_its_csrf_token_explains_nothing_was_saved(settings):
    settings.DEBUG = False
    client = Client(enforce_csrf_checks=True)
    response = client.post("/exercises/badacey-1/check/", {})
    assert response.status_code == 403
    assert "nothing was saved" in response.content.decode()


def test_the_server_error_page_renders_without_a_request():
    html = render_to_string("500.html")
    assert "Something went wrong on our side" in html
    assert "{%" not in html

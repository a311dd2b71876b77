"""A newcomer's home page offers one first step, and the menu leads to signing up and studying."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from lessons import course

pytestmark = pytest.mark.django_db


def links(html: str) -> list[str]:
    return re.findall(r'<a[^>]* href="([^"]+)"', html)


def menu(html: str) -> str:
    return html[html.index('<nav class="site-nav"') : html.index("</nav>")]


def main(html: str) -> str:
    return html[html.index('<main id="main"') :]


def test_a_newcomer_is_offered_one_first_step_and_every_start_link_agrees(client):
    html = client.get("/").content.decode()
    steps = re.findall(r'class="home-first-step">\s*<a[^>]* href="([^"]+)"', html)
    assert len(steps) == 1
    # Every place on the page that says where someone new begins names that lesson.
    start = main(html)[main(html).index('id="where-to-start"') :]
    new_to_it = start[start.index("New to all of it") :]
    assert links(new_to_it)[0] == steps[0]
    assert steps[0] == course.LESSONS[0].url
    assert "#valid-cards" not in main(html)


def test_the_menu_has_sign_up_and_study_for_a_visitor(client):
    nav = menu(client.get("/").content.decode())
    assert "/accounts/sign-up/" in links(nav)
    assert "/study/" in links(nav)


def test_a_signed_in_learner_sees_study_but_no_sign_up():
    client = Client()
    client.force_login(User.objects.create_user("learner", password="a long pass phrase 1"))
    nav = menu(client.get("/practice/").content.decode())
    assert "/study/" in links(nav)
    assert "/accounts/sign-up/" not in links(nav)

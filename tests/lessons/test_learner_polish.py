"""Small things a learner noticed: the menu reaches both tools, and no page talks past them."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def menu(html: str) -> str:
    found = re.search(r'<nav class="site-nav" aria-label="Main">(.*?)</nav>', html, re.DOTALL)
    assert found, "no main menu"
    return found[1]


@pytest.mark.parametrize(("name", "words"), [("odds", "Draw odds"), ("calculator", "Calculator")])
def test_the_menu_links_to_each_tool_and_marks_it_current_there(client, name, words):
    url = reverse(f"lessons:{name}")
    home = menu(client.get(reverse("lessons:home")).content.decode())
    assert f'<a href="{url}">{words}</a>' in home
    here = menu(client.get(url).content.decode())
    assert f'<a href="{url}" aria-current="page">{words}</a>' in here


def test_the_calculator_speaks_to_learners_not_developers(client):
    query = "?game=badugi&pot=10&hand1=As+2h+3d+4c&hand2=Ks+Qh+Jd+10c"
    page = client.get(reverse("lessons:calculator") + query).content.decode()
    assert "<pre>" in page  # the plain-text settlement is still there to copy
    assert "manage.py" not in page and "showdown</code>" not in page


def test_the_badugi_lesson_names_no_one_it_never_introduces(client):
    page = client.get(reverse("lessons:badugi")).content.decode()
    assert "HPD" not in page

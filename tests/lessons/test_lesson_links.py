"""A lesson page never links to a page that answers 404, whatever teachers unpublish."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from lessons.models import Deal
from lessons.pages.page_data import WORKED_DEAL_SLUG
from tests.factories import make_teacher

pytestmark = pytest.mark.django_db

LIST_URL = "/admin/lessons/deal/"
DEAL_LINKS = re.compile(r'href="(/(?:replay|exercises)/[^"#?]*)')


def deal_links(client, lesson: str) -> set[str]:
    return set(DEAL_LINKS.findall(client.get(reverse(f"lessons:{lesson}")).content.decode()))


@pytest.mark.parametrize("lesson", ["badacey", "badugi"])
def test_every_deal_link_on_a_lesson_page_opens(client, lesson):
    links = deal_links(client, lesson)
    assert links
    for url in links:
        assert client.get(url).status_code == 200, url


def test_unpublishing_the_worked_deal_takes_its_link_off_the_badacey_lesson(client):
    replay_url = reverse("lessons:replay", args=[WORKED_DEAL_SLUG])
    assert replay_url in deal_links(client, "badacey")

    teacher = type(client)()
    teacher.force_login(make_teacher())
    seed = Deal.objects.get(slug=WORKED_DEAL_SLUG)
    teacher.post(LIST_URL, {"action": "unpublish", "_selected_action": [seed.pk]})
    assert client.get(replay_url).status_code == 404
    links = deal_links(client, "badacey")
    assert replay_url not in links
    for url in links:
        assert client.get(url).status_code == 200, url

    teacher.post(LIST_URL, {"action": "publish", "_selected_action": [seed.pk]})
    assert replay_url in deal_links(client, "badacey")

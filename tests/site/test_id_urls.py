"""Every URL with an integer id answers a number too large for any id with a 404, never a 500."""

from __future__ import annotations

import re
import uuid

import pytest
from django.contrib.auth.models import Group, User
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from django.urls.resolvers import RoutePattern

from badacey_site.ids import LARGEST_ID
from lessons.teaching.teachers_group import TEACHERS

pytestmark = pytest.mark.django_db

PART = re.compile(r"<(?:(?P<converter>[a-z]+):)?(?P<name>\w+)>")
SAMPLE = {"slug": "badugi", "str": "badugi", "path": "badugi", "uuid": str(uuid.uuid4())}
INTEGERS = {"int", "id"}


def routes(patterns=None, prefix=""):
    """Every route string of the site's URL conf (regular-expression patterns are Django's own)."""
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        if not isinstance(entry.pattern, RoutePattern):
            continue
        route = prefix + str(entry.pattern._route)
        if isinstance(entry, URLResolver):
            yield from routes(entry.url_patterns, route)
        elif isinstance(entry, URLPattern):
            yield route


def with_ids(route: str, number: int) -> str:
    def fill(match: re.Match[str]) -> str:
        converter = match["converter"] or "str"
        return str(number) if converter in INTEGERS else SAMPLE[converter]

    return "/" + PART.sub(fill, route)


ID_ROUTES = sorted(
    {r for r in routes() if any(m["converter"] in INTEGERS for m in PART.finditer(r))}
)


def test_the_walk_finds_the_id_urls_learners_can_post():
    assert "classes/<id:class_id>/leave/" in ID_ROUTES
    assert "teach/<id:class_id>/learners/<id:user_id>/remove/" in ID_ROUTES
    assert len(ID_ROUTES) >= 30


@pytest.fixture
def staff_teacher():
    user = User.objects.create_superuser("head", "head@example.com", "a long pass phrase 1")
    user.groups.add(Group.objects.get_or_create(name=TEACHERS)[0])
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize("route", ID_ROUTES)
def test_an_id_of_two_to_the_64_is_a_404(route, staff_teacher):
    url = with_ids(route, 2**64)
    for client in (staff_teacher, Client()):
        for response in (client.get(url, follow=True), client.post(url, follow=True)):
            if route.startswith("admin/"):
                # The admin's own catch-all takes the address: a visitor is sent to its
                # sign-in, a teacher to the admin's "no such object" (which may be a 200).
                assert response.status_code < 500, url
            else:
                assert response.status_code == 404, url


@pytest.mark.parametrize("route", ID_ROUTES)
def test_the_largest_id_is_never_a_500(route, staff_teacher):
    url = with_ids(route, LARGEST_ID)
    assert staff_teacher.get(url).status_code < 500, url
    assert staff_teacher.post(url).status_code < 500, url

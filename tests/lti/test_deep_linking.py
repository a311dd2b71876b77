"""The instructor's content menu: a deep-linking launch, a choice, a signed answer."""

from __future__ import annotations

import json
import re
from html import unescape

import jwt
import pytest
from django.test import Client
from jwt.algorithms import RSAAlgorithm

from evaluator.drills import KINDS
from lessons import course
from lti.models import CourseClass
from tests.factories import make_deal

pytestmark = pytest.mark.django_db

DL = "https://purl.imsglobal.org/spec/lti-dl/claim/"


def open_menu(platform, client: Client, role: str = "Instructor"):
    state, nonce = platform.login(client, "teacher-1")
    claims = platform.claims(nonce, sub="teacher-1", role=role, deep_linking=True)
    return client.post("/lti/launch/", {"id_token": platform.sign(claims), "state": state})


def launch_field(page: str) -> str:
    return unescape(re.search(r'name="launch" value="([^"]+)"', page).group(1))


def choose(platform, target: str):
    """Open the menu and choose, as a framed page would: the choice carries no cookie."""
    menu = open_menu(platform, Client()).content.decode()
    return Client().post("/lti/content/", {"target": target, "launch": launch_field(menu)})


def signed_answer(platform, page: str) -> dict:
    """The JWT the page posts back, checked with the tool's published key set."""
    token = unescape(re.search(r'name="JWT" value="([^"]+)"', page).group(1))
    kid = jwt.get_unverified_header(token)["kid"]
    key = next(
        k for k in Client().get("/lti/.well-known/jwks.json").json()["keys"] if k["kid"] == kid
    )
    return jwt.decode(
        token,
        RSAAlgorithm.from_jwk(json.dumps(key)),
        algorithms=["RS256"],
        audience=platform.issuer,
        issuer=platform.client_id,
    )


def test_the_menu_lists_lessons_drills_deals_and_the_table(platform):
    deal = make_deal(title="Kira's split pot")
    client = Client()
    response = open_menu(platform, client)
    assert response.status_code == 200
    assert CourseClass.objects.count() == 1  # an instructor's launch: the class is made
    # The course site shows the menu in a frame of its own page: only it may frame it.
    assert "X-Frame-Options" not in response
    assert f"frame-ancestors {platform.issuer}" in response["Content-Security-Policy"]
    page = response.content.decode()
    # A menu opened in a window of its own (cookies kept) also comes back from the session.
    assert client.get("/lti/content/").content.decode().count('type="radio"') == page.count(
        'type="radio"'
    )
    for lesson in course.LESSONS:
        assert f'value="lesson:{lesson.key}"' in page
    for drill in KINDS.values():
        assert f'value="drill:{drill.key}:{drill.games[0]}:1"' in page
    assert f'value="deal:{deal.slug}"' in page and "Kira&#x27;s split pot" in page
    assert 'value="play:10"' in page


def test_a_choice_goes_back_signed_with_a_gradebook_column(platform):
    response = choose(platform, "lesson:badugi")
    assert response.status_code == 200
    page = response.content.decode()
    assert f'action="{platform.issuer}/deep-link-return"' in page
    assert platform.issuer in response["Content-Security-Policy"]
    answer = signed_answer(platform, page)
    lti = "https://purl.imsglobal.org/spec/lti/claim/"
    assert answer[lti + "message_type"] == "LtiDeepLinkingResponse"
    assert answer[lti + "deployment_id"] == platform.deployment_id
    [item] = answer[DL + "content_items"]
    assert item["type"] == "ltiResourceLink"
    assert item["url"] == "http://testserver/lti/launch/"
    assert item["custom"] == {"target": "lesson:badugi"}
    assert item["lineItem"]["scoreMaximum"] == 1

    # The link it makes opens the lesson when launched.
    launched = platform.launch(Client(), sub="learner-1", target=item["custom"]["target"])
    assert launched["Location"] == course.lesson("badugi").url


def test_an_ungraded_choice_has_no_gradebook_column(platform):
    drill = next(iter(KINDS.values()))
    code = f"drill:{drill.key}:{drill.games[0]}:1"
    answer = signed_answer(platform, choose(platform, code).content.decode())
    [item] = answer[DL + "content_items"]
    assert item["custom"] == {"target": code} and "lineItem" not in item


def test_a_choice_of_nothing_is_shown_again_with_a_message(platform):
    response = choose(platform, "lesson:chess")
    assert response.status_code == 400
    assert "Select a valid choice" in response.content.decode()
    assert 'name="launch"' in response.content.decode()  # the next try still has its launch


def test_a_learner_cannot_open_the_menu(platform):
    client = Client()
    response = open_menu(platform, client, role="Learner")
    assert response.status_code == 403
    assert "Only the course&#x27;s instructors" in response.content.decode()
    assert client.get("/lti/content/").status_code == 403


def test_the_menu_without_a_launch_says_where_to_start(platform):
    response = Client().get("/lti/content/")
    assert response.status_code == 403
    assert "add content" in response.content.decode()
    menu = open_menu(platform, Client()).content.decode()
    forged = launch_field(menu)[:-2] + "xx"
    refused = Client().post("/lti/content/", {"target": "lesson:badugi", "launch": forged})
    assert refused.status_code == 403
    assert "JWT" not in refused.content.decode()

"""Launches from a simulated course site: accounts, classes, targets, and every refusal."""

from __future__ import annotations

import time
from urllib.parse import parse_qs, urlsplit

import pytest
from django.contrib.auth.models import User
from django.test import Client
from lti_tool.models import LtiUser

from lessons.classes.access import is_teacher
from lessons.models import Classroom, Membership
from lti.models import CourseClass

pytestmark = pytest.mark.django_db

LAUNCH_HTTPS = "https://testserver/lti/launch/"


def account(platform, sub: str) -> User:
    found = LtiUser.objects.get(registration__issuer=platform.issuer, sub=sub).auth_user
    assert found is not None
    return found


def test_the_first_instructor_launch_makes_the_class_with_the_instructor_teaching(platform):
    client = Client()
    response = platform.launch(client, sub="teacher-1", role="Instructor", target="lesson:badugi")
    assert response.status_code == 302
    assert response["Location"] == "/badugi/"
    teacher = account(platform, "teacher-1")
    classroom = CourseClass.objects.get().classroom
    assert classroom.name == "Draw poker, spring term"
    assert list(classroom.teachers.all()) == [teacher]
    assert is_teacher(teacher)
    assert not teacher.has_usable_password()
    # Signed in: the teacher area answers the launched browser.
    assert client.get("/teach/").status_code == 200

    # A second instructor launch in the same course reuses the class.
    platform.launch(Client(), sub="teacher-2", role="Instructor", target="lesson:badugi")
    assert Classroom.objects.count() == 1
    assert classroom.teachers.count() == 2


def test_a_learner_launch_signs_in_joins_the_class_and_opens_the_target(platform):
    platform.launch(Client(), sub="teacher-1", role="Instructor", target="lesson:badugi")
    client = Client()
    response = platform.launch(
        client,
        sub="learner-1",
        target="lesson:badugi",
        given_name="Noor",
        family_name="Haddad",
        email="noor@school.example",
    )
    assert response.status_code == 302
    assert response["Location"] == "/badugi/"
    learner = account(platform, "learner-1")
    assert (learner.first_name, learner.last_name, learner.email) == (
        "Noor",
        "Haddad",
        "noor@school.example",
    )
    assert not learner.has_usable_password()
    classroom = CourseClass.objects.get().classroom
    assert Membership.objects.filter(classroom=classroom, user=learner).exists()
    assert not is_teacher(learner)
    page = client.get("/badugi/")
    assert page.status_code == 200
    assert page.wsgi_request.user == learner

    # The next launch finds the same account, and keeps the name the learner has.
    learner.first_name = "Nour"
    learner.save()
    platform.launch(Client(), sub="learner-1", target="lesson:badugi", given_name="Other")
    assert User.objects.filter(lti_users__sub="learner-1").count() == 1
    learner.refresh_from_db()
    assert learner.first_name == "Nour"
    assert Membership.objects.filter(user=learner).count() == 1


def test_learners_who_came_before_the_instructor_join_the_class_when_it_is_made(platform):
    platform.launch(Client(), sub="learner-1", target="lesson:badugi")
    platform.launch(Client(), sub="learner-2", target="lesson:badugi")
    assert not Classroom.objects.exists()
    platform.launch(Client(), sub="teacher-1", role="Instructor", target="lesson:badugi")
    classroom = CourseClass.objects.get().classroom
    members = {m.user for m in Membership.objects.filter(classroom=classroom)}
    assert members == {account(platform, "learner-1"), account(platform, "learner-2")}


def test_the_same_user_id_on_another_course_site_is_another_account(platform):
    from lti_tool.models import LtiDeployment, LtiRegistration

    platform.launch(Client(), sub="same-id", target="lesson:badugi")
    other = LtiRegistration.objects.create(
        name="Second site",
        issuer="https://other-site.example",
        client_id=platform.client_id,
        auth_url="https://other-site.example/auth",
        token_url=f"{platform.url}/token",
        keyset_url=f"{platform.url}/jwks",
    )
    LtiDeployment.objects.create(
        registration=other, deployment_id=platform.deployment_id, is_active=True
    )
    issuer, uuid = platform.issuer, platform.registration_uuid
    platform.issuer, platform.registration_uuid = other.issuer, str(other.uuid)
    try:
        assert platform.launch(Client(), sub="same-id").status_code == 302
    finally:
        platform.issuer, platform.registration_uuid = issuer, uuid
    assert LtiUser.objects.filter(sub="same-id").exclude(auth_user=None).count() == 2
    assert User.objects.filter(lti_users__sub="same-id").distinct().count() == 2


def test_drill_and_table_links_open_their_pages(platform):
    from evaluator.drills import KINDS

    drill = next(iter(KINDS.values()))
    code = f"drill:{drill.key}:{drill.games[-1]}:2"
    response = platform.launch(Client(), sub="learner-1", target=code)
    assert response.status_code == 302
    assert response["Location"] == f"/drills/{drill.key}/?game={drill.games[-1]}&difficulty=2"
    assert Client().get(response["Location"], follow=True).status_code == 200
    response = platform.launch(Client(), sub="learner-1", link="link-2", target="play:5")
    assert response["Location"] == "/play/"


def test_a_link_without_a_target_opens_the_home_page(platform):
    response = platform.launch(Client(), sub="learner-1")
    assert response["Location"] == "/"


def test_a_link_to_nothing_on_the_site_is_refused_and_saves_nothing(platform):
    client = Client()
    response = platform.launch(client, sub="learner-1", target="lesson:chess")
    assert response.status_code == 400
    assert "no lesson called" in response.content.decode()
    assert not LtiUser.objects.exists()
    assert not User.objects.filter(username__startswith="lti").exists()


def refused(response, status: int, words: str) -> None:
    assert response.status_code == status
    text = response.content.decode()
    assert "This launch from your course site was refused" in text
    assert words in text


def test_a_tampered_token_is_refused(platform):
    client = Client()
    state, nonce = platform.login(client)
    token = platform.sign(platform.claims(nonce, sub="learner-1"))
    head, body, signature = token.split(".")
    forged = platform.sign(platform.claims(nonce, sub="teacher-1", role="Instructor"))
    tampered = ".".join([head, forged.split(".")[1], signature])
    refused(
        client.post("/lti/launch/", {"id_token": tampered, "state": state}),
        403,
        "signed token failed its check",
    )
    assert not LtiUser.objects.exists()


def test_a_token_signed_with_another_key_is_refused(platform):
    client = Client()
    state, nonce = platform.login(client)
    token = platform.sign(platform.claims(nonce, sub="learner-1"), key=platform.new_key())
    refused(client.post("/lti/launch/", {"id_token": token, "state": state}), 403, "failed")


def test_a_wrong_audience_is_refused(platform):
    client = Client()
    state, nonce = platform.login(client)
    token = platform.sign(platform.claims(nonce, sub="learner-1", aud="some-other-tool"))
    refused(client.post("/lti/launch/", {"id_token": token, "state": state}), 403, "audience")


def test_an_expired_token_is_refused(platform):
    client = Client()
    state, nonce = platform.login(client)
    then = int(time.time()) - 3600
    token = platform.sign(platform.claims(nonce, sub="learner-1", iat=then, exp=then + 300))
    refused(client.post("/lti/launch/", {"id_token": token, "state": state}), 403, "has expired")


def test_a_replayed_launch_is_refused(platform):
    client = Client()
    state, nonce = platform.login(client)
    token = platform.sign(platform.claims(nonce, sub="learner-1", target="lesson:badugi"))
    assert client.post("/lti/launch/", {"id_token": token, "state": state}).status_code == 302
    refused(
        client.post("/lti/launch/", {"id_token": token, "state": state}), 403, "already been used"
    )


def test_a_reused_nonce_in_a_new_token_is_refused(platform):
    client = Client()
    state, nonce = platform.login(client)
    first = platform.sign(platform.claims(nonce, sub="learner-1"))
    assert client.post("/lti/launch/", {"id_token": first, "state": state}).status_code == 302
    second_state, _ = platform.login(client)
    again = platform.sign(platform.claims(nonce, sub="learner-1", link="link-2"))
    refused(
        client.post("/lti/launch/", {"id_token": again, "state": second_state}),
        403,
        "already been used",
    )


def test_a_nonce_the_tool_never_issued_is_refused(platform):
    client = Client()
    state, _ = platform.login(client)
    token = platform.sign(platform.claims("made-up-nonce", sub="learner-1"))
    refused(client.post("/lti/launch/", {"id_token": token, "state": state}), 403, "one-time")


def test_a_launch_without_its_login_state_is_refused(platform):
    client = Client()
    _, nonce = platform.login(client)
    token = platform.sign(platform.claims(nonce, sub="learner-1"))
    refused(Client().post("/lti/launch/", {"id_token": token, "state": "x"}), 403, "login")
    refused(client.post("/lti/launch/", {"state": "x"}), 400, "missing")
    refused(client.post("/lti/launch/", {"id_token": "not.a.jwt", "state": "x"}), 403, "")


def test_opening_the_launch_address_says_what_it_is_for(platform):
    response = Client().get("/lti/launch/")
    refused(response, 405, "takes launches from a course site")
    assert response["Allow"] == "POST"


def test_an_inactive_deployment_is_refused(platform):
    from lti_tool.models import LtiDeployment

    LtiDeployment.objects.update(is_active=False)
    refused(platform.launch(Client()), 403, "not switched on")
    assert not User.objects.filter(username__startswith="lti").exists()


def test_a_login_without_a_client_id_finds_the_registration_by_its_address(platform):
    response = Client().get(
        f"/lti/init/{platform.registration_uuid}/",
        {
            "iss": platform.issuer,
            "login_hint": "x",
            "target_link_uri": "http://testserver/lti/launch/",
        },
    )
    assert response.status_code == 302
    assert response["Location"].startswith(f"{platform.issuer}/auth?")


def test_a_login_for_an_unknown_registration_is_refused(platform):
    response = Client().get(
        "/lti/init/00000000-0000-4000-8000-000000000000/",
        {"iss": platform.issuer, "login_hint": "x", "target_link_uri": "http://testserver/"},
    )
    refused(response, 400, "login request was refused")


def test_the_key_set_lists_the_tools_public_key(platform):
    keys = Client().get("/lti/.well-known/jwks.json").json()["keys"]
    assert keys and all("d" not in key for key in keys)  # public halves only
    assert keys == platform.tool_jwks["keys"]


def test_the_course_sites_key_set_is_fetched_once_not_at_every_launch(platform):
    for sub in ("learner-1", "learner-2", "learner-3"):
        assert platform.launch(Client(), sub=sub).status_code == 302
    assert platform.jwks_fetches == 1


def test_an_address_with_many_refused_launches_is_paused(platform, settings):
    settings.LIMITS = {**settings.LIMITS, "lti_refused_launch_per_address": 2}
    for _ in range(2):
        client = Client()
        state, nonce = platform.login(client)
        token = platform.sign(platform.claims(nonce, sub="x"), key=platform.new_key())
        assert client.post("/lti/launch/", {"id_token": token, "state": state}).status_code == 403
    paused = platform.launch(Client(), sub="learner-1")
    assert paused.status_code == 429
    assert not LtiUser.objects.exists()


def test_over_https_the_logins_cookies_cross_sites_and_the_launch_works(platform):
    client = Client()
    response = client.get(
        f"/lti/init/{platform.registration_uuid}/",
        {"iss": platform.issuer, "login_hint": "x", "target_link_uri": LAUNCH_HTTPS},
        secure=True,
    )
    assert response.status_code == 302
    cookies = [c for name, c in response.cookies.items() if name.startswith("lti1p3-")]
    assert len(cookies) == 2  # the state, and the key of the launch's data
    assert all(c["samesite"] == "None" and c["secure"] for c in cookies)
    query = parse_qs(urlsplit(response["Location"]).query)
    token = platform.sign(platform.claims(query["nonce"][0], sub="learner-1"))
    fields = {"id_token": token, "state": query["state"][0]}
    assert client.post("/lti/launch/", fields, secure=True).status_code == 302

    stranger = Client()  # the same post from a browser without the login's cookies
    stranger.cookies.load({k: v for k, v in client.cookies.items() if "session-id" not in k})
    refused(stranger.post("/lti/launch/", fields, secure=True), 403, "did not bring back")

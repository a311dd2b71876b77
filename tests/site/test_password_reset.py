"""A forgotten password: a link by email, the same answer for every address, and limits.

Mail goes through Django's mailers; pytest-django swaps in the local-memory
backend, so ``mailoutbox`` holds what would have been sent.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.contrib.auth.models import User
from django.core.exceptions import ImproperlyConfigured
from pytest_django.asserts import assertContains

from badacey_site.settings import env_email, env_port

pytestmark = [pytest.mark.django_db, pytest.mark.cache, pytest.mark.usefixtures("one_limit_window")]

ROOT = Path(__file__).resolve().parents[2]
OLD = "noor's long phrase 3"
NEW = "noor's fresh phrase 7"
RESET = "/accounts/password-reset/"


@pytest.fixture
def noor(db):
    return User.objects.create_user("noor", email="noor@example.org", password=OLD)


def link_in(message) -> str:
    found = re.search(r"https?://[^/\s]+(/accounts/password-reset/\S+/)", message.body)
    assert found, message.body
    return found[1]


def test_the_sign_in_page_offers_a_reset(client):
    assertContains(client.get("/accounts/sign-in/"), f'href="{RESET}"')


def test_a_reset_link_by_email_sets_a_new_password_that_signs_in(client, noor, mailoutbox):
    page = client.get(RESET)
    assertContains(page, "Reset your password")
    sent = client.post(RESET, {"email": "noor@example.org"})
    assert sent.status_code == 302
    assert len(mailoutbox) == 1
    assert mailoutbox[0].to == ["noor@example.org"]
    assert "noor" in mailoutbox[0].body
    form = client.get(link_in(mailoutbox[0]), follow=True)
    assertContains(form, "Choose a new password")
    action = form.redirect_chain[-1][0]
    done = client.post(action, {"new_password1": NEW, "new_password2": NEW}, follow=True)
    assertContains(done, "Your new password is saved")
    client.post("/accounts/sign-out/")
    old = client.post("/accounts/sign-in/", {"username": "noor", "password": OLD})
    assert old.status_code == 400
    signed = client.post("/accounts/sign-in/", {"username": "noor", "password": NEW})
    assert signed.status_code == 302
    # The link worked once: now it is refused.
    again = client.get(link_in(mailoutbox[0]), follow=True)
    assertContains(again, "This reset link does not work")


def test_the_answer_is_the_same_whether_or_not_an_account_has_the_address(client, noor, mailoutbox):
    known = client.post(RESET, {"email": "noor@example.org"}, follow=True)
    unknown = client.post(RESET, {"email": "nobody@example.org"}, follow=True)
    assert len(mailoutbox) == 1
    assert known.redirect_chain == unknown.redirect_chain
    assert known.status_code == unknown.status_code == 200
    assert known.content == unknown.content


def test_a_weak_new_password_is_refused_under_new_password(client, noor, mailoutbox):
    client.post(RESET, {"email": "noor@example.org"})
    form = client.get(link_in(mailoutbox[0]), follow=True)
    weak = {"new_password1": "123", "new_password2": "123"}
    refused = client.post(form.redirect_chain[-1][0], weak)
    assert refused.status_code == 400
    assert re.search(
        r'<a href="#id_new_password1">[^<]+</a>: This password is too short',
        refused.content.decode(),
    )
    noor.refresh_from_db()
    assert noor.check_password(OLD)


def test_one_address_gets_a_few_mails_then_the_same_page_and_no_mail(client, noor, mailoutbox):
    limit = django_settings.LIMITS["reset_per_email"]
    answers = [
        client.post(RESET, {"email": "Noor@Example.org"}, REMOTE_ADDR=f"10.0.{n}.1", follow=True)
        for n in range(limit + 3)
    ]
    assert len(mailoutbox) == limit
    assert {a.content for a in answers} == {answers[0].content}


def test_one_address_asking_for_many_is_paused_without_saying_which_exist(client, noor, mailoutbox):
    limit = django_settings.LIMITS["reset_per_address"]
    for n in range(limit):
        client.post(RESET, {"email": f"someone{n}@example.org"}, REMOTE_ADDR="10.20.0.1")
    refused = client.post(RESET, {"email": "noor@example.org"}, REMOTE_ADDR="10.20.0.1")
    assertContains(refused, "nothing was sent", status_code=429)
    assert mailoutbox == []
    elsewhere = client.post(RESET, {"email": "noor@example.org"}, REMOTE_ADDR="10.20.0.2")
    assert elsewhere.status_code == 302


@pytest.mark.parametrize(("raw", "expected"), [("25", 25), ("465", 465)])
def test_env_port_reads_a_port(monkeypatch, raw, expected):
    monkeypatch.setenv("BADACEY_TEST_PORT", raw)
    assert env_port("BADACEY_TEST_PORT", 587) == expected


@pytest.mark.parametrize("raw", ["0", "70000", "smtp"])
def test_env_port_refuses_what_is_not_a_port(monkeypatch, raw):
    monkeypatch.setenv("BADACEY_TEST_PORT", raw)
    with pytest.raises(ImproperlyConfigured, match="BADACEY_TEST_PORT"):
        env_port("BADACEY_TEST_PORT", 587)


def test_env_email_takes_a_name_and_address_and_refuses_a_typo(monkeypatch):
    monkeypatch.setenv("BADACEY_TEST_FROM", "Study Room <study@example.org>")
    assert env_email("BADACEY_TEST_FROM", "x@y.org") == "Study Room <study@example.org>"
    monkeypatch.setenv("BADACEY_TEST_FROM", "study at example.org")
    with pytest.raises(ImproperlyConfigured, match="BADACEY_TEST_FROM"):
        env_email("BADACEY_TEST_FROM", "x@y.org")


def _settings_of(**env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    clean.pop("DATABASE_URL", None)
    clean.pop("REDIS_URL", None)
    code = (
        "from django.conf import settings; m = settings.MAILERS['default'];"
        "print(m['BACKEND']); print(sorted(m.get('OPTIONS', {}).items()));"
        "print(settings.DEFAULT_FROM_EMAIL)"
    )
    return subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.long  # three fresh Pythons read the settings
def test_mail_is_printed_in_development_and_sent_by_smtp_in_production():
    development = _settings_of(DJANGO_DEBUG="true")  # as scripts/serve runs it
    assert development.returncode == 0, development.stderr
    assert "console.EmailBackend" in development.stdout
    smtp = _settings_of(
        DJANGO_EMAIL_HOST="mail.example.org",
        DJANGO_EMAIL_USER="study",
        DJANGO_EMAIL_PASSWORD="s3cret",
        DJANGO_EMAIL_FROM="Study Room <study@example.org>",
    )
    assert smtp.returncode == 0, smtp.stderr
    assert "smtp.EmailBackend" in smtp.stdout
    assert "('host', 'mail.example.org')" in smtp.stdout
    assert "('port', 587)" in smtp.stdout and "('use_tls', True)" in smtp.stdout
    assert "Study Room <study@example.org>" in smtp.stdout
    # Production without a host: the machine's own mail server, as Django would use.
    local = _settings_of(
        DJANGO_DEBUG="false", DJANGO_SECRET_KEY="k" * 50, DJANGO_ALLOWED_HOSTS="example.org"
    )
    assert local.returncode == 0, local.stderr
    assert "smtp.EmailBackend" in local.stdout and "('host', 'localhost')" in local.stdout


@pytest.mark.parametrize(
    ("env", "named"),
    [
        ({"DJANGO_EMAIL_PORT": "587"}, "DJANGO_EMAIL_HOST"),
        ({"DJANGO_EMAIL_HOST": "m.example.org", "DJANGO_EMAIL_USER": "u"}, "DJANGO_EMAIL_PASSWORD"),
        ({"DJANGO_EMAIL_HOST": "m.example.org", "DJANGO_EMAIL_SSL": "yes"}, "DJANGO_EMAIL_TLS"),
        ({"DJANGO_EMAIL_HOST": "m.example.org", "DJANGO_EMAIL_TLS": "maybe"}, "DJANGO_EMAIL_TLS"),
        ({"DJANGO_EMAIL_FROM": "nobody"}, "DJANGO_EMAIL_FROM"),
    ],
)
def test_a_mail_setting_that_cannot_work_stops_start_up_naming_it(env, named):
    result = _settings_of(**env)
    assert result.returncode != 0
    assert named in result.stderr

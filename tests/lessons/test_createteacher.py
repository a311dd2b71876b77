"""manage.py createteacher NAME: a staff account in the Teachers group."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-teaching-pass"


def test_it_makes_a_staff_teacher_with_the_password_from_the_environment(monkeypatch):
    monkeypatch.setenv("TEACHER_PASSWORD", PASSWORD)
    out = io.StringIO()
    call_command("createteacher", "ines", stdout=out)
    teacher = User.objects.get(username="ines")
    assert teacher.is_staff and not teacher.is_superuser
    assert list(teacher.groups.values_list("name", flat=True)) == ["Teachers"]
    assert teacher.check_password(PASSWORD)
    assert "Created teacher ines" in out.getvalue()


def test_it_asks_for_the_password_twice(monkeypatch):
    monkeypatch.delenv("TEACHER_PASSWORD", raising=False)
    answers = iter([PASSWORD, PASSWORD])
    monkeypatch.setattr("getpass.getpass", lambda prompt="": next(answers))
    call_command("createteacher", "ines", stdout=io.StringIO())
    assert User.objects.get(username="ines").check_password(PASSWORD)


def test_two_different_passwords_create_nobody(monkeypatch):
    monkeypatch.delenv("TEACHER_PASSWORD", raising=False)
    answers = iter([PASSWORD, PASSWORD + "x"])
    monkeypatch.setattr("getpass.getpass", lambda prompt="": next(answers))
    with pytest.raises(CommandError, match="differ"):
        call_command("createteacher", "ines")
    assert not User.objects.filter(username="ines").exists()


def test_a_weak_password_is_refused_with_the_validators_reason(monkeypatch):
    monkeypatch.setenv("TEACHER_PASSWORD", "123")
    with pytest.raises(CommandError, match="refused"):
        call_command("createteacher", "ines")
    assert not User.objects.filter(username="ines").exists()


def test_an_existing_username_is_left_alone(monkeypatch):
    monkeypatch.setenv("TEACHER_PASSWORD", PASSWORD)
    User.objects.create_user("ines", password="old-password-kept")
    with pytest.raises(CommandError, match="already exists"):
        call_command("createteacher", "ines")
    ines = User.objects.get(username="ines")
    assert not ines.is_staff and ines.check_password("old-password-kept")


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("bad name!", "letters, numbers, and @/./+/-/_"),
        ("", "cannot be blank"),
        ("x" * 151, "at most 150 characters"),
    ],
)
def test_a_username_the_admin_would_refuse_creates_nobody(monkeypatch, name, reason):
    monkeypatch.setenv("TEACHER_PASSWORD", PASSWORD)
    before = User.objects.count()
    with pytest.raises(CommandError, match="refused") as caught:
        call_command("createteacher", name)
    assert reason in str(caught.value)
    assert User.objects.count() == before

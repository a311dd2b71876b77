from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from badacey_site.settings import env_bool, env_int, env_list

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("raw", "expected"), [("true", True), ("Yes", True), ("0", False)])
def test_env_bool_reads_common_spellings(monkeypatch, raw, expected):
    monkeypatch.setenv("BADACEY_TEST_FLAG", raw)
    assert env_bool("BADACEY_TEST_FLAG", not expected) is expected


def test_env_bool_uses_the_default_when_unset(monkeypatch):
    monkeypatch.delenv("BADACEY_TEST_FLAG", raising=False)
    assert env_bool("BADACEY_TEST_FLAG", True) is True


@pytest.mark.parametrize("raw", ["ture", "2", "enabled"])
def test_env_bool_rejects_a_typo_naming_the_variable(monkeypatch, raw):
    monkeypatch.setenv("BADACEY_TEST_FLAG", raw)
    with pytest.raises(ImproperlyConfigured, match="BADACEY_TEST_FLAG"):
        env_bool("BADACEY_TEST_FLAG", False)


def test_env_list_splits_and_trims(monkeypatch):
    monkeypatch.setenv("BADACEY_TEST_HOSTS", "example.org, www.example.org")
    assert env_list("BADACEY_TEST_HOSTS", []) == ["example.org", "www.example.org"]


@pytest.mark.parametrize("raw", ["", "a,,b", "a,"])
def test_env_list_rejects_empty_items(monkeypatch, raw):
    monkeypatch.setenv("BADACEY_TEST_HOSTS", raw)
    with pytest.raises(ImproperlyConfigured, match="empty item"):
        env_list("BADACEY_TEST_HOSTS", ["fallback"])


@pytest.mark.parametrize("raw", ["ten", "-1", "1.5"])
def test_env_int_rejects_non_counts(monkeypatch, raw):
    monkeypatch.setenv("BADACEY_TEST_SECONDS", raw)
    with pytest.raises(ImproperlyConfigured, match="BADACEY_TEST_SECONDS"):
        env_int("BADACEY_TEST_SECONDS", 0)


def _manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    clean.pop("DATABASE_URL", None)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_production_refuses_to_start_without_a_secret_key():
    result = _manage("check", DJANGO_DEBUG="false", DJANGO_ALLOWED_HOSTS="example.org")
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY" in result.stderr


def test_production_settings_pass_the_deploy_check():
    result = _manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DJANGO_DEBUG="false",
        DJANGO_SECRET_KEY="x7#kq" * 12,
        DJANGO_ALLOWED_HOSTS="example.org",
    )
    assert result.returncode == 0, result.stderr

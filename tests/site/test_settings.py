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
    clean.pop("REDIS_URL", None)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def _serve(*env_pairs: tuple[str, str]) -> subprocess.CompletedProcess[str]:
    """Load the WSGI application, as gunicorn does first, with only these variables set."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    for name in ("DATABASE_URL", "REDIS_URL"):
        clean.pop(name, None)
    return subprocess.run(
        [sys.executable, "-c", "import badacey_site.wsgi"],
        cwd=ROOT,
        env={**clean, **dict(env_pairs)},
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.long  # a fresh Python reads the settings
def test_production_is_the_default_when_django_debug_is_unset():
    assert _settings_of("from django.conf import settings; print(settings.DEBUG)") == ["False"]


@pytest.mark.long  # a fresh Python reads the settings
def test_debug_comes_only_when_asked_for():
    show = "from django.conf import settings; print(settings.DEBUG)"
    assert _settings_of(show, DJANGO_DEBUG="true") == ["True"]


def test_scripts_serve_asks_for_debug():
    serve = (ROOT / "scripts" / "serve").read_text()
    assert "export DJANGO_DEBUG=true" in serve
    assert serve.index("export DJANGO_DEBUG=true") < serve.index("runserver")


@pytest.mark.long  # a fresh Python reads the settings
def test_production_refuses_to_serve_without_a_secret_key_or_hosts():
    result = _serve()  # nothing set at all: production, the default
    assert result.returncode != 0
    for words in ("DJANGO_SECRET_KEY", "DJANGO_ALLOWED_HOSTS", "DJANGO_DEBUG=true"):
        assert words in result.stderr
    result = _serve(("DJANGO_DEBUG", "false"), ("DJANGO_ALLOWED_HOSTS", "example.org"))
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY" in result.stderr
    assert "DJANGO_ALLOWED_HOSTS" not in result.stderr


@pytest.mark.long  # a fresh Python reads the settings
def test_production_serves_once_it_has_a_key_and_hosts():
    result = _serve(("DJANGO_SECRET_KEY", "x7#kq" * 12), ("DJANGO_ALLOWED_HOSTS", "example.org"))
    assert result.returncode == 0, result.stderr


@pytest.mark.long  # a fresh Python reads the settings
def test_commands_that_sign_nothing_run_in_production_without_a_key():
    # The showdown command is a calculator for pipes; it has no use for a key.
    result = subprocess.run(
        [sys.executable, "manage.py", "showdown", "--game", "badugi", "--pot", "10"]
        + ["As 2h 3d 4c", "Ks Qh Jd 10c"],
        cwd=ROOT,
        env={k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr


@pytest.mark.long  # a fresh Python reads the settings
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


def _settings_of(code: str, **env: str) -> list[str]:
    """Lines printed by ``code`` run in a fresh process with these variables set."""
    result = _manage("shell", "--no-imports", "-c", code, **env)
    assert result.returncode == 0, result.stderr
    return result.stdout.split()


@pytest.mark.long  # a fresh Python reads the settings
@pytest.mark.parametrize(
    ("variable", "value"),
    [
        ("DJANGO_LOG_LEVEL", "verbose"),
        ("DATABASE_URL", ""),
        ("DATABASE_URL", "   "),
        ("DATABASE_URL", "mysql://app:secret@db/app"),
        ("REDIS_URL", ""),
        ("REDIS_URL", "http://127.0.0.1:6379"),
    ],
)
def test_a_setting_that_cannot_be_used_stops_start_up_naming_it(variable, value):
    # In production too: an empty DATABASE_URL used to pass check --deploy.
    result = _manage(
        "check",
        "--deploy",
        DJANGO_DEBUG="false",
        DJANGO_SECRET_KEY="x7#kq" * 12,
        DJANGO_ALLOWED_HOSTS="example.org",
        **{variable: value},
    )
    assert result.returncode != 0
    assert f"{variable}" in result.stderr
    assert "secret" not in result.stderr, "a URL's password must not be echoed"


@pytest.mark.long  # a fresh Python reads the settings
def test_a_log_level_may_be_written_in_any_case():
    assert _settings_of(
        "from django.conf import settings; print(settings.LOGGING['root']['level'])",
        DJANGO_LOG_LEVEL="warning",
    ) == ["WARNING"]


SHOW_CACHE = (
    "from django.conf import settings; "
    "print(settings.CACHES['default']['BACKEND'], settings.SESSION_ENGINE)"
)


def test_without_redis_the_cache_is_local_and_sessions_live_in_the_database():
    assert _settings_of(SHOW_CACHE) == [
        "django.core.cache.backends.locmem.LocMemCache",
        "django.contrib.sessions.backends.db",
    ]


def test_redis_url_selects_the_shared_cache_and_cached_sessions():
    assert _settings_of(SHOW_CACHE, REDIS_URL="redis://127.0.0.1:6390/0") == [
        "django.core.cache.backends.redis.RedisCache",
        "django.contrib.sessions.backends.cached_db",
    ]


def test_a_sqlite_file_is_opened_for_concurrent_writers(tmp_path):
    code = (
        "from django.db import connection; cursor = connection.cursor(); "
        "print(cursor.execute('PRAGMA journal_mode').fetchone()[0]); "
        "print(cursor.execute('PRAGMA busy_timeout').fetchone()[0]); "
        "print(connection.transaction_mode)"
    )
    journal, busy_ms, mode = _settings_of(
        code, DATABASE_URL=f"sqlite:///{tmp_path / 'site.sqlite3'}"
    )
    assert journal == "wal"  # readers go on while a teacher's save is written
    assert int(busy_ms) >= 5000  # a writer waits its turn instead of failing at once
    assert mode == "IMMEDIATE"  # the write lock is taken when a transaction begins


def test_each_test_worker_has_its_own_redis_database_and_servers_keep_theirs():
    # One worker's cache.clear() once emptied another's sign-in counts mid-test.
    from badacey_site.settings import worker_redis_url

    url = "redis://:secret@127.0.0.1:6400/0"
    workers = [worker_redis_url(url, f"gw{n}") for n in range(3)]
    assert len(set(workers)) == 3
    assert all(w.startswith("redis://:secret@127.0.0.1:6400/") for w in workers)
    assert "/0" not in {w[-2:] for w in workers}
    assert worker_redis_url(url, "") == url  # a real server, or a run without xdist
    assert worker_redis_url("unix:///run/redis.sock", "gw1") == "unix:///run/redis.sock"

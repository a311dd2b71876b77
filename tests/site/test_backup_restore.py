"""A backup taken on SQLite restores on the recommended database.

The site starts on SQLite and a school moves to PostgreSQL when it grows, so
the README's backup (dumpdata) and restore (flush, then loaddata) are run
here: from a SQLite file to a fresh database of this run's kind, which is
PostgreSQL on the second run. Text that PostgreSQL cannot store (a NUL) is
refused on the way in, so it cannot end up in a backup.
"""

from __future__ import annotations

import json

import pytest

from .conftest import manage

pytestmark = pytest.mark.django_db

# The README's backup command, word for word after "manage.py dumpdata".
BACKUP = (
    "--natural-foreign",
    "--natural-primary",
    "--exclude=contenttypes",
    "--exclude=auth.permission",
    "--exclude=sessions",
    "--exclude=axes",
    "--indent=2",
)
PASSWORD = "a-long-teaching-pass"
TITLE = "Kira’s wheel: A♠ 2♥ 3♦ 4♣ 5♣, naïve & <b>bold</b>"

FILL = f"""
from django.core.management import CommandError, call_command
from lessons.models import Deal
from tests.factories import make_deal, make_teacher
make_teacher("ines", password="{PASSWORD}")
make_deal(slug="kira-wheel", title="{TITLE}")
exercise = Deal.objects.get(slug="badacey-1")
exercise.title += " (edited by Ines)"
exercise.save()
try:
    call_command("import_deals", NUL_FILE)
except CommandError as error:
    print("REFUSED", "NUL character" in str(error))
"""

CHECK = f"""
from django.contrib.auth import authenticate
from django.test import RequestFactory
from tests.factories import make_deal
request = RequestFactory().post("/admin/login/", REMOTE_ADDR="127.0.0.1")
user = authenticate(request, username="ines", password="{PASSWORD}")
print("TEACHER", user is not None and user.groups.filter(name="Teachers").exists())
print("NEW", make_deal(slug="added-after-restore").pk is not None)
"""


def deals_in(database_url: str, path) -> list[dict]:
    manage(database_url, "export_deals", "--output", str(path))
    return json.loads(path.read_text(encoding="utf-8"))["deals"]


def test_a_sqlite_backup_restores_with_its_teachers_and_deals(
    sqlite_database_url, fresh_database_url, tmp_path
):
    nul_file = tmp_path / "nul.json"
    document = {"format": "badacey-study-room/deals", "version": 1, "deals": [{"slug": "x"}]}
    document["deals"][0]["title"] = "A\x00B"
    nul_file.write_text(json.dumps(document), encoding="utf-8")
    filled = manage(
        sqlite_database_url, "shell", "--no-imports", "-c", f"NUL_FILE = {str(nul_file)!r}\n{FILL}"
    )
    assert "REFUSED True" in filled.stdout

    backup = tmp_path / "backup.json"
    manage(sqlite_database_url, "dumpdata", *BACKUP, "--output", str(backup))
    before = deals_in(sqlite_database_url, tmp_path / "before.json")
    assert any(deal["title"] == TITLE for deal in before)

    manage(fresh_database_url, "flush", "--noinput")
    manage(fresh_database_url, "loaddata", str(backup))
    assert deals_in(fresh_database_url, tmp_path / "after.json") == before
    checked = manage(fresh_database_url, "shell", "--no-imports", "-c", CHECK).stdout
    assert "TEACHER True" in checked  # the account, its password and its group came across
    assert "NEW True" in checked  # and the database goes on numbering new rows

"""A NUL or a lone surrogate is refused wherever text comes in, with a message.

SQLite would store a NUL that PostgreSQL then refuses (a 500 on the page, and
a backup that does not restore); a lone surrogate cannot be stored at all.
The second test run uses PostgreSQL, where each of these was a 500.
"""

from __future__ import annotations

import io
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from pytest_django.asserts import assertContains

from badacey_site.storable_text import unstorable_character, unstorable_in
from lessons.models import Deal
from lessons.teaching import deal_io
from tests.factories import admin_form_data, make_deal, make_teacher

pytestmark = pytest.mark.django_db

NUL = "\x00"
SURROGATE = "\ud800"


def test_the_check_names_each_character_and_passes_ordinary_text():
    assert "NUL" in unstorable_character(f"Kira{NUL}")
    assert "U+D800" in unstorable_character(f"A{SURROGATE}")
    assert unstorable_character("Noor's A♠ 2♥, ümlaut and 🂡") is None
    assert "NUL" in unstorable_in([{"name": "ok", f"key{NUL}": 1}])
    assert unstorable_in({"seats": [{"name": "Kira", "cards": "A♠"}], "pot": 80}) is None


@pytest.fixture
def teacher_client(client):
    client.force_login(make_teacher())
    return client


# Query strings: the whole request is refused with the site's 400 page ----------


@pytest.mark.parametrize(
    "url",
    [
        "/admin/lessons/deal/?game__exact=%00",
        "/admin/lessons/deal/?lesson__exact=%00",
        "/admin/lessons/deal/?q=Kira%00",
        "/admin/lessons/deal/?o=1&%00=1",
    ],
)
def test_a_nul_in_an_admin_query_is_a_400_naming_the_parameter(teacher_client, url):
    response = teacher_client.get(url)
    assertContains(response, "NUL character", status_code=400)
    assertContains(response, "That request could not be read", status_code=400)


def test_a_nul_in_a_learner_page_query_is_a_400(client):
    response = client.get("/practice/?game=%00")
    assertContains(response, "“game” parameter contains a NUL character", status_code=400)


def test_a_session_cookie_holding_a_nul_is_ignored_not_looked_up(client):
    # A quoted cookie value may spell a NUL as "\000"; the session is read from
    # the database on every admin page.
    client.cookies["sessionid"] = f"abc{NUL}defghijklmnopqrstuvwxyz"
    response = client.get("/admin/")
    assert response.status_code == 302  # not signed in: off to the sign-in page
    assert response["Location"].startswith("/admin/login/")


def test_the_same_queries_without_the_nul_still_work(teacher_client):
    assert teacher_client.get("/admin/lessons/deal/?game__exact=badugi").status_code == 200
    assert teacher_client.get("/practice/?game=badugi").status_code == 200


# Admin forms: the field says what is wrong, and nothing is saved ----------------


@pytest.mark.parametrize(
    ("field", "text"),
    [
        ("seats", f"Ki{NUL}ra: A♠ 2♠ A♥ 3♦ 4♣\nNoor: 5♠ 4♥ 3♣ 2♦ A♣"),
        ("parts", f"badugi Kira\nchoice Which{NUL} half? | low | *Badugi"),
        ("settings", f"ante = a{NUL}b"),
        ("title", f"Two aces{NUL}"),
        ("prompt", f"Pick{NUL} the cards."),
    ],
)
def test_a_nul_in_an_admin_box_is_named_beside_that_box(teacher_client, field, text):
    data = admin_form_data(**{field: text})
    response = teacher_client.post("/admin/lessons/deal/add/", data)
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    assert field in errors
    assert any("null" in e.lower() or "NUL" in e for e in errors[field]), errors[field]
    assert not Deal.objects.filter(slug=data["slug"]).exists()


# Imported files: the deal and field are named, and nothing is imported ----------


def document_with_title(title: str) -> bytes:
    deal = make_deal(slug="kept-as-it-was", title="Kept as it was")
    document = deal_io.document([deal])
    document["deals"][0]["title"] = title
    # ensure_ascii writes a lone surrogate as the JSON escape a real file would hold.
    return json.dumps(document, ensure_ascii=True).encode()


@pytest.mark.parametrize(
    ("title", "named"), [(f"Bad{NUL}title", "NUL"), (f"Bad{SURROGATE}title", "U+D800")]
)
def test_an_imported_title_that_cannot_be_stored_is_refused_by_name(title, named):
    with pytest.raises(deal_io.DealFileError) as refused:
        deal_io.loads(document_with_title(title))
    assert any(
        "Deal 1 (kept-as-it-was), title" in p and named in p for p in refused.value.problems
    ), refused.value.problems
    assert Deal.objects.get(slug="kept-as-it-was").title == "Kept as it was"


def test_the_import_command_refuses_it_too(tmp_path):
    path = tmp_path / "deals.json"
    path.write_bytes(document_with_title(f"Bad{SURROGATE}"))
    with pytest.raises(CommandError, match="lone surrogate"):
        call_command("import_deals", str(path), stdout=io.StringIO())
    assert Deal.objects.get(slug="kept-as-it-was").title == "Kept as it was"


def test_the_admin_import_page_lists_it(teacher_client):
    upload = SimpleUploadedFile("deals.json", document_with_title(f"Bad{NUL}"))
    response = teacher_client.post("/admin/lessons/deal/import/", {"file": upload})
    assertContains(response, "Nothing was imported")
    assertContains(response, "NUL character")
    assert Deal.objects.get(slug="kept-as-it-was").title == "Kept as it was"

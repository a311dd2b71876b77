"""Exporting and importing deals: a round trip, no duplicates, all or nothing."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from lessons.models import Deal
from lessons.teaching import deal_io
from tests.factories import make_deal, make_teacher

pytestmark = pytest.mark.django_db


def snapshot() -> list[dict]:
    return [
        {name: getattr(d, name) for name in deal_io.FIELDS} for d in Deal.objects.order_by("slug")
    ]


@pytest.fixture
def two_practice_deals():
    return [
        make_deal(title="First", slug="first", explanation="Look at the suits."),
        make_deal(
            title="Second", slug="second", published=False, pot=None, parts=[{"kind": "winners"}]
        ),
    ]


def test_export_then_import_on_an_empty_site_recreates_every_deal(tmp_path, two_practice_deals):
    path = tmp_path / "deals.json"
    call_command("export_deals", "--output", str(path), stderr=io.StringIO())
    before = snapshot()
    Deal.objects.all().delete()
    out = io.StringIO()
    call_command("import_deals", str(path), stdout=out)
    assert snapshot() == before
    assert f"{len(before)} new deal(s), 0 updated" in out.getvalue()


def test_a_deal_whose_replay_quizzes_the_learner_still_does_after_a_round_trip(tmp_path):
    make_deal(slug="quizzed", study_mode=True)
    path = tmp_path / "deals.json"
    call_command("export_deals", "--output", str(path), stderr=io.StringIO())
    Deal.objects.all().delete()
    call_command("import_deals", str(path), stdout=io.StringIO())
    assert Deal.objects.get(slug="quizzed").study_mode is True


def test_a_file_written_before_study_mode_existed_still_imports(two_practice_deals):
    entries = json.loads(deal_io.dumps(Deal.objects.filter(slug="first")))
    for entry in entries["deals"]:
        del entry["study_mode"]
    Deal.objects.all().delete()
    deal_io.loads(json.dumps(entries))
    assert Deal.objects.get(slug="first").study_mode is False


def test_the_document_names_its_format_and_keys_deals_by_slug(two_practice_deals):
    out = io.StringIO()
    call_command("export_deals", "--practice-only", stdout=out)
    document = json.loads(out.getvalue())
    assert document["format"] == "badacey-study-room/deals"
    assert document["version"] == 1
    slugs = [d["slug"] for d in document["deals"]]
    assert {"first", "second"} <= set(slugs)
    assert len(slugs) == Deal.objects.practice().count()
    assert all(d["lesson"] == "" for d in document["deals"])
    assert "id" not in document["deals"][0]


def test_importing_the_same_file_twice_adds_nothing(tmp_path, two_practice_deals):
    path = tmp_path / "deals.json"
    path.write_text(deal_io.dumps(two_practice_deals), encoding="utf-8")
    count = Deal.objects.count()
    call_command("import_deals", str(path), stdout=io.StringIO())
    versions = dict(Deal.objects.values_list("slug", "version"))
    out = io.StringIO()
    call_command("import_deals", str(path), stdout=out)
    assert Deal.objects.count() == count
    assert "0 new deal(s), 0 updated, 2 unchanged" in out.getvalue()
    assert dict(Deal.objects.values_list("slug", "version")) == versions


def test_an_import_updates_a_deal_with_the_same_slug_in_place(two_practice_deals):
    document = deal_io.document(two_practice_deals)
    document["deals"][0]["title"] = "First, revised"
    pk = two_practice_deals[0].pk
    deal_io.loads(json.dumps(document))
    assert Deal.objects.get(slug="first").title == "First, revised"
    assert Deal.objects.get(slug="first").pk == pk


def test_an_import_racing_a_teachers_save_changes_nothing_and_says_so(
    two_practice_deals, monkeypatch
):
    document = deal_io.document(two_practice_deals)
    document["deals"][0]["title"] = "First, from the file"
    document["deals"][1]["title"] = "Second, from the file"
    checked = Deal.full_clean

    def a_teacher_saves_meanwhile(deal, *args, **kwargs):
        checked(deal, *args, **kwargs)
        if deal.slug == "second":  # the first deal is checked; a teacher saves it now
            Deal.objects.filter(slug="first").update(title="The teacher's", version=99)

    monkeypatch.setattr(Deal, "full_clean", a_teacher_saves_meanwhile)
    with pytest.raises(deal_io.DealFileError) as refused:
        deal_io.loads(json.dumps(document))
    assert "was saved by someone else" in refused.value.problems[0]
    assert Deal.objects.get(slug="second").title == "Second"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json at all", "not JSON"),
        ('{"deals": []}', "not a deals export"),
        ('{"format": "badacey-study-room/deals", "version": 9, "deals": []}', "version 9"),
    ],
)
def test_a_file_that_is_not_a_deals_export_is_refused(tmp_path, text, message):
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CommandError, match=message):
        call_command("import_deals", str(path))


def test_one_bad_deal_changes_nothing_and_is_named_with_its_field(two_practice_deals):
    document = deal_io.document(two_practice_deals)
    document["deals"][0]["title"] = "Changed, but must not be saved"
    new = dict(document["deals"][1], slug="brand-new")
    document["deals"].append(new)
    bad = dict(document["deals"][1], slug="broken")
    bad["seats"] = [
        {"name": "Kira", "cards": "Q♥ 2♠ A♥ 3♦ 4♣"},
        {"name": "Noor", "cards": "5♠ Q♥ 3♣ 2♦ A♣"},
    ]
    document["deals"].append(bad)
    before = snapshot()
    with pytest.raises(deal_io.DealFileError) as caught:
        deal_io.loads(json.dumps(document))
    assert caught.value.problems == [
        "Deal 4 (broken), seats: Q♥ is in both Kira's and Noor's hands."
    ]
    assert snapshot() == before


def broken_file(two_practice_deals, **fields) -> str:
    document = deal_io.document(two_practice_deals)
    document["deals"][1].update(fields)
    return json.dumps(document)


@pytest.mark.parametrize(
    ("fields", "problem"),
    [
        ({"button": "x"}, 'button: must be a whole number, not "x".'),
        ({"pot": 1.5}, "pot: must be a whole number, not 1.5."),
        ({"pot": True}, "pot: must be a whole number, not true."),
        ({"pot": "80"}, 'pot: must be a whole number, not "80".'),
        ({"title": 5}, "title: must be text, not 5."),
        ({"history": None}, "history: must not be null."),
        ({"settings": []}, "settings: must be an object, not []."),
        ({"seats": {}}, "seats: must be a list, not {}."),
        ({"published": "yes"}, 'published: must be true or false, not "yes".'),
        (
            {"lesson": "badugi", "number": 1_000_000_000},
            "number: Exercise numbers run from 1 to 99.",
        ),
    ],
)
def test_a_value_of_the_wrong_type_is_named_with_its_deal_and_field(
    tmp_path, two_practice_deals, fields, problem
):
    path = tmp_path / "bad.json"
    path.write_text(broken_file(two_practice_deals, **fields), encoding="utf-8")
    before = snapshot()
    with pytest.raises(CommandError) as caught:
        call_command("import_deals", str(path))
    assert f"Deal 2 (second), {problem}" in str(caught.value)
    assert snapshot() == before


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("[]", "not a deals export"),
        ('{"format": "badacey-study-room/deals", "version": 1, "deals": [5]}', "not an object"),
        (
            '{"format": "badacey-study-room/deals", "version": 1, "deals": [], "extra": 1}',
            "unknown top-level fields (extra)",
        ),
        ("[" * 100_000 + "]" * 100_000, "nests its lists or objects too deeply"),
        (b"\xff\xfe\x00", "not JSON"),
    ],
)
def test_a_malformed_document_is_refused_with_its_reason(text, problem):
    with pytest.raises(deal_io.DealFileError) as caught:
        deal_io.loads(text)
    assert problem in caught.value.problems[0]


def test_two_deals_claiming_one_lesson_number_are_named(two_practice_deals):
    document = deal_io.document(two_practice_deals)
    for entry in document["deals"]:
        entry.update(lesson="badugi", number=7, game="badacey")
    with pytest.raises(deal_io.DealFileError) as caught:
        deal_io.loads(json.dumps(document))
    assert "Deal 2 (second): first is already badugi exercise 7 in this file." in (
        caught.value.problems
    )


def test_the_admin_action_downloads_the_selected_deals(client, two_practice_deals):
    client.force_login(make_teacher())
    response = client.post(
        reverse("admin:lessons_deal_changelist"),
        {"action": "export_as_json", "_selected_action": [two_practice_deals[1].pk]},
    )
    assert response["Content-Type"] == "application/json"
    assert response["Content-Disposition"].startswith('attachment; filename="deals-')
    document = json.loads(response.content)
    assert [d["slug"] for d in document["deals"]] == ["second"]


# Caps: one import keeps the write lock for seconds at most ---------------------------


def test_a_file_with_more_deals_than_the_cap_is_refused_saying_the_cap(two_practice_deals):
    document = deal_io.document(two_practice_deals[:1])
    template = document["deals"][0]
    document["deals"] = [
        dict(template, slug=f"copy-{n}") for n in range(deal_io.MAX_IMPORT_DEALS + 1)
    ]
    before = snapshot()
    with pytest.raises(deal_io.DealFileError) as caught:
        deal_io.loads(json.dumps(document))
    (problem,) = caught.value.problems
    assert f"holds {deal_io.MAX_IMPORT_DEALS + 1:,} deals" in problem
    assert deal_io.CAPS in problem
    assert snapshot() == before


def test_exactly_the_cap_is_still_imported(two_practice_deals):
    document = deal_io.document(two_practice_deals[:1])
    template = document["deals"][0]
    document["deals"] = [dict(template, slug=f"copy-{n}") for n in range(deal_io.MAX_IMPORT_DEALS)]
    result = deal_io.loads(json.dumps(document))
    assert len(result.created) == deal_io.MAX_IMPORT_DEALS


def oversized(two_practice_deals) -> str:
    document = deal_io.document(two_practice_deals[:1])
    document["deals"][0]["explanation"] = "x" * deal_io.MAX_IMPORT_BYTES
    return json.dumps(document)


def test_a_file_over_the_size_cap_is_refused_saying_the_cap(two_practice_deals):
    with pytest.raises(deal_io.DealFileError) as caught:
        deal_io.loads(oversized(two_practice_deals))
    assert deal_io.CAPS in caught.value.problems[0]


def test_the_command_refuses_an_oversized_file_before_reading_it(
    tmp_path, monkeypatch, two_practice_deals
):
    path = tmp_path / "huge.json"
    path.write_text(oversized(two_practice_deals), encoding="utf-8")
    monkeypatch.setattr("pathlib.Path.read_bytes", lambda self: pytest.fail("the file was read"))
    with pytest.raises(CommandError, match="an import takes at most"):
        call_command("import_deals", str(path))

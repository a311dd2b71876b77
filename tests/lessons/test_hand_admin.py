"""The admin's "Import hand histories" (check, then confirm) and the PHH downloads."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from evaluator.hand_histories import read_text, to_notation, to_phh
from evaluator.hand_histories.phh import variant_code
from evaluator.notation import parse_deal
from evaluator.replay import replay
from lessons.hands import hand_import
from lessons.models import Deal, RealHand
from tests.factories import make_teacher

pytestmark = pytest.mark.django_db
DATA = Path(__file__).parent.parent / "evaluator" / "hand_histories"
URL = reverse("admin:lessons_deal_import_hands")


@pytest.fixture
def teacher(client):
    client.force_login(make_teacher())
    return client


def spoiled_text() -> str:
    text = (DATA / "mix_badacey.txt").read_text(encoding="utf-8")
    return text.replace("Hero wins (90)", "Hero wins (91)", 1)


def test_the_deal_list_links_to_the_hand_import(teacher):
    assertContains(teacher.get(reverse("admin:lessons_deal_changelist")), URL)


def test_checking_shows_every_hand_and_saves_nothing(teacher):
    text = spoiled_text()
    page = teacher.post(URL, {"text": text})
    assert RealHand.objects.count() == 0
    for result in read_text(text):
        assertContains(page, f'data-hand="{result.hand_id}" data-ok="{str(result.ok).lower()}"')
    assertContains(page, "the room pays Hero")
    assertContains(page, "Nothing has been saved yet")


def test_confirming_imports_the_hands_that_replay_and_says_so(teacher):
    text = spoiled_text()
    response = teacher.post(URL, {"text": text, "_confirm": "1"}, follow=True)
    good = [r.hand_id for r in read_text(text) if r.ok]
    assert sorted(RealHand.objects.values_list("hand_id", flat=True)) == sorted(good)
    assert not RealHand.objects.filter(published=True).exists()
    assertContains(response, f"{len(good)} new hand(s)")
    again = teacher.post(URL, {"text": text, "_confirm": "1"}, follow=True)
    assertContains(again, f"{len(good)} unchanged")
    assert RealHand.objects.count() == len(good)


def test_an_uploaded_utf16_file_is_read_and_can_be_published(teacher):
    text = (DATA / "mix_badugi.txt").read_text(encoding="utf-8")
    upload = SimpleUploadedFile("hands.txt", text.encode("utf-16"))
    page = teacher.post(URL, {"file": upload})
    assertContains(page, "Will be imported")
    teacher.post(URL, {"text": page.context["history"], "_confirm": "1", "publish": "on"})
    assert RealHand.objects.filter(published=True).count() == len(read_text(text))


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({}, "Choose a history file, or paste its hands."),
        ({"file": SimpleUploadedFile("x.bin", b"\x00\x01\x02\x03" * 50)}, "binary"),
        ({"text": "x" * (hand_import.MAX_UPLOAD_BYTES + 1)}, "over the"),
    ],
)
def test_bad_input_is_named_on_the_page(teacher, data, message):
    page = teacher.post(URL, data)
    assert page.status_code == 200
    assertContains(page, message)
    assert RealHand.objects.count() == 0


def test_a_user_without_deal_rights_cannot_import(client):
    user = User.objects.create_user("staff", password="a-long-staff-pass", is_staff=True)
    client.force_login(user)
    assert client.post(URL, {"text": spoiled_text(), "_confirm": "1"}).status_code == 403
    assert RealHand.objects.count() == 0


def test_a_badugi_deal_downloads_as_the_engine_s_phh(teacher):
    deal = Deal.objects.filter(game="badugi").exclude(history="").first()
    assert deal is not None, "the lessons ship a Badugi deal with a history"
    page = teacher.get(reverse("admin:lessons_deal_change", args=[deal.pk]))
    assertContains(page, reverse("admin:lessons_deal_phh", args=[deal.pk]))
    response = teacher.get(reverse("admin:lessons_deal_phh", args=[deal.pk]))
    assert response["Content-Disposition"].endswith('.phh"')
    expected = to_phh(replay(parse_deal(deal.history)), hand=deal.slug)
    assert response.content.decode() == expected


def test_a_badacey_deal_downloads_with_the_proposed_code_and_reads_back(teacher):
    deal = Deal.objects.filter(game="badacey").exclude(history="").first()
    played = replay(parse_deal(deal.history))
    code = variant_code(played.profile, proposed=True)
    assert variant_code(played.profile) is None  # PHH itself has no Badacey code
    page = teacher.get(reverse("admin:lessons_deal_change", args=[deal.pk]))
    assertContains(page, f"Download as PHH (proposed code {code})")
    response = teacher.get(reverse("admin:lessons_deal_phh", args=[deal.pk]))
    assert response.status_code == 200
    text = response.content.decode()
    assert f'variant = "{code}"' in text
    (read,) = read_text(text)  # the site reads its own proposal back in
    back = replay(parse_deal(to_notation(read.verified)))
    assert won(back) == won(played)


def won(played) -> dict[str, int]:
    """Each player's chips from the pot, by name: PHH lists the seats from the small blind."""
    seats, payouts = played.record.seats, played.settlement.payouts
    return {seat.name: paid for seat, paid in zip(seats, payouts, strict=True)}


def test_an_imported_badugi_hand_downloads_as_phh(teacher):
    text = (DATA / "game_badugi.txt").read_text(encoding="utf-8")
    teacher.post(URL, {"text": text, "_confirm": "1"})
    hand = RealHand.objects.exclude(hand_id="1200000001").first()
    page = teacher.get(reverse("admin:lessons_realhand_change", args=[hand.pk]))
    assertContains(page, "Download as PHH")
    response = teacher.get(reverse("admin:lessons_realhand_phh", args=[hand.pk]))
    assert response.status_code == 200
    assert response.content.decode() == to_phh(
        replay(parse_deal(hand.history)), hand=f"{hand.room} {hand.hand_id}"
    )


def test_confirming_an_uploaded_file_names_the_file(teacher):
    text = (DATA / "mix_badugi.txt").read_text(encoding="utf-8")
    upload = SimpleUploadedFile("tuesday-session.txt", text.encode("utf-8"))
    page = teacher.post(URL, {"file": upload})
    assertContains(page, 'name="source_name" value="tuesday-session.txt"')
    done = teacher.post(
        URL,
        {"text": page.context["history"], "source_name": "tuesday-session.txt", "_confirm": "1"},
        follow=True,
    )
    assertContains(done, "Imported tuesday-session.txt:")
    assertNotContains(done, "Imported the pasted hands")


def test_a_utf16_file_with_a_stray_last_byte_is_read_and_the_report_says_so(teacher):
    text = (DATA / "mix_badugi.txt").read_text(encoding="utf-8")
    upload = SimpleUploadedFile("hands.txt", text.encode("utf-16") + b"\x00")
    page = teacher.post(URL, {"file": upload})
    assertContains(page, "Will be imported")
    assertContains(page, "one stray byte at its end")
    assert page.context["history"].strip() == text.strip()


@pytest.mark.database_engine  # a lost race ends in a unique-key error mid-transaction
def test_a_hand_another_teacher_stored_a_moment_earlier_is_not_a_500(monkeypatch):
    """Two confirms racing: the second finds nothing, then the unique row exists."""
    text = (DATA / "mix_badugi.txt").read_text(encoding="utf-8")
    reports = hand_import.check(text.encode("utf-8"), "a file")
    hand_import.import_reports(reports)  # the other teacher's confirm, already stored
    stored = RealHand.objects.count()
    real_store = hand_import._store
    calls = []

    def store_after_a_lost_race(report, publish):
        calls.append(report)
        if len(calls) == 1:
            RealHand.objects.create(  # what the look would have missed
                room="x", hand_id="x", slug="x-clash", game="badugi", history="x"
            )
            RealHand.objects.create(
                room="x", hand_id="x", slug="x-clash-2", game="badugi", history="x"
            )
        return real_store(report, publish)

    monkeypatch.setattr(hand_import, "_store", store_after_a_lost_race)
    outcome = hand_import.import_reports(reports[:1])
    assert outcome.unchanged == [str(reports[0].line["hand"])]
    assert RealHand.objects.filter(room="x").count() == 0
    assert RealHand.objects.count() == stored

"""What teachers hit in the admin: messages that say what happened, drafts they can try.

Each test here failed before its fix; the expectations come from the
evaluator, the game profiles and the site's own forms, never typed results.
"""

from __future__ import annotations

import html
import io
import json
import re

import pytest
from django.contrib.auth.models import Permission, User
from django.contrib.contenttypes.models import ContentType
from django.core.management import call_command
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains, assertRedirects

from evaluator import PROFILES
from evaluator.deal import BettingLine, full_settings
from evaluator.notation import parse_deal
from evaluator.replay import replay
from evaluator.worked_deals import worked_deal
from lessons.content.exercises import lesson_entries
from lessons.content.loader import build
from lessons.deals import parts
from lessons.models import Attempt, Deal
from lessons.teaching import deal_io
from lessons.teaching.admin_forms import MAX_PASTED_CHARS
from tests.factories import admin_form_data, make_deal, make_teacher, right_answer

pytestmark = pytest.mark.django_db

ADD_URL = "/admin/lessons/deal/add/"
LIST_URL = "/admin/lessons/deal/"
IMPORT_URL = "/admin/lessons/deal/import/"
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def teacher_client(client):
    client.force_login(make_teacher())
    return client


def change_url(deal: Deal) -> str:
    return reverse("admin:lessons_deal_change", args=[deal.pk])


def unchanged_post(client, deal: Deal) -> dict:
    """What the change form posts when the teacher saves without touching anything."""
    form = client.get(change_url(deal)).context["adminform"].form
    data = {name: form[name].value() for name in form.fields}
    return {k: ("" if v is None else v) for k, v in data.items() if v is not False} | (
        {"published": "on"} if deal.published else {}
    )


def errors_of(response) -> dict[str, list[str]]:
    return response.context["adminform"].form.errors


# Two teachers, one deal -----------------------------------------------------------


def test_a_stale_save_says_why_at_the_top_of_the_form_not_in_the_hidden_version_row(
    client, teacher_client
):
    deal = make_deal()
    other = type(client)()
    other.force_login(make_teacher("second-teacher"))
    first = unchanged_post(teacher_client, deal) | {"title": "Saved first"}
    second = unchanged_post(other, deal) | {"title": "Saved second"}
    teacher_client.post(change_url(deal), first)
    body = other.post(change_url(deal), second).content.decode()
    message = "Someone else saved this deal after you opened it"
    assert message in body
    # Above the first box, where "Please correct the error below" points, not in a hidden row.
    assert body.index(message) < body.index('<fieldset class="module aligned')
    hidden_rows = re.findall(r'<div class="form-row hidden[^"]*">.*?</div>\s*</div>', body, re.S)
    assert not any(message in row for row in hidden_rows)


def test_saving_a_deal_another_teacher_deleted_keeps_the_typed_edit(teacher_client):
    deal = make_deal()
    data = unchanged_post(teacher_client, deal) | {"title": "My careful rewording"}
    Deal.objects.filter(pk=deal.pk).delete()  # the other teacher's delete
    response = teacher_client.post(change_url(deal), data)
    assert response.status_code == 200
    assertContains(response, "Someone deleted this deal")
    assertContains(response, 'value="My careful rewording"')
    assertContains(response, f'action="{ADD_URL}"')
    assert not Deal.objects.filter(title="My careful rewording").exists()
    # Saving the kept form adds the deal again.
    assertRedirects(teacher_client.post(ADD_URL, data), LIST_URL)
    assert Deal.objects.get(slug=deal.slug).title == "My careful rewording"


# A refused edit ------------------------------------------------------------------------


def test_after_a_refused_edit_the_panel_speaks_of_the_edit_not_of_the_stored_deal(
    teacher_client,
):
    deal = make_deal()
    data = unchanged_post(teacher_client, deal)
    data["seats"] = "Kira: A♠ 2♠ A♥ 3♦ 4♣\nNoor: 5♠ 4♥ 3♣ 2♦ A♠"  # the ace of spades twice
    response = teacher_client.post(change_url(deal), data)
    assert errors_of(response)["seats"]
    assertNotContains(response, "refuses this deal as it is stored")
    assertContains(response, "Your edit above was not saved")
    for award in deal.settlement().pots[0].awards:
        assertContains(response, award.explanation)  # the saved deal's verdict, still valid


def test_one_seat_is_refused_in_the_words_of_the_seats_box_not_in_json(teacher_client):
    response = teacher_client.post(
        ADD_URL, admin_form_data(seats="Kira: A♠ 2♠ A♥ 3♦ 4♣", parts="winners")
    )
    (message,) = errors_of(response)["seats"]
    assert "at least two seats" in message
    assert "{" not in message and "[" not in message


def test_a_negative_pot_gets_one_message(teacher_client):
    response = teacher_client.post(ADD_URL, admin_form_data(pot="-5"))
    (message,) = errors_of(response)["pot"]
    assert "cannot be negative" in message
    assert not Deal.objects.filter(slug="two-aces-one-counts").exists()


# Drafts ------------------------------------------------------------------------------


@pytest.fixture
def draft():
    """A lesson exercise with computed answers (outs), taken back to a draft."""
    deal = Deal.objects.get(slug="drawing-1")
    Deal.objects.filter(pk=deal.pk).update(published=False)
    return Deal.objects.get(pk=deal.pk)


def test_a_teacher_opens_a_draft_from_view_on_site(teacher_client, draft):
    content_type = ContentType.objects.get_for_model(Deal)
    response = teacher_client.get(f"/admin/r/{content_type.pk}/{draft.pk}/", follow=True)
    assert response.status_code == 200
    assertContains(response, "<strong>Draft:</strong>", html=True)
    assertContains(response, draft.title)


def test_a_teacher_tries_every_part_of_a_draft(teacher_client, draft):
    answer = teacher_client.get(draft.answer_url, **HTMX)
    assert answer.status_code == 200
    assert answer.content.strip()  # the worked answer, not an empty panel
    for piece in parts.worked_pieces(draft):
        assert piece.template
    checked = teacher_client.post(draft.check_url, right_answer(draft), **HTMX)
    assertContains(checked, "All right: every part is correct.")
    hint = teacher_client.post(draft.hint_url, {"hint": "0", f"{draft.slug}-p0_hints": "0"}, **HTMX)
    first = parts.hints(draft)[0][0]
    assert hint.status_code == 200 and "Hint 1 of" in hint.content.decode() and first
    assert not Attempt.objects.filter(deal=draft).exists()  # a teacher's try is not progress


def test_a_draft_does_not_exist_for_learners_or_staff_without_the_permission(client, draft):
    helper = type(client)()
    helper.force_login(User.objects.create_user("helper", password="x", is_staff=True))
    learner = type(client)()
    learner.force_login(User.objects.create_user("learner", password="x"))
    for visitor in (client, learner, helper):
        assert visitor.get(draft.get_absolute_url()).status_code == 404
        assert visitor.get(draft.answer_url, **HTMX).status_code == 404
        assert visitor.post(draft.check_url, right_answer(draft)).status_code == 404
        assert visitor.post(draft.hint_url, {"hint": "0"}).status_code == 404


def test_staff_who_may_view_deals_may_open_a_draft(client, draft):
    viewer = User.objects.create_user("viewer", password="x", is_staff=True)
    viewer.user_permissions.add(Permission.objects.get(codename="view_deal"))
    client.force_login(viewer)
    assert client.get(draft.get_absolute_url()).status_code == 200


def test_the_preview_shows_the_worked_answer_of_what_is_in_the_form(teacher_client, draft):
    response = teacher_client.post(
        reverse("admin:lessons_deal_preview", args=[draft.pk]),
        unchanged_post(teacher_client, draft),
        **HTMX,
    )
    body = response.content.decode()
    assert '<details class="answer-panel" open>' in body
    assert f'hx-get="{draft.answer_url}"' not in body  # not fetched from the saved deal
    assert "Try it: checking an answer and the hints work here" in body


# Importing -------------------------------------------------------------------------


def test_an_import_with_a_null_pot_beside_a_history_takes_the_historys_pot():
    history = worked_deal("amara_bram_kira_noor")
    made = make_deal(history=history, slug="from-history")
    entry = {name: getattr(made, name) for name in deal_io.FIELDS}
    Deal.objects.filter(slug="from-history").delete()
    entry["pot"] = None
    document = {"format": deal_io.FORMAT, "version": deal_io.VERSION, "deals": [entry]}
    result = deal_io.loads(json.dumps(document))
    assert result.created == ["from-history"]
    assert Deal.objects.get(slug="from-history").pot == replay(parse_deal(history)).settlement.total


def test_reimporting_reports_unchanged_deals_and_bumps_only_the_changed_one():
    first, second = make_deal(slug="first"), make_deal(slug="second")
    document = deal_io.document([first, second])
    document["deals"][1]["title"] = "Second, revised"
    result = deal_io.loads(json.dumps(document))
    assert (result.unchanged, result.updated) == (["first"], ["second"])
    assert Deal.objects.get(slug="first").version == first.version
    assert Deal.objects.get(slug="second").version == second.version + 1


def test_a_history_is_stored_with_plain_newlines(teacher_client):
    history = worked_deal("amara_bram_kira_noor").replace("\n", "\r\n")
    data = admin_form_data(history=history, seats="", pot="", parts="winners")
    assertRedirects(teacher_client.post(ADD_URL, data), LIST_URL)
    assert "\r" not in Deal.objects.get(slug="two-aces-one-counts").history
    made = make_deal(slug="imported")
    entry = {name: getattr(made, name) for name in deal_io.FIELDS}
    Deal.objects.filter(slug="imported").delete()
    entry |= {"history": history, "seats": [], "pot": None, "parts": [{"kind": "winners"}]}
    deal_io.loads(json.dumps({"format": deal_io.FORMAT, "version": 1, "deals": [entry]}))
    assert "\r" not in Deal.objects.get(slug="imported").history


def test_a_paste_too_long_is_called_too_long_and_the_browser_does_not_cut_it(teacher_client):
    page = teacher_client.get(IMPORT_URL).content.decode()
    textarea = re.search(r"<textarea[^>]*>", page).group(0)
    assert "maxlength" not in textarea  # a maxlength would cut the paste without a word
    response = teacher_client.post(IMPORT_URL, {"text": "[" + " " * MAX_PASTED_CHARS + "]"})
    assertContains(response, "too long")
    assertContains(response, f"{MAX_PASTED_CHARS:,}")
    assertNotContains(response, "not JSON")


# The lessons' own exercises ---------------------------------------------------------


def test_a_lessons_own_exercise_cannot_be_deleted_in_the_admin(teacher_client):
    exercise = Deal.objects.get(slug="badacey-2")
    assert (
        teacher_client.get(reverse("admin:lessons_deal_delete", args=[exercise.pk])).status_code
        == 403
    )
    assertNotContains(teacher_client.get(change_url(exercise)), "deletelink")
    practice = make_deal(title="Mine to delete")
    selected = {"action": "delete_selected", "_selected_action": [exercise.pk, practice.pk]}
    response = teacher_client.post(LIST_URL, selected | {"post": "yes"}, follow=True)
    assertContains(response, "Lesson exercises cannot be deleted")
    assert Deal.objects.filter(pk=exercise.pk).exists()
    assert not Deal.objects.filter(pk=practice.pk).exists()


def test_restore_exercises_brings_back_a_deleted_exercise_and_leaves_edited_ones_alone():
    Deal.objects.filter(slug="badacey-2").delete()
    Deal.objects.filter(slug="badacey-3").update(title="Edited by a teacher")
    out = io.StringIO()
    call_command("restore_exercises", stdout=out)
    assert "badacey-2" in out.getvalue()
    restored = Deal.objects.get(slug="badacey-2")
    shipped = build(next(e for e in lesson_entries() if e["slug"] == "badacey-2"))
    assert (restored.seats, restored.parts, restored.number) == (
        shipped.seats,
        shipped.parts,
        shipped.number,
    )
    assert Deal.objects.get(slug="badacey-3").title == "Edited by a teacher"


# Copying, help, the history's boxes ---------------------------------------------------


def test_save_as_new_copies_a_deal_as_a_draft_and_keeps_the_original(teacher_client):
    deal = make_deal(title="The original")
    data = unchanged_post(teacher_client, deal) | {"title": "The copy", "_saveasnew": "1"}
    response = teacher_client.post(change_url(deal), data)
    assert response.status_code == 302
    copy = Deal.objects.get(title="The copy")
    assert copy.pk != deal.pk and copy.slug == f"{deal.slug}-copy" and not copy.published
    assert (copy.seats, copy.parts, copy.pot) == (deal.seats, deal.parts, deal.pot)
    assert Deal.objects.get(pk=deal.pk).title == "The original"
    assertContains(teacher_client.get(change_url(deal)), 'name="_saveasnew"')


def test_the_settings_help_gives_each_games_default_bets(teacher_client):
    page = html.unescape(teacher_client.get(ADD_URL).content.decode())
    for key, profile in PROFILES.items():
        table = full_settings(key, {})
        assert (
            f"{profile.name}: max_discard = {table['max_discard']}, "
            f"raise_cap = {table['raise_cap']}, forced_bets = {table['forced_bets']}"
        ) in page
        assert f"small_bet = {table['small_bet']}, big_bet = {table['big_bet']}" in page


def test_the_game_and_button_boxes_follow_the_history(teacher_client):
    history = worked_deal("mara_badugi")
    record = parse_deal(history)
    other_game = next(key for key in PROFILES if key != record.profile_key)
    other_button = (record.button + 1) % len(record.seats)
    data = admin_form_data(
        history=history,
        seats="",
        pot="",
        settings="",
        game=other_game,
        button=str(other_button),
        parts="winners",
    )
    assertRedirects(teacher_client.post(ADD_URL, data), LIST_URL)
    deal = Deal.objects.get(slug="two-aces-one-counts")
    assert (deal.game, deal.button) == (record.profile_key, record.button)


# The notation guide ---------------------------------------------------------------------


def test_the_notation_guides_draws_only_example_is_what_its_text_says(client):
    page = client.get(reverse("lessons:notation")).content.decode()
    section = page[page.index('id="notation-showdown"') :]
    example = html.unescape(re.search(r"<pre[^>]*>(.*?)</pre>", section, re.S).group(1))
    record = parse_deal(example)
    assert record.showdown_pot is not None
    assert all(seat.stack is None for seat in record.seats)  # no chip counts
    assert not any(isinstance(street, BettingLine) for street in record.streets)
    said = re.search(r"<code>showdown pot (\d+)</code>", section).group(1)
    assert int(said) == record.showdown_pot
    played = replay(parse_deal(worked_deal("mara_badugi")))
    shown = replay(record)
    assert shown.settlement.total == played.settlement.total
    assert shown.settlement.payouts == played.settlement.payouts

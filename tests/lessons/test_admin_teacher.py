"""A teacher manages deals through the admin; nobody else can, and bad deals are refused."""

from __future__ import annotations

import json

import pytest
from django.contrib.admin.models import ADDITION, CHANGE, LogEntry
from django.contrib.auth.models import Permission, User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains, assertRedirects

from evaluator import settle
from evaluator.notation import parse_deal
from evaluator.replay import replay
from evaluator.worked_deals import worked_deal
from lessons.models import Deal
from lessons.teaching import deal_io
from lessons.teaching.admin_forms import MAX_IMPORT_BYTES
from tests.factories import admin_form_data, make_deal, make_teacher

pytestmark = pytest.mark.django_db

ADD_URL = "/admin/lessons/deal/add/"
LIST_URL = "/admin/lessons/deal/"
IMPORT_URL = "/admin/lessons/deal/import/"


@pytest.fixture
def teacher_client(client):
    client.force_login(make_teacher())
    return client


def change_url(deal: Deal) -> str:
    return reverse("admin:lessons_deal_change", args=[deal.pk])


def form_errors(response) -> dict[str, list[str]]:
    return response.context["adminform"].form.errors


# Doing the job ---------------------------------------------------------------


def test_a_teacher_adds_a_deal_typed_as_lines_of_text(teacher_client):
    response = teacher_client.post(ADD_URL, admin_form_data())
    assertRedirects(response, LIST_URL)
    deal = Deal.objects.get(slug="two-aces-one-counts")
    assert deal.seats == [
        {"name": "Kira", "cards": "A♠ 2♠ A♥ 3♦ 4♣"},
        {"name": "Noor", "cards": "5♠ 4♥ 3♣ 2♦ A♣"},
    ]
    assert deal.parts == [
        {"kind": "badugi_cards", "seat": 0},
        {"kind": "winners"},
        {"kind": "payouts"},
    ]
    assert deal.lesson == "" and deal.number is None


def test_the_change_form_shows_seats_parts_and_settings_as_text(teacher_client):
    deal = make_deal(
        settings={"big_bet": 20},
        parts=[
            {"kind": "badugi_cards", "seat": 1},
            {"kind": "winners", "game": "badeucey"},
            {
                "kind": "choice",
                "question": "Which half?",
                "options": ["low", "Badugi"],
                "answer": 1,
            },
        ],
    )
    response = teacher_client.get(change_url(deal))
    assertContains(response, "Kira: A♠ 2♠ A♥ 3♦ 4♣\nNoor: 5♠ 4♥ 3♣ 2♦ A♣")
    assertContains(response, "badugi Noor\nwinners badeucey\nchoice Which half? | low | *Badugi")
    assertContains(response, "big_bet = 20")


def test_a_teacher_edits_a_deal_and_the_unchanged_text_round_trips(teacher_client):
    deal = make_deal()
    form = teacher_client.get(change_url(deal)).context["adminform"].form
    data = {name: form[name].value() for name in form.fields}
    data = {k: ("" if v is None else v) for k, v in data.items()}
    data = {k: v for k, v in data.items() if v is not False}
    data["published"] = "on"
    data["title"] = "Renamed by the teacher"
    response = teacher_client.post(change_url(deal), data)
    assertRedirects(response, LIST_URL)
    edited = Deal.objects.get(pk=deal.pk)
    assert edited.title == "Renamed by the teacher"
    assert (edited.seats, edited.parts) == (deal.seats, deal.parts)


def unchanged_post(teacher_client, deal: Deal) -> dict:
    """What the change form posts when the teacher saves without touching anything."""
    form = teacher_client.get(change_url(deal)).context["adminform"].form
    data = {name: form[name].value() for name in form.fields}
    data = {k: ("" if v is None else v) for k, v in data.items() if v is not False}
    return data | {"published": "on"}


def test_a_deal_with_every_kind_of_part_saves_unchanged(teacher_client):
    deal = make_deal(
        parts=[
            {"kind": "badugi_cards", "seat": 1},
            {"kind": "winners", "game": "badeucey"},
            {"kind": "payouts"},
            {"kind": "raise_to", "round": 2, "facing": 12, "options": [18, 24]},
            {
                "kind": "choice",
                "question": "Which half?",
                "options": ["low", "Badugi"],
                "answer": 1,
            },
        ]
    )
    response = teacher_client.post(change_url(deal), unchanged_post(teacher_client, deal))
    assertRedirects(response, LIST_URL)
    assert Deal.objects.get(pk=deal.pk).parts == deal.parts


def test_a_lesson_exercise_is_edited_the_same_way(teacher_client):
    exercise = Deal.objects.get(slug="badacey-2")
    response = teacher_client.get(change_url(exercise))
    assert response.status_code == 200
    assertContains(response, "Verdict of the saved deal")


def test_the_preview_shows_the_evaluators_verdict_without_saving(teacher_client):
    data = admin_form_data(title="Not saved yet", slug="not-saved-yet")
    response = teacher_client.post(reverse("admin:lessons_deal_preview"), data)
    outcome = settle(
        "badacey",
        ["A♠ 2♠ A♥ 3♦ 4♣", "5♠ 4♥ 3♣ 2♦ A♣"],
        pot=80,
        names=["Kira", "Noor"],
    )
    for award in outcome.pots[0].awards:
        assertContains(response, award.explanation)
    for name, chips in zip(outcome.names, outcome.payouts, strict=True):
        assertContains(response, f'<th scope="row">{name}</th><td>{chips}</td>', html=True)
    for seat in outcome.seats:
        for card in seat.values["badugi"].cards:
            assertContains(response, f"{card.name} (counts)")
    assert not Deal.objects.filter(slug="not-saved-yet").exists()


def test_the_preview_of_a_bad_deal_lists_its_problems(teacher_client):
    data = admin_form_data(seats="Kira: A♠ 2♠ A♥ 3♦ 4♣\nNoor: A♠ 4♥ 3♣ 2♦ A♣")
    response = teacher_client.post(reverse("admin:lessons_deal_preview"), data)
    assertContains(response, "The evaluator cannot read this deal yet")
    assertContains(response, "Kira&#x27;s and Noor&#x27;s hands")


def test_a_saved_deal_can_be_previewed_and_its_change_page_shows_the_verdict(teacher_client):
    deal = make_deal(published=False)
    for url in (reverse("admin:lessons_deal_preview", args=[deal.pk]), change_url(deal)):
        response = teacher_client.get(url)
        for award in deal.settlement().pots[0].awards:
            assertContains(response, award.explanation)


def test_a_teacher_publishes_a_deal_and_learners_can_then_open_it(teacher_client, client):
    deal = make_deal(published=False)
    learner = type(client)()
    assert learner.get(deal.get_absolute_url()).status_code == 404
    response = teacher_client.post(
        LIST_URL, {"action": "publish", "_selected_action": [deal.pk]}, follow=True
    )
    assertContains(response, "Published 1 deal")
    assert learner.get(deal.get_absolute_url()).status_code == 200


def test_a_teacher_deletes_a_deal(teacher_client):
    deal = make_deal()
    url = reverse("admin:lessons_deal_delete", args=[deal.pk])
    response = teacher_client.post(url, {"post": "yes"})
    assertRedirects(response, LIST_URL)
    assert not Deal.objects.filter(pk=deal.pk).exists()


def test_the_list_shows_practice_deals_and_lesson_exercises_apart(teacher_client):
    make_deal(title="A teacher's own deal")
    response = teacher_client.get(LIST_URL)
    assertContains(response, "A teacher&#x27;s own deal")
    assertContains(response, "practice")
    assertContains(response, "Badacey 2")


# Who may --------------------------------------------------------------------------


@pytest.mark.parametrize("url", [LIST_URL, ADD_URL, "/admin/lessons/deal/preview/"])
def test_staff_outside_the_teachers_group_cannot_manage_deals(client, url):
    client.force_login(User.objects.create_user("helper", password="x", is_staff=True))
    response = client.post(url, admin_form_data()) if "preview" in url else client.get(url)
    assert response.status_code == 403
    assert not Deal.objects.filter(slug="two-aces-one-counts").exists()


def test_staff_outside_the_group_cannot_post_a_new_deal(client):
    client.force_login(User.objects.create_user("helper", password="x", is_staff=True))
    assert client.post(ADD_URL, admin_form_data()).status_code == 403
    assert not Deal.objects.filter(slug="two-aces-one-counts").exists()


@pytest.mark.parametrize("url", [LIST_URL, ADD_URL, IMPORT_URL])
def test_anonymous_visitors_are_sent_to_the_login(client, url):
    response = client.get(url)
    assertRedirects(response, f"/admin/login/?next={url}")


def test_a_teacher_sees_deals_but_not_users_or_groups(teacher_client):
    response = teacher_client.get("/admin/")
    assertContains(response, "/admin/lessons/deal/")
    assertNotContains(response, "/admin/auth/user/")
    assert teacher_client.get("/admin/auth/user/").status_code == 403


# Each problem beside its own box, and nothing saved ------------------------------


def refused(teacher_client, **kw) -> dict[str, list[str]]:
    before = Deal.objects.count()
    response = teacher_client.post(ADD_URL, admin_form_data(**kw))
    assert response.status_code == 200, "a refused deal re-shows the form"
    assert Deal.objects.count() == before, "nothing is saved"
    return form_errors(response)


def test_a_card_that_cannot_be_read_is_shown_beside_the_seats(teacher_client):
    errors = refused(teacher_client, seats="Kira: A♠ 2♠ A♥ 3♦ 4♣\nNoor: 5♠ 4♥ 3♣ 2♦ 1♣")
    assert list(errors) == ["seats"]
    assert "Line 2 (Noor)" in errors["seats"][0]
    assert "'1♣' is not a card" in errors["seats"][0]


def test_a_card_in_two_hands_names_both_seats(teacher_client):
    errors = refused(teacher_client, seats="Kira: Q♥ 2♠ A♥ 3♦ 4♣\nNoor: 5♠ Q♥ 3♣ 2♦ A♣")
    assert errors["seats"] == ["Q♥ is in both Kira's and Noor's hands."]


def test_a_hand_of_the_wrong_size_is_shown_beside_the_seats(teacher_client):
    errors = refused(teacher_client, seats="Kira: A♠ 2♠ A♥ 3♦\nNoor: 5♠ 4♥ 3♣ 2♦ A♣")
    assert list(errors) == ["seats"]
    assert "Kira" in errors["seats"][0]


@pytest.mark.parametrize(
    ("parts", "expected"),
    [
        ("badugi Zed", "no seat is named “Zed”"),
        ("winners poker", "“poker” is not a game"),
        ("shout", "“shout” is not a kind of part"),
        ("choice Which? | one | two", "mark exactly one option"),
        ("raise_to round=2 facing=12 options=13,14", "none of the options is a full raise"),
    ],
)
def test_a_bad_question_part_is_shown_beside_the_parts(teacher_client, parts, expected):
    errors = refused(teacher_client, parts=parts)
    assert list(errors) == ["parts"]
    assert expected in errors["parts"][0]


def test_payouts_without_a_pot_are_shown_beside_the_pot(teacher_client):
    errors = refused(teacher_client, pot="")
    assert list(errors) == ["pot"]


def test_an_unknown_setting_is_shown_beside_the_settings(teacher_client):
    errors = refused(teacher_client, settings="big_blind = 6\nbig_bets = 20")
    assert list(errors) == ["settings"]
    assert "big_bets" in errors["settings"][0]


@pytest.mark.parametrize(
    ("settings", "expected"),
    [
        ("big_bet = --5", "big_bet must be a whole number"),
        ("big_bet = ²", "big_bet must be a whole number"),
        ("big_bet = " + "9" * 5000, "far too large"),
    ],
)
def test_a_setting_that_is_not_a_plain_number_is_shown_beside_the_settings(
    teacher_client, settings, expected
):
    errors = refused(teacher_client, settings=settings)
    assert list(errors) == ["settings"]
    assert expected in errors["settings"][0]


def test_a_history_the_engine_refuses_is_shown_beside_the_history_with_its_line(teacher_client):
    history = worked_deal("amara_bram_kira_noor").replace("cap 4 bets", "cap 1 bet")
    raise_line = next(
        n for n, line in enumerate(history.splitlines(), start=1) if "raise to" in line
    )
    errors = refused(teacher_client, history=history, seats="", parts="winners", pot="120")
    assert errors["history"][0].startswith(f"line {raise_line}: Amara cannot raise")


def test_a_valid_history_supplies_the_seats_final_cards(teacher_client):
    history = worked_deal("amara_bram_kira_noor")
    data = admin_form_data(history=history, seats="", parts="badugi Noor\nwinners", pot="120")
    assertRedirects(teacher_client.post(ADD_URL, data), LIST_URL)
    deal = Deal.objects.get(slug="two-aces-one-counts")
    final = replay(parse_deal(history)).steps[-1].state
    assert deal.names == [seat.name for seat in final.seats]
    assert deal.hands == [seat.cards for seat in final.seats]
    assert deal.history == history.strip()


def test_a_history_of_other_seats_is_refused(teacher_client):
    history = worked_deal("amara_bram_kira_noor")
    errors = refused(teacher_client, history=history)
    assert list(errors) == ["history"]
    assert "Amara, Bram, Kira, Noor" in errors["history"][0]


# Importing a deals file --------------------------------------------------------


def deals_file(document: dict, name: str = "deals.json") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, json.dumps(document).encode(), "application/json")


def every_deal() -> list[dict]:
    return [
        {name: getattr(d, name) for name in deal_io.FIELDS} for d in Deal.objects.order_by("slug")
    ]


@pytest.fixture
def exported():
    """A file from another site: one deal this site has (retitled there), one it lacks."""
    kept, gone = make_deal(slug="kept"), make_deal(slug="brand-new", title="Brand new")
    document = deal_io.document([kept, gone])
    document["deals"][0]["title"] = "Kept, retitled on the other site"
    gone.delete()
    return document


def test_the_deal_list_links_to_the_import_page(teacher_client):
    assertContains(teacher_client.get(LIST_URL), f'href="{IMPORT_URL}"')


def test_a_teacher_imports_a_file_and_reads_how_many_deals_were_added_and_updated(
    teacher_client, exported
):
    response = teacher_client.post(IMPORT_URL, {"file": deals_file(exported)}, follow=True)
    assertRedirects(response, LIST_URL)
    assertContains(response, "Imported deals.json: 1 new deal(s), 1 updated, 0 unchanged.")
    assert Deal.objects.get(slug="kept").title == "Kept, retitled on the other site"
    new = Deal.objects.get(slug="brand-new")
    assert new.title == "Brand new"
    assert LogEntry.objects.get(object_id=str(new.pk)).action_flag == ADDITION
    kept = Deal.objects.get(slug="kept")
    assert LogEntry.objects.get(object_id=str(kept.pk)).action_flag == CHANGE

    count = Deal.objects.count()
    versions = dict(Deal.objects.values_list("slug", "version"))
    response = teacher_client.post(IMPORT_URL, {"file": deals_file(exported)}, follow=True)
    assertContains(response, "Imported deals.json: 0 new deal(s), 0 updated, 2 unchanged.")
    assert Deal.objects.count() == count
    assert dict(Deal.objects.values_list("slug", "version")) == versions


def test_pasted_json_imports_the_same_way(teacher_client, exported):
    response = teacher_client.post(IMPORT_URL, {"text": json.dumps(exported)}, follow=True)
    assertContains(response, "Imported the pasted JSON: 1 new deal(s), 1 updated, 0 unchanged.")
    assert Deal.objects.filter(slug="brand-new").exists()


def test_a_bad_file_lists_its_problems_and_changes_nothing(teacher_client, exported):
    exported["deals"][1]["button"] = "x"
    exported["deals"][1]["pot"] = 1.5
    before = every_deal()
    response = teacher_client.post(IMPORT_URL, {"file": deals_file(exported)})
    assert response.status_code == 200
    assertContains(response, "Nothing was imported. Fix these 2 problems")
    assertContains(
        response, "Deal 2 (brand-new), button: must be a whole number, not &quot;x&quot;."
    )
    assertContains(response, "Deal 2 (brand-new), pot: must be a whole number, not 1.5.")
    assert every_deal() == before


def test_a_deal_the_evaluator_refuses_is_named_and_nothing_is_imported(teacher_client, exported):
    exported["deals"][1]["seats"][1]["cards"] = exported["deals"][1]["seats"][0]["cards"]
    before = every_deal()
    response = teacher_client.post(IMPORT_URL, {"file": deals_file(exported)})
    assertContains(response, "Deal 2 (brand-new), seats:")
    assertContains(response, "in both Kira&#x27;s and Noor&#x27;s hands")
    assert every_deal() == before


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({}, "Choose a deals file, or paste its JSON."),
        ({"text": "not json"}, "The file is not JSON"),
        ({"file": SimpleUploadedFile("empty.json", b"")}, "The submitted file is empty."),
        (
            {"file": SimpleUploadedFile("huge.json", b" " * (MAX_IMPORT_BYTES + 1))},
            deal_io.CAPS,
        ),
    ],
)
def test_an_empty_unreadable_or_oversized_upload_is_explained(teacher_client, data, message):
    before = every_deal()
    response = teacher_client.post(IMPORT_URL, data)
    assertContains(response, "Nothing was imported")
    assertContains(response, message)
    assert every_deal() == before


def test_a_file_and_pasted_json_together_are_refused(teacher_client, exported):
    data = {"file": deals_file(exported), "text": json.dumps(exported)}
    assertContains(teacher_client.post(IMPORT_URL, data), "not both")
    assert not Deal.objects.filter(slug="brand-new").exists()


def test_staff_outside_the_teachers_group_cannot_import(client, exported):
    client.force_login(User.objects.create_user("helper", password="x", is_staff=True))
    assert client.get(IMPORT_URL).status_code == 403
    assert client.post(IMPORT_URL, {"file": deals_file(exported)}).status_code == 403
    assert not Deal.objects.filter(slug="brand-new").exists()


def test_staff_who_may_only_view_deals_see_no_import_link_and_cannot_import(client, exported):
    viewer = User.objects.create_user("viewer", password="x", is_staff=True)
    viewer.user_permissions.add(Permission.objects.get(codename="view_deal"))
    client.force_login(viewer)
    assertNotContains(client.get(LIST_URL), IMPORT_URL)
    assert client.post(IMPORT_URL, {"file": deals_file(exported)}).status_code == 403
    assert not Deal.objects.filter(slug="brand-new").exists()


# A deal with a history agrees with it ----------------------------------------------


def seed_history_facts():
    from lessons.deals.histories import history_facts

    return history_facts(worked_deal("amara_bram_kira_noor"))


def test_a_history_fills_the_pot_and_settings_left_empty(teacher_client):
    history = worked_deal("amara_bram_kira_noor")
    data = admin_form_data(history=history, seats="", pot="", settings="", parts="winners")
    assertRedirects(teacher_client.post(ADD_URL, data), LIST_URL)
    deal = Deal.objects.get(slug="two-aces-one-counts")
    played = replay(parse_deal(history))
    assert deal.pot == played.settlement.total
    assert deal.profile == played.profile
    assert deal.settlement().payouts == played.settlement.payouts


def test_a_pot_or_settings_that_contradict_the_history_are_refused_beside_their_boxes(
    teacher_client,
):
    history = worked_deal("amara_bram_kira_noor")
    played = replay(parse_deal(history))
    wrong_pot = played.settlement.total + 879
    big_bet = played.profile.big_bet + 8
    errors = refused(
        teacher_client,
        history=history,
        seats="",
        pot=str(wrong_pot),
        settings=f"big_bet = {big_bet}",
        parts="winners",
    )
    assert set(errors) == {"pot", "settings"}
    assert f"comes to {played.settlement.total} chips, not {wrong_pot}" in errors["pot"][0]
    assert f"big_bet = {played.profile.big_bet} (not {big_bet})" in errors["settings"][0]


def test_seats_whose_cards_contradict_the_history_are_refused(teacher_client):
    from evaluator import DECK, format_cards, parse_cards

    facts = seed_history_facts()
    held = {card for seat in facts.seats for card in parse_cards(seat["cards"])}
    unused = format_cards([card for card in DECK if card not in held][:5])
    first = facts.seats[0]
    swapped = "\n".join(f"{s['name']}: {unused if s is first else s['cards']}" for s in facts.seats)
    errors = refused(
        teacher_client,
        history=worked_deal("amara_bram_kira_noor"),
        seats=swapped,
        pot="",
        parts="winners",
    )
    assert list(errors) == ["seats"]
    assert f"ends with {first['name']} holding {first['cards']}" in errors["seats"][0]


# Two teachers, one deal ---------------------------------------------------------------


def test_the_later_of_two_saves_from_the_same_version_is_refused_and_keeps_the_first(
    client, teacher_client
):
    deal = make_deal()
    other = type(client)()
    other.force_login(make_teacher("second-teacher"))
    first = unchanged_post(teacher_client, deal) | {"title": "Saved first"}
    second = unchanged_post(other, deal) | {"title": "Saved second"}
    assertRedirects(teacher_client.post(change_url(deal), first), LIST_URL)
    response = other.post(change_url(deal), second)
    assert response.status_code == 200
    assertContains(response, "Someone else saved this deal after you opened it")
    assert "Someone else saved" in str(response.context["adminform"].form.non_field_errors())
    assert Deal.objects.get(pk=deal.pk).title == "Saved first"
    # The refused teacher's text is still in the form to copy from.
    assertContains(response, 'value="Saved second"')


def test_publishing_from_the_list_makes_an_open_form_stale(teacher_client):
    deal = make_deal(published=False)
    opened = unchanged_post(teacher_client, deal)
    teacher_client.post(LIST_URL, {"action": "publish", "_selected_action": [deal.pk]})
    response = teacher_client.post(change_url(deal), opened | {"published": ""})
    assertContains(response, "Someone else saved this deal")
    assert Deal.objects.get(pk=deal.pk).published


def test_a_change_post_without_a_version_is_refused(teacher_client):
    deal = make_deal()
    data = unchanged_post(teacher_client, deal)
    del data["version"]
    response = teacher_client.post(change_url(deal), data | {"title": "No version"})
    assertContains(response, "missing the deal&#x27;s version")
    assert Deal.objects.get(pk=deal.pk).title == deal.title


def test_a_save_that_loses_the_race_after_the_form_check_is_a_message_not_a_500(
    teacher_client, monkeypatch
):
    from lessons.teaching.admin_forms import DealAdminForm

    deal = make_deal()
    data = unchanged_post(teacher_client, deal) | {"title": "Lost the race"}
    check = DealAdminForm.clean_version

    def someone_saves_meanwhile(form):
        version = check(form)
        Deal.objects.filter(pk=deal.pk).update(title="Won the race", version=version + 1)
        return version

    monkeypatch.setattr(DealAdminForm, "clean_version", someone_saves_meanwhile)
    response = teacher_client.post(change_url(deal), data, follow=True)
    assert response.status_code == 200
    assertContains(response, "was saved by someone else after you opened it")
    assert Deal.objects.get(pk=deal.pk).title != "Lost the race"  # nothing of the lost save


@pytest.mark.parametrize("tampered", ["abc", "9" * 25, "-1"])
def test_a_tampered_selection_gets_a_message_and_publishes_nothing(teacher_client, tampered):
    deal = make_deal(published=False)
    url = reverse("admin:lessons_deal_changelist")
    data = {"action": "publish", "_selected_action": [str(deal.pk), tampered], "index": "0"}
    response = teacher_client.post(url, data, follow=True)
    assert response.status_code == 200
    assertContains(response, "The ticked deals could not be read")
    deal.refresh_from_db()
    assert not deal.published

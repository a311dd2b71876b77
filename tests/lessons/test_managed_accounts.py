"""Accounts a teacher makes: a class of 40 from a list, signed in from one school network.

And the privacy rules around them: another teacher can neither see, print nor
reset a class's accounts; a learner the teacher made cannot take the account
out of the class; the daily cap holds and a refused list makes nothing.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client, override_settings
from pytest_django.asserts import assertContains, assertNotContains

from lessons.classes import managed
from lessons.models import Classroom, ManagedAccount, Membership
from tests.factories import make_teacher

# database_engine: making a list locks the teacher's row (the daily cap), run on PostgreSQL too.
pytestmark = [
    pytest.mark.django_db,
    pytest.mark.database_engine,
    pytest.mark.usefixtures("one_limit_window"),
]
SCHOOL = "10.20.30.40"
NAMES = [f"Learner{n} Family{n}" for n in range(1, 41)]


def signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def make_class(teacher: User, name: str = "Year 9 poker club") -> Classroom:
    assert signed_in(teacher).post("/teach/", {"name": name}).status_code == 302
    return Classroom.objects.get(name=name, teachers=teacher)


def make_accounts(teacher: User, classroom: Classroom, names: list[str], kind: str = "words"):
    return signed_in(teacher).post(
        f"/teach/{classroom.pk}/accounts/", {"names": "\n".join(names), "kind": kind}
    )


def test_a_class_of_forty_made_from_a_list_all_sign_in_from_one_address_in_one_lesson():
    teacher = make_teacher()
    classroom = make_class(teacher)
    response = make_accounts(teacher, classroom, NAMES)
    assert response.status_code == 302
    made = managed.accounts_of(classroom)
    assert len(made) == 40
    assert {a.name for a in made} == set(NAMES)
    assert all(a.user.email == "" for a in made)
    assert Membership.objects.filter(classroom=classroom).count() == 40
    # The cards page shows each learner's username and card secret, read from the page.
    cards = signed_in(teacher).get(f"/teach/{classroom.pk}/accounts/cards/")
    for account in made:
        assertContains(cards, account.user.username)
        assertContains(cards, account.card_secret)
    # Forty children, one school address, one after another: every one gets in.
    for account in made:
        child = Client(REMOTE_ADDR=SCHOOL)
        page = child.post(
            "/accounts/sign-in/",
            {"username": account.user.username, "password": account.card_secret},
            REMOTE_ADDR=SCHOOL,
        )
        assert page.status_code == 302, account.user.username
        assert child.session["_auth_user_id"] == str(account.user_id)
    listing = signed_in(teacher).get(f"/teach/{classroom.pk}/accounts/")
    assertContains(listing, "every one has signed in")


def test_the_list_can_be_a_csv_upload_and_the_teacher_sees_who_never_signed_in():
    teacher = make_teacher()
    classroom = make_class(teacher)
    upload = SimpleUploadedFile(
        "class.csv", "name,group\nAda Lovelace,A\nAlan Turing,B\n".encode("utf-8-sig")
    )
    response = signed_in(teacher).post(
        f"/teach/{classroom.pk}/accounts/", {"upload": upload, "kind": "words"}
    )
    assert response.status_code == 302
    made = managed.accounts_of(classroom)
    assert [a.name for a in made] == ["Ada Lovelace", "Alan Turing"]
    assert made[0].user.username.startswith("ada")
    ada = made[0]
    Client().post(
        "/accounts/sign-in/", {"username": ada.user.username, "password": ada.card_secret}
    )
    page = signed_in(teacher).get(f"/teach/{classroom.pk}/accounts/")
    assertContains(page, "1 never signed in")


def test_sign_in_accepts_a_pasted_secret_and_asks_nothing_from_memory():
    teacher = make_teacher()
    classroom = make_class(teacher)
    make_accounts(teacher, classroom, ["Maya"])
    account = managed.accounts_of(classroom)[0]
    form = Client().get("/accounts/sign-in/")
    # Nothing stops a paste or a password manager: no paste handlers, autocomplete named.
    assertNotContains(form, "onpaste")
    assertContains(form, 'autocomplete="current-password"')
    assertContains(form, 'autocomplete="username"')
    # Spaces instead of dashes and capitals, as a child may type from the card, still sign in.
    typed = account.card_secret.replace("-", " ").upper()
    page = Client().post(
        "/accounts/sign-in/", {"username": account.user.username, "password": typed}
    )
    assert page.status_code == 302


def test_a_picture_code_signs_in_by_picking_pictures_in_order():
    teacher = make_teacher()
    classroom = make_class(teacher)
    make_accounts(teacher, classroom, ["Sam Small"], kind="pictures")
    account = managed.accounts_of(classroom)[0]
    pictures = account.card_secret.split("-")
    assert len(pictures) == managed.PICTURES_IN_A_CODE
    names_page = Client().get(f"/classes/pictures/{classroom.join_code}/")
    assertContains(names_page, "Sam Small")
    url = f"/classes/pictures/{classroom.join_code}/{account.user.username}/"
    wrong = [p for p in managed.PICTURES if p != pictures[0]][0]
    child = Client()
    bad = child.post(url, {"picture0": wrong, "picture1": pictures[1], "picture2": pictures[2]})
    assertContains(bad, "not your pictures", status_code=400)
    good = child.post(url, {f"picture{n}": p for n, p in enumerate(pictures)})
    assert good.status_code == 302
    assert child.session["_auth_user_id"] == str(account.user_id)


def test_a_reset_makes_a_new_card_and_the_old_one_stops_signing_in():
    teacher = make_teacher()
    classroom = make_class(teacher)
    make_accounts(teacher, classroom, ["Maya"])
    account = managed.accounts_of(classroom)[0]
    old = account.card_secret
    child = Client()
    child.post("/accounts/sign-in/", {"username": account.user.username, "password": old})
    assert child.get("/accounts/settings/").context["user"].is_authenticated
    response = signed_in(teacher).post(f"/teach/{classroom.pk}/accounts/{account.user_id}/reset/")
    assert response.status_code == 302
    account.refresh_from_db()
    assert account.card_secret and account.card_secret != old
    # The open session on the old card is signed out; the old card no longer works.
    assert not child.get("/accounts/settings/").context["user"].is_authenticated
    refused = Client().post(
        "/accounts/sign-in/", {"username": account.user.username, "password": old}
    )
    assert refused.status_code == 400
    assertContains(signed_in(teacher).get(response["Location"]), account.card_secret)


def test_another_teacher_cannot_see_print_or_reset_a_classs_accounts():
    teacher = make_teacher()
    classroom = make_class(teacher)
    make_accounts(teacher, classroom, ["Maya", "Noor"])
    account = managed.accounts_of(classroom)[0]
    other = signed_in(make_teacher("other"))
    assert other.get(f"/teach/{classroom.pk}/accounts/").status_code == 404
    assert other.get(f"/teach/{classroom.pk}/accounts/cards/").status_code == 404
    assert other.get(f"/teach/{classroom.pk}/accounts/cards/?download=1").status_code == 404
    assert other.post(f"/teach/{classroom.pk}/accounts/{account.user_id}/reset/").status_code == 404
    assert other.post(f"/teach/{classroom.pk}/accounts/", {"names": "Intruder"}).status_code == 404
    before = account.card_secret
    account.refresh_from_db()
    assert account.card_secret == before
    # Nor through a class of their own: another class's learner is a 404 there.
    theirs = make_class(User.objects.get(username="other"), "Their class")
    assert other.post(f"/teach/{theirs.pk}/accounts/{account.user_id}/reset/").status_code == 404
    # A learner (even one of the class) is no teacher.
    child = Client()
    child.force_login(account.user)
    assert child.get(f"/teach/{classroom.pk}/accounts/cards/").status_code == 403


def test_the_cards_print_alone_and_download_as_one_page():
    teacher = make_teacher()
    classroom = make_class(teacher)
    make_accounts(teacher, classroom, ["Maya"])
    page = signed_in(teacher).get(f"/teach/{classroom.pk}/accounts/cards/")
    assertContains(page, "css/cards.css")
    saved = signed_in(teacher).get(f"/teach/{classroom.pk}/accounts/cards/?download=1")
    assert "attachment" in saved["Content-Disposition"]
    assertContains(saved, "@media print")
    assertContains(saved, managed.accounts_of(classroom)[0].card_secret)


@override_settings(MANAGED_ACCOUNTS_PER_DAY=45)
def test_the_daily_cap_refuses_a_whole_list_and_makes_nothing_of_it():
    teacher = make_teacher()
    classroom = make_class(teacher)
    assert make_accounts(teacher, classroom, NAMES).status_code == 302
    refused = make_accounts(teacher, classroom, [f"Extra {n}" for n in range(10)])
    assertContains(refused, "can make 45 accounts in a day", status_code=400)
    assert ManagedAccount.objects.count() == 40
    assert User.objects.filter(username__startswith="extra").count() == 0


def test_bad_lists_get_a_message_and_make_nothing():
    teacher = make_teacher()
    classroom = make_class(teacher)
    for names in (["   "], ["x" * 101], [f"N{n}" for n in range(managed.MOST_AT_ONCE + 1)]):
        assert make_accounts(teacher, classroom, names).status_code == 400
    bad_file = SimpleUploadedFile("class.csv", b"\xff\xfe\x00bad")
    response = signed_in(teacher).post(
        f"/teach/{classroom.pk}/accounts/", {"upload": bad_file, "kind": "words"}
    )
    assertContains(response, "not UTF-8", status_code=400)
    assert not ManagedAccount.objects.exists()


def test_a_managed_learner_cannot_take_the_account_out_of_the_class():
    teacher = make_teacher()
    classroom = make_class(teacher)
    make_accounts(teacher, classroom, ["Maya"])
    account = managed.accounts_of(classroom)[0]
    child = Client()
    child.force_login(account.user)
    settings_page = child.get("/accounts/settings/")
    assertContains(settings_page, "Your teacher made this account")
    assertNotContains(settings_page, 'name="email"')
    left = child.post(f"/classes/{classroom.pk}/leave/", follow=True)
    assertContains(left, "Ask your teacher")
    assert Membership.objects.filter(classroom=classroom, user=account.user).exists()
    # No email, so no reset link can go anywhere else.
    assert User.objects.get(pk=account.user_id).email == ""


def test_choosing_a_password_retires_the_card():
    teacher = make_teacher()
    classroom = make_class(teacher)
    make_accounts(teacher, classroom, ["Maya"])
    account = managed.accounts_of(classroom)[0]
    child = Client()
    child.force_login(account.user)
    new = "a-long-secret-of-my-own"
    response = child.post(
        "/accounts/password/",
        {"old_password": account.card_secret, "new_password1": new, "new_password2": new},
    )
    assert response.status_code == 302
    account.refresh_from_db()
    assert account.card_secret == ""
    username = account.user.username
    assert (
        Client().post("/accounts/sign-in/", {"username": username, "password": new}).status_code
        == 302
    )

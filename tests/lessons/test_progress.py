"""Progress as a learner sees it: statuses, next steps, review, accounts, privacy.

Right answers come from the evaluator (tests.factories.right_answer); a wrong
one names the seat the right answer does not, so nothing is typed here.
"""

from __future__ import annotations

import json
import re

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.test import Client

from lessons import course
from lessons.models import Attempt, ChecklistTicks, Deal
from tests.factories import right_answer

pytestmark = [pytest.mark.django_db, pytest.mark.cache]
HTMX = {"HTTP_HX_REQUEST": "true"}


def winners_deal(number: int = 1) -> Deal:
    return Deal.objects.get(lesson="badugi", number=number)


def wrong_answer(deal: Deal) -> dict:
    """The right answer with the winner's seat swapped for the other one."""
    data = dict(right_answer(deal))
    key = next(k for k in data if k.endswith("_badugi"))
    data[key] = ["0" if data[key] == ["1"] else "1"]
    return data


def status_on(html: str, slug: str) -> str:
    found = re.search(rf'<a href="#exercise-{slug}" data-status="(\w+)"', html)
    assert found, f"no contents link for {slug}"
    return found[1]


def test_a_new_learner_sees_every_exercise_new_and_gets_no_cookie(client):
    response = client.get("/badugi/")
    html = response.content.decode()
    for deal in Deal.objects.published().for_lesson("badugi"):
        assert status_on(html, deal.slug) == "new"
    assert "<!--slot:" not in html
    assert "sessionid" not in response.cookies


def test_a_right_answer_is_kept_and_shown_solved_with_the_answer_refilled(client):
    deal = winners_deal()
    answer = right_answer(deal)
    response = client.post(deal.check_url, answer, **HTMX)
    assert "All right" in response.content.decode()
    # The exercise's own status line changes at once, swapped out of band by htmx.
    assert re.search(
        rf'id="status-{deal.slug}" data-status="solved" hx-swap-oob="outerHTML">\s*Solved',
        response.content.decode(),
    )
    assert Attempt.objects.filter(deal=deal, correct=True).count() == 1

    lesson_html = client.get("/badugi/").content.decode()
    assert status_on(lesson_html, deal.slug) == "solved"
    assert status_on(lesson_html, winners_deal(2).slug) == "new"
    assert "1 of 6 solved in this lesson" in lesson_html

    page = client.get(deal.get_absolute_url()).content.decode()
    assert 'data-status="solved"' in page
    assert "Your last answer" in page and "All right" in page
    for card in answer[f"{deal.slug}-p0_cards"]:
        assert re.search(rf'value="{card}"[^>]*checked|checked[^>]*value="{card}"', page)


def test_a_wrong_answer_marks_tried_links_the_teaching_section_and_waits_for_review(client):
    deal = winners_deal(3)
    response = client.post(deal.check_url, wrong_answer(deal), **HTMX)
    html = response.content.decode()
    assert "Not yet" in html
    assert course.teaching_section("badugi", "winners") in html
    assert status_on(client.get("/badugi/").content.decode(), deal.slug) == "tried"
    progress_html = client.get("/progress/").content.decode()
    missed = progress_html[progress_html.index('id="missed"') :]
    assert deal.title in missed[: missed.index("</section>")]
    # One schedule: the exercise is not offered as a review of its own; its skills are.
    review = progress_html[progress_html.index('id="review"') :]
    assert deal.title not in review[: review.index("</section>")]


def test_after_a_right_answer_the_next_exercise_then_the_next_lesson():
    client = Client()
    deals = list(Deal.objects.published().for_lesson("badugi"))
    for index, deal in enumerate(deals):
        html = client.post(deal.check_url, right_answer(deal), **HTMX).content.decode()
        assert f"{index + 1} of {len(deals)} solved in this lesson" in html
        if index + 1 < len(deals):
            assert f"#exercise-{deals[index + 1].slug}" in html
            assert "Next exercise" in html
        else:
            _, after = course.neighbours("badugi")
            assert after is not None
            assert f'href="{after.url}"' in html and f"Next lesson: {after.title}" in html


def test_without_javascript_the_lesson_page_carries_the_next_step(client):
    deal = winners_deal()
    response = client.post(deal.check_url, right_answer(deal))
    html = response.content.decode()
    assert f"#exercise-{winners_deal(2).slug}" in html
    assert status_on(html, deal.slug) == "solved"
    # The answered exercise, rendered for this post, carries its own status line too.
    assert re.search(rf'id="status-{deal.slug}" data-status="solved">\s*Solved', html)
    assert "<!--slot:" not in html


def test_an_unreadable_post_records_nothing(client):
    deal = winners_deal()
    response = client.post(deal.check_url, {f"{deal.slug}-p0_cards": ["Zz"]}, **HTMX)
    assert response.status_code == 400
    assert not Attempt.objects.exists()


def test_a_forged_session_cookie_is_a_new_learner(client):
    deal = winners_deal()
    client.post(deal.check_url, right_answer(deal), **HTMX)
    stranger = Client()
    stranger.cookies["sessionid"] = "forged0000000000000000000000000000"
    html = stranger.get("/badugi/").content.decode()
    assert status_on(html, deal.slug) == "new"
    stranger.post(deal.check_url, wrong_answer(deal), **HTMX)
    assert Attempt.objects.values("learner_key").distinct().count() == 2


def test_two_tabs_answering_at_once_both_count(client):
    """Two tabs share one session: each answer is its own row, neither overwrites the other."""
    first, second = winners_deal(1), winners_deal(2)
    client.post(first.check_url, right_answer(first), **HTMX)
    other_tab = Client()
    other_tab.cookies = client.cookies
    other_tab.post(second.check_url, right_answer(second), **HTMX)
    client.post(first.check_url, wrong_answer(first), **HTMX)
    assert Attempt.objects.count() == 3
    assert "2 of 6 solved" in client.get("/badugi/").content.decode()


def test_signing_up_keeps_the_anonymous_progress(client):
    deal = winners_deal()
    client.post(deal.check_url, right_answer(deal), **HTMX)
    response = client.post(
        "/accounts/sign-up/",
        {
            "username": "amara",
            "password1": "a long safe phrase 91",
            "password2": "a long safe phrase 91",
        },
    )
    assert response.status_code == 302
    user = User.objects.get(username="amara")
    assert Attempt.objects.get().user == user
    assert status_on(client.get("/badugi/").content.decode(), deal.slug) == "solved"
    client.post("/accounts/sign-out/")
    assert status_on(client.get("/badugi/").content.decode(), deal.slug) == "new"
    client.post("/accounts/sign-in/", {"username": "amara", "password": "a long safe phrase 91"})
    assert status_on(client.get("/badugi/").content.decode(), deal.slug) == "solved"


def test_a_taken_username_or_a_refused_password_changes_nothing(client):
    User.objects.create_user("bram", password="another long phrase 7")
    taken = client.post(
        "/accounts/sign-up/",
        {"username": "bram", "password1": "x long phrase 19", "password2": "x long phrase 19"},
    )
    assert taken.status_code == 400
    assert "already exists" in taken.content.decode()
    weak = client.post(
        "/accounts/sign-up/", {"username": "kira", "password1": "123", "password2": "123"}
    )
    assert weak.status_code == 400
    assert "too short" in weak.content.decode()
    assert list(User.objects.values_list("username", flat=True)) == ["bram"]


def test_one_learner_never_sees_or_deletes_anothers_progress(client):
    deal = winners_deal()
    owner = User.objects.create_user("noor", password="noor's long phrase 3")
    client.force_login(owner)
    client.post(deal.check_url, right_answer(deal), **HTMX)
    other = Client()
    other.force_login(User.objects.create_user("olu", password="olu's long phrase 4"))
    assert status_on(other.get("/badugi/").content.decode(), deal.slug) == "new"
    assert json.loads(other.get("/accounts/settings/download/").getvalue())["attempts"] == []
    other.post("/accounts/settings/delete-progress/", {"confirm": "yes"})
    assert Attempt.objects.filter(user=owner).count() == 1
    mine = json.loads(client.get("/accounts/settings/download/").getvalue())
    assert [a["exercise"] for a in mine["attempts"]] == [deal.slug]


def test_deleting_progress_and_the_account_really_deletes(client):
    deal = winners_deal()
    user = User.objects.create_user("pavel", password="pavel's long phrase 5")
    client.force_login(user)
    client.post(deal.check_url, right_answer(deal), **HTMX)
    refused = client.post("/accounts/settings/delete-account/", {"password": "wrong"})
    assert refused.status_code == 400 and User.objects.filter(pk=user.pk).exists()
    client.post("/accounts/settings/delete-progress/", {"confirm": "yes"})
    assert not Attempt.objects.exists()
    client.post(deal.check_url, right_answer(deal), **HTMX)
    client.post("/accounts/settings/delete-account/", {"password": "pavel's long phrase 5"})
    assert not User.objects.filter(pk=user.pk).exists()
    assert not Attempt.objects.exists()


def test_the_review_checklist_is_stored(client):
    response = client.post("/progress/checklist/badacey/", {"tick": ["1", "3"]})
    assert response.status_code == 302
    html = client.get("/badacey/").content.decode()
    assert re.search(r'id="review-1"[^>]*checked', html)
    assert not re.search(r'id="review-2"[^>]*checked', html)
    assert re.search(r'id="review-3"[^>]*checked', html)
    bad = client.post("/progress/checklist/badacey/", {"tick": ["1", "x"]})
    assert bad.status_code == 400
    assert ChecklistTicks.objects.get().ticked == [1, 3]


def test_a_drill_attempt_is_recorded_for_the_learner(rf, client):
    from lessons.learners.progress import record_drill_attempt

    request = rf.post("/drills/badugi/")
    request.session = client.session
    request.user = AnonymousUser()
    attempt = record_drill_attempt(request, "badugi", "/drills/badugi/?seed=3", True, parts=[True])
    assert attempt.learner_key and attempt.deal is None and attempt.correct


def test_one_lesson_order_on_home_and_in_the_menu(client):
    html = client.get("/").content.decode()
    nav = html[html.index('aria-label="Main"') : html.index("</nav>")]
    listed = html[html.index('id="lessons"') :]
    urls = [lesson.url for lesson in course.LESSONS]
    for text in (nav, listed):
        positions = [text.index(f'href="{url}"') for url in urls]
        assert positions == sorted(positions)


def test_exercise_and_replay_pages_say_where_they_are(client):
    deal = Deal.objects.published().for_lesson("badacey").exclude(history="").first()
    for url in [winners_deal().get_absolute_url(), *([deal.replay_url] if deal else [])]:
        html = client.get(url).content.decode()
        crumbs = html[html.index('aria-label="Breadcrumbs"') :]
        assert 'aria-current="true"' in html[html.index('aria-label="Main"') :]
        assert "rules</a>" in crumbs[: crumbs.index("</nav>")]


def test_changing_the_password_checks_the_old_one_and_the_validators(client):
    user = User.objects.create_user("ines", password="ines's long phrase 6")
    client.force_login(user)
    assert client.get("/accounts/password/").status_code == 200
    weak = {"old_password": "ines's long phrase 6", "new_password1": "123", "new_password2": "123"}
    assert client.post("/accounts/password/", weak).status_code == 400
    new = "ines's newer phrase 8"
    wrong_old = {"old_password": "nope", "new_password1": new, "new_password2": new}
    assert client.post("/accounts/password/", wrong_old).status_code == 400
    user.refresh_from_db()
    assert user.check_password("ines's long phrase 6")
    right = {"old_password": "ines's long phrase 6", "new_password1": new, "new_password2": new}
    assert client.post("/accounts/password/", right).status_code == 302
    user.refresh_from_db()
    assert user.check_password(new)


def test_account_pages_need_a_sign_in_and_show_the_checked_lesson_in_the_menu(client):
    response = client.get("/accounts/password/")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/sign-in/")
    html = client.get("/accounts/sign-in/").content.decode()
    nav = html[html.index('aria-label="Main"') : html.index("</nav>")]
    assert 'aria-current="true">My progress' in nav


@pytest.mark.django_db
def test_a_checked_drill_item_is_stored_in_the_learners_progress(client):
    from lessons.models import Attempt
    from tests.lessons.test_drills import drill_url, engine_answer

    url = drill_url("better-low", "ace_to_five", 1, 3)
    client.get(url)
    assert not Attempt.objects.exists()  # looking is not an attempt
    client.post(url, engine_answer("better-low", "ace_to_five", 1, 3))
    stored = Attempt.objects.get()
    assert (stored.drill_kind, stored.correct) == ("better-low", True)
    assert stored.item_key == "ace_to_five/1/3"


def test_the_menu_leads_to_signing_in_and_to_the_account(client):
    html = client.get("/badugi/").content.decode()
    nav = html[html.index('aria-label="Main"') : html.index("</nav>")]
    assert 'href="/accounts/settings/">Account</a>' in nav
    page = client.get("/accounts/settings/").content.decode()
    assert 'href="/accounts/sign-in/">Sign in</a>' in page
    client.force_login(User.objects.create_user("noor", password="noor's long phrase 5"))
    page = client.get("/accounts/settings/").content.decode()
    assert "Signed in as <strong>noor</strong>" in page and "Sign out</button>" in page

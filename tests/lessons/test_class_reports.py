"""What a teacher reads on the class page, the learner page, the CSV and the admin's deal list."""

from __future__ import annotations

import csv
import html
import io
from datetime import timedelta

import pytest
import time_machine
from django.contrib.auth.models import User
from django.db import connection, reset_queries
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from pytest_django.asserts import assertContains, assertNotContains

from evaluator.drills import KINDS as DRILL_KINDS
from evaluator.misconceptions import MISCONCEPTIONS, payout_beliefs
from lessons import skills
from lessons.classes import missed, reports
from lessons.course import section_link
from lessons.learners import deal_figures, mastery
from lessons.models import (
    Assignment,
    Attempt,
    Classroom,
    Deal,
    DiagnosedMistake,
    SkillState,
    StudyItem,
    StudySession,
)
from tests.factories import field, make_deal, make_teacher, right_answer
from tests.lessons.test_classes import PASSWORD, learner, make_class, signed_in
from tests.lessons.test_skill_pages import badugi_deal, wrong_answer

pytestmark = [pytest.mark.django_db, pytest.mark.cache]


@pytest.fixture
def room():
    teacher = make_teacher()
    classroom = make_class(teacher)
    return teacher, classroom


def joined(classroom: Classroom, name: str) -> User:
    user = learner(name)
    signed_in(user).post("/classes/join/", {"code": classroom.join_code})
    return user


def whole_pot_split(deal: Deal) -> dict:
    (index,) = [i for i, p in enumerate(deal.parts) if p["kind"] == "payouts"]
    wrong = payout_beliefs(deal.profile, deal.hands, pot=deal.pot)["whole-pot-split"][0]
    return right_answer(deal) | {field(deal, index, "seat", s): str(c) for s, c in enumerate(wrong)}


def test_a_diagnosed_misconception_is_listed_with_the_section_that_teaches_it(room):
    teacher, classroom = room
    lee = joined(classroom, "lee")
    deal = Deal.objects.get(slug="badacey-5")
    signed_in(lee).post(deal.check_url, whole_pot_split(deal))
    assert DiagnosedMistake.objects.filter(misconception="whole-pot-split").count() == 1
    page = html.unescape(signed_in(teacher).get(f"/teach/{classroom.pk}/").content.decode())
    rule = MISCONCEPTIONS["whole-pot-split"]
    assert rule.correction[1:40] in page
    assert section_link(rule.lesson).url in page
    assert deal.title in page  # the exercise missed


def test_the_period_leaves_out_older_answers(room):
    teacher, classroom = room
    lee = joined(classroom, "lee")
    deal = Deal.objects.get(slug="badacey-5")
    with time_machine.travel(timezone.now() - timedelta(days=10)):
        signed_in(lee).post(deal.check_url, whole_pot_split(deal))
    correction = html.escape(MISCONCEPTIONS["whole-pot-split"].correction[1:40])
    assertNotContains(signed_in(teacher).get(f"/teach/{classroom.pk}/?period=7"), correction)
    assertContains(signed_in(teacher).get(f"/teach/{classroom.pk}/?period=all"), correction)
    # A period nobody offers falls back to 30 days rather than failing.
    assert signed_in(teacher).get(f"/teach/{classroom.pk}/?period=x").status_code == 200


def test_three_misses_in_a_row_mark_needs_help_and_a_right_answer_clears_it(room):
    teacher, classroom = room
    lee = joined(classroom, "lee")
    deal = badugi_deal(1)
    client = signed_in(lee)
    for _ in range(3):
        client.post(deal.check_url, wrong_answer(deal))
    state = SkillState.objects.filter(user=lee).order_by("-misses_in_a_row").first()
    assert state.misses_in_a_row == 3
    name = skills.BY_KEY[state.skill].name
    page = signed_in(teacher).get(f"/teach/{classroom.pk}/")
    assertContains(page, f"missed {name} 3 times in a row")
    marked = '<td class="class-grid__help" title='
    assertContains(page, marked)
    client.post(deal.check_url, right_answer(deal))
    assertNotContains(signed_in(teacher).get(f"/teach/{classroom.pk}/"), marked)


def test_the_grid_shows_each_level_in_words(room):
    teacher, classroom = room
    lee = joined(classroom, "lee")
    deal = badugi_deal(1)
    signed_in(lee).post(deal.check_url, right_answer(deal))
    state = SkillState.objects.get(user=lee, skill="badugi-cards")
    page = signed_in(teacher).get(f"/teach/{classroom.pk}/")
    assertContains(page, mastery.level_name(state.level))
    assertContains(page, 'class="skill-level__step skill-level__step--on"')


def test_an_old_unfinished_assignment_with_no_answers_for_a_week_marks_needs_help(room):
    teacher, classroom = room
    joined(classroom, "lee")
    Assignment.objects.create(
        classroom=classroom, kind="lesson", lesson="badugi",
        created_at=timezone.now() - timedelta(days=8),
    )  # fmt: skip
    assertContains(signed_in(teacher).get(f"/teach/{classroom.pk}/"), "no progress on")


def test_a_lesson_assignment_is_done_once_every_exercise_is_solved(room):
    teacher, classroom = room
    lee = joined(classroom, "lee")
    response = signed_in(teacher).post(
        f"/teach/{classroom.pk}/assign/", {"kind": "lesson", "lesson": "badugi"}
    )
    assert response.status_code == 302
    exercises = list(Deal.objects.published().for_lesson("badugi"))
    client = signed_in(lee)
    assertContains(client.get("/progress/"), f"{len(exercises)} of {len(exercises)} exercises")
    assertContains(signed_in(teacher).get(f"/teach/{classroom.pk}/"), "0 of 1 finished")
    for deal in exercises:
        client.post(deal.check_url, right_answer(deal))
    today = f"{timezone.now().day} {timezone.now():%b %Y}"
    assertContains(client.get("/progress/"), f"<strong>Done on {today}</strong>")
    assertContains(client.get("/"), f"<strong>Done on {today}</strong>")
    assertContains(signed_in(teacher).get(f"/teach/{classroom.pk}/"), "1 of 1 finished")


def test_a_skill_target_is_done_when_the_level_is_reached(room):
    teacher, classroom = room
    lee = joined(classroom, "lee")
    signed_in(teacher).post(
        f"/teach/{classroom.pk}/assign/",
        {"kind": "skill", "skill": "side-pots", "target_level": "3", "due_on": "2030-05-01"},
    )
    name = skills.BY_KEY["side-pots"].name
    assertContains(signed_in(lee).get("/"), f"Reach Proficient in {name}")
    assertContains(signed_in(lee).get("/"), "now Not started")
    SkillState.objects.create(user=lee, skill="side-pots", level=3)
    assertContains(signed_in(lee).get("/"), "<strong>Done</strong>")


def test_practice_deals_can_be_assigned_and_a_bad_assignment_is_refused_whole(room):
    teacher, classroom = room
    deal = make_deal()
    client = signed_in(teacher)
    for bad, message in (
        ({"kind": "deals"}, "Tick at least one"),
        ({"kind": "lesson"}, "Choose the lesson"),
        ({"kind": "skill", "skill": "nope"}, "Select a valid choice"),
        ({"kind": "deals", "deals": ["99999"]}, "Select a valid choice"),
        ({"kind": "deals", "deals": ["9" * 30]}, "is not one of the practice deals"),
        ({"kind": "deals", "deals": ["-3"]}, "is not one of the practice deals"),
        ({"kind": "lesson", "lesson": "badugi", "due_on": "31/31/2020"}, "Enter a valid date"),
    ):
        assertContains(client.post(f"/teach/{classroom.pk}/assign/", bad), message, status_code=400)
    assert not Assignment.objects.exists()
    client.post(f"/teach/{classroom.pk}/assign/", {"kind": "deals", "deals": [str(deal.pk)]})
    assert list(Assignment.objects.get().deals.all()) == [deal]


def test_practice_deal_figures_count_attempts_learners_first_tries_and_hints(room):
    teacher, classroom = room
    deal = make_deal()
    a, b = joined(classroom, "ana"), joined(classroom, "bo")
    outsider = learner("zed")
    now = timezone.now()
    for user, correct, hints, minutes in (
        (a, False, 1, 3), (a, True, 0, 2), (b, True, 2, 1), (outsider, True, 0, 0),
    ):  # fmt: skip
        Attempt.objects.create(
            user=user, deal=deal, correct=correct, hints_used=hints,
            created_at=now - timedelta(minutes=minutes),
        )  # fmt: skip
    deal_figures.recount([deal.pk])  # written straight to the log, so counted from it
    (row,) = reports.class_deal_stats(classroom)
    assert (row.stat_attempts, row.stat_learners, row.stat_first_right, row.stat_hints) == (
        3, 2, 1, 3,
    )  # fmt: skip
    everyone = reports.annotate_deal_stats(Deal.objects.filter(pk=deal.pk)).get()
    assert (everyone.stat_attempts, everyone.stat_learners, everyone.stat_first_right) == (4, 3, 2)
    admin = make_teacher("admin-teacher")
    page = signed_in(admin).get("/admin/lessons/deal/?q=" + deal.title.replace(" ", "+"))
    assertContains(page, "Right first try")
    assertContains(page, '<td class="field-attempts">4</td>', html=False)


def test_the_csv_has_a_row_per_learner_a_column_per_skill_and_neutralised_cells(room):
    teacher, classroom = room
    joined(classroom, "@risky")
    joined(classroom, "plain")
    response = signed_in(teacher).get(f"/teach/{classroom.pk}/grid.csv")
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.getvalue().decode("utf-8-sig"))))
    start = ["Learner", "Needs help", "Answers", "Last activity"]
    assert rows[0] == [*start, *(s.name for s in skills.SKILLS)]
    assert [r[0] for r in rows[1:]] == ["'@risky", "plain"]
    assert all(len(r) == len(skills.SKILLS) + 4 for r in rows)
    assert rows[2][1:4] == ["no", "0", "never"]
    assert rows[2][4] == mastery.level_name(0)
    assert reports.safe_cell("=1+2") == "'=1+2" and reports.safe_cell("-3") == "'-3"
    assert reports.safe_cell("+x") == "'+x" and reports.safe_cell("ok") == "ok"


def test_the_class_page_costs_the_same_queries_for_one_learner_or_twenty(
    room, django_assert_max_num_queries
):
    teacher, classroom = room
    client = signed_in(teacher)
    first = joined(classroom, "first")
    Attempt.objects.create(user=first, deal=badugi_deal(1), correct=False)
    reset_queries()  # a request clears the log, so each count starts from an empty one
    with django_assert_max_num_queries(100) as one:
        client.get(f"/teach/{classroom.pk}/")
    count = len(one)  # read now: the log the count slices is cleared by the next request
    for n in range(19):
        user = joined(classroom, f"l{n}")
        Attempt.objects.create(user=user, deal=badugi_deal(1), correct=False)
    reset_queries()
    with django_assert_max_num_queries(count):
        client.get(f"/teach/{classroom.pk}/")


def test_the_learner_page_shows_levels_answers_feedback_and_hints(room):
    teacher, classroom = room
    lee = joined(classroom, "lee")
    deal = Deal.objects.get(slug="badacey-5")
    signed_in(lee).post(deal.check_url, whole_pot_split(deal))
    page = signed_in(teacher).get(f"/teach/{classroom.pk}/learners/{lee.pk}/")
    assertContains(page, deal.title)
    assertContains(page, "Not yet")
    assertContains(page, html.escape(MISCONCEPTIONS["whole-pot-split"].correction[:40]))
    assertContains(page, "hints used")


def test_missed_replayer_quiz_questions_are_named_and_linked_as_such(room):
    # They were listed as "Drill: replay" with no link: the quiz is not a drill.
    from tests.lessons.test_replay_guess import engine, first_step, guess_url

    teacher, classroom = room
    lee = joined(classroom, "lee")
    played = engine()
    step = first_step(played, "action")
    wrong = str(played.steps[step].state.pot + 1)
    signed_in(lee).post(guess_url(step), {"guess-answer": wrong})
    assert Attempt.objects.get(user=lee).drill_kind == Attempt.REPLAY_QUIZ
    page = signed_in(teacher).get(f"/teach/{classroom.pk}/").content.decode()
    assert "Replayer quiz questions" in page and "Drill: replay" not in page
    assert 'href="/practice/"' in page


def test_a_teacher_signing_in_lands_on_their_classes_and_a_learner_on_progress(client):
    make_teacher("ines", password="a-long-teaching-pass")
    page = client.post(
        "/accounts/sign-in/", {"username": "ines", "password": "a-long-teaching-pass"}
    )
    assert page["Location"] == "/teach/"
    User.objects.create_user("lee", password="a-long-learning-pass")
    other = Client()
    page = other.post("/accounts/sign-in/", {"username": "lee", "password": "a-long-learning-pass"})
    assert page["Location"] == "/progress/"


def test_the_learner_page_names_drill_and_study_answers_and_links_them(room):
    teacher, classroom = room
    lee = joined(classroom, "lee")
    Attempt.objects.create(
        user=lee, drill_kind="payouts", item_key="badacey/1/1001", correct=False, parts=[False]
    )
    session = StudySession.objects.create(user=lee)
    StudyItem.objects.create(
        session=session, position=1, skill="split-pot", purpose="new", drill_kind="winners",
        game="badugi", difficulty=2, seed=77, answered_at=timezone.now(), correct=True,
    )  # fmt: skip
    Attempt.objects.create(
        user=lee, drill_kind="winners", item_key="badugi/2/77", correct=True, parts=[True]
    )
    page = signed_in(teacher).get(f"/teach/{classroom.pk}/learners/{lee.pk}/").content.decode()
    assert "badacey/1/1001" not in page.replace("seed=1001", "")
    payouts, winners = DRILL_KINDS["payouts"].title, DRILL_KINDS["winners"].title
    assert f"Drill: {payouts} (Badacey, easy)" in page
    assert f"Study session: {winners} (Badugi, medium)" in page
    assert "/drills/payouts/?game=badacey&amp;difficulty=1&amp;seed=1001" in page


def test_a_mistake_keeps_its_learner_and_time_so_the_report_never_reads_the_answer_log(room):
    teacher, classroom = room
    lee = joined(classroom, "lee")
    deal = Deal.objects.get(slug="badacey-5")
    signed_in(lee).post(deal.check_url, whole_pot_split(deal))
    mistake = DiagnosedMistake.objects.get()
    assert (mistake.user_id, mistake.created_at) == (lee.pk, mistake.attempt.created_at)
    with CaptureQueriesContext(connection) as queries:
        found = missed.misconceptions_missed(classroom, timezone.now(), 7)
    assert [m.times for m in found] == [1]
    mistakes_sql = [q["sql"] for q in queries if "diagnosedmistake" in q["sql"]]
    assert mistakes_sql and all("lessons_attempt" not in sql for sql in mistakes_sql)


def test_mistakes_made_before_signing_up_count_for_the_new_account(room):
    teacher, classroom = room
    deal = Deal.objects.get(slug="badacey-5")
    browser = Client()
    browser.post(deal.check_url, whole_pot_split(deal))
    assert DiagnosedMistake.objects.get().user_id is None
    lee = User.objects.create_user("lee", password=PASSWORD)
    browser.post("/accounts/sign-in/", {"username": "lee", "password": PASSWORD})
    assert DiagnosedMistake.objects.get().user_id == lee.pk


def test_what_the_class_misses_most_lists_ten_exercises_and_the_drills_most_often_first(room):
    teacher, classroom = room
    ana, bo = joined(classroom, "ana"), joined(classroom, "bo")
    outsider = learner("zed")
    deals = [make_deal() for _ in range(12)]
    for n, deal in enumerate(deals):  # the n-th deal missed n + 1 times by ana
        for _ in range(n + 1):
            Attempt.objects.create(user=ana, deal=deal, correct=False)
    Attempt.objects.create(user=bo, deal=deals[-1], correct=False)
    for _ in range(30):  # right answers and another class's learner do not count
        Attempt.objects.create(user=ana, deal=deals[0], correct=True)
        Attempt.objects.create(user=outsider, deal=deals[0], correct=False)
    # Two drill kinds missed twice each (a tie: by kind), one once, and the replayer's quiz.
    kinds = {"winners": 2, "payouts": 2, "outs": 1, Attempt.REPLAY_QUIZ: 3}
    for kind, times in kinds.items():
        for n in range(times):
            Attempt.objects.create(
                user=bo, drill_kind=kind, item_key=f"badugi/1/{n}", correct=False
            )

    exercises, drills = missed.answers_missed(classroom, timezone.now(), None)

    # Ten of the twelve, most often first; the last deal also counts bo.
    assert [m.what for m in exercises] == [d.title for d in reversed(deals[2:])]
    assert [(m.times, m.learners) for m in exercises[:2]] == [(13, 2), (11, 1)]
    assert [m.what for m in drills] == [
        "Replayer quiz questions",
        f"Drill: {DRILL_KINDS['payouts'].title}",
        f"Drill: {DRILL_KINDS['winners'].title}",
        f"Drill: {DRILL_KINDS['outs'].title}",
    ]
    assert [m.times for m in drills] == [3, 2, 2, 1]
    page = signed_in(teacher).get(f"/teach/{classroom.pk}/?period=all")
    assertContains(page, deals[-1].title)
    assertNotContains(page, deals[1].title)


def test_the_practice_deal_table_shows_the_25_most_answered_most_attempts_then_title(room):
    teacher, classroom = room
    ana = joined(classroom, "ana")
    # Titles made in the opposite order to the deals' ids, so the title order is its own.
    deals = [make_deal(title=f"Deal {chr(ord('z') - n)}") for n in range(27)]
    for n, deal in enumerate(deals):
        tries = 1 if n < 2 else 2 + n % 3  # two deals answered once are left out
        for _ in range(tries):
            Attempt.objects.create(user=ana, deal=deal, correct=True, hints_used=1)
    deal_figures.recount([d.pk for d in deals])

    shown = reports.class_deal_stats(classroom)

    tries_of = {d.pk: (1 if n < 2 else 2 + n % 3) for n, d in enumerate(deals)}
    expected = sorted(deals[2:], key=lambda d: (-tries_of[d.pk], d.title))
    assert [d.title for d in shown] == [d.title for d in expected]
    assert [(d.stat_attempts, d.stat_learners, d.stat_hints) for d in shown[:1]] == [(4, 1, 4)]
    assert all(d.stat_first_right == 1 for d in shown)

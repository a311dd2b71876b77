"""Who did the set work: each status word at each state, with a controlled clock.

Answers are posted through the exercise pages and hands played through the
study table's pages, so the statuses read what a learner really did; every
right answer and every action is asked of the engine.
"""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.test import Client
from pytest_django.asserts import assertContains, assertNotContains

from lessons.classes import status
from lessons.classes.views import csv_name
from lessons.models import Assignment, AssignmentFinish, Classroom, SkillState
from play.models import PlayedHand
from tests.factories import make_deal, make_teacher, right_answer
from tests.lessons.test_class_reports import joined
from tests.lessons.test_classes import make_class, signed_in
from tests.lessons.test_skill_pages import badugi_deal, wrong_answer
from tests.play.helpers import open_seed, play_out, start_hand

pytestmark = [pytest.mark.django_db, pytest.mark.cache]

MONDAY = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
DUE = "2026-03-06"  # the Friday


def grid(client: Client, classroom: Classroom) -> list[list[str]]:
    response = client.get(f"/teach/{classroom.pk}/grid.csv")
    return list(csv.reader(io.StringIO(response.getvalue().decode("utf-8-sig"))))


def status_cell(rows: list[list[str]], learner: str, title: str) -> tuple[str, str]:
    """(status word, finished at) of one learner and assignment in the CSV."""
    column = rows[0].index(title)
    row = next(r for r in rows if r[0] == learner)
    return row[column], row[column + 1]


def test_each_status_from_not_started_to_done_late_and_missing_reads_the_same_everywhere():
    deal = make_deal()
    with time_machine.travel(MONDAY, tick=False) as clock:
        teacher = make_teacher()
        classroom = make_class(teacher)
        lee, sam, ash = (joined(classroom, n) for n in ("lee", "sam", "ash"))
        tutor = signed_in(teacher)
        response = tutor.post(
            f"/teach/{classroom.pk}/assign/",
            {"kind": "deals", "deals": [str(deal.pk)], "due_on": DUE},
        )
        assert response.status_code == 302
        work = Assignment.objects.get()
        title = f"Practice deals: {deal.title}"

        assertContains(signed_in(lee).get("/"), "<strong>Not started</strong>")
        page = tutor.get(f"/teach/{work.classroom_id}/assignments/{work.pk}/")
        assertContains(page, "Not started", count=3)

        signed_in(lee).post(deal.check_url, wrong_answer(deal))
        assertContains(signed_in(lee).get("/"), "<strong>In progress</strong>")
        clock.shift(timedelta(days=1))
        signed_in(sam).post(deal.check_url, right_answer(deal))
        assertContains(signed_in(sam).get("/"), "<strong>Done on 3 Mar 2026</strong>")
        assert status_cell(grid(tutor, classroom), "sam", title) == ("Done", "2026-03-03 09:00 UTC")
        assertNotContains(tutor.get("/teach/"), "missing")

        # Friday is still on time; Saturday the unfinished work is missing.
        clock.move_to(datetime(2026, 3, 6, 23, 0, tzinfo=UTC))
        assertContains(signed_in(lee).get("/"), "<strong>In progress</strong>")
        clock.move_to(datetime(2026, 3, 7, 8, 0, tzinfo=UTC))
        assertContains(signed_in(lee).get("/"), "<strong>Missing</strong>")
        assertContains(signed_in(ash).get("/"), "<strong>Missing</strong>")
        assertContains(tutor.get("/teach/"), "2 missing")
        rows = grid(tutor, classroom)
        assert status_cell(rows, "lee", title) == ("Missing", "")
        assert status_cell(rows, "ash", title) == ("Missing", "")

        signed_in(lee).post(deal.check_url, right_answer(deal))
        assertContains(signed_in(lee).get("/"), "<strong>Done late on 7 Mar 2026</strong>")
        learner_page = tutor.get(f"/teach/{classroom.pk}/learners/{lee.pk}/")
        assertContains(learner_page, "Done late on 7 Mar 2026")
        assertContains(tutor.get("/teach/"), "1 missing")
        page = tutor.get(f"/teach/{classroom.pk}/")
        assertContains(page, "2 of 3 finished")
        assertContains(page, "1 done, 1 done late, 1 missing")
        # The assignment's own page lists the most pressing first: ash, then lee, then sam.
        body = tutor.get(f"/teach/{classroom.pk}/assignments/{work.pk}/").content.decode()
        assert body.index(">ash<") < body.index(">lee<") < body.index(">sam<")


def test_work_with_no_due_date_is_never_missing_and_the_csv_names_the_class_and_day():
    with time_machine.travel(MONDAY, tick=False) as clock:
        teacher = make_teacher()
        classroom = make_class(teacher, "Année 2 / Tuesday")
        joined(classroom, "lee")
        signed_in(teacher).post(
            f"/teach/{classroom.pk}/assign/", {"kind": "lesson", "lesson": "badugi"}
        )
        clock.shift(timedelta(days=400))
        rows = grid(signed_in(teacher), classroom)
        assert status_cell(rows, "lee", "Lesson: Badugi rules")[0] == "Not started"
        response = signed_in(teacher).get(f"/teach/{classroom.pk}/grid.csv")
        assert (
            csv_name(classroom.name, datetime.now(UTC).date()) == "annee-2-tuesday-2027-04-06.csv"
        )
        assert "annee-2-tuesday-2027-04-06.csv" in response["Content-Disposition"]


def test_reaching_a_skill_target_keeps_when_it_was_reached():
    deal = badugi_deal(1)
    with time_machine.travel(MONDAY, tick=False) as clock:
        teacher = make_teacher()
        classroom = make_class(teacher)
        lee = joined(classroom, "lee")
        client = signed_in(lee)
        client.post(deal.check_url, right_answer(deal))
        # The skills this exercise moves, as the engine's records say.
        skill = SkillState.objects.filter(user=lee).order_by("skill").first()
        assert skill is not None
        level = skill.level
        signed_in(teacher).post(
            f"/teach/{classroom.pk}/assign/",
            {"kind": "skill", "skill": skill.skill, "target_level": str(level + 1), "due_on": DUE},
        )
        work = Assignment.objects.get()
        clock.shift(timedelta(days=2))
        for _ in range(8):  # right answers until the level is reached
            client.post(deal.check_url, right_answer(deal))
            skill.refresh_from_db()
            if skill.level > level:
                break
            clock.shift(timedelta(hours=1))
        if skill.level <= level:
            pytest.skip("the mastery rules need more than repeats of one exercise here")
        finish = AssignmentFinish.objects.get(assignment=work, user=lee)
        assert finish.finished_at == datetime.now(UTC)
        words = f"Done on {finish.finished_at.day} {finish.finished_at:%b %Y}"
        assertContains(client.get("/"), f"<strong>{words}</strong>")
        # Raised past the learner's level, the target is no longer met: the old moment goes.
        edit = f"/teach/{classroom.pk}/assignments/{work.pk}/edit/"
        higher = {"kind": "skill", "skill": skill.skill, "target_level": str(skill.level + 1)}
        assert signed_in(teacher).post(edit, higher).status_code == 302
        assert not AssignmentFinish.objects.filter(assignment=work).exists()
        assertContains(client.get("/"), "<strong>In progress</strong>")


def test_status_words_from_the_rules_alone():
    """The rule table itself: done, done late, missing, in progress, not started."""
    work = Assignment(pk=1, kind=Assignment.PLAY, game="badugi", hands=2)
    work.due_on = datetime(2026, 3, 6).date()
    ev = status.Evidence()
    friday, saturday = work.due_on, work.due_on + timedelta(days=1)
    assert status.status_of(work, 7, ev, friday).word == "Not started"
    assert status.status_of(work, 7, ev, saturday).word == "Missing"
    ev.hands[1, 7] = status.HandsPlayed(1, 4, 0.5)
    assert status.status_of(work, 7, ev, friday).word == "In progress"
    assert status.status_of(work, 7, ev, friday).left == "1 hand to play"
    on_time = datetime(2026, 3, 6, 23, 59, tzinfo=UTC)
    ev.hands[1, 7] = status.HandsPlayed(2, 8, 0.5, on_time)
    assert status.status_of(work, 7, ev, saturday).words == "Done on 6 Mar 2026"
    ev.hands[1, 7] = status.HandsPlayed(3, 8, 0.5, on_time + timedelta(minutes=1))
    assert status.status_of(work, 7, ev, saturday).words == "Done late on 7 Mar 2026"


def test_play_hands_work_counts_finished_hands_of_its_game_and_shows_the_error_rate(monkeypatch):
    teacher = make_teacher()
    classroom = make_class(teacher)
    lee = joined(classroom, "lee")
    response = signed_in(teacher).post(
        f"/teach/{classroom.pk}/assign/", {"kind": "play", "game": "badacey", "hands": "1"}
    )
    assert response.status_code == 302
    work = Assignment.objects.get()
    assert (work.kind, work.game, work.hands) == ("play", "badacey", 1)
    client = signed_in(lee)
    home = client.get("/").content.decode()
    assert "Play 1 hand of Badacey" in home and "/play/?game=badacey" in home
    assertContains(client.get("/"), "<strong>Not started</strong>")

    hand = start_hand(client, open_seed(), monkeypatch)
    play_out(client, hand)
    hand.refresh_from_db()
    assert hand.is_over and hand.user == lee
    assertContains(client.get("/"), "<strong>Done on")
    # The rate is the play app's own: mistakes added up over decisions.
    rate = hand.mistake_total / hand.decisions if hand.decisions else None
    page = signed_in(teacher).get(f"/teach/{classroom.pk}/assignments/{work.pk}/")
    assertContains(page, "Hands played")
    expected = "none graded" if rate is None else f"{rate:.2f}"
    assertContains(page, f"<td>1</td><td>{expected}</td>", html=False)
    assertContains(signed_in(teacher).get(f"/teach/{classroom.pk}/"), "1 of 1 hand")
    # The learner's page sums the study table's hands by game, as its history does.
    learner_page = signed_in(teacher).get(f"/teach/{classroom.pk}/learners/{lee.pk}/")
    row = f'<th scope="row">Badacey</th><td>1</td><td>{hand.decisions}</td><td>{expected}</td>'
    assertContains(learner_page, row + f"<td>{hand.blunders}</td>", html=False)


def test_hands_of_another_game_or_dealt_before_the_work_was_set_do_not_count(monkeypatch):
    teacher = make_teacher()
    classroom = make_class(teacher)
    lee = joined(classroom, "lee")
    client = signed_in(lee)
    before = start_hand(client, open_seed(), monkeypatch)
    play_out(client, before)
    signed_in(teacher).post(
        f"/teach/{classroom.pk}/assign/", {"kind": "play", "game": "badacey", "hands": "1"}
    )
    PlayedHand.objects.create(user=lee, game="badugi", table={}, is_over=True, decisions=3)
    assertContains(client.get("/"), "<strong>Not started</strong>")


def test_a_past_due_date_is_saved_with_a_warning_not_refused():
    teacher = make_teacher()
    classroom = make_class(teacher)
    joined(classroom, "lee")
    response = signed_in(teacher).post(
        f"/teach/{classroom.pk}/assign/",
        {"kind": "lesson", "lesson": "badugi", "due_on": "1999-01-01"},
        follow=True,
    )
    assert Assignment.objects.filter(due_on="1999-01-01").exists()
    assertContains(response, "The due date is already past")
    assertContains(response, "0 of 1 finished")
    assertContains(response, "1 missing")
    # A future date says nothing of the kind.
    response = signed_in(teacher).post(
        f"/teach/{classroom.pk}/assign/",
        {"kind": "lesson", "lesson": "badugi", "due_on": "2999-01-01"},
        follow=True,
    )
    assertNotContains(response, "The due date is already past")


def test_the_play_kind_needs_a_game_and_a_number_of_hands_it_offers():
    teacher = make_teacher()
    classroom = make_class(teacher)
    client = signed_in(teacher)
    for bad, message in (
        ({"kind": "play"}, "Choose the game to play"),
        ({"kind": "play", "game": "poker"}, "Select a valid choice"),
        ({"kind": "play", "game": "badugi", "hands": "7000"}, "Select a valid choice"),
    ):
        response = client.post(f"/teach/{classroom.pk}/assign/", bad)
        assertContains(response, message, status_code=400)
    assert not Assignment.objects.exists()


def test_the_work_csv_lists_each_learners_status_and_each_exercise():
    teacher = make_teacher()
    classroom = make_class(teacher)
    lee = joined(classroom, "lee")
    joined(classroom, "=sam")
    first, second = make_deal(), make_deal()
    tutor = signed_in(teacher)
    tutor.post(
        f"/teach/{classroom.pk}/assign/",
        {"kind": "deals", "deals": [str(first.pk), str(second.pk)]},
    )
    work = Assignment.objects.get()
    signed_in(lee).post(first.check_url, right_answer(first))
    signed_in(lee).post(second.check_url, wrong_answer(second))
    response = tutor.get(f"/teach/{classroom.pk}/assignments/{work.pk}/work.csv")
    assert "tuesday-group-work-" in response["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.getvalue().decode("utf-8-sig"))))
    assert rows[0][:4] == ["Learner", "Status", "Finished at", "Left"]
    by_name = {r[0]: dict(zip(rows[0], r, strict=True)) for r in rows[1:]}
    assert set(by_name) == {"lee", "'=sam"}, "a name like a formula is neutralised"
    assert by_name["lee"]["Status"] == "In progress"
    assert by_name["lee"]["Left"] == "1 of 2 exercises to solve"
    assert (by_name["lee"][first.title], by_name["lee"][second.title]) == (
        "right",
        "tried, not right",
    )
    assert by_name["'=sam"][first.title] == "not tried"
    assert tutor.get(f"/teach/{classroom.pk}/assignments/{work.pk + 1}/work.csv").status_code == 404


def test_cutting_a_hands_target_below_what_was_played_reads_done_against_the_new_target():
    """ "Play 3 hands" cut to 1 after 3 were played: Done, "1 of 1 hand", never "3 of 1"."""
    teacher = make_teacher()
    classroom = make_class(teacher)
    lee = joined(classroom, "lee")
    signed_in(teacher).post(
        f"/teach/{classroom.pk}/assign/", {"kind": "play", "game": "badacey", "hands": "3"}
    )
    work = Assignment.objects.get()
    for _ in range(3):
        PlayedHand.objects.create(user=lee, game="badacey", table={}, is_over=True, decisions=2)
    page = signed_in(teacher).get(f"/teach/{classroom.pk}/").content.decode()
    assert "3 of 3 hands" in page
    edited = signed_in(teacher).post(
        f"/teach/{classroom.pk}/assignments/{work.pk}/edit/",
        {"kind": "play", "game": "badacey", "hands": "1"},
    )
    assert edited.status_code == 302
    page = signed_in(teacher).get(f"/teach/{classroom.pk}/").content.decode()
    assert "3 of 1" not in page
    assert "1 of 1 hand (3 played)" in page
    rows = grid(signed_in(teacher), classroom)
    assert status_cell(rows, "lee", "Play 1 hand of Badacey")[0] == "Done"


def test_a_skill_target_is_only_a_level_that_needs_a_right_answer():
    """ "Reach Learning" was met by a wrong answer; only Familiar and above are offered now."""
    from lessons.learners import mastery

    teacher = make_teacher()
    classroom = make_class(teacher)
    lee = joined(classroom, "lee")
    form = signed_in(teacher).get(f"/teach/{classroom.pk}/assign/").content.decode()
    learning = mastery.level_name(mastery.ATTEMPTED)
    assert f">{learning}</option>" not in form
    assert f">{mastery.level_name(mastery.FAMILIAR)}</option>" in form
    deal = badugi_deal(1)
    client = signed_in(lee)
    client.post(deal.check_url, wrong_answer(deal))
    skill = SkillState.objects.filter(user=lee).order_by("skill").first()
    assert skill is not None and skill.level == mastery.ATTEMPTED
    refused = signed_in(teacher).post(
        f"/teach/{classroom.pk}/assign/",
        {"kind": "skill", "skill": skill.skill, "target_level": str(mastery.ATTEMPTED)},
    )
    assert refused.status_code == 400
    assert not Assignment.objects.exists()
    signed_in(teacher).post(
        f"/teach/{classroom.pk}/assign/",
        {"kind": "skill", "skill": skill.skill, "target_level": str(mastery.FAMILIAR)},
    )
    # A learner who has only missed the skill has not reached the target.
    assertNotContains(client.get("/"), "<strong>Done")
    assertContains(client.get("/"), "<strong>In progress</strong>")


def test_stored_learning_targets_move_up_to_familiar_and_lose_their_finish():
    from django.apps import apps as live_apps

    from lessons.learners import mastery
    from tests.data_migrations import migration

    teacher = make_teacher()
    classroom = make_class(teacher)
    lee = joined(classroom, "lee")
    work = Assignment.objects.create(
        classroom=classroom, kind=Assignment.SKILL, skill="badugi-ranking", target_level=3
    )
    Assignment.objects.filter(pk=work.pk).update(target_level=mastery.ATTEMPTED)
    AssignmentFinish.objects.create(assignment=work, user=lee, finished_at=MONDAY)
    migration("0037_skill_targets_mean_progress").raise_learning_targets(live_apps, None)
    work.refresh_from_db()
    assert work.target_level == mastery.FAMILIAR
    assert not AssignmentFinish.objects.filter(assignment=work).exists()

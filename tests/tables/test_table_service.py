"""Live tables through their pages: who may sit, whose turn it is, what each person sees,
the clock, and each person's graded copy of the hand."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
import time_machine
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone
from django.utils.html import escape

from evaluator.play import LiveHand, card_code, grade_decision
from play.models import GradedDecision, PlayedHand
from tables import service
from tables.models import LiveSeat, LiveTable, TableEvent
from tests.tables.helpers import (
    class_table,
    current,
    engine_hand,
    hidden_from,
    quiet_action,
    random_action,
    to_act,
)

# Row locks and outer joins differ on PostgreSQL: its run takes these tests too.
pytestmark = [pytest.mark.django_db, pytest.mark.database_engine]


def signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def post_action(client: Client, table: LiveTable, step: int, action) -> object:
    data = {"step": step, "action": action.kind}
    if action.kind == "draw":
        data = {"step": step, "action": "draw", "throw": [card_code(c) for c in action.discards]}
    return client.post(f"/tables/{table.pk}/act", data)


def test_class_members_sit_with_one_click_and_the_first_hand_is_dealt(client):
    table, teacher, (ana, bram) = class_table()
    for person in (ana, bram):
        response = signed_in(person).post(f"/tables/{table.pk}/sit")
        assert response.status_code == 302
    assert LiveSeat.objects.filter(table=table).count() == 2
    hand = current(table)
    assert sorted(hand.players) == sorted([ana.pk, bram.pk])
    live = engine_hand(table)
    assert live.person_to_act is not None and not live.is_over


def test_nobody_outside_the_class_sees_or_joins_a_class_table():
    table, teacher, _ = class_table()
    stranger = User.objects.create_user("stranger", password="a-long-stranger-pass")
    outsider = signed_in(stranger)
    assert outsider.get(f"/tables/{table.pk}/").status_code == 404
    assert outsider.post(f"/tables/{table.pk}/sit").status_code == 404
    assert outsider.get(f"/tables/{table.pk}/state.json").status_code == 404
    assert not LiveSeat.objects.filter(user=stranger).exists()
    assert Client().get(f"/tables/{table.pk}/").status_code == 302  # sign in first


def test_a_player_cannot_act_out_of_turn_and_nothing_is_saved():
    table, _, people = class_table()
    for person in people:
        service.sit(table.pk, person)
    waiting = next(u for u in people if u != to_act(table, people))
    live = engine_hand(table)
    before = (list(current(table).actions), table.events.count())
    client = signed_in(waiting)
    response = post_action(client, table, live.step, quiet_action(live))
    assert response.status_code == 302
    page = client.get(response["Location"]).content.decode()
    assert "It is not your turn." in page
    assert (list(current(table).actions), table.events.count()) == before


def test_each_page_shows_its_player_only_their_own_cards_and_the_teacher_every_card():
    table, teacher, people = class_table(3, seats=3)
    for person in people:
        service.sit(table.pk, person)
    rng = random.Random(4)
    for _ in range(40):
        live = engine_hand(table)
        for person in people:
            html = signed_in(person).get(f"/tables/{table.pk}/").content.decode()
            data = signed_in(person).get(f"/tables/{table.pk}/state.json").content.decode()
            for spelling in hidden_from(table, person):
                assert spelling not in html and spelling not in data
        watched = signed_in(teacher).get(f"/tables/{table.pk}/").content.decode()
        for seat in range(live.settings.seats):
            if not live.folded(seat):
                assert all(card.name in watched for card in live.hand_of(seat))
        mover = to_act(table, people)
        service.act(table.pk, mover, live.step, random_action(live, rng))
        if not table.hands.filter(is_over=False).exists():
            break


def test_a_whole_hand_pays_every_chip_and_grades_each_player_privately(
    django_capture_on_commit_callbacks,
):
    table, teacher, people = class_table()
    for person in people:
        service.sit(table.pk, person)
    first = current(table)
    while table.hands.filter(pk=first.pk, is_over=False).exists():
        live = engine_hand(table)
        mover = to_act(table, people)
        with django_capture_on_commit_callbacks(execute=True):  # the grading task runs
            response = post_action(signed_in(mover), table, live.step, quiet_action(live))
        assert response.status_code == 302
    first.refresh_from_db()
    live = service.live_of(first)
    stacks = dict(LiveSeat.objects.filter(table=table).values_list("user_id", "stack"))
    for seat, user_id in enumerate(first.players):
        assert stacks[user_id] == live.final_stacks()[seat]
    assert sum(stacks.values()) == sum(live.settings.stacks)
    for seat, user_id in enumerate(first.players):
        copy = PlayedHand.objects.get(pk=first.copies[str(user_id)])
        assert copy.user_id == user_id and copy.is_over
        assert copy.net == live.net()[seat]
        # Graded from the player's own chair: one grade per decision that seat took.
        own = LiveHand.replay(live.settings.seen_by(seat), live.learner_actions)
        steps = [p.step for p in own.decision_points()]
        graded = list(GradedDecision.objects.filter(hand=copy).values_list("step", flat=True))
        assert sorted(graded) == steps and copy.decisions == len(steps) > 0
    # The review of each copy shows the player's own decisions only.
    for person in people:
        copy = PlayedHand.objects.get(pk=first.copies[str(person.pk)])
        review = signed_in(person).get(f"/play/{copy.pk}/review/")
        assert review.status_code == 200
    other = PlayedHand.objects.get(pk=first.copies[str(people[0].pk)])
    assert signed_in(people[1]).get(f"/play/{other.pk}/review/").status_code == 404


def test_the_clock_makes_a_seat_that_runs_out_of_time_check_or_fold_and_sit_out():
    table, _, people = class_table(clock_seconds=10, time_bank_seconds=5)
    for person in people:
        service.sit(table.pk, person)
    slow = to_act(table, people)
    steps = engine_hand(table).step
    assert not service.tick(table.pk)  # in time: nothing moves
    with time_machine.travel(timezone.now() + timedelta(seconds=16), tick=False):
        assert service.tick(table.pk)
    seat = LiveSeat.objects.get(table=table, user=slow)
    assert seat.sat_out
    hand = table.hands.order_by("number").first()
    assert len(hand.actions) > steps
    assert TableEvent.objects.filter(table=table, kind="timeout").exists()
    # The player comes back and is dealt in again.
    service.sit_back(table.pk, slow)
    assert not LiveSeat.objects.get(table=table, user=slow).sat_out


def test_a_paused_table_refuses_actions_and_only_its_teacher_may_pause_it():
    table, teacher, people = class_table()
    for person in people:
        service.sit(table.pk, person)
    with pytest.raises(service.TableRefused):
        service.set_status(table.pk, people[0], "paused")
    service.set_status(table.pk, teacher, "paused")
    live = engine_hand(table)
    with pytest.raises(service.TableRefused, match="paused"):
        service.act(table.pk, to_act(table, people), live.step, quiet_action(live))


def test_event_numbers_never_repeat_or_skip():
    table, _, people = class_table()
    for person in people:
        service.sit(table.pk, person)
    rng = random.Random(1)
    for _ in range(30):
        hand = table.hands.filter(is_over=False).first()
        if hand is None:
            service.next_hand(table.pk)
            continue
        live = service.live_of(hand)
        service.act(table.pk, to_act(table, people), live.step, random_action(live, rng))
    seqs = list(TableEvent.objects.filter(table=table).values_list("seq", flat=True))
    table.refresh_from_db()
    assert seqs == list(range(1, table.last_seq + 1))


def test_a_friends_table_is_joined_with_its_code_by_up_to_five_friends():
    owner = User.objects.create_user("host", password="a-long-host-pass")
    host = signed_in(owner)
    response = host.post(
        "/tables/open/",
        {
            "name": "Friday",
            "game": "badacey",
            "seats": 6,
            "clock_seconds": 30,
            "time_bank_seconds": 60,
        },
    )
    table = LiveTable.objects.get(owner=owner)
    assert response.status_code == 302 and table.classroom is None
    friends = [User.objects.create_user(f"f{n}", password="a-long-friend-pass") for n in range(6)]
    wrong = signed_in(friends[0]).post("/tables/join/", {"code": "WRONGCOD"})
    assert wrong.status_code == 400 and "No open friend" in wrong.content.decode()
    for friend in friends[:5]:
        assert (
            signed_in(friend).post("/tables/join/", {"code": table.code.lower()}).status_code == 302
        )
    assert LiveSeat.objects.filter(table=table).count() == 6
    full = signed_in(friends[5]).post("/tables/join/", {"code": table.code}, follow=True)
    assert "Every seat at this table is taken." in full.content.decode()


def test_a_bad_table_form_says_why():
    owner = User.objects.create_user("host", password="a-long-host-pass")
    response = signed_in(owner).post("/tables/open/", {"name": "x", "game": "chess", "seats": 9})
    assert response.status_code == 400
    html = response.content.decode()
    assert "chess is not one of the available choices" in html
    assert not LiveTable.objects.exists()


def test_the_teacher_room_opens_tables_and_shows_each_learners_grades(
    django_capture_on_commit_callbacks,
):
    table, teacher, people = class_table()
    room = signed_in(teacher)
    page = room.get(f"/teach/{table.classroom_id}/tables/")
    assert page.status_code == 200 and "Table 1" in page.content.decode()
    for person in people:
        service.sit(table.pk, person)
    while table.hands.filter(is_over=False).exists():
        live = engine_hand(table)
        with django_capture_on_commit_callbacks(execute=True):
            service.act(table.pk, to_act(table, people), live.step, quiet_action(live))
    assert GradedDecision.objects.exists()
    html = room.get(f"/teach/{table.classroom_id}/tables/").content.decode()
    for grade in GradedDecision.objects.all():
        assert escape(grade.reason) in html
    other = User.objects.create_user("other_teacher", password="a-long-other-pass")
    from django.contrib.auth.models import Group

    other.groups.add(Group.objects.get(name="Teachers"))
    assert signed_in(other).get(f"/teach/{table.classroom_id}/tables/").status_code == 404
    assert signed_in(people[0]).get(f"/teach/{table.classroom_id}/tables/").status_code == 403


def test_with_the_coach_on_each_player_sees_their_own_grade_and_nobody_elses():
    table, _, people = class_table(coach_live=True)
    for person in people:
        service.sit(table.pk, person)
    first = to_act(table, people)
    live = engine_hand(table)
    action = quiet_action(live)
    mine = LiveHand.replay(live.settings.seen_by(live.person_to_act), live.learner_actions)
    expected = grade_decision(mine, action)
    service.act(table.pk, first, live.step, action)
    other = next(p for p in people if p != first)
    page = signed_in(first).get(f"/tables/{table.pk}/").content.decode()
    assert "The coach on your last decision" in page and escape(expected.reason) in page
    assert (
        "The coach on your last decision"
        not in signed_in(other).get(f"/tables/{table.pk}/").content.decode()
    )

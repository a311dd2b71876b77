"""Same-deals matches: every table deals the same hands with its people rotated, and the
results rank by chips, by chips with the deal's luck taken out, and by error rate."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils.html import escape

from lessons.models import Membership
from tables import matches, service
from tables.models import LiveTable, SameDealsMatch
from tests.tables.helpers import class_with, quiet_action

pytestmark = [pytest.mark.django_db, pytest.mark.database_engine]


def signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def play_out(table: LiveTable, capture) -> None:  # type: ignore[no-untyped-def]
    """Check, call and stand pat through every hand the match deals at ``table``."""
    while True:
        hand = table.hands.filter(is_over=False).first()
        if hand is None:
            service.next_hand(table.pk)
            hand = table.hands.filter(is_over=False).first()
            if hand is None:
                return
        live = service.live_of(hand)
        user = User.objects.get(pk=hand.players[live.person_to_act])
        with capture(execute=True):
            service.act(table.pk, user, live.step, quiet_action(live))


def test_every_table_deals_the_same_hands_to_different_people(django_capture_on_commit_callbacks):
    classroom, teacher, people = class_with(4)
    response = signed_in(teacher).post(
        f"/teach/{classroom.pk}/tables/match/",
        {
            "match-name": "Friday match",
            "match-game": "badugi",
            "match-seats": 2,
            "match-clock_seconds": 30,
            "match-time_bank_seconds": 60,
            "match-tables": 2,
            "match-hands": 2,
        },
    )
    match = SameDealsMatch.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/teach/matches/{match.pk}/"
    first, second = match.tables.order_by("match_index")
    for table, pair in ((first, people[:2]), (second, people[2:])):
        for person in pair:
            service.sit(table.pk, person)
    for table in (first, second):
        play_out(table, django_capture_on_commit_callbacks)
        assert table.hands.count() == match.hands_per_table  # and no more are dealt
    for number in (1, 2):
        a = service.live_of(first.hands.get(number=number))
        b = service.live_of(second.hands.get(number=number))
        # The same cards in the same engine seats, held by people rotated one place.
        assert [a.hand_of(s) for s in range(2)] == [b.hand_of(s) for s in range(2)]
        seated = {t: dict(t.seat_rows.values_list("user_id", "position")) for t in (first, second)}
        hand_a, hand_b = first.hands.get(number=number), second.hands.get(number=number)
        assert [seated[first][u] for u in hand_a.players] == [0, 1]
        assert [seated[second][u] for u in hand_b.players] == [1, 0]
    results = matches.results(match)
    assert results.hands_left == 0
    # Luck taken out: per hand, seat by seat, results minus the seat's average across tables.
    expected = {p.pk: 0.0 for p in people}
    for number in (1, 2):
        rows = [t.hands.get(number=number) for t in (first, second)]
        nets = [service.live_of(r).net() for r in rows]
        for row, net in zip(rows, nets, strict=True):
            for seat, user_id in enumerate(row.players):
                average = sum(n[seat] for n in nets) / len(nets)
                expected[user_id] += net[seat] - average
    assert {s.user_id: s.adjusted for s in results.by_adjusted} == {
        k: round(v, 1) for k, v in expected.items()
    }
    assert [s.adjusted for s in results.by_adjusted] == sorted(
        (s.adjusted for s in results.by_adjusted), reverse=True
    )
    page = signed_in(teacher).get(f"/teach/matches/{match.pk}/").content.decode()
    for standing in results.by_chips:
        assert escape(standing.name) in page
    hand_page = signed_in(teacher).get(f"/tables/{first.pk}/hands/1/")
    assert hand_page.status_code == 200
    # Learners, even the match's own players, do not see the results or the teacher's replays.
    assert signed_in(people[0]).get(f"/teach/matches/{match.pk}/").status_code == 403
    assert signed_in(people[0]).get(f"/tables/{first.pk}/hands/1/").status_code == 403


def test_a_bad_match_form_says_why_and_opens_nothing():
    classroom, teacher, _ = class_with(1)
    response = signed_in(teacher).post(
        f"/teach/{classroom.pk}/tables/match/", {"match-name": "M", "match-tables": 50}
    )
    assert response.status_code == 400
    assert "Ensure this value is less than or equal to 10." in response.content.decode()
    assert not SameDealsMatch.objects.exists() and not LiveTable.objects.exists()


def test_another_teacher_cannot_see_a_match():
    classroom, teacher, people = class_with(2)
    match = service.open_match(
        teacher,
        classroom,
        service.TableSpec(name="M", game="badugi", seats=2),
        tables=2,
        hands=1,
    )
    other = User.objects.create_user("other", password="a-long-other-pass")
    from django.contrib.auth.models import Group

    other.groups.add(Group.objects.get(name="Teachers"))
    Membership.objects.create(classroom=classroom, user=other)
    assert signed_in(other).get(f"/teach/matches/{match.pk}/").status_code == 404

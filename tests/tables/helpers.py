"""Building class tables and playing them through the service, for the live-table tests."""

from __future__ import annotations

import random
from typing import Any

from django.contrib.auth.models import User

from evaluator.play import Action, LiveHand, card_code
from lessons.models import Classroom, Membership
from tables import service, views_state
from tables.models import LiveTable, LiveTableHand
from tests.factories import make_teacher


def class_with(learners: int) -> tuple[Classroom, User, list[User]]:
    teacher = make_teacher("ms_ines")
    classroom = Classroom.objects.create(name="Year 9", join_code="ABCDEFGH", created_by=teacher)
    classroom.teachers.add(teacher)
    people = []
    for n in range(learners):
        user = User.objects.create_user(f"learner{n}", password="a-long-learner-pass")
        Membership.objects.create(classroom=classroom, user=user)
        people.append(user)
    return classroom, teacher, people


def class_table(learners: int = 2, **spec: Any) -> tuple[LiveTable, User, list[User]]:
    classroom, teacher, people = class_with(learners)
    fields = {"name": "Table 1", "game": "badugi", "seats": learners, **spec}
    table = service.open_table(teacher, service.TableSpec(**fields), classroom=classroom)
    return table, teacher, people


def current(table: LiveTable) -> LiveTableHand:
    hand = table.hands.filter(is_over=False).order_by("-number").first()
    assert hand is not None
    return hand


def engine_hand(table: LiveTable) -> LiveHand:
    return service.live_of(current(table))


def to_act(table: LiveTable, people: list[User]) -> User:
    hand = current(table)
    seat = service.live_of(hand).person_to_act
    assert seat is not None
    return next(u for u in people if u.pk == hand.players[seat])


def quiet_action(live: LiveHand) -> Action:
    """Check or call, stand pat: a hand that goes to the showdown."""
    seat = live.person_to_act
    assert seat is not None
    kinds = {a.kind for a in live.legal_actions_for(seat)}
    if "draw" in kinds:
        return Action("draw", ())
    return Action("check" if "check" in kinds else "call")


def random_action(live: LiveHand, rng: random.Random) -> Action:
    seat = live.person_to_act
    assert seat is not None
    choice = rng.choice(live.legal_actions_for(seat))
    if choice.kind == "draw":
        cards = list(live.hand_of(seat))
        return Action("draw", tuple(rng.sample(cards, rng.randint(0, choice.max_discards))))
    return Action(choice.kind)


def hidden_from(table: LiveTable, user: User) -> set[str]:
    """Every spelling of every card of the current hand that ``user`` may not see now."""
    hand = table.hands.order_by("-number").first()
    if hand is None:
        return set()
    live = service.live_of(hand)
    seat = views_state.chair_in(hand, user)
    showdown = live.is_over and len(live.live_seats()) > 1
    mine = set(live.hand_of(seat)) if seat is not None else set()
    found = set()
    for other in range(live.settings.seats):
        if other == seat or (showdown and not live.folded(other)):
            continue
        for card in live.hand_of(other):
            if card not in mine:
                found.update({f'"{card_code(card)}"', card.text, card.name})
    return found

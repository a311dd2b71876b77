"""Everything that changes a live table, each under the table's row lock.

Every function here that changes state runs in one transaction that first
locks the ``LiveTable`` row, so two people acting at once are served one after
the other, and a refused action leaves nothing behind. The engine rebuilds the
hand from its stored actions each time (``LiveHand.replay``): the database is
the truth, a server restart loses nothing. After the commit, the table's
group hears the new last event number (``tables.broadcast``); each browser
then asks for its own view, so no message carries a card.
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from evaluator import PROFILES, EvaluatorError
from evaluator.play import Action, IllegalAction, LiveHand, TableSettings, grade_decision
from evaluator.play.table import DEFAULT_STACK_BIG_BETS
from lessons import events
from lessons.classes.access import TEACHERS, is_teacher
from lessons.classes.codes import new_code
from lessons.models import Learner
from play import encoding, hands
from play.models import COACH_AFTER, COACH_LIVE, PlayedHand
from tables import broadcast, live_cache, tasks
from tables.models import OPEN, LiveSeat, LiveTable, LiveTableHand, SameDealsMatch, TableEvent

log = logging.getLogger(__name__)

COMPUTERS = ("solid", "caller", "aggressor")
NAME_FORBIDDEN = set(",;:#()")


class TableRefused(Exception):
    """What a person tried cannot be done at this table; the message says why, in words."""


# -- who may do what ------------------------------------------------------------


def teaches(table: LiveTable, user: Any) -> bool:
    """The teacher of a class table (the only one who may see every card)."""
    classroom = table.classroom
    if classroom is None or not getattr(user, "is_authenticated", False):
        return False
    return is_teacher(user) and classroom.teachers.filter(pk=user.pk).exists()


def teacher_ids(table: LiveTable) -> frozenset[int]:
    """Everyone for whom ``teaches`` holds, in one query."""
    if table.classroom_id is None:
        return frozenset()
    return frozenset(
        User.objects.filter(taught_classes=table.classroom_id, groups__name=TEACHERS).values_list(
            "pk", flat=True
        )
    )


def may_join(table: LiveTable, user: Any, code: str = "") -> bool:
    """Class tables admit the class's learners; a friend's table, whoever has its code."""
    if not getattr(user, "is_authenticated", False):
        return False
    if table.owner_id == user.pk:
        return True
    classroom = table.classroom
    if classroom is not None:
        return classroom.archived_at is None and classroom.memberships.filter(user=user).exists()
    return bool(code) and secrets.compare_digest(code.upper(), table.code)


def seat_of(table: LiveTable, user: Any) -> LiveSeat | None:
    if not getattr(user, "is_authenticated", False):
        return None
    return table.seat_rows.filter(user=user).first()


# -- opening and sitting ----------------------------------------------------------


@dataclass(frozen=True)
class TableSpec:
    name: str
    game: str
    seats: int
    fill_with_computers: bool = False
    clock_seconds: int = 30
    time_bank_seconds: int = 60
    coach_live: bool = False


def starting_stack(game: str) -> int:
    return DEFAULT_STACK_BIG_BETS * PROFILES[game].big_bet


def open_table(owner: User, spec: TableSpec, classroom: Any = None) -> LiveTable:
    """A new table; a friend's table (no class) seats its owner at once."""
    with transaction.atomic():
        table = LiveTable.objects.create(
            name=spec.name,
            owner=owner,
            classroom=classroom,
            code=_free_code(),
            game=spec.game,
            seats=spec.seats,
            fill_with_computers=spec.fill_with_computers,
            clock_seconds=spec.clock_seconds,
            time_bank_seconds=spec.time_bank_seconds,
            coach_live=spec.coach_live,
        )
        _log(table, "open", f"{spec.name} is open: {PROFILES[spec.game].name}, {spec.seats} seats")
        if classroom is None:
            _sit(table, owner)
    return table


def _free_code() -> str:
    while True:
        code = new_code()
        if not LiveTable.objects.filter(code=code).exists():
            return code


def _locked(table_id: int) -> LiveTable:
    # Only the table row: the class is on the nullable side of an outer join.
    return (
        LiveTable.objects.select_for_update(of=("self",))
        .select_related("classroom")
        .get(pk=table_id)
    )


def sit(table_id: int, user: User, code: str = "") -> LiveSeat:
    """Take the first free chair; sitting again at a table one already sits at is a no-op."""
    with transaction.atomic():
        table = _locked(table_id)
        if not may_join(table, user, code):
            raise TableRefused(
                "Only the class's learners, or friends with the table's code, sit here."
            )
        if table.status != OPEN:
            raise TableRefused("The table is paused: sit down when the teacher opens it again.")
        seat = _sit(table, user)
        _maybe_deal(table)
    return seat


def _sit(table: LiveTable, user: User) -> LiveSeat:
    existing = table.seat_rows.filter(user=user).first()
    if existing is not None:
        if existing.sat_out:
            existing.sat_out = False
            existing.save(update_fields=["sat_out"])
            _log(table, "back", f"{_name(user)} is back")
        return existing
    taken = set(table.seat_rows.values_list("position", flat=True))
    free = [p for p in range(table.seats) if p not in taken]
    if not free:
        raise TableRefused("Every seat at this table is taken.")
    seat = LiveSeat.objects.create(
        table=table,
        position=free[0],
        user=user,
        stack=starting_stack(table.game),
        time_bank=table.time_bank_seconds,
    )
    _log(table, "sit", f"{_name(user)} sits down")
    return seat


def leave(table_id: int, user: User) -> None:
    """Stand up: during a hand the seat sits out (it checks or folds); the chair stays
    theirs, sat out, until they come back or leave between hands."""
    with transaction.atomic():
        table = _locked(table_id)
        seat = table.seat_rows.filter(user=user).first()
        if seat is None:
            return
        hand = _current(table)
        if hand is not None and user.pk in hand.players:
            seat.sat_out = True
            seat.save(update_fields=["sat_out"])
            _log(table, "away", f"{_name(user)} is sitting out")
            _play_absent(table, hand)
        else:
            seat.delete()
            _log(table, "leave", f"{_name(user)} leaves the table")


def sit_back(table_id: int, user: User) -> None:
    with transaction.atomic():
        table = _locked(table_id)
        seat = table.seat_rows.filter(user=user).first()
        if seat is None or not seat.sat_out:
            return
        seat.sat_out = False
        seat.time_bank = table.time_bank_seconds
        seat.save(update_fields=["sat_out", "time_bank"])
        _log(table, "back", f"{_name(user)} is back")
        _maybe_deal(table)


def set_status(table_id: int, user: User, status: str) -> None:
    """A teacher (or a friend's table's owner) pauses, resumes or closes the table."""
    with transaction.atomic():
        table = _locked(table_id)
        if not (teaches(table, user) or table.owner_id == user.pk):
            raise TableRefused("Only the table's teacher or owner can do that.")
        if table.status == status:
            return
        table.status = status
        table.save(update_fields=["status"])
        words = {"open": "The table is open again", "paused": "The table is paused"}
        _log(table, status, words.get(status, "The table is closed"))
        hand = _current(table)
        if status == OPEN and hand is not None:
            hand.turn_started_at = timezone.now()  # a pause does not eat anyone's clock
            hand.save(update_fields=["turn_started_at"])
        if status == OPEN:
            _maybe_deal(table)


# -- hands --------------------------------------------------------------------------


def _current(table: LiveTable) -> LiveTableHand | None:
    return table.hands.filter(is_over=False).order_by("-number").first()


def live_of(hand: LiveTableHand) -> LiveHand:
    settings = encoding.settings_from(hand.settings)
    return LiveHand.replay(settings, encoding.actions_from(hand.actions))


def _seat_name(user: User, used: set[str]) -> str:
    base = "".join(ch for ch in user.get_username() if ch not in NAME_FORBIDDEN).strip()[:20]
    name = base or f"Player{user.pk}"
    while name in used:
        name = f"{name}_"
    return name


def open_match(
    teacher: User, classroom: Any, spec: TableSpec, *, tables: int, hands: int
) -> SameDealsMatch:
    """A same-deals match: ``tables`` tables that deal the same ``hands`` hands, each
    table's chairs rotated one more place against the deal."""
    with transaction.atomic():
        match = SameDealsMatch.objects.create(
            classroom=classroom,
            name=spec.name,
            game=spec.game,
            seed=secrets.randbelow(2**30),
            hands_per_table=hands,
        )
        for index in range(tables):
            table = open_table(
                teacher,
                TableSpec(**{**spec.__dict__, "name": f"{spec.name}, table {index + 1}"}),
                classroom=classroom,
            )
            table.match = match
            table.match_index = index
            table.save(update_fields=["match", "match_index"])
    return match


def _maybe_deal(table: LiveTable) -> LiveTableHand | None:
    """Deal the next hand when none is running and at least two people are ready
    (a match table stops after its match's number of hands)."""
    if table.status != OPEN or _current(table) is not None:
        return None
    match = table.match
    ready = [s for s in table.seat_rows.select_related("user") if not s.sat_out]
    if len(ready) < 2:
        return None
    chairs: list[LiveSeat | None] = []
    by_position = {s.position: s for s in ready}
    for position in range(table.seats):
        seat = by_position.get(position)
        if seat is not None or table.fill_with_computers:
            chairs.append(seat)
    number = (table.hands.order_by("-number").values_list("number", flat=True).first() or 0) + 1
    if match is not None:
        if number > match.hands_per_table:
            return None
        # The same deal at every table of the match, each table's people moved round
        # the deal by its place in the match: a deal's cards reach different people.
        turn = table.match_index % len(chairs)
        chairs = chairs[turn:] + chairs[:turn]
    used: set[str] = {"You"}  # the engine says "You call" for a learner named You
    names: list[str] = []
    for i, seat in enumerate(chairs):
        name = _seat_name(seat.user, used) if seat is not None else f"Bot{i + 1}"
        used.add(name)
        names.append(name)
    stack = starting_stack(table.game)
    n = len(chairs)
    first_person = next(i for i, s in enumerate(chairs) if s is not None)
    settings = TableSettings(
        game=table.game,
        seats=n,
        learner_seat=first_person,
        personalities=tuple(
            None if s is not None else COMPUTERS[i % len(COMPUTERS)] for i, s in enumerate(chairs)
        ),
        # A match starts every hand from the same stacks, so a deal is the same deal.
        stacks=tuple(s.stack if s is not None and match is None else stack for s in chairs),
        button=(number - 1) % n,
        seed=match.seed + number if match is not None else secrets.randbelow(2**31),
        names=tuple(names),
    )
    live = LiveHand.start(settings)
    hand = LiveTableHand.objects.create(
        table=table,
        number=number,
        settings=encoding.settings_json(settings),
        players=[s.user_id if s is not None else None for s in chairs],
        turn_started_at=timezone.now(),
    )
    _log(table, "deal", f"Hand {number} is dealt", hand_number=number)
    _log_hand_events(table, hand, live, 0)
    _after_change(table, hand, live)
    return hand


def _log_hand_events(table: LiveTable, hand: LiveTableHand, live: LiveHand, first: int) -> None:
    _log_many(table, [(e.kind, e.text) for e in live.events[first:]], hand_number=hand.number)


@dataclass(frozen=True)
class Acted:
    table: LiveTable
    hand: LiveTableHand
    live: LiveHand


def act(table_id: int, user: User, step: int, action: Action) -> Acted:
    """Play ``user``'s action as the answer to ``step``; refuse it in words otherwise."""
    with transaction.atomic():
        table = _locked(table_id)
        hand = _current(table)
        if hand is None:
            raise TableRefused("No hand is being played at this table just now.")
        if table.status != OPEN:
            raise TableRefused("The table is paused: wait for the teacher to open it again.")
        if user.pk not in hand.players:
            raise TableRefused("You have no seat in this hand.")
        seat = hand.players.index(user.pk)
        live = live_cache.take(hand)
        if step != live.step or live.person_to_act != seat:
            live_cache.give(hand, live)  # untouched: the next change may use it
            if step != live.step:
                raise TableRefused("The hand has moved on since your page was drawn: look again.")
            raise TableRefused("It is not your turn.")
        _spend_clock(table, hand, user)
        if table.coach_live:
            _grade_now(hand, live, seat, user, action)
        first = len(live.events)
        try:
            live.play(action)
        except (IllegalAction, EvaluatorError) as error:
            text = str(error)
            raise TableRefused(f"{text[:1].upper()}{text[1:]}.") from None
        hand.actions = [*hand.actions, encoding.action_json(action)]
        hand.turn_started_at = timezone.now()
        _log_hand_events(table, hand, live, first)
        _after_change(table, hand, live)
    return Acted(table, hand, live)


def _grade_now(hand: LiveTableHand, live: LiveHand, seat: int, user: User, action: Action) -> None:
    """The coach's grade of this decision, told from the player's own chair, kept for
    their page alone (the table's "coach as they play")."""
    mine = LiveHand.replay(live.settings.seen_by(seat), live.learner_actions)
    try:
        grade = grade_decision(mine, action)
    except (IllegalAction, EvaluatorError):
        return  # an illegal action is refused by the play that follows
    hand.live_grades[str(user.pk)] = {
        "step": grade.step,
        "decision": grade.decision,
        "grade": grade.grade,
        "reason": grade.reason,
        "better_play": grade.better_play or "",
        "size": round(grade.size, 4),
    }


def _spend_clock(table: LiveTable, hand: LiveTableHand, user: User) -> None:
    """Time past the clock comes out of the player's bank."""
    used = (timezone.now() - hand.turn_started_at).total_seconds()
    over = int(used - table.clock_seconds)
    if over > 0:
        seat = table.seat_rows.get(user=user)
        seat.time_bank = max(0, seat.time_bank - over)
        seat.save(update_fields=["time_bank"])


def deadline(table: LiveTable, hand: LiveTableHand, live: LiveHand) -> Any:
    """When the seat to act runs out of time (the clock plus what is left in its bank)."""
    seat = live.person_to_act
    if seat is None or hand.is_over:
        return None
    bank = 0
    user_id = hand.players[seat]
    row = table.seat_rows.filter(user_id=user_id).first()
    if row is not None:
        bank = row.time_bank
    return hand.turn_started_at + timedelta(seconds=table.clock_seconds + bank)


def tick_due(table: LiveTable) -> bool:
    """Whether ``tick`` may have something to do, read without the table's lock: a seat's
    clock has run out, or no hand is being played (the next may be due). A page load asks
    this first, so watching a table never queues behind the moves made at it."""
    if table.status != OPEN:
        return False
    hand = _current(table)
    if hand is None:
        return True
    live = live_cache.take(hand)
    live_cache.give(hand, live)
    when = deadline(table, hand, live)
    return when is not None and timezone.now() >= when


def tick(table_id: int) -> bool:
    """Enforce the clock: a seat out of time checks (or stands pat) if it may, else folds,
    and sits out. Also deals the next hand when one is due. True when anything changed."""
    with transaction.atomic():
        table = _locked(table_id)
        if table.status != OPEN:
            return False
        before = table.last_seq
        hand = _current(table)
        if hand is None:
            _maybe_deal(table)
            return table.last_seq != before
        live = live_cache.take(hand)
        when = deadline(table, hand, live)
        if when is not None and timezone.now() >= when:
            seat = live.person_to_act
            assert seat is not None
            row = table.seat_rows.select_related("user").filter(user_id=hand.players[seat]).first()
            if row is not None:
                row.sat_out = True
                row.time_bank = 0
                row.save(update_fields=["sat_out", "time_bank"])
                _log(table, "timeout", f"{_name(row.user)} ran out of time and is sitting out")
            _play_absent(table, hand, live)
        else:
            live_cache.give(hand, live)  # untouched: the next move may use it
        return table.last_seq != before


def _absent_action(live: LiveHand) -> Action:
    kinds = {a.kind for a in live.legal_actions_for(live.person_to_act or 0)}
    if "draw" in kinds:
        return Action("draw", ())
    return Action("check" if "check" in kinds else "fold")


def _play_absent(table: LiveTable, hand: LiveTableHand, live: LiveHand | None = None) -> None:
    _after_change(table, hand, live or live_cache.take(hand))


def _after_change(table: LiveTable, hand: LiveTableHand, live: LiveHand) -> None:
    """Play the turns of seats that are sitting out (check or fold, stand pat in a draw),
    store the hand, and at its end pay the chairs and keep each person's graded copy."""
    seats = list(table.seat_rows.select_related("user"))
    away = {s.user_id for s in seats if s.sat_out}
    first = len(live.events)
    while not live.is_over:
        seat = live.person_to_act
        if seat is None or hand.players[seat] not in away:
            break
        action = _absent_action(live)
        live.play(action)
        hand.actions = [*hand.actions, encoding.action_json(action)]
    if len(live.events) > first:
        hand.turn_started_at = timezone.now()
        _log_hand_events(table, hand, live, first)
    hand.is_over = live.is_over
    # Only what a move changes: the graded copies belong to the grading task.
    hand.save(update_fields=["actions", "is_over", "turn_started_at", "live_grades"])
    table.__dict__["_played"] = (hand, live)  # told to the browsers once this commits
    if live.is_over:
        _finish(table, hand, live)  # pays the chairs: their rows change
    else:
        table.__dict__["_seats"] = tuple(seats)  # as they are when this commits


def _finish(table: LiveTable, hand: LiveTableHand, live: LiveHand) -> None:
    final = live.final_stacks()
    start = starting_stack(table.game)
    for seat, user_id in enumerate(hand.players):
        if user_id is None:
            continue
        # A class table never sends anyone home: a seat that went broke starts again.
        LiveSeat.objects.filter(table=table, user_id=user_id).update(
            stack=final[seat] if final[seat] > 0 else start
        )
    net = live.net()
    for seat, user_id in enumerate(hand.players):
        if user_id is not None and net[seat] > 0:
            chips = net[seat]
            _log(
                table,
                "won",
                f"{live.settings.names[seat]} wins {chips} chip{'s' if chips != 1 else ''}",
                hand_number=hand.number,
            )
    hand_id = hand.pk
    transaction.on_commit(lambda: tasks.grade_hand.enqueue(hand_id))


def keep_graded_copy(table: LiveTable, hand: LiveTableHand, seat: int, user_id: int) -> int:
    """Each person's hand goes to their history, graded privately, like a study-table hand:
    the review, the decision queue and "play N hands" work all read it."""
    settings = encoding.settings_from(hand.settings).seen_by(seat)
    actions = encoding.actions_from(hand.actions)
    learner = Learner(user_id=user_id, key="")
    replay = LiveHand.start(settings)
    grades = []
    for action in actions:
        if replay.person_to_act == seat:
            grades.append(grade_decision(replay, action))
        replay.play(action)
    row = PlayedHand.objects.create(
        **learner.owner(),
        game=settings.game,
        coaching=COACH_LIVE if table.coach_live else COACH_AFTER,
        table=encoding.settings_json(settings),
        actions=hand.actions,
        step=replay.step,
        is_over=True,
        net=replay.net()[seat],
        big_bet=replay.profile.big_bet,
        decisions=len(grades),
        blunders=sum(g.grade == "blunder" for g in grades),
        mistake_total=sum(g.size for g in grades),
    )
    for grade in grades:
        hands.store_grade(row, grade)
        hands.feed_skills(learner, row, grade)
    events.HAND_FINISHED.fire(learner, row)  # "play N hands" work and course-site grades
    return row.pk


def next_hand(table_id: int) -> None:
    with transaction.atomic():
        _maybe_deal(_locked(table_id))


# -- the log ------------------------------------------------------------------------


def _name(user: User) -> str:
    return user.get_username()


def _log(table: LiveTable, kind: str, text: str, hand_number: int = 0) -> TableEvent:
    return _log_many(table, [(kind, text)], hand_number)[0]


def _log_many(
    table: LiveTable, lines: list[tuple[str, str]], hand_number: int = 0
) -> list[TableEvent]:
    """Number the events after the table's last; the table row is locked, so numbers never
    repeat or skip."""
    if not lines:
        return []
    rows = []
    for kind, text in lines:
        table.last_seq += 1
        rows.append(
            TableEvent(
                table=table, seq=table.last_seq, hand_number=hand_number, kind=kind, text=text[:300]
            )
        )
    LiveTable.objects.filter(pk=table.pk).update(last_seq=table.last_seq)
    TableEvent.objects.bulk_create(rows)
    pending = table.__dict__.setdefault("_new_events", [])
    if not pending:
        transaction.on_commit(lambda: _publish(table))
    pending.extend(rows)
    return rows


def _publish(table: LiveTable) -> None:
    """Once a change commits, send each viewer the new events and their own view, once
    however many events the change logged (``tables.broadcast``)."""
    from tables import views_state  # it reads the service's rules, so it comes late

    rows = table.__dict__.pop("_new_events", [])
    hand, live = table.__dict__.pop("_played", (None, None))
    seats = table.__dict__.pop("_seats", None)
    if hand is not None and live is not None:
        live_cache.give(hand, live)
    try:
        view = views_state.read(table, hand, live, seats)
    except Exception:  # the log is the truth: the browsers' next resync reads it
        log.warning("could not draw table %s for its browsers", table.pk, exc_info=True)
        broadcast.changed(table.pk, table.last_seq)
        return
    broadcast.publish(view, [_event_json(e) for e in rows])


def _event_json(event: TableEvent) -> dict[str, Any]:
    return {"seq": event.seq, "hand": event.hand_number, "kind": event.kind, "text": event.text}


def events_after(table: LiveTable, seq: int, limit: int = 200) -> list[dict[str, Any]]:
    rows = table.events.filter(seq__gt=seq).order_by("seq")[:limit]
    return [_event_json(e) for e in rows]

"""The practice session pages, as a learner (and a tampering one) uses them."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import AnonymousUser
from django.contrib.sessions.backends.db import SessionStore

from evaluator import settle
from evaluator.drills import generate
from lessons import skills
from lessons.deals import parts
from lessons.drills.items import DrillTable
from lessons.exercises.forms import AnswerForm
from lessons.learners import mastery
from lessons.models import Attempt, SkillState, StudyItem, StudySession
from lessons.study import sessions as study

pytestmark = pytest.mark.django_db


def right_answer(item: StudyItem, prefix: str = "study") -> dict[str, object]:
    """The engine's right answer to a stored item, as the session's form posts it."""
    table = DrillTable.of(generate(item.drill_kind, item.game, item.difficulty, item.seed))
    answer = parts.model_answer(table)
    dealt = table.item
    if dealt.contributions:  # side pots: the engine's own settlement of the contributions
        result = settle(
            table.profile,
            table.hands,
            contributions=dealt.contributions,
            folded=table.folded,
            button=dealt.button,
        )
        answer = {parts.answer_key(0, "seat", s): str(c) for s, c in enumerate(result.payouts)}
    return {f"{prefix}-{k}": v for k, v in answer.items()} | {"seed": str(item.seed)}


def wrong_answer(item: StudyItem) -> dict[str, object] | None:
    """A complete answer the engine marks wrong: the right one with one field changed.

    None when the item offers no wrong answer at all (a raise question with one option).
    """
    table = DrillTable.of(generate(item.drill_kind, item.game, item.difficulty, item.seed))
    right = right_answer(item)
    fields = {f"study-{k}": f for q in parts.questions(table) for k, f in q.fields.items()}
    for candidate in _changes(right, fields):
        form = AnswerForm(candidate, deal=table, prefix="study")
        if form.is_valid() and not form.all_right:
            return candidate
    return None


def _changes(right, fields):
    """Answers one change away from ``right``: a chip moved, another option, a far estimate."""
    names = [n for n in right if n != "seed"]
    numbers = [n for n in names if not getattr(fields[n], "choices", None)]
    if len(numbers) > 1:  # payouts: move one chip so the total still adds up
        for a in numbers:
            for b in numbers:
                if a != b and int(right[a]) > 0:
                    yield right | {a: str(int(right[a]) - 1), b: str(int(right[b]) + 1)}
    for name in names:
        value = right[name]
        choices = [str(c) for c, _ in getattr(fields[name], "choices", [])]
        if isinstance(value, list):
            for option in [[c] for c in choices] + [choices[:2], []]:
                if option != value:
                    yield right | {name: option}
        elif choices:
            for option in choices:
                if option != value:
                    yield right | {name: option}
        else:
            yield right | {name: "0" if float(value) > 50 else "100"}


def start(client, kind: str = "practice") -> StudySession:
    response = client.post("/study/start/", {"kind": kind})
    assert response.status_code == 302, response.content[:300]
    session_id = int(re.search(r"/study/(\d+)/", response["Location"]).group(1))
    return StudySession.objects.get(pk=session_id)


def current(session: StudySession) -> StudyItem:
    return session.items.filter(answered_at__isnull=True).order_by("position").first()


def answer_url(session: StudySession, item: StudyItem) -> str:
    return f"/study/{session.pk}/{item.position}/"


def test_the_study_page_offers_a_session_and_lists_every_skill(client):
    body = client.get("/study/").content.decode()
    assert "Start a practice session" in body
    for skill in skills.SKILLS:
        assert skill.name in body
    assert "mastery challenge" not in body.split("<main", 1)[-1].split("Your skills")[0].lower()


def test_a_new_learners_session_opens_the_first_skills_of_the_course(client):
    session = start(client)
    items = list(session.items.order_by("position"))
    assert len(items) == 10
    opened = {item.skill for item in items}
    assert opened <= {s.key for s in skills.SKILLS[: mastery.NEW_PER_DAY]}
    assert {item.purpose for item in items} == {mastery.NEW, mastery.PRACTICE}
    body = client.get(f"/study/{session.pk}/").content.decode()
    assert "Item 1 of 10" in body and 'name="seed"' in body


def test_a_right_answer_is_recorded_once_and_moves_the_skill(client):
    session = start(client)
    item = current(session)
    response = client.post(answer_url(session, item), right_answer(item))
    body = response.content.decode()
    assert response.status_code == 200
    assert "Right: item 1" in body and "Item 2 of 10" in body
    item.refresh_from_db()
    assert item.correct is True and item.answered_at is not None
    assert Attempt.objects.filter(drill_kind=item.drill_kind, item_key=item.item_key).count() == 1
    state = SkillState.objects.get(skill=item.skill)
    assert state.level == mastery.ATTEMPTED and state.due is not None
    # The same post again (a resent form, a second tab): it counts once.
    again = client.post(answer_url(session, item), right_answer(item))
    assert again.status_code == 200 and "already answered" in again.content.decode()
    assert Attempt.objects.filter(drill_kind=item.drill_kind, item_key=item.item_key).count() == 1
    assert SkillState.objects.get(skill=item.skill).answers == 1


def test_htmx_gets_only_the_session_region(client):
    session = start(client)
    item = current(session)
    response = client.post(answer_url(session, item), right_answer(item), HTTP_HX_REQUEST="true")
    body = response.content.decode()
    assert response.status_code == 200
    assert body.lstrip().startswith('<div id="study-region"') and "<html" not in body


def test_a_wrong_answer_shows_the_worked_answer_and_counts_as_wrong(client):
    session = start(client)
    item = current(session)
    response = client.post(answer_url(session, item), wrong_answer(item))
    body = response.content.decode()
    assert response.status_code == 200 and "Not quite" in body
    assert "The worked answer to item 1" in body
    item.refresh_from_db()
    assert item.correct is False


def test_a_reload_shows_the_next_unanswered_item(client):
    session = start(client)
    first = current(session)
    client.post(answer_url(session, first), right_answer(first))
    body = client.get(f"/study/{session.pk}/").content.decode()
    assert "Item 2 of 10" in body and "1 of 10 answered" in body
    # A GET of the answer address (a reload after a plain post) goes back to the session.
    assert client.get(answer_url(session, first))["Location"] == f"/study/{session.pk}/"


@pytest.mark.parametrize(
    "change",
    [
        {"seed": "12x"},
        {"seed": "-1"},
        {"seed": str(2**40)},
        {"seed": None},
    ],
)
def test_a_tampered_seed_is_refused_and_changes_nothing(client, change):
    session = start(client)
    item = current(session)
    data = right_answer(item)
    if change["seed"] is None:
        data.pop("seed")
    else:
        data.update(change)
    response = client.post(answer_url(session, item), data)
    assert response.status_code == 400
    assert "Nothing was recorded" in response.content.decode()
    item.refresh_from_db()
    assert item.answered_at is None and not Attempt.objects.exists()
    assert not SkillState.objects.exists()


def test_an_answer_for_another_item_is_refused(client):
    session = start(client)
    item = current(session)
    data = right_answer(item) | {"seed": str((item.seed + 1) % 2**32)}
    response = client.post(answer_url(session, item), data)
    assert response.status_code == 400 and "another item" in response.content.decode()
    assert not Attempt.objects.exists()


def test_an_unreadable_answer_is_refused(client):
    session = start(client)
    item = current(session)
    data = {k: ("not-a-card" if k != "seed" else v) for k, v in right_answer(item).items()}
    response = client.post(answer_url(session, item), data)
    assert response.status_code == 400
    assert not Attempt.objects.exists()


def test_an_incomplete_answer_asks_for_the_rest(client):
    session = start(client)
    item = current(session)
    response = client.post(answer_url(session, item), {"seed": str(item.seed)})
    assert response.status_code == 200
    assert "could not be checked yet" in response.content.decode()
    assert not Attempt.objects.exists()


def test_another_learners_session_is_not_found(client, django_user_model):
    session = start(client)
    item = current(session)
    other = django_user_model.objects.create_user("other", password="pw-123456789")
    from django.test import Client

    stranger = Client()
    stranger.force_login(other)
    assert stranger.get(f"/study/{session.pk}/").status_code == 404
    assert stranger.post(answer_url(session, item), right_answer(item)).status_code == 404
    assert stranger.post(f"/study/{session.pk}/{item.position}/hint/", {}).status_code == 404
    item.refresh_from_db()
    assert item.answered_at is None


def test_an_unknown_session_is_not_found_and_an_unknown_item_refused(client):
    session = start(client)
    assert client.get("/study/999999/").status_code == 404
    refused = client.post(f"/study/{session.pk}/99/", {"seed": "1"})
    assert refused.status_code == 400 and "no item 99" in refused.content.decode()
    assert client.post(f"/study/{session.pk}/99/hint/", {"hint": "0"}).status_code == 400
    assert not Attempt.objects.exists()


def test_a_bad_start_is_refused(client):
    assert client.post("/study/start/", {"kind": "holiday"}).status_code == 400
    assert not StudySession.objects.exists()


def test_a_challenge_needs_a_proficient_skill(client):
    response = client.post("/study/start/", {"kind": "challenge"})
    assert response.status_code == 400 and "proficient" in response.content.decode()
    assert not StudySession.objects.exists()


def test_a_finished_session_shows_its_summary(client):
    session = start(client)
    for n in range(10):
        item = current(session)
        data = right_answer(item) if n % 3 else wrong_answer(item)
        assert client.post(answer_url(session, item), data).status_code == 200
    session.refresh_from_db()
    assert session.finished is not None
    body = client.get(f"/study/{session.pk}/").content.decode()
    right = session.items.filter(correct=True).count()
    assert f"Session done: {right} of 10 right" in body
    assert ("Moved up:" in body or "Started:" in body) and "Due next:" in body
    assert "To read before next time" in body  # a third of the answers were wrong


def finish(client, session, right: bool) -> str:
    for _ in range(10):
        item = current(session)
        data = right_answer(item) if right else wrong_answer(item)
        assert client.post(answer_url(session, item), data).status_code == 200
    return client.get(f"/study/{session.pk}/").content.decode()


def test_ten_of_ten_right_suggests_nothing_to_read(client):
    body = finish(client, start(client), right=True)
    assert "Session done: 10 of 10 right" in body
    assert "To read before next time" not in body


def test_a_first_session_all_wrong_says_started_not_moved_up(client):
    session = start(client)
    body = finish(client, session, right=False)
    assert "Session done: 0 of 10 right" in body
    assert "Moved up:" not in body
    assert "Started:" in body and "(now Learning)" in body
    assert "To read before next time" in body


def test_a_hint_keeps_the_learner_in_the_session(client):
    session = start(client)
    item = current(session)
    table = DrillTable.of(generate(item.drill_kind, item.game, item.difficulty, item.seed))
    if not parts.hints(table)[0]:
        pytest.skip("this item's first part has no hints")
    url = f"/study/{session.pk}/{item.position}/hint/"
    response = client.post(url, {"hint": "0", "seed": str(item.seed)})
    assert response.status_code == 200
    body = response.content.decode()
    assert "Hint 1 of" in body and f"Item {item.position} of 10" in body
    htmx = client.post(url, {"hint": "0"}, HTTP_HX_REQUEST="true")
    assert htmx.status_code == 200 and "Hint 1 of" in htmx.content.decode()
    assert not Attempt.objects.exists()


def test_two_tabs_posting_the_same_item_at_once_record_it_once(client, rf):
    """Both tabs read the item unanswered; only the conditional UPDATE's winner records."""
    session = start(client)
    item = current(session)
    table = DrillTable.of(generate(item.drill_kind, item.game, item.difficulty, item.seed))
    results = []
    for _ in range(2):  # the same stale item object, as two requests would each have read it
        request = rf.post(answer_url(session, item), right_answer(item))
        request.user = AnonymousUser()
        request.session = SessionStore(client.session.session_key)
        form = AnswerForm(request.POST, deal=table, prefix="study")
        assert form.is_valid()
        results.append(study.answer(request, session, item, table, form))
    assert results == [True, False]
    assert Attempt.objects.count() == 1
    assert SkillState.objects.get(skill=item.skill).answers == 1


def test_a_right_answer_only_after_the_last_hint_steps_the_skill_down(client):
    session = start(client)
    item = current(session)
    table = DrillTable.of(generate(item.drill_kind, item.game, item.difficulty, item.seed))
    offered = len(parts.hints(table)[0])
    assert offered, "the first skills' items offer hints"
    SkillState.objects.create(
        learner_key=client.session["learner_key"], skill=item.skill, level=mastery.FAMILIAR
    )
    data = right_answer(item) | {"study-p0_hints": str(offered)}
    assert "Right: item 1" in client.post(answer_url(session, item), data).content.decode()
    assert SkillState.objects.get(skill=item.skill).level == mastery.ATTEMPTED


def test_a_right_answer_with_some_hints_is_help_not_failure(client):
    session = start(client)
    item = current(session)
    SkillState.objects.create(
        learner_key=client.session["learner_key"], skill=item.skill, level=mastery.FAMILIAR
    )
    client.post(answer_url(session, item), right_answer(item) | {"study-p0_hints": "1"})
    state = SkillState.objects.get(skill=item.skill)
    assert state.level == mastery.FAMILIAR and state.rights == 1


def test_starting_again_goes_back_to_the_open_session_instead_of_making_another(client):
    first = client.post("/study/start/", {"kind": "practice"})
    for _ in range(5):
        again = client.post("/study/start/", {"kind": "practice"})
        assert again["Location"] == first["Location"]
    assert StudySession.objects.count() == 1
    # After an answer, Start builds a fresh session from what is due now.
    session = StudySession.objects.get()
    item = current(session)
    assert client.post(answer_url(session, item), right_answer(item)).status_code == 200
    fresh = client.post("/study/start/", {"kind": "practice"})
    assert fresh["Location"] != first["Location"]
    assert StudySession.objects.count() == 2


def test_a_session_left_open_closes_at_the_end_of_its_day(client):
    from datetime import UTC, datetime, timedelta

    import time_machine

    monday = datetime(2026, 3, 2, 21, 0, tzinfo=UTC)
    with time_machine.travel(monday, tick=False):
        session = start(client)
        item = current(session)
        client.post(answer_url(session, item), right_answer(item))
        assert "Go back to your unfinished session" in client.get("/").content.decode()
    with time_machine.travel(monday + timedelta(hours=4), tick=False):  # past midnight
        assert "Go back to your unfinished session" not in client.get("/").content.decode()
        session.refresh_from_db()
        assert session.finished == datetime(2026, 3, 3, tzinfo=UTC)
        page = client.get(f"/study/{session.pk}/").content.decode()
        assert "Session closed at the end of its day" in page and 'name="seed"' not in page
        late = current(session)
        response = client.post(answer_url(session, late), right_answer(late))
        assert response.status_code == 400
        assert "closed at the end of its day" in response.content.decode()
        late.refresh_from_db()
        assert late.answered_at is None
        assert start(client).pk != session.pk  # a new day, a new session

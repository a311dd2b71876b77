"""The Table basics lesson: first in the course, its page, its exercises and its step kinds.

Every expectation is the engine's: the replay of the lesson's worked deal
decides whose turn it is and what the pot holds, ``settle`` the payouts.
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains

from evaluator import worked_deal
from lessons import course
from lessons.deals import parts
from lessons.deals.histories import replay_history
from lessons.deals.parts import _history_steps as steps
from lessons.models import Deal
from lessons.pages import page_data
from tests.factories import make_deal, right_answer

pytestmark = pytest.mark.django_db

PLAYED = replay_history(worked_deal("table_basics"))


def post(client, deal, data):
    return client.post(deal.check_url, data, headers={"HX-Request": "true"})


# The course --------------------------------------------------------------------


def test_the_lesson_is_first_in_the_course_and_the_menu(client):
    assert course.LESSONS[0].key == "table_basics"
    assert course.neighbours("badugi")[0] is course.LESSONS[0]
    assert course.lesson_choices()[0] == ("table_basics", "Table basics")
    body = client.get(reverse("lessons:badugi")).content.decode()
    menu = body.split("<main", 1)[0]
    assert menu.index(course.LESSONS[0].url) < menu.index(course.BY_KEY["badugi"].url)


def test_the_badugi_lesson_links_back_to_table_basics(client):
    response = client.get(reverse("lessons:badugi"))
    assertContains(response, f'href="{reverse("lessons:table_basics")}"')


def test_a_table_basics_learner_is_sent_only_to_its_own_sections():
    assert course.within_reach("badugi#betting", "table_basics") == "table_basics#limits"
    assert course.within_reach("badacey#schedule", "table_basics") == "table_basics#limits"
    assert course.within_reach("badugi#betting", "badugi") == "badugi#betting"


def test_the_home_page_says_a_poker_player_may_skip_the_first_lesson(client):
    response = client.get(reverse("lessons:home"))
    first, then = course.LESSONS[0], course.LESSONS[1]
    assertContains(response, "already knows poker may skip it")
    assertContains(response, f'<a href="{first.url}">{first.title}</a> comes first')
    assertContains(response, f'<a href="{then.url}">{then.title}</a>')


# The page ----------------------------------------------------------------------


def test_the_page_shows_the_engines_pots_and_links_the_replay_steps(client):
    body = client.get(reverse("lessons:table_basics")).content.decode()
    for pot in PLAYED.settlement.pots:
        assert f"<td>{pot.amount}</td>" in body
    all_in = next(s for s in PLAYED.steps if s.action == "all-in")
    url = reverse("lessons:replay", args=[page_data.TABLE_BASICS_REPLAY])
    assert f'href="{url}?step={all_in.index}"' in body
    assert client.get(f"{url}?step={all_in.index}").status_code == 200


def test_without_its_published_replay_the_page_links_no_step(client):
    Deal.objects.filter(slug=page_data.TABLE_BASICS_REPLAY).update(published=False)
    from django.core.cache import cache

    cache.clear()
    body = client.get(reverse("lessons:table_basics")).content.decode()
    url = reverse("lessons:replay", args=[page_data.TABLE_BASICS_REPLAY])
    assert body.count(url) == 0  # the quick checks may link replays of their own deals


# The exercises -----------------------------------------------------------------


def exercises() -> list[Deal]:
    return list(Deal.objects.for_lesson("table_basics"))


def test_there_are_six_exercises_and_the_right_answers_are_accepted(client):
    found = exercises()
    assert [d.number for d in found] == [1, 2, 3, 4, 5, 6]
    for deal in found:
        response = post(client, deal, right_answer(deal))
        assertContains(response, "feedback--right")


def test_whose_turn_is_the_seat_that_acts_next_in_the_replay(client):
    deal = Deal.objects.get(slug="table_basics-1")
    for index, part in enumerate(deal.parts):
        nxt = PLAYED.steps[part["step"] + 1]
        assert parts.model_answer(deal)[f"p{index}"] == str(nxt.actor)
    wrong = right_answer(deal) | {f"{deal.slug}-p0": str(PLAYED.steps[2].actor)}
    response = post(client, deal, wrong)
    assertContains(response, "the turn moves one seat to the left")


def test_a_folded_seat_is_named_as_folded_when_picked(client):
    deal = Deal.objects.get(slug="table_basics-4")
    ben = next(s.actor for s in PLAYED.steps if s.action == "fold")
    response = post(client, deal, right_answer(deal) | {f"{deal.slug}-p0": str(ben)})
    assertContains(response, "has folded, and a folded seat never acts again")


def test_the_pot_is_the_replays_and_a_pot_before_the_last_step_is_named(client):
    deal = Deal.objects.get(slug="table_basics-2")
    step = deal.parts[0]["step"]
    assert right_answer(deal)[f"{deal.slug}-p0"] == str(PLAYED.steps[step].state.pot)
    before = PLAYED.steps[step - 1].state.pot
    response = post(client, deal, right_answer(deal) | {f"{deal.slug}-p0": str(before)})
    assertContains(response, f"{before} was the pot just before")
    assertContains(response, f'href="{reverse("lessons:table_basics")}#actions"')


def test_a_pot_of_this_street_alone_is_named(client):
    deal = Deal.objects.get(slug="table_basics-2")
    step = deal.parts[1]["step"]
    moved = sum(s.amount or 0 for s in steps.street_events(PLAYED, step) if s.kind == "action")
    response = post(client, deal, right_answer(deal) | {f"{deal.slug}-p1": str(moved)})
    assertContains(response, "counts only this street")


def test_the_raise_questions_are_the_tables_own(client):
    deal = Deal.objects.get(slug="table_basics-3")
    for index, part in enumerate(deal.parts):
        right = deal.profile.full_raise_to(part["round"], part["facing"])
        assert right_answer(deal)[f"{deal.slug}-p{index}"] == str(right)
        wrong = next(o for o in part["options"] if o != right)
        response = post(client, deal, right_answer(deal) | {f"{deal.slug}-p{index}": str(wrong)})
        assertContains(response, f"so a full raise is not to {wrong}")


def test_the_all_in_seat_is_paid_from_the_main_pot_only(client):
    deal = Deal.objects.get(slug="table_basics-5")
    result = PLAYED.settlement
    dee = next(s.actor for s in PLAYED.steps if s.action == "all-in")
    main = result.pots[0]
    assert dee in main.eligible and all(dee not in pot.eligible for pot in result.pots[1:])
    data = right_answer(deal)
    assert data[f"{deal.slug}-p0_seat_{dee}"] == str(result.payouts[dee])
    # Paying the side pot's chips to Dee too is refused.
    wrong = data | {f"{deal.slug}-p0_seat_{dee}": str(result.payouts[dee] + result.pots[1].amount)}
    response = post(client, deal, wrong)
    assertContains(response, "feedback--wrong")


def test_the_odd_chip_goes_to_the_seat_the_engine_names(client):
    deal = Deal.objects.get(slug="table_basics-6")
    result = deal.settlement()
    shares = result.pots[0].awards[0].shares
    assert len(shares) == 2 and len(set(shares.values())) == 2  # a real odd chip
    swapped = right_answer(deal)
    a, b = (f"{deal.slug}-p0_seat_{s}" for s in shares)
    swapped[a], swapped[b] = swapped[b], swapped[a]
    response = post(client, deal, swapped)
    assertContains(response, "feedback--wrong")


# The step kinds ----------------------------------------------------------------


def history_deal(**kw):
    return make_deal(
        slug=kw.pop("slug", "steps"), history=worked_deal("table_basics"), seats=[], pot=None, **kw
    )


@pytest.mark.parametrize("kind", ["next_to_act", "pot_at"])
def test_a_step_kind_without_a_history_is_refused(kind):
    deal = Deal(
        slug="no-history",
        title="No history",
        game="badugi",
        seats=[{"name": "A", "cards": "A♠ 2♥ 3♦ 4♣"}, {"name": "B", "cards": "5♠ 4♥ 3♣ 2♦"}],
        prompt="?",
        parts=[{"kind": kind, "step": 2}],
    )
    with pytest.raises(Exception) as refused:
        deal.full_clean()
    assert "asks about a step of the history" in str(refused.value)


def test_a_step_past_the_history_is_refused_with_the_range():
    from lessons.content.loader import build

    last = len(PLAYED.steps) - 1
    deal = build(
        {
            "slug": "past",
            "title": "Past",
            "prompt": "?",
            "worked_deal": "table_basics",
            "parts": [{"kind": "pot_at", "step": last + 1}],
        }
    )
    with pytest.raises(Exception) as refused:
        deal.full_clean()
    assert f"steps 0 to {last}" in str(refused.value)


def test_next_to_act_refuses_a_step_after_which_nobody_decides():
    from lessons.content.loader import build

    showdown = next(s.index for s in PLAYED.steps if s.kind == "showdown")
    deal = build(
        {
            "slug": "nobody",
            "title": "Nobody",
            "prompt": "?",
            "worked_deal": "table_basics",
            "parts": [{"kind": "next_to_act", "step": showdown}],
        }
    )
    with pytest.raises(Exception) as refused:
        deal.full_clean()
    assert "nobody bets or draws right after" in str(refused.value)


@pytest.mark.parametrize(
    "line", ["next_to_act", "next_to_act step=", "next_to_act step=x", "next_to_act go=3"]
)
def test_a_bad_step_line_says_how_to_write_it(line):
    with pytest.raises(Exception) as refused:
        parts.parse_parts(line, ["A", "B"])
    assert "next_to_act step=5" in refused.value.messages[0]


def test_an_all_in_seat_is_skipped_in_the_betting():
    after_all_in = [
        s.index
        for s in PLAYED.steps
        if s.kind == "action" and any(seat.all_in for seat in s.state.seats)
    ]
    dee = next(s.actor for s in PLAYED.steps if s.action == "all-in")
    for index in after_all_in:
        assert steps.next_actor(PLAYED, index) != dee


def test_the_odd_chip_paragraph_names_the_seat_the_engine_paid_it_to(client):
    shares = PLAYED.settlement.pots[0].awards[0].shares
    extra = PLAYED.record.seats[max(shares, key=shares.get)].name
    response = client.get(reverse("lessons:table_basics"))
    assertContains(response, f"{extra} gets the extra chip")


def test_the_step_kinds_train_the_lessons_own_skill_which_comes_first():
    from lessons import skills

    first = skills.SKILLS[0]
    assert first.lesson == "table_basics" and first.drill == "betting"
    for kind in ("next_to_act", "pot_at"):
        assert skills.skills_for(kind, "badugi") == [first.key]
    assert first.key in skills.skills_for("raise_to", "badacey")


def test_skipping_an_all_in_seat_in_the_draw_is_corrected_not_confirmed(client):
    history = worked_deal("table_basics_checks")
    played = replay_history(history)
    count = len(played.record.seats)
    (index, max_seat) = next(
        (s.index, steps.next_actor(played, s.index))
        for s in played.steps[:-1]
        if played.steps[s.index + 1].kind == "draw"
        and steps.next_actor(played, s.index) is not None
        and played.steps[s.index].state.seats[steps.next_actor(played, s.index)].all_in
    )
    deal = make_deal(history=history, parts=[{"kind": "next_to_act", "step": index}])
    skipped_to = (max_seat + 1) % count
    key = next(iter(right_answer(deal)))
    body = post(client, deal, {key: str(skipped_to)}).content.decode()
    name = played.record.seats[max_seat].name
    assert f"{name} still draws" in body
    assert "skipping anyone who cannot act" not in body

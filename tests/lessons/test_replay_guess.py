"""Guess mode: the replayer asks before it shows, and the engine checks every answer.

Every right answer posted here is computed from the evaluator (the replay's
own states, ``draw_equity.discard_choices`` and the replay's settlement),
never typed; wrong answers are the right one moved by a chip or a card.
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import pytest
from django.db.models import F
from django.urls import reverse
from django.utils.html import escape
from pytest_django.asserts import assertContains, assertNotContains

from evaluator.draw_equity import MAX_DRAW, discard_choices
from evaluator.notation import parse_deal
from evaluator.replay import replay
from lessons.exercises.forms import card_value
from lessons.models import Attempt, Deal, SkillState
from tests.factories import make_teacher

pytestmark = pytest.mark.django_db

DEAL = "ines-olu-pavel"  # Olu (seat 1) is still in at the end, so guess mode studies him


def engine(slug: str = DEAL):
    return replay(parse_deal(Deal.objects.get(slug=slug).history))


def guess_url(step: int, study: int = 1, q: int = 0, slug: str = DEAL) -> str:
    base = reverse("lessons:replay", args=[slug])
    tail = f"&q={q}" if q else ""
    return f"{base}?step={step}&study={study}&guess=1{tail}"


def first_step(played, kind: str, seat: int | None = None) -> int:
    return next(
        s.index
        for s in played.steps
        if s.kind == kind and (seat is None or s.actor == seat) and (kind != "action" or s.amount)
    )


def best_counts(played, step: int, seat: int) -> set[int]:
    """How many cards the engine's best-share throws take, from draw_equity directly."""
    before = played.steps[step - 1].state.seats
    others = [s.cards for i, s in enumerate(before) if i != seat and not s.folded]
    most = min(played.profile.max_discard, MAX_DRAW)
    found = discard_choices(played.profile, before[seat].cards, others, most=most)
    return {len(c.discard) for c in found if c.share == found[0].share}


def badugi_cards(played, step: int, seat: int) -> list[str]:
    cards = played.steps[step].state.seats[seat].cards
    return [card_value(c) for c in played.profile.evaluator("badugi")(cards).cards]


def showdown_post(played) -> dict[str, object]:
    settled = played.settlement
    post: dict[str, object] = {}
    for kind in played.profile.awards:
        award = next(a for a in settled.pots[0].awards if a.kind == kind)
        post[f"guess-p0_{kind}"] = [str(s) for s in award.winners]
    for seat, chips in enumerate(settled.payouts):
        post[f"guess-p1_seat_{seat}"] = str(chips)
    return post


def place(response) -> tuple[int, int]:
    query = parse_qs(urlparse(response["Location"]).query)
    return int(query["step"][0]), int(query.get("q", ["0"])[0])


# Asking ---------------------------------------------------------------------------


def test_a_bet_asks_for_the_pot_and_hides_it(client):
    played = engine()
    step = first_step(played, "action")
    page = client.get(guess_url(step)).content.decode()
    assert 'data-guess-kind="pot"' in page
    assert "What is the pot now?" in page
    # The table is the one before the bet, and the sentence says no pot.
    assert f"data-replay-pot>{played.steps[step - 1].state.pot}<" in page
    assert f"The pot is {played.steps[step].state.pot}." not in page
    assert 'data-replay-control="next"' not in page


def test_the_studied_seats_draw_asks_the_throw_and_then_the_reading(client):
    played = engine()
    step = first_step(played, "draw", seat=1)
    first = client.get(guess_url(step)).content.decode()
    assert 'data-guess-kind="discard"' in first
    second = client.get(guess_url(step, q=1)).content.decode()
    assert 'data-guess-kind="reading"' in second
    assert escape("Which of Olu's cards count in the Badugi?") in second
    third = client.get(guess_url(step, q=2)).content.decode()
    assert "data-guess-kind" not in third
    assert 'data-replay-control="next"' in third


def test_the_showdown_asks_winners_and_payouts_and_holds_back_the_tables(client):
    played = engine()
    step = first_step(played, "showdown")
    page = client.get(guess_url(step)).content.decode()
    assert 'data-guess-kind="showdown"' in page
    assert 'name="guess-p1_seat_0"' in page
    assert 'id="replay-results-title"' not in page


def test_the_plain_replay_is_unchanged_and_offers_the_quiz(client):
    page = client.get(reverse("lessons:replay", args=[DEAL])).content.decode()
    assert "data-guess-kind" not in page
    assert "Quiz me on this deal" in page
    assert "guess=1" in page


# Refusing to move on ----------------------------------------------------------------


def test_no_answer_is_refused_with_a_message_and_nothing_recorded(client):
    played = engine()
    step = first_step(played, "action")
    response = client.post(guess_url(step), {"guess-answer": ""})
    assert response.status_code == 200
    assertContains(response, "Type a whole number, or choose “Show me”")
    assertContains(response, 'data-guess-kind="pot"')
    assert not Attempt.objects.exists()


@pytest.mark.parametrize(
    ("bad", "status", "said"),
    [
        ("twelve", 200, "is not a whole number"),
        ("1" * 40, 200, "is not a whole number"),
        ("1" * 41, 200, "far too long"),
        ("-3", 200, "is not a whole number"),
        ("99999999", 200, "more than this answer can be"),
        ("12\x00", 400, "Null characters are not allowed"),
    ],
)
def test_a_bad_number_is_a_clear_message_never_a_500(client, bad, status, said):
    played = engine()
    step = first_step(played, "action")
    response = client.post(guess_url(step), {"guess-answer": bad})
    assertContains(response, said, status_code=status)
    assert not Attempt.objects.exists()


def test_an_htmx_answer_that_cannot_be_checked_is_swapped_in_with_its_problem(client):
    played = engine()
    step = first_step(played, "draw", seat=1)
    htmx = {"HX-Request": "true"}
    response = client.post(guess_url(step, q=1), {"guess-p0_cards": ["Zz"]}, headers=htmx)
    assertContains(response, "could not be checked yet")  # a 200: htmx swaps it
    assert "<html" not in response.content.decode()


@pytest.mark.parametrize("query", ["step=999", "step=x", "q=7", "q=abc", "study=9"])
def test_a_bad_place_is_explained(client, query):
    base = reverse("lessons:replay", args=[DEAL])
    response = client.get(f"{base}?guess=1&{query}")
    assert response.status_code == 400
    assertContains(response, 'role="alert"', status_code=400)


def test_answering_the_same_question_twice_does_not_record_twice(client):
    played = engine()
    step = first_step(played, "action")
    pot = played.steps[step].state.pot
    client.post(guess_url(step), {"guess-answer": str(pot)})
    response = client.post(guess_url(step, q=1), {"guess-answer": str(pot)})
    assert response.status_code == 302
    assert Attempt.objects.count() == 1


# Checking and recording ---------------------------------------------------------------


def test_the_engines_pot_is_right_records_an_attempt_and_moves_a_skill(client):
    played = engine()
    step = first_step(played, "action")
    response = client.post(guess_url(step), {"guess-answer": str(played.steps[step].state.pot)})
    assert response.status_code == 303
    assert place(response) == (step, 1)
    page = client.get(response["Location"]).content.decode()
    assert 'data-guess-verdict="right"' in page
    assert f"data-replay-pot>{played.steps[step].state.pot}<" in page
    assert 'data-replay-control="next"' in page
    attempt = Attempt.objects.get()
    assert attempt.correct and attempt.drill_kind == "replay"
    assert SkillState.objects.get(skill="raise-sizes").answers == 1
    assert response.get("Cache-Control") is None or "private" in response["Cache-Control"]


def test_a_wrong_pot_is_told_with_the_right_one(client):
    played = engine()
    step = first_step(played, "action")
    pot = played.steps[step].state.pot
    response = client.post(guess_url(step), {"guess-answer": str(pot + 1)}, follow=True)
    assertContains(response, 'data-guess-verdict="wrong"')
    assertContains(response, f"The pot is {pot}.")
    assert not Attempt.objects.get().correct
    assert SkillState.objects.get(skill="raise-sizes").rights == 0


def test_the_engines_throw_count_is_right_and_moves_the_discard_skill(client):
    played = engine()
    step = first_step(played, "draw", seat=1)
    count = min(best_counts(played, step, 1))
    response = client.post(guess_url(step), {"guess-answer": str(count)}, follow=True)
    assertContains(response, 'data-guess-verdict="right"')
    assertContains(response, 'data-guess-kind="reading"')
    assert SkillState.objects.get(skill="discard").rights == 1


def test_a_throw_count_the_engine_does_not_choose_is_wrong(client):
    played = engine()
    step = first_step(played, "draw", seat=1)
    counts = best_counts(played, step, 1)
    wrong = next(n for n in range(MAX_DRAW + 1) if n not in counts)
    response = client.post(guess_url(step), {"guess-answer": str(wrong)}, follow=True)
    assertContains(response, 'data-guess-verdict="wrong"')
    assertContains(response, "The engine throws")


def test_the_reading_takes_the_engines_badugi_cards(client):
    played = engine()
    step = first_step(played, "draw", seat=1)
    cards = badugi_cards(played, step, 1)
    response = client.post(guess_url(step, q=1), {"guess-p0_cards": cards}, follow=True)
    assertContains(response, 'data-guess-verdict="right"')
    skill = Attempt.objects.get()
    assert skill.correct
    assert SkillState.objects.filter(rights=1).exists()


def test_a_reading_missing_a_card_is_wrong_and_shows_the_cards(client):
    played = engine()
    step = first_step(played, "draw", seat=1)
    cards = badugi_cards(played, step, 1)
    response = client.post(guess_url(step, q=1), {"guess-p0_cards": cards[:-1]}, follow=True)
    assertContains(response, 'data-guess-verdict="wrong"')
    assertContains(response, "The cards that count are")


def test_the_showdown_takes_the_engines_winners_and_payouts(client):
    played = engine()
    step = first_step(played, "showdown")
    response = client.post(guess_url(step), showdown_post(played), follow=True)
    assertContains(response, 'data-guess-verdict="right"')
    assertContains(response, 'id="replay-results-title"')
    assert Attempt.objects.get().parts == [True] * (len(played.profile.awards) + 1)
    assert SkillState.objects.filter(skill="split-pot", rights=1).exists()


def test_wrong_payouts_are_told_and_the_results_shown(client):
    played = engine()
    step = first_step(played, "showdown")
    post = showdown_post(played)
    rich = max(range(len(played.settlement.payouts)), key=lambda s: played.settlement.payouts[s])
    post[f"guess-p1_seat_{rich}"] = str(played.settlement.payouts[rich] - 1)
    response = client.post(guess_url(step), post, follow=True)
    assertContains(response, 'data-guess-verdict="wrong"')
    assertContains(response, "the payouts are")
    assertContains(response, 'id="replay-results-title"')


def test_show_me_moves_on_and_counts_as_not_right(client):
    played = engine()
    step = first_step(played, "action")
    response = client.post(guess_url(step), {"show": "1"})
    assert place(response) == (step, 1)
    page = client.get(response["Location"]).content.decode()
    assert f"The pot is {played.steps[step].state.pot}." in page
    assert not Attempt.objects.get().correct


# htmx and caching ----------------------------------------------------------------------


def test_an_htmx_answer_swaps_the_table_and_pushes_the_next_place(client):
    played = engine()
    step = first_step(played, "action")
    pot = played.steps[step].state.pot
    response = client.post(
        guess_url(step), {"guess-answer": str(pot)}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    assert response["HX-Push-Url"] == guess_url(step, q=1)
    page = response.content.decode()
    assert "<html" not in page
    assert 'data-guess-verdict="right"' in page
    assert 'hx-swap-oob="innerHTML"' in page
    assert "private" in response["Cache-Control"]


def test_one_learners_verdict_is_not_shown_to_another(client, django_user_model):
    played = engine()
    step = first_step(played, "action")
    client.post(guess_url(step), {"guess-answer": str(played.steps[step].state.pot)})
    from django.test import Client

    other = Client().get(guess_url(step, q=1))
    assertNotContains(other, "data-guess-verdict")
    assert "private" in other["Cache-Control"]


# Teachers ---------------------------------------------------------------------------------


def test_the_admin_toggle_saves_and_the_replay_link_opens_the_quiz(client):
    deal = Deal.objects.get(slug=DEAL)
    plain = deal.replay_url
    assert plain and "guess=1" not in plain
    client.force_login(make_teacher())
    change = reverse("admin:lessons_deal_change", args=[deal.pk])
    form = client.get(change).context["adminform"].form
    assert "study_mode" in form.fields
    data = {name: form[name].value() for name in form.fields}
    data = {k: ("" if v is None else v) for k, v in data.items() if v is not False}
    data |= {"published": "on", "study_mode": "on"}
    response = client.post(change, data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    deal.refresh_from_db()
    assert deal.study_mode
    assert deal.replay_url == f"{plain}?guess=1"
    assertContains(client.get(reverse("lessons:practice")), f"{plain}?guess=1")
    changelist = client.get(reverse("admin:lessons_deal_changelist") + "?study_mode__exact=1")
    assertContains(changelist, deal.title)
    quiz = client.get(deal.replay_url)
    assertContains(quiz, "Quiz mode")
    assertContains(quiz, "Leave the quiz")


def test_a_card_that_is_not_in_the_hand_or_holds_nul_is_refused_with_a_message(client):
    played = engine()
    step = first_step(played, "draw", seat=1)
    for bad in (["Zz"], ["A\x00s"]):
        response = client.post(guess_url(step, q=1), {"guess-p0_cards": bad})
        assert response.status_code == 400
        assertContains(response, "could not be checked yet", status_code=400)
    assert not Attempt.objects.exists()


def test_a_post_without_guess_mode_is_refused_not_a_500(client):
    response = client.post(reverse("lessons:replay", args=[DEAL]), {"guess-answer": "3"})
    assert response.status_code == 405
    assertContains(response, "guess mode", status_code=405)


def test_the_progress_and_study_pages_serve_a_learner_with_replay_answers(client):
    played = engine()
    step = first_step(played, "action")
    client.post(guess_url(step), {"guess-answer": str(played.steps[step].state.pot)})
    # A replay attempt is a drill kind no drill page knows: the pages must still serve.
    for name in ("lessons:progress", "lessons:study"):
        assert client.get(reverse(name)).status_code == 200


def test_a_lessons_worked_deal_link_opens_the_quiz_once_study_mode_is_on(client):
    deal = Deal.objects.get(slug="amara-bram-kira-noor")
    plain = reverse("lessons:replay", args=[deal.slug])
    assertContains(client.get(reverse("lessons:badacey")), f'href="{plain}"')
    # A new version, as every save through the site makes, so the cached page is redone.
    Deal.objects.filter(pk=deal.pk).update(study_mode=True, version=F("version") + 1)
    page = client.get(reverse("lessons:badacey"))
    assertContains(page, f'href="{plain}?guess=1"')

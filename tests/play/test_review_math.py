"""A played hand's review: "the math says" for each heads-up bet after the last draw, and the
"ask the coach about this spot" link to the same spot on /play/spot/.

The hand is played through the pages; every expected number is asked of the
engine (``advice_for`` on the hand rebuilt at that decision, ``spot_of``).
"""

from __future__ import annotations

import html
import re
from urllib.parse import urlparse

import pytest
from django.template.defaultfilters import floatformat

from evaluator.play import Action, LiveHand, TableSettings
from evaluator.play.coach import spot_of
from evaluator.play.math_says import mix_words
from evaluator.play.spot import judge_spot
from evaluator.solver import advice_for
from play import spot_answers
from play.forms import SpotForm
from tests.play.helpers import live, post_data, start_hand

pytestmark = pytest.mark.django_db


def passive(hand: LiveHand) -> Action:
    """Stand pat at every draw, check or call every bet: the hand reaches the last round."""
    kinds = [legal.kind for legal in hand.legal_actions()]
    if "draw" in kinds:
        return Action("draw", ())
    return Action("check" if "check" in kinds else "call")


def heads_up_seed(game: str = "badugi") -> int:
    """A two-seat table whose hand, played passively, has a bet for the learner after the
    last draw (found by the engine)."""
    for seed in range(1, 300):
        hand = LiveHand.start(TableSettings.default(game, seed, personalities=("caller",)))
        while not hand.is_over:
            if hand.draws_left == 0 and hand.legal_actions()[0].kind != "draw":
                return seed
            hand.play(passive(hand))
    raise AssertionError("no seed reaches the last round")


def text(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


@pytest.fixture
def reviewed(client, monkeypatch):
    seed = heads_up_seed()
    hand = start_hand(client, seed, monkeypatch, game="badugi", seats=2, seat_1="caller")
    for _ in range(40):
        now = live(hand)
        if now.is_over:
            break
        client.post(f"/play/{hand.pk}/act", post_data(hand, passive(now)))
    hand.refresh_from_db()
    assert hand.is_over
    return hand


def last_round_steps(hand) -> list[int]:
    whole = live(hand)
    return [
        step
        for step in range(hand.step)
        if whole.at_step(step).draws_left == 0
        and whole.at_step(step).legal_actions()[0].kind != "draw"
    ]


def test_each_heads_up_last_round_decision_shows_the_equilibrium(client, reviewed):
    response = client.get(f"/play/{reviewed.pk}/review/")
    assert response.status_code == 200
    page = response.content.decode()
    steps = last_round_steps(reviewed)
    assert steps
    for step in steps:
        advice = advice_for(live(reviewed).at_step(step))
        assert advice is not None
        found = re.search(rf'<section id="math-says-{step}".*?</section>', page, re.S)
        assert found, f"no panel for decision {step + 1}"
        shown = text(found[0])
        assert f"equilibrium play is: {mix_words(advice.mix)}." in shown
        for action, value in advice.values.items():
            assert f"{action.capitalize()} {floatformat(round(value, 4), 2)}" in shown
        assert (
            f"{floatformat(round(advice.solution.exploitability_mbb, 4), 2)} thousandths of a bet"
            in shown
        )
        assert "equilibrium given these ranges, not a solution of the whole game" in shown
    # Decisions before the last round (draws, earlier bets) have no panel.
    assert page.count('class="math-says"') == len(steps)


def test_ask_the_coach_about_a_reviewed_decision_opens_that_spot(client, reviewed):
    page = client.get(f"/play/{reviewed.pk}/review/").content.decode()
    links = re.findall(r'<a href="(/play/spot/\?[^"]+)">Ask the coach about this spot</a>', page)
    assert len(links) == reviewed.decisions
    whole = live(reviewed)
    links = [html.unescape(link) for link in links]
    for step, link in enumerate(links):
        expected, _, mine, _ = spot_of(whole.at_step(step))
        form = SpotForm(_query(link))
        assert form.is_valid(), form.errors
        assert form.spot == expected
        assert form.learner_drew == (mine or None)
    # The page judges the table's spot with judge_spot, the function the batch answers with.
    response = client.get(links[-1])
    assert response.status_code == 200
    expected, _, _, _ = spot_of(whole.at_step(len(links) - 1))
    assert expected.decision == "bet"  # a passive hand ends on a bet of the last round
    best = judge_spot(expected, seed=spot_answers.SEED).best
    assert f"Best: {best.label}" in text(response.content.decode())


def _query(link: str):
    from django.http import QueryDict

    return QueryDict(urlparse(link).query)


def test_a_working_panel_is_asked_for_again_on_its_own_url(client, reviewed, settings):
    settings.TASKS = {"default": {"BACKEND": "django.tasks.backends.dummy.DummyBackend"}}
    from play.models import SolvedRound

    SolvedRound.objects.all().delete()
    step = last_round_steps(reviewed)[0]
    page = client.get(f"/play/{reviewed.pk}/review/").content.decode()
    found = re.search(rf'<section id="math-says-{step}".*?</section>', page, re.S)
    assert found and "Working: the solver is finding the equilibrium" in text(found[0])
    poll = f"/play/{reviewed.pk}/review/math/{step}/"
    assert f'hx-get="{poll}"' in found[0]
    asked = client.get(poll, headers={"HX-Request": "true"})
    assert asked.status_code == 200 and "Working" in asked.content.decode()
    plain = client.get(poll)
    assert plain.status_code == 302
    assert plain["Location"] == f"/play/{reviewed.pk}/review/#math-says-{step}"


def test_the_tables_grade_and_the_pages_verdict_agree_on_each_decision(client, reviewed):
    """The table graded each decision as it was played; the page, opened from the review's
    link, judges the same Spot. Both are the engine's, and they should give the same grade.

    A gap remains in general: the table grades with each seat's personality, the learner's
    draws and the bets of the round, which judge_spot(spot) does not take, so the page reads
    the opponent as the population model. On this hand the two disagreed on decision 1 until
    the players stopped standing pat on a pair (issue 45); they agree now, so the strict
    xfail that waited for this came off, and a hand where they differ again fails here."""
    from evaluator.play.coach import _same
    from play import encoding
    from play.models import GradedDecision

    page = client.get(f"/play/{reviewed.pk}/review/").content.decode()
    links = [
        html.unescape(link)
        for link in re.findall(
            r'<a href="(/play/spot/\?[^"]+)">Ask the coach about this spot</a>', page
        )
    ]
    taken = encoding.actions_from(reviewed.actions)
    for graded in GradedDecision.objects.filter(hand=reviewed).order_by("step"):
        form = SpotForm(_query(links[graded.step]))
        assert form.is_valid(), form.errors
        verdict = judge_spot(form.spot, seed=spot_answers.SEED)
        chosen = next(c for c in verdict.choices if _same(c.action, taken[graded.step]))
        assert chosen.grade == graded.grade, f"decision {graded.step + 1}"

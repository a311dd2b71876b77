""" "The math says" in ask the coach: the solver's answer for a heads-up last round.

Every number expected is asked of the engine (``round_position`` and
``math_says``, on the same ranges); the ranges' sample is made small here so
each solve takes a moment, and the page shows whatever the engine computed.
"""

from __future__ import annotations

import html
import re
from urllib.parse import urlencode

import pytest
from django.template.defaultfilters import floatformat
from django.urls import reverse

from evaluator.play import math_says as math_says_module
from evaluator.play import ranges
from evaluator.play.math_says import TARGET_MBB, NotSolved, math_says, round_position
from evaluator.play.spot import spot_from_json
from play import math_answers, spot_answers
from play.models import MATH_DONE, SolvedRound

pytestmark = pytest.mark.django_db

SPOT = reverse("play:spot")
MATH = reverse("play:spot_math")
HEADS_UP = {
    "game": "badugi",
    "decision": "bet",
    "cards": "As 2h 3d 3c",
    "draws_left": "0",
    "pot": "40",
    "to_call": "4",
    "bet": "4",
    "opponents": "1",
    "o1_drew": "2 1 1",
}
LINE = {
    "game": "badugi",
    "decision": "bet",
    "cards": "As 2h 3d 3c",
    "draws_left": 0,
    "pot": 40,
    "to_call": 4,
    "bet": 4,
    "opponents": [{"drew": [2, 1, 1], "acts_after": False}],
}


@pytest.fixture(autouse=True)
def small_ranges(monkeypatch):
    """Solve on the first 40 hands of each range the coach samples, so a solve takes a moment.

    The coach's own verdict still uses the whole sample.
    """
    monkeypatch.setattr(math_says_module, "pool", lambda *key: ranges.pool(*key)[:40])


def url(path: str = SPOT, **query: str) -> str:
    return f"{path}?{urlencode(query)}"


def text(response) -> str:
    plain = re.sub(r"<[^>]+>", " ", response.content.decode())
    return " ".join(html.unescape(plain).split())


def panel(response) -> str:
    found = re.search(r'<section id="math-says".*?</section>', response.content.decode(), re.S)
    assert found, "no math panel on the page"
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", found[0])).split())


def test_a_heads_up_last_round_shows_the_equilibrium_mix_values_and_exploitability(client):
    response = client.get(url(**HEADS_UP))
    assert response.status_code == 200
    shown = panel(response)
    expected = math_says(round_position(spot_from_json(LINE)))
    assert f"With your hand, equilibrium play is: {expected.mix_text}." in shown
    for action, value in expected.values:
        assert f"{action.capitalize()} {floatformat(round(value, 4), 2)}" in shown
    assert (
        f"{floatformat(round(expected.exploitability_mbb, 4), 2)} thousandths of a bet per hand"
        in shown
    )
    assert "equilibrium given these ranges, not a solution of the whole game" in shown
    assert "your opponent bet" in shown
    # Every panel shown is within the target of an equilibrium.
    assert expected.exploitability_mbb < TARGET_MBB


def test_the_same_question_is_solved_once(client, monkeypatch):
    queued = []
    real = math_answers.solve_round

    class Counting:
        def enqueue(self, *args):
            queued.append(args)
            return real.enqueue(*args)

    monkeypatch.setattr(math_answers, "solve_round", Counting())
    first = client.get(url(**HEADS_UP))
    again = client.get(url(**{**HEADS_UP, "my_drew": ""}))
    assert panel(first) == panel(again)
    assert len(queued) == 1
    assert SolvedRound.objects.get().state == MATH_DONE


def test_the_learners_draws_change_the_range_and_are_checked(client):
    given = client.get(url(**{**HEADS_UP, "my_drew": "0 0 0"}))
    assert "after taking 0, 0, 0" in panel(given)
    wrong = client.get(url(**{**HEADS_UP, "my_drew": "1 1"}))
    assert wrong.status_code == 400
    assert "3 draws have happened, so type 3 numbers" in text(wrong)


@pytest.mark.parametrize(
    "change",
    [{"decision": "draw", "draws_left": "1", "o1_drew": "2 1"}, {"to_call": "8"}],
    ids=["a draw", "two bets to call"],
)
def test_a_heads_up_spot_the_solver_does_not_answer_says_why(client, change):
    fields = {**HEADS_UP, **change}
    line = {**LINE, "decision": fields["decision"], "draws_left": int(fields["draws_left"])}
    line["opponents"] = [{"drew": [int(n) for n in fields["o1_drew"].split()]}]
    if fields["decision"] == "draw":
        del line["to_call"]
    else:
        line["to_call"] = int(fields["to_call"])
    with pytest.raises(NotSolved) as refused:
        round_position(spot_from_json(line))
    why = str(refused.value)
    response = client.get(url(**fields))
    assert response.status_code == 200
    assert f"No equilibrium for this spot. {why[:1].upper()}{why[1:]}." in panel(response)


def test_a_spot_with_more_opponents_has_no_panel():
    line = {**LINE, "opponents": [{"drew": [2, 1, 1]}, {"drew": [1, 1, 1]}]}
    assert math_answers.panel_for("127.0.0.1", spot_from_json(line)) is None
    assert not SolvedRound.objects.exists()


def test_a_question_the_worker_has_not_answered_shows_working_and_asks_again(client, settings):
    settings.TASKS = {"default": {"BACKEND": "django.tasks.backends.dummy.DummyBackend"}}
    response = client.get(url(**HEADS_UP))
    shown = panel(response)
    assert "Working: the solver is finding the equilibrium" in shown
    page = response.content.decode()
    poll = url(MATH, **HEADS_UP).replace("&", "&amp;")
    assert f'hx-get="{poll}"' in page
    # Without JavaScript, a button reloads the page with the same spot.
    assert "Check again" in shown
    assert f'<form method="get" action="{SPOT}" class="math-says__again">' in page
    assert '<input type="hidden" name="o1_drew" value="2 1 1">' in page
    asked = client.get(url(MATH, **HEADS_UP), headers={"HX-Request": "true"})
    assert asked.status_code == 200
    assert "<html" not in asked.content.decode() and "Working" in asked.content.decode()
    assert SolvedRound.objects.count() == 1  # asking again queued nothing more
    plain = client.get(url(MATH, **HEADS_UP))
    assert plain.status_code == 302 and plain["Location"] == url(**HEADS_UP)


@pytest.mark.cache
def test_new_questions_count_against_the_limit_for_new_spots(client, settings):
    settings.LIMITS = {**settings.LIMITS, spot_answers.SPOT_LIMIT: 1}
    response = client.get(url(**HEADS_UP))  # the verdict takes the one new spot allowed
    assert response.status_code == 200
    assert "The coach's verdict" in text(response)
    assert "The solver has worked on many new spots for your address" in panel(response)
    assert not SolvedRound.objects.exists()

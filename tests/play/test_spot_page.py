"""Ask the coach (/play/spot/): a GET form whose verdict comes from judge_spot.

Every expected verdict is asked of the engine (``spot_from_json`` and
``judge_spot``, the function the table grades with), never typed in here.
"""

from __future__ import annotations

import html
import json
import re
from urllib.parse import urlencode

import pytest
from django.template.defaultfilters import floatformat
from django.urls import reverse

from evaluator import EvaluatorError
from evaluator.play import spot as spot_engine
from evaluator.play.spot import answer_line, judge_spot, spot_from_json
from play import spot_answers

pytestmark = pytest.mark.django_db

SPOT = reverse("play:spot")
LEAK = re.compile(r"\{#|#\}|\{%|%\}|\{\{|\}\}")

# The page's fields for a spot, and the same spot as a line of `coach --jsonl`.
CALL_SPOT = {
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
CALL_LINE = {
    "game": "badugi",
    "decision": "bet",
    "cards": "As 2h 3d 3c",
    "dead": "",
    "draws_left": 0,
    "pot": 40,
    "to_call": 4,
    "bet": 4,
    "opponents": [{"drew": [2, 1, 1], "acts_after": False}],
}
DRAW_SPOT = {
    "game": "deuce_to_seven",
    "decision": "draw",
    "cards": "7h 5c 4d 2s Kc",
    "dead": "Qh Jd",
    "draws_left": "2",
    "pot": "60",
    "bet": "12",
    "opponents": "2",
    "o1_drew": "1",
    "o1_after": "on",
    "o2_drew": "2 pat",
}


def url(**query: str) -> str:
    return f"{SPOT}?{urlencode(query, doseq=True)}"


def text(response) -> str:
    """The page as a reader gets it: tags dropped, entities decoded, spaces squeezed."""
    plain = re.sub(r"<[^>]+>", " ", response.content.decode())
    return " ".join(html.unescape(plain).split())


def field_error(response, name: str) -> str:
    """The message shown beside one field."""
    found = re.search(
        rf'id="id_{name}_error"[^>]*>(.*?)</div>', response.content.decode(), re.DOTALL
    )
    assert found, f"no message beside {name}"
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", found[1])).split())


def choice_words(choice) -> str:
    """A choice as the page reads it out: a throw names its cards through the card component."""
    if choice.action.kind == "draw" and choice.action.discards:
        return "Throw " + " ".join(card.name for card in choice.action.discards)
    return choice.label


def test_the_empty_page_shows_the_form_and_no_answer(client):
    response = client.get(SPOT)
    assert response.status_code == 200
    page = response.content.decode()
    assert 'method="get"' in page and 'name="cards"' in page and 'name="o5_drew"' in page
    assert "data-tool-focus" not in page
    assert LEAK.findall(page) == []


@pytest.mark.parametrize("fields", [CALL_SPOT, DRAW_SPOT], ids=["bet", "draw"])
def test_a_spot_shows_every_choice_with_its_value_grade_and_reason(client, fields):
    response = client.get(url(**fields))
    assert response.status_code == 200, text(response)[:2000]
    page = text(response)
    verdict = judge_spot(spot_from_json(_line_of(fields)), seed=spot_answers.SEED)
    assert len(verdict.choices) == len(spot_engine.legal_choices(verdict.spot))
    for choice in verdict.choices:
        row = (
            f"{choice_words(choice)}{' (best)' if choice is verdict.choices[0] else ''} "
            f"{floatformat(choice.value, 2)} {floatformat(choice.loss_bb, 2)} "
            f"{choice.grade.capitalize()} {choice.reason}"
        )
        assert row in page
    assert f"Best: {choice_words(verdict.best)} {verdict.best.reason}" in page
    assert verdict.model in page
    assert LEAK.findall(response.content.decode()) == []
    # The math panel is for heads-up spots only.
    heads_up = len(verdict.spot.opponents) == 1
    assert ('id="math-says"' in response.content.decode()) == heads_up


def _line_of(fields: dict[str, str]) -> dict[str, object]:
    """The coach --jsonl line for the page's fields, written out independently of the form."""
    count = int(fields["opponents"])
    opponents = []
    for n in range(1, count + 1):
        tokens = fields.get(f"o{n}_drew", "").split()
        drew = [0 if t == "pat" else int(t) for t in tokens]
        opponents.append({"drew": drew, "acts_after": fields.get(f"o{n}_after") == "on"})
    line: dict[str, object] = {
        "game": fields["game"],
        "decision": fields["decision"],
        "cards": fields["cards"],
        "dead": fields.get("dead", ""),
        "draws_left": int(fields["draws_left"]),
        "pot": int(fields["pot"]),
        "bet": int(fields["bet"]),
        "opponents": opponents,
    }
    if fields["decision"] == "bet":
        line["to_call"] = int(fields["to_call"])
    return line


def test_the_page_and_the_coach_command_give_the_same_verdict(client):
    """The page reads the spot as `coach --jsonl` reads the same line: same best, same grades."""
    response = client.get(url(**CALL_SPOT))
    assert response.status_code == 200
    answer = answer_line(json.dumps(CALL_LINE), seed=spot_answers.SEED)
    assert answer["ok"] is True
    page = text(response)
    verdict = judge_spot(spot_from_json(CALL_LINE), seed=spot_answers.SEED)
    assert answer["best"] == {"kind": verdict.best.action.kind}
    for listed, choice in zip(answer["actions"], verdict.choices, strict=True):
        assert listed["grade"] == choice.grade
        assert f"{choice.label} " in page


def test_cards_can_be_picked_instead_of_typed(client):
    typed = client.get(url(**CALL_SPOT))
    picked = client.get(url(**{**CALL_SPOT, "cards": "As 2h", "pick": ["3d", "3c", "2h"]}))
    assert picked.status_code == 200
    verdict = "The coach's verdict"
    assert text(picked).split(verdict)[1] == text(typed).split(verdict)[1]
    # The ticked boxes stay ticked, so the page can be changed and asked again.
    assert re.search(r'value="3d" id="id_pick_3d" checked', picked.content.decode())


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"cards": "As 2h 3d Zz"}, "cards", "Zz"),
        ({"cards": "As 2h 3d"}, "cards", "A Badugi hand has 4 cards; you gave 3"),
        ({"cards": ""}, "cards", "Type your cards, or tick them"),
        ({"dead": "As"}, "dead", "is in your own hand"),
        ({"pot": "-3"}, "pot", "Enter 0 or more."),
        ({"pot": "lots"}, "pot", "Enter a whole number of chips."),
        ({"pot": "9" * 40}, "pot", "no pot here is that big"),
        ({"bet": "0"}, "bet", "Enter 1 or more."),
        ({"o1_drew": "2 1"}, "o1_drew", "this row gives 2 draws: type 3 numbers"),
        ({"o1_drew": "2 1 seven"}, "o1_drew", "'seven' is not a number of cards"),
        ({"o3_drew": "1 1 1"}, "o3_drew", "The spot has 1 opponent, so this row is not read"),
        ({"decision": "draw"}, "draws_left", "at least 1 draw still to come"),
        ({"game": "poker"}, "game", "poker"),
        ({"raises_left": "9"}, "raises_left", "9"),
    ],
)
def test_each_bad_input_gets_a_message_beside_its_field(client, change, field, message):
    response = client.get(url(**{**CALL_SPOT, **change}))
    assert response.status_code == 400
    assert message in field_error(response, field)
    # The same problem is listed where the answer would be, linked to its field.
    assert f'href="#id_{field}"' in response.content.decode()
    assert "The coach's verdict" not in text(response)


def test_a_field_sent_twice_is_refused_in_words(client):
    response = client.get(f"{url(**CALL_SPOT)}&pot=50")
    assert response.status_code == 400
    assert "sent more than once" in field_error(response, "pot")


def test_what_only_the_engine_refuses_is_shown_above_the_form_in_its_words(client):
    # Six Badacey hands and 23 dead cards cannot come from one deck: the form has no
    # field to blame, so the engine's own sentence is shown.
    dead = "Kh Kd Kc Ks Qh Qd Qc Qs Jh Jd Jc Js Th Td Tc Ts 9h 9d 9c 9s 8h 8d 8c"
    fields = {
        **CALL_SPOT,
        "game": "badacey",
        "cards": "As 2h 3d 4c 5s",
        "dead": dead,
        "opponents": "5",
        **{f"o{n}_drew": "1 1 1" for n in range(2, 6)},
    }
    line = {**_line_of(fields), "cards": fields["cards"], "dead": dead}
    with pytest.raises(spot_engine.SpotError) as refused:
        spot_from_json(line)
    response = client.get(url(**fields))
    assert response.status_code == 400
    sentence = str(refused.value)
    assert sentence[:1].upper() + sentence[1:] in text(response)


def test_an_htmx_request_gets_the_answer_and_a_plain_one_the_page(client):
    full = client.get(url(**CALL_SPOT))
    fragment = client.get(url(**CALL_SPOT), headers={"HX-Request": "true"})
    assert fragment.status_code == 200
    assert "<html" in full.content.decode() and "<html" not in fragment.content.decode()
    assert 'name="cards"' not in fragment.content.decode()  # the form is not sent again
    assert 'id="spot-title"' in fragment.content.decode()
    assert text(fragment) in text(full)


def test_an_htmx_request_with_a_problem_gets_the_whole_tool_with_the_messages(client):
    response = client.get(url(**{**CALL_SPOT, "pot": "-1"}), headers={"HX-Request": "true"})
    assert response.status_code == 400
    assert response["HX-Retarget"] == "#spot-tool"
    assert "<html" not in response.content.decode()
    assert "Enter 0 or more." in field_error(response, "pot")


@pytest.mark.cache
def test_the_same_spot_asked_again_is_read_from_the_cache_and_not_counted(
    client, monkeypatch, settings
):
    judged = []
    real = spot_answers.judge_spot

    def counting(spot, *, seed=0):
        judged.append(spot)
        return real(spot, seed=seed)

    monkeypatch.setattr(spot_answers, "judge_spot", counting)
    settings.LIMITS = {**settings.LIMITS, spot_answers.SPOT_LIMIT: 1}
    first = client.get(url(**CALL_SPOT))
    again = client.get(url(**CALL_SPOT))
    assert first.status_code == again.status_code == 200
    assert len(judged) == 1
    assert text(again) == text(first)


@pytest.mark.cache
def test_new_spots_over_the_limit_are_refused_with_a_wait(client, settings):
    settings.LIMITS = {**settings.LIMITS, spot_answers.SPOT_LIMIT: 1}
    assert client.get(url(**CALL_SPOT)).status_code == 200
    refused = client.get(url(**{**CALL_SPOT, "pot": "41"}))
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
    assert "judged many new spots for your address" in text(refused)
    assert "The coach's verdict" not in text(refused)
    # A spot already answered is still answered.
    assert client.get(url(**CALL_SPOT)).status_code == 200


def test_an_engine_failure_on_an_accepted_spot_is_said_in_words(client, monkeypatch):
    def failing(spot, *, seed=0):
        raise EvaluatorError("the rollout dealt one card twice")

    monkeypatch.setattr(spot_answers, "judge_spot", failing)
    response = client.get(url(**CALL_SPOT))
    assert response.status_code == 500
    assert "The coach could not work this spot out (the rollout dealt one card twice)" in text(
        response
    )
    assert 'name="cards"' in response.content.decode()  # the form is still there to change

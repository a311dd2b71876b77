"""The showdown calculator: the page and its JSON hold to ``manage.py showdown``'s own output."""

from __future__ import annotations

import html
import io
import json
import re
from urllib.parse import urlencode

import pytest
from django.core.management import call_command
from django.urls import reverse

from evaluator import settle

pytestmark = pytest.mark.django_db

CALCULATOR = reverse("lessons:calculator")
LEAK = re.compile(r"\{#|#\}|\{%|%\}|\{\{|\}\}")

# Showdowns as the command takes them: None is a seat that folded without showing.
SHOWDOWNS = [
    {"game": "badacey", "hands": ["As 2h 3d 4c 5c", "2c 3h 4s 5d 7c"], "pot": 80},
    {
        "game": "badeucey",
        "hands": ["2s 3h 4d 7c 8c", "2c 3s 5h 7d 9s", "4s 5c 6h 8d Ks"],
        "contributions": [48, 12, 30],
        "button": 1,
    },
    {"game": "badugi", "hands": ["As 2h 3d 4c", None, "Ad 2s 3h 4d", "Ac 2d 3s 4h"], "pot": 31},
    {
        "game": "ace_to_five",
        "hands": [
            "As 2h 3d 4c 6c",
            "Ah 2s 3c 4d 6d",
            "Kc Kd Qs Jh 9c",
            None,
            "7s 8h 9d 10c Js",
            "2d 3h 5s 8c 9h",
        ],
        "contributions": [20, 20, 20, 5, 20, 13],
        "button": 4,
    },
    {"game": "deuce_to_seven", "hands": [None, "2s 3h 4d 5c 7s", "2h 3s 4c 5d 7c"], "pot": 9},
]


def query(showdown: dict) -> str:
    params = {"game": showdown["game"], "button": showdown.get("button", 0)}
    for n, hand in enumerate(showdown["hands"], start=1):
        params |= {f"hand{n}": hand} if hand else {f"folded{n}": "on"}
        if "contributions" in showdown:
            params[f"paid{n}"] = showdown["contributions"][n - 1]
    if "pot" in showdown:
        params["pot"] = showdown["pot"]
    return f"{CALCULATOR}?{urlencode(params)}"


def command_table(showdown: dict) -> str:
    out = io.StringIO()
    options = {"game": showdown["game"], "button": str(showdown.get("button", 0)), "stdout": out}
    if "pot" in showdown:
        options["pot"] = str(showdown["pot"])
    else:
        options["contributions"] = ",".join(map(str, showdown["contributions"]))
    call_command("showdown", *[hand or "-" for hand in showdown["hands"]], **options)
    return out.getvalue()


def command_jsonl(line: dict) -> dict:
    out = io.StringIO()
    call_command("showdown", "--jsonl", stdin=io.StringIO(json.dumps(line) + "\n"), stdout=out)
    return json.loads(out.getvalue())


def text(response) -> str:
    plain = re.sub(r"<[^>]+>", " ", response.content.decode())
    return " ".join(html.unescape(plain).split())


def field_error(response, name: str) -> str:
    found = re.search(
        rf'id="id_{name}_error"[^>]*>(.*?)</div>', response.content.decode(), re.DOTALL
    )
    assert found, f"no message beside {name}"
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", found[1])).split())


@pytest.mark.parametrize("showdown", SHOWDOWNS, ids=[s["game"] for s in SHOWDOWNS])
def test_the_page_prints_the_showdown_commands_report_word_for_word(client, showdown):
    response = client.get(query(showdown))
    assert response.status_code == 200
    report = re.search(r"<pre>(.*?)</pre>", response.content.decode(), re.DOTALL)
    assert html.unescape(report[1]) == command_table(showdown).rstrip("\n")
    assert LEAK.findall(response.content.decode()) == []


@pytest.mark.parametrize("showdown", SHOWDOWNS, ids=[s["game"] for s in SHOWDOWNS])
def test_the_page_shows_every_reason_and_payout_of_the_command(client, showdown):
    page = text(client.get(query(showdown)))
    lines = command_table(showdown).splitlines()
    reasons = lines[lines.index("Why") + 1 :]
    payouts = lines[lines.index("Payouts") + 1 : lines.index("Why") - 1]
    assert reasons and payouts
    for sentence in reasons:
        assert sentence.strip() in page
    for line in payouts:
        name, chips = line.strip().rsplit(maxsplit=1)
        assert f"{name} {chips}" in page


@pytest.mark.parametrize("showdown", SHOWDOWNS, ids=[s["game"] for s in SHOWDOWNS])
def test_asking_for_json_gets_the_line_showdown_jsonl_prints(client, showdown):
    response = client.get(query(showdown), headers={"Accept": "application/json"})
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert "Accept" in response["Vary"]
    line = {
        "game": showdown["game"],
        "hands": showdown["hands"],
        "folded": [hand is None for hand in showdown["hands"]],
        "button": showdown.get("button", 0),
    } | {key: showdown[key] for key in ("pot", "contributions") if key in showdown}
    assert response.json() == command_jsonl(line)


def test_a_folded_seat_that_shows_its_cards_still_wins_nothing(client):
    hands = ["9s 8h 7d 6c 4c", "Ks Kh Qd Jc 9d", "As 2h 3d 4s 5h"]
    params = {f"hand{n}": hand for n, hand in enumerate(hands, start=1)}
    params |= {"game": "badacey", "pot": 60, "folded3": "on"}
    response = client.get(f"{CALCULATOR}?{urlencode(params)}")
    assert response.status_code == 200
    expected = settle("badacey", hands, pot=60, folded=[False, False, True])
    assert expected.payouts[2] == 0
    page = text(response)
    for n, chips in enumerate(expected.payouts):
        assert f"Seat {n + 1} {chips}" in page


def test_a_browser_asking_for_anything_gets_the_page(client):
    response = client.get(query(SHOWDOWNS[0]), headers={"Accept": "text/html,*/*;q=0.8"})
    assert response["Content-Type"].startswith("text/html")


def test_htmx_gets_the_settlement_alone_or_the_whole_tool_with_its_messages(client):
    response = client.get(query(SHOWDOWNS[0]), headers={"HX-Request": "true"})
    body = response.content.decode()
    assert "<html" not in body and "<form" not in body and "<pre>" in body
    wrong = client.get(
        f"{CALCULATOR}?{urlencode(BASE | {'hand2': 'Zz'})}", headers={"HX-Request": "true"}
    )
    assert wrong.status_code == 400
    assert wrong.headers["HX-Retarget"] == "#calculator-tool"
    assert "'Zz' is not a card" in field_error(wrong, "hand2")


def test_the_empty_page_shows_the_form_and_no_settlement(client):
    response = client.get(CALCULATOR)
    assert response.status_code == 200
    assert 'name="hand9"' in response.content.decode()
    assert "<pre>" not in response.content.decode()


BASE = {"game": "badacey", "hand1": "As 2h 3d 4c 5c", "hand2": "2c 3h 4s 5d 7c", "pot": "80"}


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        ({"hand2": "2c 3h 4s 5d Zz"}, "hand2", "'Zz' is not a card"),
        ({"hand2": "2c 3h 4s 5d As"}, "hand2", "A♠ is also in Seat 1's hand"),
        ({"hand2": "2c 3h 4s 5d 5d"}, "hand2", "5♦ appears twice"),
        ({"hand2": "2c 3h 4s 5d"}, "hand2", "A Badacey hand has 5 cards, got 4"),
        ({"game": "badugi"}, "hand1", "A Badugi hand has 4 cards, got 5"),
        ({"pot": "-5"}, "pot", "cannot be negative"),
        ({"pot": "1000000000001"}, "pot", "no pot is that big"),
        ({"pot": "9" * 5000}, "pot", "whole number of chips"),
        ({"pot": "ten"}, "pot", "whole number of chips"),
        ({"pot": ""}, "pot", "Enter the pot, or what each seat put in"),
        ({"paid1": "10", "paid2": "10"}, "pot", "not both"),
        ({"pot": "", "paid1": "10"}, "paid2", "Enter what Seat 2 put in"),
        ({"pot": "", "paid1": "10", "paid2": "-1"}, "paid2", "cannot be negative"),
        ({"hand4": "Kc Kd Qs Jh 9c"}, "hand3", "Seat 3 has no cards"),
        ({"button": "5"}, "button", "There is no Seat 6 at a table of 2 seats"),
        ({"button": "9"}, "button", "Select a valid choice"),
        ({"game": "poker"}, "game", "Select a valid choice"),
    ],
)
def test_bad_input_gets_a_message_beside_its_field_and_a_400(client, change, field, words):
    response = client.get(f"{CALCULATOR}?{urlencode(BASE | change)}")
    assert response.status_code == 400
    assert words in field_error(response, field)


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        ("game=badacey&hand1=As+2h+3d+4c+5c&pot=10", "at least two seats"),
        ("game=badacey&folded1=on&folded2=on&pot=10", "Every seat folded"),
        (
            "game=badacey&hand1=As+2h+3d+4c+5c&hand2=2c+3h+4s+5d+7c&pot=8&hand10=Kc+Kd+Qs+Jh+9c",
            "at most 9 seats",
        ),
    ],
)
def test_problems_of_the_whole_table_get_a_message_and_a_400(client, raw, words):
    response = client.get(f"{CALCULATOR}?{raw}")
    assert response.status_code == 400
    assert words in text(response)


def test_a_field_sent_twice_and_bytes_that_are_not_utf8_are_refused(client):
    twice = client.get(f"{CALCULATOR}?{urlencode(BASE)}&pot=90")
    assert twice.status_code == 400
    assert "sent more than once" in field_error(twice, "pot")
    without_seat_two = {k: v for k, v in BASE.items() if k != "hand2"}
    mangled = client.get(f"{CALCULATOR}?{urlencode(without_seat_two)}&hand2=%C3%28")
    assert mangled.status_code == 400
    assert "not sent as UTF-8" in field_error(mangled, "hand2")


def test_json_errors_are_the_contracts_error_line(client):
    response = client.get(
        f"{CALCULATOR}?{urlencode(BASE | {'pot': '-5'})}", headers={"Accept": "application/json"}
    )
    assert response.status_code == 400
    answer = response.json()
    assert answer["ok"] is False and "cannot be negative" in answer["error"]
    empty = client.get(CALCULATOR, headers={"Accept": "application/json"})
    assert empty.status_code == 400 and empty.json()["ok"] is False

"""``manage.py showdown``: the JSON-lines contract and the readable table."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from evaluator import badugi, deuce_to_seven, parse_cards, settle

ROOT = Path(__file__).resolve().parents[2]
ASCII_LOCALE = {"PATH": "/usr/bin:/bin", "LC_ALL": "C", "PYTHONIOENCODING": "ascii"}

SPEC_INPUT = {
    "game": "badacey",
    "hands": ["A♠ 2♥ 3♦ 4♣ 5♣", "2c 3h 4s 5d 7c"],
    "pot": 80,
    "button": 0,
}
# The example output of docs/showdown-jsonl.md, the contract itself.
SPEC_OUTPUT = {
    "ok": True,
    "pots": [
        {
            "amount": 80,
            "eligible": [0, 1],
            "halves": [
                {"kind": "ace_to_five", "amount": 40, "winners": [0]},
                {"kind": "badugi", "amount": 40, "winners": [0]},
            ],
        }
    ],
    "hands": [
        {
            "ace_to_five": {"text": "5-4-3-2-A"},
            "badugi": {"size": 4, "ranks": ["4", "3", "2", "A"], "cards": ["4♣", "3♦", "2♥", "A♠"]},
        },
        {
            "ace_to_five": {"text": "7-5-4-3-2"},
            "badugi": {"size": 4, "ranks": ["5", "4", "3", "2"], "cards": ["5♦", "4♠", "3♥", "2♣"]},
        },
    ],
    "payouts": [80, 0],
}


def run_manage(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    """``manage.py`` in a real process under an ASCII locale, as a pipe would run it."""
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        input=stdin,
        capture_output=True,
        cwd=ROOT,
        env=ASCII_LOCALE,
        check=False,
    )


def run_jsonl(lines: list[str]) -> list[dict]:
    out = io.StringIO()
    call_command("showdown", jsonl=True, stdin=io.StringIO("\n".join(lines) + "\n"), stdout=out)
    text = out.getvalue()
    assert text.endswith("\n")
    return [json.loads(line) for line in text.splitlines()]


def contract_keys(value, shape):
    """``value`` cut down to the keys the contract relies on (extras are allowed)."""
    if isinstance(shape, dict):
        assert set(shape) <= set(value), f"missing keys {set(shape) - set(value)}"
        return {key: contract_keys(value[key], shape[key]) for key in shape}
    if isinstance(shape, list):
        assert len(value) == len(shape)
        return [contract_keys(v, s) for v, s in zip(value, shape, strict=True)]
    return value


def test_the_spec_example_line_gives_the_spec_example_output():
    (answer,) = run_jsonl([json.dumps(SPEC_INPUT, ensure_ascii=False)])
    assert contract_keys(answer, SPEC_OUTPUT) == SPEC_OUTPUT


def line(**overrides) -> str:
    request = {key: value for key, value in (SPEC_INPUT | overrides).items() if value != "DROP"}
    return json.dumps(request, ensure_ascii=False)


BAD_LINES = [
    ("{not json", "not valid JSON"),
    ("", "the line is empty"),
    ("   ", "the line is empty"),
    ("[1, 2]", "must be a JSON object"),
    ('"badacey"', "must be a JSON object"),
    (line(game="DROP"), "the game is missing"),
    (line(game="omaha"), "'omaha' is not a game"),
    (line(game=7), "the game must be a name"),
    (line(hands="DROP"), "hands must be a list"),
    (line(hands="As 2h 3d 4c 5c"), "hands must be a list"),
    (line(hands=["As 2h 3d 4c 5c", 7]), "seat 1's hand must be a string of cards or null"),
    (line(hands=["As 2h 3d 4c 5c", "2c 3h 4s 5d 1x"]), "'1x' is not a card"),
    (line(hands=["As 2h 3d 4c 5c", "2c 3h 4s 5d"]), "a Badacey hand has 5 cards, got 4"),
    (line(hands=["As 2h 3d 4c 5c", "2c 3h 4s 5d 7c 8c"]), "has 5 cards, got 6"),
    (line(hands=["As 2h 3d 4c 4c", "2c 3h 4s 5d 7c"]), "4♣ appears twice"),
    (line(hands=["As 2h 3d 4c 5c", "As 3h 4s 5d 7c"]), "A♠ is in both seat 0's and seat 1's"),
    (line(game="badugi"), "a Badugi hand has 4 cards, got 5"),
    (line(pot="DROP"), "the pot is missing"),
    (line(contributions=[40, 40]), "not both"),
    (line(pot=80.5), "whole number of chips"),
    (line(pot="80"), "whole number of chips"),
    (line(pot=-5), "cannot be negative"),
    (line(pot=True), "whole number of chips"),
    (line(pot="DROP", contributions=[40]), "2 hands but 1 contributions"),
    (line(pot="DROP", contributions=40), "contributions must be a list"),
    (line(pot="DROP", contributions=[40, -1]), "seat 1's contribution cannot be negative"),
    (line(folded=[False]), "2 hands but 1 folded flags"),
    (line(folded=[0, 1]), "each folded flag must be true or false"),
    (line(folded=True), "folded must be a list"),
    (line(button=2), "the button must be a seat number from 0 to 1"),
    (line(button=-1), "the button must be a seat number"),
    (line(button="0"), "the button must be a seat number"),
    (line(folded=[True, True]), "every seat folded"),
    (line(hands=[None, None]), "every seat folded"),
    (line(hands=["As 2h 3d 4c 5c", None], folded=[False, False]), "seat 1 has no hand"),
    (line(hands=[]), "no seats"),
]


@pytest.mark.parametrize(("text", "message"), BAD_LINES)
def test_each_kind_of_bad_line_gets_one_error_sentence(text, message):
    (answer,) = run_jsonl([text])
    assert set(answer) == {"ok", "error"}
    assert answer["ok"] is False
    assert message in answer["error"]
    assert "\n" not in answer["error"]


def test_an_optional_key_given_as_null_takes_its_default():
    tie = {"pot": 81, "hands": ["As 2h 3d 4c 5c", "Ah 2d 3c 4s 5s"]}
    null_button, no_button = run_jsonl([line(button=None, **tie), line(button="DROP", **tie)])
    assert null_button == no_button
    (null_folded,) = run_jsonl([line(folded=None)])
    assert null_folded["ok"]


def test_a_mixed_batch_answers_every_line_in_order_and_keeps_going():
    lines = [
        line(),
        "oops",
        line(pot=81, hands=["As 2h 3d 4c 5c", "Ah 2d 3c 4s 5s"]),
        line(hands=["As 2h 3d 4c 5c", "As 3h 4s 5d 7c"]),
        line(game="badeucey"),
    ]
    answers = run_jsonl(lines)
    assert [a["ok"] for a in answers] == [True, False, True, False, True]
    # tied everywhere: the low half's odd chip goes to seat 1, first left of the button
    assert answers[2]["payouts"] == [81 // 2, 81 // 2 + 1]
    # Badeucey reads the first hand's ace high, so the second hand scoops
    assert answers[4]["payouts"] == [0, SPEC_INPUT["pot"]]
    assert "A♠" in answers[3]["error"]


def test_side_pots_folded_seats_and_uncontested_pots_follow_the_contract():
    (answer,) = run_jsonl(
        [
            line(
                pot="DROP",
                hands=["As 2h 3d 4c 5c", None, "2c 3h 4s 5d 7c"],
                contributions=[20, 20, 50],
            )
        ]
    )
    assert answer["hands"][1] is None
    main, side = answer["pots"]
    # everyone matched 20; only seat 2, alone, went on to 50
    assert (main["amount"], main["eligible"]) == (3 * 20, [0, 2])
    assert side == side | {"amount": 50 - 20, "eligible": [2]}
    assert [h["kind"] for h in side["halves"]] == ["uncontested"]
    assert side["halves"][0]["winners"] == [2]
    assert sum(answer["payouts"]) == 90


def test_hands_list_every_evaluation_of_the_game():
    (answer,) = run_jsonl([line(game="badeucey")])
    seat = answer["hands"][0]
    cards = parse_cards(SPEC_INPUT["hands"][0])
    assert set(seat) == {"deuce_to_seven", "badugi"}
    assert seat["deuce_to_seven"]["text"] == deuce_to_seven(cards).text
    ace_high = badugi(cards, ace_high=True)
    assert seat["badugi"]["ranks"] == [card.rank_text for card in ace_high.cards]
    assert seat["badugi"]["ranks"][0] == "A"  # Badeucey's Badugi counts the ace high


def test_tens_print_as_10_with_suit_symbols():
    (answer,) = run_jsonl([line(game="badugi", hands=["Ts jh qd kc", "2c 3h 4s 5d"])])
    shown = answer["hands"][0]["badugi"]
    assert sorted(shown["cards"]) == sorted(["10♠", "J♥", "Q♦", "K♣"])
    assert "10" in shown["ranks"] and "T" not in shown["ranks"]
    assert [text[:-1] for text in shown["cards"]] == shown["ranks"]


def test_an_unexpected_failure_still_becomes_an_error_line(monkeypatch):
    from evaluator import jsonl  # where the command's batch mode lives

    def explode(request):
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(jsonl, "settle_request", explode)
    answers = run_jsonl([line(), line()])
    assert [a["ok"] for a in answers] == [False, False]
    assert "internal error" in answers[0]["error"]


def test_the_real_process_writes_utf8_whatever_the_locale_and_exits_0():
    stdin = line().encode() + b"\n\xff\xfe\n" + line(game="badugi").encode() + b"\n"
    done = run_manage("showdown", "--jsonl", stdin=stdin)
    assert done.returncode == 0, done.stderr
    answers = [json.loads(text) for text in done.stdout.decode("utf-8").splitlines()]
    assert [a["ok"] for a in answers] == [True, False, False]
    spec_cards = SPEC_OUTPUT["hands"][0]["badugi"]["cards"]
    assert answers[0]["hands"][0]["badugi"]["cards"] == spec_cards
    assert "UTF-8" in answers[1]["error"]


def test_human_mode_prints_seats_halves_payouts_and_reasons():
    out = io.StringIO()
    call_command(
        "showdown",
        "A♠ 2♥ 3♦ 4♣ 5♣",
        "-",
        "-",
        "8♥ 4♥ 3♠ 2♣ A♦",
        game="badacey",
        contributions="48,12,12,48",
        names="Amara,Bram,Kira,Noor",
        stdout=out,
    )
    text = out.getvalue()
    assert "A♠ 2♥ 3♦ 4♣ 5♣" in text
    assert "8-4-3-2-A" in text and "four-card 4-3-2-A Badugi" in text
    assert "Bram" in text and "folded" in text
    assert "Badugi half (60): Amara, Noor" in text
    payouts = text.split("Payouts")[1].split("Why")[0].split()
    expected = settle(
        "badacey",
        ["A♠ 2♥ 3♦ 4♣ 5♣", None, None, "8♥ 4♥ 3♠ 2♣ A♦"],
        contributions=[48, 12, 12, 48],
        names=["Amara", "Bram", "Kira", "Noor"],
    )
    assert payouts == [
        word
        for pair in zip(expected.names, expected.payouts, strict=True)
        for word in map(str, pair)
    ]
    assert "Amara and Noor tie" in text


@pytest.mark.parametrize(
    ("args", "options", "message"),
    [
        (["As 2h 3d 4c 5c", "2c 3h 4s 5d 7c"], {"game": "badacey"}, "the pot is missing"),
        (["As 2h 3d 4c 5c", "2c 3h 4s 5d 7c"], {"pot": "80"}, "choose a game"),
        (["As 2h 3d 4c 5c", "As 3h 4s 5d 7c"], {"game": "badacey", "pot": "8"}, "A♠ is in both"),
        (["As 2h 3d 4c 5c", "2c 3h 4s 5d 7c"], {"game": "badacey", "pot": "8x"}, "--pot must"),
        (["As 2h 3d 4c 5c", "2c"], {"game": "badacey", "pot": "8"}, "Seat 2's hand"),
    ],
)
def test_human_mode_errors_raise_a_command_error_with_the_message(args, options, message):
    with pytest.raises(CommandError, match=message) as error:
        call_command("showdown", *args, **options, stdout=io.StringIO())
    assert error.value.returncode == 2


def test_human_mode_prints_suits_even_under_an_ascii_locale():
    done = run_manage("showdown", "--game", "badugi", "--pot", "8", "As 2h 3d 4c", "Ah 2d 3c 5s")
    assert done.returncode == 0, done.stderr
    assert "A♠ 2♥ 3♦ 4♣" in done.stdout.decode("utf-8")


def test_human_mode_error_exits_2_with_the_message_on_stderr():
    done = run_manage(
        "showdown", "--game", "badacey", "--pot", "8", "As 2h 3d 4c 5c", "As 2c 3c 4d 5d"
    )
    assert done.returncode == 2
    assert "A♠ is in both Seat 1's and Seat 2's hands" in done.stderr.decode("utf-8")
    assert done.stdout == b""

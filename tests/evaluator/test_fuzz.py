"""A few seconds of fuzzing: the only failures allowed are the engine's own clear errors.

A seeded mutator damages known-good inputs the ways people and programs do
(cut, doubled and swapped pieces, stray punctuation, digits of other
scripts, lone surrogates, runs of digits far too long to convert) and
hypothesis puts arbitrary JSON where each showdown field belongs. The deal
notation may only answer a record or an ``EvaluatorError`` whose message is
one line that can be written out; ``showdown --jsonl`` must answer every
line, in order, with valid JSON and never an internal error.
"""

from __future__ import annotations

import io
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from evaluator import EvaluatorError
from evaluator.jsonl import answer_lines, answer_text
from evaluator.notation import validate
from evaluator.worked_deals import worked_deal

SEEDS = 20261130, 7, 42
DEALS = [worked_deal("amara_bram_kira_noor"), worked_deal("mara_badugi")]
SHOWDOWN_LINES = [
    '{"game": "badacey", "hands": ["A♠ 2♥ 3♦ 4♣ 5♣", "2c 3h 4s 5d 7c"], "pot": 80, "button": 0}',
    '{"game": "badugi", "hands": ["As 2h 3d 4c", null, "Ks Qh Jd Tc"], "contributions": '
    '[12, 6, 48], "folded": [false, true, false], "button": 2}',
    '{"game": "badeucey", "hands": ["10s 2h 3d 4c 5c", "2c, 3h, 4s, 5d, 7c"], "pot": 13}',
]
# Pieces the mutator splices in: syntax of both formats, odd characters, big numbers.
PIECES = [
    "",
    " ",
    "\n",
    "\t",
    ",",
    ";",
    ":",
    "->",
    "#",
    "(",
    "[",
    "]",
    "{",
    "}",
    '"',
    "\\",
    "null",
    "-",
    "0",
    "7",
    "12",
    "99",
    "9" * 40,
    "9" * 4301,
    "٦",
    "１２",
    "²",
    "\ud800",
    "\x00",
    "♠",
    "♥️",
    "10",
    "T",
    "As",
    "fold",
    "raise to",
    "all-in",
    "pot",
    "draw",
    "seat",
    "button",
    "chips",
    "before the draw:",
    "after draw 1:",
    "draw 4:",
    "(deck reshuffled)",
    "1e999",
    "NaN",
    "-1",
    "true",
    '"hands"',
    '"pot"',
    '"contributions"',
    "x" * 300,
]


def mutate(text: str, rng: random.Random) -> str:
    """One to four random edits: delete, duplicate, swap or insert a piece."""
    for _ in range(rng.randint(1, 4)):
        if not text:
            text = rng.choice(PIECES)
            continue
        i = rng.randrange(len(text))
        j = min(len(text), i + rng.randint(1, 12))
        match rng.randrange(4):
            case 0:
                text = text[:i] + text[j:]
            case 1:
                text = text[:j] + text[i:j] + text[j:]
            case 2:
                k = rng.randrange(len(text))
                text = text[:i] + text[k : k + (j - i)] + text[j:]
            case _:
                text = text[:i] + rng.choice(PIECES) + text[i:]
    return text


def assert_clear(message: str) -> None:
    assert message and "\n" not in message
    message.encode("utf-8")  # a lone surrogate here would fail every page and pipe
    assert "internal error" not in message


def test_mutated_deal_records_give_a_record_or_a_clear_engine_error():
    refused = 0
    for seed in SEEDS:
        rng = random.Random(seed)
        for _ in range(400):
            text = mutate(rng.choice(DEALS), rng)
            try:
                validate(text)
            except EvaluatorError as error:
                assert_clear(str(error))
                refused += 1
    assert refused > 600  # the mutations really do break records


def test_mutated_showdown_lines_each_get_one_answer_in_order():
    for seed in SEEDS:
        rng = random.Random(seed)
        lines = [mutate(rng.choice(SHOWDOWN_LINES), rng) for _ in range(1000)]
        stdin = io.BytesIO(
            b"\n".join(line.encode("utf-8", "surrogatepass") for line in lines) + b"\n"
        )
        out = io.StringIO()
        answer_lines(stdin, out)
        answers = [json.loads(text) for text in out.getvalue().split("\n")[:-1]]
        assert len(answers) == len(lines) + sum(line.count("\n") for line in lines)
        for answer in answers:
            assert answer["ok"] is True or set(answer) == {"ok", "error"}
            if not answer["ok"]:
                assert_clear(answer["error"])


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(max_size=30)
    | st.sampled_from(["As 2h 3d 4c 5c", "2c 3h 4s 5d 7c", "badacey", "badugi"]),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=8,
)


@settings(max_examples=150, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(["game", "hands", "pot", "contributions", "folded", "button", "other"]),
        JSON_VALUES,
    )
)
def test_any_json_in_any_field_gets_a_settlement_or_a_clear_error(request):
    answer = json.loads(answer_text(json.dumps(request)))
    if not answer["ok"]:
        assert_clear(answer["error"])

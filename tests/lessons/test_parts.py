"""The question-part registry: every kind round-trips through text, JSON and the admin form.

Each kind of part is written in the admin as one line of text and stored as
a dict. The two forms must be exact inverses for every valid part, or a
teacher who saves an unchanged deal would change (or lose) its questions.
The strategies below make valid parts of every registered kind; a kind added
without a strategy fails ``test_every_kind_has_a_strategy``.
"""

from __future__ import annotations

import json

import pytest
from django.template.loader import get_template
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pytest_django.asserts import assertContains

from evaluator import PROFILES, get_profile, parse_cards
from evaluator.odds import target_ranks
from lessons.deals import parts
from lessons.deals.parts.raise_to import round_cap
from lessons.models import Deal
from lessons.teaching.admin_forms import DealAdminForm
from tests.factories import make_deal, right_answer

GAME = "badacey"
PROFILE = get_profile(GAME)
HANDS = ("A♠ 2♥ 3♦ 4♣ 5♣", "2♣ 3♥ 4♠ 5♦ 7♣", "K♠ Q♥ J♦ 10♣ 10♥")
SAME_SIZE_GAMES = [key for key, p in PROFILES.items() if p.hand_size == PROFILE.hand_size]

# Text a teacher might type: letters, digits, spaces and punctuation, never a line break.
WORDS = st.text(
    alphabet=st.characters(
        codec="utf-8", categories=("L", "N", "P", "S", "Zs"), exclude_characters="\r\n\x85"
    ),
    min_size=1,
    max_size=30,
).map(str.strip)
SEAT_NAME = WORDS.filter(lambda name: name and ":" not in name and name == name.strip())
CHOICE_TEXT = WORDS.filter(lambda text: text and "|" not in text and len(text.splitlines()) == 1)


@st.composite
def raise_parts(draw, seats: int) -> dict:
    betting_round = draw(st.integers(0, PROFILE.draws))
    unit, cap = PROFILE.bet_size(betting_round), round_cap(PROFILE, betting_round)
    facing = draw(st.integers(0, cap - unit))
    right = PROFILE.full_raise_to(betting_round, facing)
    others = draw(
        st.lists(
            st.integers(1, cap).filter(lambda o: o != right), min_size=1, max_size=3, unique=True
        )
    )
    options = draw(st.permutations([right, *others]))
    return {"kind": "raise_to", "round": betting_round, "facing": facing, "options": list(options)}


@st.composite
def choice_parts(draw, seats: int) -> dict:
    options = draw(
        st.lists(CHOICE_TEXT.filter(lambda o: not o.startswith("*")), min_size=2, max_size=4)
    )
    return {
        "kind": "choice",
        "question": draw(CHOICE_TEXT),
        "options": options,
        "answer": draw(st.integers(0, len(options) - 1)),
    }


def game_parts(kind: str):
    def strategy(seats: int):
        plain = st.just({"kind": kind})
        other = st.sampled_from(SAME_SIZE_GAMES).map(lambda game: {"kind": kind, "game": game})
        return plain | other

    return strategy


@st.composite
def targets(draw) -> dict:
    """A draw target for the test game and, when asked, the top cards it names."""
    target = draw(st.sampled_from(["badugi", "low", "both"]))
    found: dict = {"target": target}
    halves = {"badugi": ["badugi"], "low": ["low"], "both": ["low", "badugi"]}[target]
    for half in halves:
        kind = "badugi" if half == "badugi" else "ace_to_five"
        top = draw(st.none() | st.sampled_from(target_ranks(PROFILE, kind)))
        if top is not None:
            found[f"{half}_top"] = top
    return found


def thrown_cards(seat: int, low: int, high: int):
    return st.lists(
        st.sampled_from(parse_cards(HANDS[seat])), min_size=low, max_size=high, unique=True
    ).map(lambda cards: " ".join(c.text for c in cards))


@st.composite
def outs_parts(draw, seats: int) -> dict:
    seat = draw(st.integers(0, seats - 1))
    throw = draw(thrown_cards(seat, 1, 1))
    return {"kind": "outs", "seat": seat, "throw": throw, **draw(targets())}


@st.composite
def odds_parts(draw, seats: int) -> dict:
    seat = draw(st.integers(0, seats - 1))
    throw = draw(thrown_cards(seat, 1, 2))
    within = draw(st.integers(1, 20))
    return {"kind": "odds", "seat": seat, "throw": throw, **draw(targets()), "within": within}


@st.composite
def discard_parts(draw, seats: int) -> dict:
    part = {
        "kind": "discard",
        "seat": draw(st.integers(0, seats - 1)),
        "most": draw(st.integers(1, 2)),
    }
    if draw(st.booleans()):
        return part | {"model": "share"}
    return part | draw(targets())


STRATEGIES = {
    "outs": outs_parts,
    "odds": odds_parts,
    "discard": discard_parts,
    "badugi_cards": lambda seats: st.integers(0, seats - 1).map(
        lambda seat: {"kind": "badugi_cards", "seat": seat}
    ),
    "winners": game_parts("winners"),
    "payouts": game_parts("payouts"),
    "raise_to": raise_parts,
    "choice": choice_parts,
    "deciding": lambda seats: st.just({"kind": "deciding"}),
    "next_to_act": lambda seats: st.integers(0, 10**6).map(
        lambda step: {"kind": "next_to_act", "step": step}
    ),
    "pot_at": lambda seats: st.integers(0, 10**6).map(
        lambda step: {"kind": "pot_at", "step": step}
    ),
}
# Kinds that ask about a step of a history: a deal without one refuses them.
HISTORY_KINDS = {"next_to_act", "pot_at"}


@st.composite
def deals(draw, history: bool = True) -> tuple[list[str], list[dict]]:
    """Seat names and a list of valid parts of any kinds for them (``history``: step kinds too)."""
    names = draw(st.lists(SEAT_NAME, min_size=2, max_size=len(HANDS), unique=True))
    usable = sorted(k for k in STRATEGIES if history or k not in HISTORY_KINDS)
    kinds = st.sampled_from(usable).flatmap(lambda k: STRATEGIES[k](len(names)))
    return names, draw(st.lists(kinds, min_size=1, max_size=6))


def test_every_kind_has_a_strategy_and_a_template_drawing_its_fields():
    assert set(STRATEGIES) == set(parts.KINDS)
    for kind in parts.KINDS.values():
        get_template(kind.fields_template)  # raises if the template or partial is missing


@given(deals())
def test_every_valid_part_round_trips_through_its_text_and_its_json(deal):
    names, stored = deal
    for part in stored:
        assert parts.part_problem(part, PROFILE, len(names)) is None, part
        assert json.loads(json.dumps(part)) == part
    text = parts.parts_to_text(stored, names)
    assert len(text.splitlines()) == len(stored)  # one line per part
    assert parts.parse_parts(text, names) == stored


@pytest.mark.django_db
@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(deals(history=False))
def test_every_valid_part_round_trips_through_the_admin_form(deal):
    names, stored = deal
    original = Deal(
        title="Round trip",
        slug="round-trip",
        game=GAME,
        seats=[{"name": n, "cards": h} for n, h in zip(names, HANDS, strict=False)],
        pot=120,
        prompt="Answer every part.",
        parts=stored,
    )
    original.full_clean()
    shown = DealAdminForm(instance=original)
    data = {name: shown[name].value() for name in shown.fields}
    data = {k: "" if v is None else v for k, v in data.items() if v is not False}
    posted = DealAdminForm(data, instance=Deal())
    assert posted.is_valid(), posted.errors
    assert posted.instance.parts == stored
    assert posted.instance.seats == original.seats


def test_a_line_of_an_unknown_kind_names_every_kind():
    with pytest.raises(Exception) as refused:
        parts.parse_parts("winners\nshout loudly", ["A", "B"])
    message = refused.value.messages[0]
    assert message.startswith("Line 2: “shout” is not a kind of part")
    for kind in parts.KINDS.values():
        assert kind.keyword in message


def test_every_bad_line_is_named_in_one_go():
    with pytest.raises(Exception) as refused:
        parts.parse_parts("badugi Zed\nwinners\nraise_to round=x facing=1 options=2,3", ["A", "B"])
    assert [m.split(":")[0] for m in refused.value.messages] == ["Line 1", "Line 3"]


@pytest.mark.parametrize(
    "part",
    [
        {"kind": "choice", "question": "Which | half?", "options": ["a", "b"], "answer": 0},
        {"kind": "choice", "question": "Which?", "options": ["*a", "b"], "answer": 0},
        {"kind": "choice", "question": " Which?", "options": ["a", "b"], "answer": 0},
        {"kind": "choice", "question": "Which?", "options": ["a\nb", "c"], "answer": 0},
        {"kind": "winners", "game": None},
    ],
)
def test_a_part_its_text_could_not_write_back_is_refused(part):
    assert parts.part_problem(part, PROFILE, 2) is not None


@pytest.mark.parametrize(
    ("part", "expected"),
    [
        ({"kind": "raise_to", "round": 2, "facing": 48, "options": [60, 24]}, "nobody can raise"),
        ({"kind": "raise_to", "round": 2, "facing": 12, "options": [24, 480]}, "no round total"),
    ],
)
def test_raise_questions_stay_within_the_rounds_cap(part, expected):
    assert expected in parts.part_problem(part, PROFILE, 2)


def test_a_part_stored_by_hand_shows_in_the_admin_as_its_json():
    odd = {"kind": "raise_to", "round": 2, "facing": 12, "options": 7}
    assert parts.part_to_text(odd, ["A", "B"]) == json.dumps(odd)


FOLDED_TO_ONE = """\
game badacey, limit 6/12, blinds 3/6, cap 4 bets, draw up to 5 cards
seat Lina, 100 chips: A♣ 2♦ 7♥ 9♠ K♣
seat Omar, 100 chips: 3♠ 4♥ 5♦ 8♣ Q♥
button Lina
before the draw: Lina call 3, Omar check
draw 1:
  Omar Q♥ -> 2♣
  Lina 9♠ K♣ -> 3♥ 4♠
after draw 1: Omar bet 6, Lina call 6
draw 2: Omar pat; Lina pat
after draw 2: Omar check, Lina bet 12, Omar fold
"""


@pytest.mark.django_db
def test_a_pot_nobody_contests_is_asked_and_checked_per_half(client):
    deal = make_deal(history=FOLDED_TO_ONE, parts=[{"kind": "winners"}, {"kind": "payouts"}])
    (award,) = deal.settlement().pots[0].awards
    assert award.kind == "uncontested"  # the premise, from the evaluator
    data = right_answer(deal)
    for kind in deal.profile.awards:
        assert data[f"{deal.slug}-p0_{kind}"] == [str(s) for s in award.winners]
    assertContains(client.post(deal.check_url, data, HTTP_HX_REQUEST="true"), "All right")

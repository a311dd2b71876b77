"""The drawing exercises and their three kinds of question: outs, odds and the discard.

Every expected count, chance and best choice is asked of the engine
(``evaluator.odds``, ``evaluator.draw_equity``), each of which is tested
against a brute force of its own; the wrong answers are the misconceptions
the lesson names, built from the engine too (counting a card you can see,
the stricter target counted as the looser one, throwing the highest card).
"""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

from evaluator import parse_cards
from evaluator.draw_equity import discard_choices
from evaluator.odds import draw_odds
from lessons.deals import parts
from lessons.models import Deal
from tests.factories import card_value, field, lesson_exercises, make_deal, right_answer

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
EXERCISES = [deal for deal in lesson_exercises() if deal.lesson == "drawing"]


def parts_of(kind: str) -> list[tuple[str, int]]:
    return [
        (deal.slug, index)
        for deal in EXERCISES
        for index, part in enumerate(deal.parts)
        if part["kind"] == kind
    ]


def post(client, deal: Deal, data: dict):
    response = client.post(deal.check_url, data, **HTMX)
    return response, response.content.decode()


def hand_and_seen(deal: Deal, part: dict):
    hand = parse_cards(deal.seats[part["seat"]]["cards"])
    seen = [
        c
        for s, seat in enumerate(deal.seats)
        if s != part["seat"]
        for c in parse_cards(seat["cards"])
    ]
    return hand, seen


def engine_odds(deal: Deal, part: dict, *, dead=None):
    hand, seen = hand_and_seen(deal, part)
    thrown = parse_cards(part["throw"])
    return draw_odds(
        deal.game,
        [c for c in hand if c not in thrown],
        discarded=thrown,
        dead=seen if dead is None else dead,
        badugi_top=part.get("badugi_top"),
        low_top=part.get("low_top"),
    )


def outcome_key(part: dict) -> str:
    if part["target"] == "badugi":
        return "badugi_top" if "badugi_top" in part else "badugi"
    return part["target"]


def test_the_six_exercises_are_on_the_lesson_page_in_order(client):
    stored = Deal.objects.published().for_lesson("drawing")
    assert [d.slug for d in stored] == [f"drawing-{n}" for n in range(1, 7)]
    page = client.get("/drawing/").content.decode()
    positions = [page.index(f'id="exercise-drawing-{n}"') for n in range(1, 7)]
    assert positions == sorted(positions)


def test_the_exercises_use_all_three_new_kinds_and_both_discard_models():
    kinds = [part["kind"] for deal in EXERCISES for part in deal.parts]
    assert {"outs", "odds", "discard"} <= set(kinds)
    discards = [p for d in EXERCISES for p in d.parts if p["kind"] == "discard"]
    assert {p.get("model", "chance") for p in discards} == {"chance", "share"}


# Outs ---------------------------------------------------------------------------


def test_the_outs_agree_with_the_issues_hand_count():
    # Drawing exercise 1 is the A-2-3 draw with Olu's cards seen: of the ten
    # spades of other ranks (the issue's count), the two Olu holds are gone.
    deal = next(d for d in EXERCISES if d.slug == "drawing-1")
    part = deal.parts[0]
    assert engine_odds(deal, part, dead=()).outcome("badugi").hits == 10
    olu_spades = [c for c in parse_cards(deal.seats[1]["cards"]) if c.suit == "s"]
    assert engine_odds(deal, part).outcome("badugi").hits == 10 - len(olu_spades)


@pytest.mark.parametrize("slug, index", parts_of("outs"))
def test_the_right_number_of_outs_is_accepted_and_the_outs_are_shown(client, slug, index):
    deal = Deal.objects.get(slug=slug)
    outcome = engine_odds(deal, deal.parts[index]).outcome(outcome_key(deal.parts[index]))
    _, text = post(client, deal, right_answer(deal) | {field(deal, index): str(outcome.hits)})
    assert "All right" in text
    answer = client.get(deal.answer_url, **HTMX).content.decode()
    assert f"{outcome.hits} of them make" in answer
    for card in outcome.outs:
        assert card.name in answer  # every out is named for a screen reader


@pytest.mark.parametrize("slug, index", parts_of("outs"))
def test_counting_a_card_you_can_see_is_too_many(client, slug, index):
    deal = Deal.objects.get(slug=slug)
    part = deal.parts[index]
    blind = engine_odds(deal, part, dead=()).outcome(outcome_key(part)).hits
    right = engine_odds(deal, part).outcome(outcome_key(part)).hits
    assert blind > right, "the exercise should show a seen card among the outs"
    _, text = post(client, deal, right_answer(deal) | {field(deal, index): str(blind)})
    assert "cards you can see in other hands cannot arrive" in text.lower()


@pytest.mark.parametrize("slug, index", parts_of("outs"))
def test_too_few_outs_is_explained_without_the_count(client, slug, index):
    deal = Deal.objects.get(slug=slug)
    right = engine_odds(deal, deal.parts[index]).outcome(outcome_key(deal.parts[index])).hits
    if right == 0:
        pytest.skip("no count is lower than none")  # pragma: no cover - none of the six
    _, text = post(client, deal, right_answer(deal) | {field(deal, index): str(right - 1)})
    assert "is too few" in text and f"{right} of the" not in text


def test_the_looser_target_counted_for_the_stricter_one_is_wrong(client):
    deal = Deal.objects.get(slug="drawing-1")
    any_badugi = engine_odds(deal, deal.parts[0]).outcome("badugi").hits
    seven_or_better = engine_odds(deal, deal.parts[1]).outcome("badugi_top").hits
    assert any_badugi != seven_or_better
    _, text = post(client, deal, right_answer(deal) | {field(deal, 1): str(any_badugi)})
    assert "Not yet: 1 of 2 correct" in text


@pytest.mark.parametrize("value", ["-1", "many", "1000"])
def test_an_impossible_count_is_a_400_with_a_message(client, value):
    deal = Deal.objects.get(slug="drawing-1")
    response, text = post(client, deal, right_answer(deal) | {field(deal, 0): value})
    assert response.status_code == 400
    assert "outs" in text.lower()


# Odds ------------------------------------------------------------------------------


@pytest.mark.parametrize("slug, index", parts_of("odds"))
def test_an_estimate_within_the_tolerance_is_right_and_one_beyond_it_is_not(client, slug, index):
    deal = Deal.objects.get(slug=slug)
    part = deal.parts[index]
    exact = 100 * engine_odds(deal, part).outcome(outcome_key(part)).probability
    within = part["within"]
    edge = Fraction(int(exact * 100) + 1, 100)  # just above the exact chance, 2 decimals
    for guess, ok in [
        (exact - within + Fraction(1, 100), True),
        (edge + within - Fraction(1, 100), True),
        (edge + within, False),
        (exact - within - Fraction(1, 100), False),
    ]:
        shown = f"{Decimal(guess.numerator) / Decimal(guess.denominator):.2f}"
        if not 0 <= float(shown) <= 100:
            continue
        _, text = post(client, deal, right_answer(deal) | {field(deal, index): shown})
        assert ("All right" in text) == ok, (shown, float(exact))
        if not ok:
            way = "high" if Fraction(shown) > exact else "low"
            assert f"points too {way}" in text


@pytest.mark.parametrize("value", ["150", "-3", "12.345", "lots"])
def test_an_unreadable_percentage_is_a_400_with_a_message(client, value):
    slug, index = parts_of("odds")[0]
    deal = Deal.objects.get(slug=slug)
    response, text = post(client, deal, right_answer(deal) | {field(deal, index): value})
    assert response.status_code == 400
    assert "could not be checked" in text
    assert any(word in text for word in ("%", "number", "decimal places")), text


# The discard -----------------------------------------------------------------------


def every_choice(deal: Deal, part: dict) -> list[tuple[tuple, Fraction]]:
    """Each way to throw from 0 to ``most`` cards and the engine's value for it."""
    hand, seen = hand_and_seen(deal, part)
    if part.get("model") == "share":
        others = [seat["cards"] for s, seat in enumerate(deal.seats) if s != part["seat"]]
        return [
            (c.discard, c.share)
            for c in discard_choices(deal.game, hand, others, most=part["most"])
        ]
    found = []
    for size in range(part["most"] + 1):
        for throw in combinations(hand, size):
            odds = draw_odds(
                deal.game,
                [c for c in hand if c not in throw],
                discarded=throw,
                dead=seen,
                badugi_top=part.get("badugi_top"),
                low_top=part.get("low_top"),
            )
            found.append((throw, odds.outcome(outcome_key(part)).probability))
    return found


def discard_post(deal: Deal, index: int, throw) -> dict:
    return right_answer(deal) | {
        field(deal, index, "decision"): "throw" if throw else "pat",
        field(deal, index, "cards"): [card_value(c) for c in throw],
    }


def choice_count(deal: Deal, part: dict) -> int:
    """How many entries ``every_choice`` lists, counted without the odds.

    The cases are made when the module is collected, by every test worker of
    every run; the odds of each throw (the whole Badugi table, about 2 s) are
    paid only by the worker that runs these tests.
    """
    if part.get("model") == "share":
        return len(every_choice(deal, part))
    hand, _ = hand_and_seen(deal, part)
    return sum(comb(len(hand), size) for size in range(part["most"] + 1))


DISCARD_CASES = [
    pytest.param(deal.slug, index, n, id=f"{deal.slug}-choice{n}")
    for deal in EXERCISES
    for index, part in enumerate(deal.parts)
    if part["kind"] == "discard"
    for n in range(choice_count(deal, part))
]


@pytest.mark.parametrize("slug, index, n", DISCARD_CASES)
def test_every_choice_is_right_exactly_when_nothing_does_better(client, slug, index, n):
    deal = Deal.objects.get(slug=slug)
    choices = every_choice(deal, deal.parts[index])
    assert len(choices) == choice_count(deal, deal.parts[index])  # no choice left without a case
    throw, value = choices[n]
    best = max(v for _, v in choices)
    _, text = post(client, deal, discard_post(deal, index, throw))
    if value == best:
        assert "All right" in text
    else:
        assert "another choice does better" in text and "Not yet" in text


@pytest.mark.parametrize("slug, index", parts_of("discard"))
def test_the_best_choice_is_not_simply_the_highest_card(slug, index):
    # The lesson's point: what to throw depends on suits and on the other hand.
    deal = next(d for d in EXERCISES if d.slug == slug)
    choices = every_choice(deal, deal.parts[index])
    best = max(v for _, v in choices)
    hand, _ = hand_and_seen(deal, deal.parts[index])
    highest = max(
        hand, key=lambda c: 14 if c.rank == 1 and deal.profile.badugi_ace_high else c.rank
    )
    assert dict(choices)[(highest,)] < best


def test_standing_pat_with_cards_ticked_or_throwing_none_is_explained(client):
    deal = Deal.objects.get(slug="drawing-5")
    hand = parse_cards(deal.seats[0]["cards"])
    data = right_answer(deal) | {field(deal, 0, "decision"): "pat"}
    data[field(deal, 0, "cards")] = [card_value(hand[0])]
    _, text = post(client, deal, data)
    assert "chose to stand pat but ticked cards" in text
    data = right_answer(deal) | {field(deal, 0, "decision"): "throw", field(deal, 0, "cards"): []}
    _, text = post(client, deal, data)
    assert "ticked no card" in text


def test_throwing_more_cards_than_the_question_allows_is_explained(client):
    deal = Deal.objects.get(slug="drawing-4")
    hand = parse_cards(deal.seats[0]["cards"])
    data = discard_post(deal, 0, hand[:3])
    _, text = post(client, deal, data)
    assert "throw at most 2 cards" in text


def test_the_worked_answer_lists_every_choice_best_first(client):
    deal = Deal.objects.get(slug="drawing-5")
    answer = client.get(deal.answer_url, **HTMX).content.decode()
    assert "The hands as they stand, before the draw" in answer
    table = answer[answer.index("Every choice for") :]
    table = table[: table.index("</table>")]
    choices = every_choice(deal, deal.parts[0])
    assert table.count("<tr") == len(choices) + 1  # and the header row
    shown = [float(p) for p in re.findall(r"<td>([0-9.]+)%", table)]
    assert shown == sorted(shown, reverse=True) and len(shown) == len(choices)


# Writing the parts in the admin ------------------------------------------------------


@pytest.mark.parametrize(
    "line, expected",
    [
        ("outs Ines; throw K♥; for badugi 7", {"target": "badugi", "badugi_top": 7}),
        ("outs Ines; throw K♥; for both low 9 badugi 8", {"low_top": 9, "badugi_top": 8}),
        ("odds Ines; throw K♥ 3♥; for low; within 3", {"within": 3, "throw": "K♥ 3♥"}),
        ("discard Ines; most 2; share", {"model": "share", "most": 2}),
    ],
)
def test_a_teacher_writes_each_drawing_part_on_one_line(line, expected):
    (part,) = parts.parse_parts(line, ["Ines", "Olu"])
    assert part["seat"] == 0 and expected.items() <= part.items()
    assert parts.parts_to_text([part], ["Ines", "Olu"]) == line


@pytest.mark.parametrize(
    "line, message",
    [
        ("outs Zed; throw K♥; for badugi", "no seat is named"),
        ("outs Ines; for badugi", "write it as"),
        ("outs Ines; throw K♥; for straight", "name the target"),
        ("outs Ines; throw K♥; for low 9 8", "write a top card"),
        ("odds Ines; throw K♥; for low; within lots", "whole number of points"),
        ("discard Ines; share", "how many cards may be thrown"),
        ("discard Ines; most 1; share; for low", "write it as"),
    ],
)
def test_a_line_that_cannot_be_read_says_how_to_write_it(line, message):
    with pytest.raises(Exception) as refused:
        parts.parse_parts(line, ["Ines", "Olu"])
    assert message in refused.value.messages[0]


BADEUCEY_SEATS = [
    {"name": "Ines", "cards": "2♠ 3♥ 4♥ 7♣ K♦"},
    {"name": "Olu", "cards": "6♦ 9♠ 9♣ Q♥ J♥"},
]


@pytest.mark.parametrize(
    "part, message",
    [
        ({"kind": "outs", "seat": 0, "throw": "K♦ 4♥", "target": "low"}, "exactly 1 card"),
        ({"kind": "outs", "seat": 0, "throw": "A♠", "target": "low"}, "not in Ines's hand"),
        ({"kind": "outs", "seat": 0, "throw": "K♦", "target": "low", "low_top": 6}, "is 7"),
        ({"kind": "outs", "seat": 0, "throw": "K♦", "target": "badugi", "low_top": 9}, "no low"),
        ({"kind": "odds", "seat": 0, "throw": "K♦", "target": "low", "within": 0}, "from 1 to 20"),
        ({"kind": "discard", "seat": 0, "most": 3, "model": "share"}, "from 1 to 2"),
        ({"kind": "discard", "seat": 0, "most": 1, "model": "luck"}, '"model" can only'),
        (
            {"kind": "discard", "seat": 0, "most": 1, "model": "share", "target": "low"},
            "takes no target",
        ),
        ({"kind": "outs", "seat": 5, "throw": "K♦", "target": "low"}, "seat"),
    ],
)
def test_a_part_no_learner_could_answer_is_refused_with_a_reason(part, message):
    deal = Deal(
        title="A draw",
        slug="a-draw",
        game="badeucey",
        seats=BADEUCEY_SEATS,
        prompt="Count.",
        parts=[part],
    )
    with pytest.raises(Exception) as refused:
        deal.full_clean()
    assert message in str(refused.value)


def test_a_badugi_game_has_no_low_to_draw_to():
    with pytest.raises(Exception) as refused:
        make_deal(
            game="badugi",
            seats=[{"name": "A", "cards": "A♣ 2♦ 3♥ K♥"}, {"name": "B", "cards": "4♠ 5♦ 6♥ 7♣"}],
            pot=None,
            parts=[{"kind": "outs", "seat": 0, "throw": "K♥", "target": "low"}],
        )
    assert "no five-card low" in str(refused.value)

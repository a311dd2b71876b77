"""The showdown's fast path says exactly what the readable evaluators say.

``settlement_to_json`` writes each line from the fast path's strengths and
words remembered per strength; ``settlement_to_dict`` builds the same line
from the readable values (``ace_to_five``, ``badugi``...). Both are held
byte for byte together on random showdowns of every game, including ties,
pairs on a counting rank, folds and side pots.
"""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from evaluator import DECK, PROFILES, settle
from evaluator.report import settle_request, settlement_to_dict, settlement_to_json
from evaluator.strength_facts import description

SPELLINGS = (
    lambda card: card.text,  # "10♠"
    lambda card: ("T" if card.rank == 10 else card.rank_text) + card.suit,  # "Ts"
    lambda card: (("t" if card.rank == 10 else card.rank_text) + card.suit.upper()).lower(),
)


@st.composite
def showdowns(draw: st.DrawFn) -> dict[str, object]:
    game = draw(st.sampled_from(sorted(PROFILES)))
    size = PROFILES[game].hand_size
    seats = draw(st.integers(1, 52 // size))
    # Cards from a few ranks only, so pairs, shared ranks and ties come often.
    ranks = draw(st.integers(5, 13))
    pool = [card for card in DECK if card.rank <= ranks]
    if len(pool) < seats * size:
        pool = list(DECK)
    cards = draw(st.permutations(pool))[: seats * size]
    spell = draw(st.sampled_from(SPELLINGS))
    separator = draw(st.sampled_from((" ", ", ", "  ")))
    hands: list[str | None] = [
        separator.join(spell(card) for card in cards[i * size : (i + 1) * size])
        for i in range(seats)
    ]
    folded = draw(st.lists(st.booleans(), min_size=seats, max_size=seats))
    if all(folded):
        folded[draw(st.integers(0, seats - 1))] = False
    request: dict[str, object] = {
        "game": game,
        "button": draw(st.integers(0, seats - 1)),
        "folded": folded,
    }
    if draw(st.booleans()):
        request["pot"] = draw(st.integers(0, 10**6))
    else:
        request["contributions"] = draw(
            st.lists(st.sampled_from((0, 1, 6, 12, 13, 48, 99)), min_size=seats, max_size=seats)
        )
    if draw(st.booleans()):  # a folded seat may also be given as null
        hands = [None if flag else hand for hand, flag in zip(hands, folded, strict=True)]
    request["hands"] = hands
    return request


@settings(max_examples=600, deadline=None)
@given(showdowns())
def test_the_fast_line_is_byte_for_byte_the_readable_line(request):
    settlement = settle_request(request)
    readable = json.dumps(settlement_to_dict(settlement), ensure_ascii=False)
    assert settlement_to_json(settlement) == readable


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(PROFILES)), st.permutations(DECK))
def test_every_description_is_the_readable_values_description(game, deck):
    profile = PROFILES[game]
    for start in range(0, 50 - profile.hand_size, profile.hand_size):
        cards = deck[start : start + profile.hand_size]
        strengths = profile.strengths([card.index for card in cards])
        for kind, value in profile.evaluate(cards).items():
            k = profile.awards.index(kind)
            assert strengths[k] == value.strength
            said = description(kind, profile.badugi_ace_high, strengths[k])
            assert said == value.description


def test_a_settlement_compared_by_strengths_matches_one_compared_by_values():
    """Winners come from the fast strengths; the readable values must agree on every award."""
    hands = ["A♠ 2♠ 3♥ 4♦ 5♣", "A♥ 2♥ 3♠ 4♣ 9♦", "A♦ 2♦ 3♣ 4♠ 5♠", "6♣ 6♦ 7♠ 8♥ 9♣"]
    result = settle("badacey", hands, pot=101, button=2)
    for pot in result.pots:
        for award in pot.awards:
            values = {i: result.seats[i].values[award.kind] for i in pot.eligible}
            best = max(values.values())
            assert award.winners == tuple(i for i in pot.eligible if values[i] == best)

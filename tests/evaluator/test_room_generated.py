"""Generated hands in every new room's layout read back to the engine's own payouts.

Hypothesis picks the game, the table (two to six seats, small uneven stacks,
so blinds and bets go all-in, side pots form and bets go uncalled), the
room's money (cents with a rake, or tournament chips) and the learner's
decisions at the study table; ``room_writers`` writes the finished hand as
PokerStars, Full Tilt, Winamax or Merge would have, showing only the
learner's cards. Pot-limit, half-pot-limit and no-limit hands, with one or
three draws, come from ``big_bet_hands`` (the study table is fixed limit).
The reader must read it, replay it and agree with the room, and pay what
the engine paid when every card was known.

``ROOM_GENERATED_EXAMPLES=10000`` runs that many hands per layout (the
default keeps the suite quick); the figure last run is in
``docs/hand-histories.md``.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from evaluator.hand_histories import read_text

from .big_bet_hands import play_big_bet_hand
from .room_writers import LAYOUT_GAMES, WRITERS, _money, play_hand

EXAMPLES = int(os.environ.get("ROOM_GENERATED_EXAMPLES", "40"))


@st.composite
def invented(draw: st.DrawFn, layout: str):
    game = draw(st.sampled_from(LAYOUT_GAMES[layout]))
    seats = draw(st.integers(2, 6))
    stacks = tuple(draw(st.sampled_from([3, 8, 15, 40, 200])) for _ in range(seats))
    rake = draw(st.sampled_from([0, 1, 3]))
    seed = draw(st.integers(0, 2**32))
    # Full Tilt writes a dead small blind; the other rooms' wording for one is not known.
    dead = layout == "fulltilt" and seats > 2 and draw(st.booleans())
    return play_hand(seed, game, seats, stacks, rake, dead)


@pytest.mark.parametrize("layout", sorted(WRITERS))
def test_a_generated_hand_in_each_room_s_layout_reads_back_to_the_engine_s_payouts(layout):
    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=True,
        suppress_health_check=[
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
            HealthCheck.filter_too_much,
        ],
    )
    @given(invented(layout))
    def check(hand):
        assume(hand is not None)
        # The study table shuffles the discards back in early, to be safe; a
        # room does so only when the stub runs out, and its history does not
        # say so, so such a hand cannot be written as a room would.
        assume(not any(getattr(s, "reshuffled", False) for s in hand.played.record.streets))
        text = WRITERS[layout](hand)
        (result,) = read_text(text)
        assert result.ok, f"{result.error}\n{text}"
        assert result.verified.checked.settlement.payouts == hand.played.settlement.payouts
        rows = result.verified.checked.ledger.rows
        assert [r.contributed for r in rows] == [r.contributed for r in hand.played.ledger.rows]

    check()


# The big-bet forms each room's header can name, as (game, structure, draws).
BIG_BET_FORMS = {
    "stars": [
        *(
            (game, structure, 3)
            for game in LAYOUT_GAMES["stars"]
            for structure in ("pot-limit", "no-limit")
        ),
        ("deuce_to_seven", "no-limit", 1),
        ("deuce_to_seven", "pot-limit", 1),
    ],
    "fulltilt": [
        *(
            (game, structure, 3)
            for game in LAYOUT_GAMES["fulltilt"]
            for structure in ("pot-limit", "half-pot-limit", "no-limit")
        ),
        ("deuce_to_seven", "no-limit", 1),
        ("deuce_to_seven", "pot-limit", 1),
    ],
    "winamax": [("deuce_to_seven", "pot-limit", 3), ("deuce_to_seven", "no-limit", 3)],
    "merge": [
        (game, structure, 3)
        for game in LAYOUT_GAMES["merge"]
        for structure in ("pot-limit", "half-pot-limit", "no-limit")
    ],
}


@st.composite
def invented_big_bet(draw: st.DrawFn, layout: str):
    game, structure, draws = draw(st.sampled_from(BIG_BET_FORMS[layout]))
    seats = draw(st.integers(2, 6))
    stacks = tuple(draw(st.sampled_from([3, 8, 15, 40, 200])) for _ in range(seats))
    rake = draw(st.sampled_from([0, 1, 3]))
    seed = draw(st.integers(0, 2**32))
    return play_big_bet_hand(seed, game, structure, draws, seats, stacks, rake)


_BIG_BET_SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.mark.parametrize("layout", sorted(BIG_BET_FORMS))
def test_a_generated_big_bet_hand_in_each_room_s_layout_reads_back_to_the_engine_s_payouts(
    layout,
):
    @_BIG_BET_SETTINGS
    @given(invented_big_bet(layout))
    def check(generated):
        hand = generated.invented
        text = WRITERS[layout](hand)
        (result,) = read_text(text)
        assert result.ok, f"{result.error}\n{text}"
        checked = result.verified.checked
        assert checked.profile.title == hand.played.profile.title
        assert checked.settlement.payouts == hand.played.settlement.payouts
        rows = checked.ledger.rows
        assert [r.contributed for r in rows] == [r.contributed for r in hand.played.ledger.rows]

    check()


# The words before a bet or raise's round total in each layout's own line.
_SIZE_WORDS = {
    "stars": ("bets ", " to "),
    "fulltilt": ("bets ", "raises to "),
    "winamax": ("bets ", " to "),
}


def _illegal(size, structure: str) -> tuple[int, str] | None:
    """A round total the engine must refuse for this bet, and the words saying why."""
    if structure != "no-limit" and size.largest + 1 < size.stack_total:
        return size.largest + 1, "the most"
    if size.before < size.target - 1 < size.stack_total:
        return size.target - 1, "the smallest"
    return None


@pytest.mark.parametrize("layout", sorted(_SIZE_WORDS))
def test_a_generated_bet_rewritten_to_an_illegal_size_is_refused_with_its_line(layout):
    """The first bet or raise of a generated hand, made too big for the pot or too small
    for a full raise (and not all-in), is refused on exactly that line."""

    @_BIG_BET_SETTINGS
    @given(invented_big_bet(layout))
    def check(generated):
        hand = generated.invented
        assume(generated.sizes)
        wrong = _illegal(generated.sizes[0], hand.played.profile.structure)
        assume(wrong is not None)
        total, why = wrong
        lines = WRITERS[layout](hand).splitlines()
        k = next(
            i
            for i, line in enumerate(lines)
            if any(word in line for word in _SIZE_WORDS[layout])
            and not line.startswith(("Seat ", "Dealt to "))
        )
        words = lines[k].split(" ")
        at = next(i for i, w in enumerate(words) if w in ("bets", "to")) + 1
        written = words[at].rstrip(",")
        words[at] = _money(hand, total, layout) + ("," if words[at].endswith(",") else "")
        assert written != words[at]
        lines[k] = " ".join(words)
        (result,) = read_text("\n".join(lines) + "\n")
        assert not result.ok
        assert why in str(result.error), result.error
        assert result.error.line == k + 1

    check()

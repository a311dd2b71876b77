"""PHH import: every exported hand reads back to the same hand, for every game.

The export writes PHH's own codes for Badugi and 2-7 triple draw and, when
asked, the codes the site proposes for Badacey, Badeucey and A-5 triple
draw; reading the file back replays it through the engine, holds it against
the file's winnings and finishing stacks, and exporting it again gives the
same text.
"""

from __future__ import annotations

import dataclasses
import re
from decimal import Decimal
from pathlib import Path

import pytest
from pokerkit import HandHistory

from evaluator import EvaluatorError
from evaluator.hand_histories import read_bytes, read_text, to_phh
from evaluator.hand_histories.phh import PROPOSED, VARIANTS, variant_code
from evaluator.replay import replay

HERE = Path(__file__).parent
FILES = [
    *sorted((HERE / "hand_histories").glob("*.txt")),
    *sorted(p for p in (HERE / "room_files").iterdir() if p.suffix in (".txt", ".xml")),
]


def _exportable():
    for path in FILES:
        for result in read_bytes(path.read_bytes()):
            verified = result.verified
            try:
                to_phh(verified.replay, proposed=True)
            except EvaluatorError:
                continue  # a blind posted out of position has no PHH form
            yield pytest.param(verified, id=f"{path.stem}-{verified.hand_id}")


EXPORTABLE = list(_exportable())


def _paid(verified) -> dict[str, int]:
    settlement = verified.checked.settlement
    return dict(zip(settlement.names, settlement.payouts, strict=True))


def test_the_round_trip_covers_every_game():
    assert {p.values[0].game for p in EXPORTABLE} == set(VARIANTS) | set(PROPOSED)


@pytest.mark.parametrize("hand", EXPORTABLE)
def test_an_exported_hand_imports_and_exports_to_the_same_text(hand):
    text = to_phh(hand.replay, hand=hand.hand_id, proposed=True)
    (back,) = read_text(text)
    assert back.ok, back.error
    assert back.game == hand.game
    assert _paid(back.verified) == _paid(hand)
    assert to_phh(back.verified.replay, hand=hand.hand_id, proposed=True) == text


def test_the_proposed_codes_are_written_only_when_asked_for():
    badacey = next(p.values[0] for p in EXPORTABLE if p.values[0].game == "badacey")
    with pytest.raises(EvaluatorError, match="PHH has no variant code"):
        to_phh(badacey.replay)
    assert 'variant = "FB/AL3D"' in to_phh(badacey.replay, proposed=True)


def test_a_phh_file_whose_winnings_the_engine_would_not_pay_is_refused_with_the_line():
    hand = next(p.values[0] for p in EXPORTABLE if p.values[0].game == "badeucey")
    text = to_phh(hand.replay, hand=hand.hand_id, proposed=True)
    lines = text.splitlines()
    k = next(i for i, line in enumerate(lines) if line.startswith("winnings = "))
    values = lines[k].removeprefix("winnings = [").removesuffix("]").split(", ")
    values[0], values[-1] = values[-1], values[0]
    if values == lines[k].removeprefix("winnings = [").removesuffix("]").split(", "):
        values[0] = str(int(values[0]) + 1)
    lines[k] = "winnings = [" + ", ".join(values) + "]"
    (result,) = read_text("\n".join(lines) + "\n")
    assert not result.ok
    assert result.error.line == k + 1


def test_a_phh_file_with_an_unknown_variant_names_the_codes_that_are_read():
    (result,) = read_text('variant = "NT"\nstarting_stacks = [100, 100]\n')
    assert "FB" in str(result.error) and "FB/AL3D" in str(result.error)


# The games PHH itself has a code for (fixed-limit Badugi and 2-7 triple draw,
# no-limit 2-7 single draw): PokerKit plays those.
POKERKIT_GAMES = [p for p in EXPORTABLE if variant_code(p.values[0].checked.profile) is not None]


@pytest.mark.parametrize("hand", POKERKIT_GAMES)
def test_pokerkit_plays_every_exported_room_hand_to_the_engine_s_stacks(hand):
    """For the games PokerKit knows, the export ends where the engine ends (rake aside)."""
    history = HandHistory.loads(to_phh(hand.replay, hand=hand.hand_id))
    unraked = replay(dataclasses.replace(hand.record, rake=0))
    scale = hand.record.money.scale if hand.record.money else 1
    ends = {row.name: Decimal(row.end) / scale for row in unraked.ledger.rows}
    final = list(history)[-1]
    assert dict(zip(history.players, final.stacks, strict=True)) == ends


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("small_bet = 10", 'small_bet = "ten"'), "'small_bet' must hold numbers"),
        (("small_bet = 10", "small_bet = nan"), "not an amount"),
        (('players = ["Ivy", "Hero", "Max"]', "players = [1, 2, 3]"), "'players' must list"),
    ],
)
def test_a_phh_field_of_the_wrong_kind_is_refused_with_a_sentence(change, message):
    text = (HERE / "room_files" / "phh_badacey.phh").read_text(encoding="utf-8")
    assert change[0] in text
    (result,) = read_text(text.replace(*change))
    assert message in str(result.error)


def test_a_no_limit_single_draw_hand_is_phh_s_own_n2l1d_and_pokerkit_reads_it_so():
    hands = [p.values[0] for p in EXPORTABLE if p.values[0].checked.profile.draws == 1]
    nl = [h for h in hands if h.checked.profile.key == "deuce_to_seven"]
    assert nl
    for hand in nl:
        history = HandHistory.loads(to_phh(hand.replay, hand=hand.hand_id))
        assert history.variant == "N2L1D"


@pytest.mark.parametrize(
    ("title", "code"),
    [
        ("pot-limit Badugi", "PB"),
        ("pot-limit 2-7 triple draw", "P2L3D"),
        ("no-limit Badacey (single draw)", "NB/AL1D"),
        ("pot-limit Badacey (double draw)", "PB/AL2D"),
    ],
)
def test_other_structures_get_the_proposed_code_and_round_trip(title, code):
    hand = next(p.values[0] for p in EXPORTABLE if p.values[0].checked.profile.title == title)
    with pytest.raises(EvaluatorError, match=re.escape(f"PHH has no variant code for {title}")):
        to_phh(hand.replay)
    text = to_phh(hand.replay, hand=hand.hand_id, proposed=True)
    assert f'variant = "{code}"' in text
    assert "min_bet = " in text and "small_bet" not in text
    (back,) = read_text(text)
    assert back.ok, back.error
    assert back.verified.checked.profile.title == title

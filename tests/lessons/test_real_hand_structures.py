"""A pasted pot-limit or no-limit hand replays under its own rules and says which.

The replayer names the structure and the draws in the deal step, and each
raise shows the size the room wrote, read back from the engine's own state.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from pytest_django.asserts import assertContains

from evaluator.hand_histories import read_text, room_name, to_notation
from evaluator.notation import parse_deal
from evaluator.replay import replay
from evaluator.worked_deals import worked_deal
from lessons.hands import moments
from lessons.models import Deal, RealHand, SkillState
from tests.factories import make_deal, make_teacher

pytestmark = pytest.mark.django_db
DATA = Path(__file__).parent.parent / "evaluator" / "room_files"


def first_hand(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8").split("\n\n")[0]


@pytest.mark.parametrize(
    "name",
    ["game_badugi_pot_limit.txt", "game_deuce_to_seven_single_draw_no_limit.txt"],
)
def test_a_pasted_big_bet_hand_names_its_game_and_shows_each_raise_size(client, name):
    text = first_hand(name)
    location = client.post(reverse("lessons:paste_hand"), {"hand": text})["Location"]
    (verified,) = [r.verified for r in read_text(text)]
    played = replay(parse_deal(to_notation(verified)))
    title = played.profile.title
    assert title != played.profile.name  # not the lessons' fixed-limit triple draw
    assertContains(client.get(location, {"step": 0}), f"The game is {title}.")
    money = played.record.money
    for step in played.steps:
        if step.kind == "action" and step.action == "raise":
            to = money.amount(step.state.bet_to)
            assertContains(client.get(location, {"step": step.index}), f"raises to {to}")


def stored_room_hand(name: str) -> RealHand:
    verified = read_text(first_hand(name))[0].verified
    return RealHand.objects.create(
        slug=f"big-bet-{verified.hand_id}",
        room=room_name(verified),
        hand_id=verified.hand_id,
        game=verified.game,
        history=to_notation(verified),
        published=True,
    )


@pytest.mark.parametrize(
    "name", ["game_badugi_pot_limit.txt", "mix_badacey_double_draw_pot_limit.txt"]
)
def test_every_moment_offered_on_a_big_bet_hand_builds_a_draft_under_the_same_rules(client, name):
    hand = stored_room_hand(name)
    client.force_login(make_teacher())
    played = replay(parse_deal(hand.history))
    built = 0
    for step in played.steps:
        page = client.get(hand.get_absolute_url(), {"step": step.index}).content.decode()
        for kind in re.findall(r'data-practise="(\w+)"', page):
            response = client.post(
                reverse("lessons:practise_moment", args=[hand.slug]),
                {"step": step.index, "kind": kind},
            )
            assert response.status_code == 302, (step.index, kind, response.content[:300])
            built += 1
    assert built
    for deal in Deal.objects.filter(slug__startswith=hand.slug):
        assert deal.profile.structure == played.profile.structure


def pot_limit_lesson_deal() -> str:
    """The Badacey lesson's deal played pot limit (its sizes are legal there too)."""
    lines = worked_deal("amara_bram_kira_noor").splitlines()
    at = next(k for k, line in enumerate(lines) if line.startswith("game "))
    lines[at] += ", pot-limit"
    return "\n".join(lines) + "\n"


def test_a_big_bet_hand_offers_no_fixed_limit_raise_question():
    def raise_moments(history: str) -> int:
        played = replay(parse_deal(history))
        return sum(
            1
            for step in played.steps
            for moment in moments._candidates(played, step.index)
            if moment.kind == "raise"
        )

    assert raise_moments(worked_deal("amara_bram_kira_noor")) > 0
    assert raise_moments(pot_limit_lesson_deal()) == 0


def test_a_deal_whose_settings_drop_its_history_s_structure_is_refused_with_the_reason():
    deal = make_deal(history=pot_limit_lesson_deal())
    assert deal.profile.structure == "pot-limit"
    deal.settings = {k: v for k, v in deal.settings.items() if k != "structure"}
    with pytest.raises(ValidationError) as caught:
        deal.full_clean()
    assert "structure = pot-limit (not the default)" in str(caught.value)


def test_a_big_bet_pot_question_counts_as_table_reading_not_fixed_limit_sizes(client):
    deal = make_deal(history=pot_limit_lesson_deal(), published=True)
    played = replay(parse_deal(deal.history))
    step = next(s.index for s in played.steps if s.kind == "action" and s.amount)
    url = reverse("lessons:replay", args=[deal.slug]) + f"?step={step}&study=1&guess=1"
    client.post(url, {"guess-answer": str(played.steps[step].state.pot)})
    moved = set(SkillState.objects.values_list("skill", flat=True))
    assert "table-betting" in moved and "raise-sizes" not in moved

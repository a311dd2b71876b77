from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from evaluator import get_profile
from evaluator.notation import parse_deal
from lessons.models import Deal
from tests.factories import make_deal

pytestmark = pytest.mark.django_db

LESSON_SLUGS = {
    "badacey": [f"badacey-{n}" for n in range(1, 7)],
    "badugi": [f"badugi-{n}" for n in range(1, 7)],
}


def errors_of(deal: Deal) -> dict[str, list[str]]:
    with pytest.raises(ValidationError) as caught:
        deal.full_clean()
    return caught.value.message_dict


def unsaved(**kw) -> Deal:
    deal = make_deal()
    for name, value in kw.items():
        setattr(deal, name, value)
    return deal


# The data migration ----------------------------------------------------------


def test_the_data_migration_loaded_six_exercises_per_lesson_in_order():
    for lesson, slugs in LESSON_SLUGS.items():
        exercises = Deal.objects.published().for_lesson(lesson)
        assert [d.slug for d in exercises] == slugs
        assert [d.number for d in exercises] == list(range(1, 7))


def test_every_lesson_exercise_passes_its_own_validation():
    exercises = list(Deal.objects.exclude(lesson=""))
    # With no deals loaded the loop below would check nothing: every lesson's
    # exercises must be among those validated.
    assert {d.slug for d in exercises} >= {s for slugs in LESSON_SLUGS.values() for s in slugs}
    for deal in exercises:
        deal.full_clean()


def test_only_maras_and_the_table_basics_deals_store_a_history_and_none_is_practice():
    assert not Deal.objects.practice().filter(slug__in=sum(LESSON_SLUGS.values(), [])).exists()
    with_history = Deal.objects.exclude(lesson="").filter(section="").exclude(history="")
    # Mara's draws, and the Table basics deal its first five exercises replay.
    table_basics = [f"table_basics-{n}" for n in range(1, 6)]
    assert [deal.slug for deal in with_history] == ["badugi-6", *table_basics]
    # A quick check that asks about a step replays a history of its own.
    steps = [d for d in Deal.objects.exclude(section="") if d.parts[0]["kind"] == "pot_at"]
    assert steps and all(deal.history for deal in steps)


def test_the_badacey_pots_are_the_lesson_pots():
    pots = [d.pot for d in Deal.objects.for_lesson("badacey")]
    assert pots == [80, 80, 96, 120, 180, 64]


def test_a_deal_without_a_pot_still_names_its_winner():
    deal = Deal.objects.get(slug="badugi-4")
    assert deal.pot is None
    assert deal.settlement().pots[0].awards[0].winners == (0,)  # the seed: Mara's K-Q-J-10


def test_the_querysets_separate_practice_deals_and_unpublished_ones():
    practice = make_deal(published=False)
    assert practice in Deal.objects.practice()
    assert practice not in Deal.objects.published()


def test_the_urls_of_a_deal():
    deal = make_deal(slug="kira-and-noor")
    assert deal.get_absolute_url() == "/exercises/kira-and-noor/"
    assert deal.check_url == "/exercises/kira-and-noor/check/"
    assert deal.answer_url == "/exercises/kira-and-noor/answer/"


def test_the_profile_applies_the_deal_settings():
    deal = make_deal(settings={"small_bet": 4})
    assert deal.profile == get_profile("badacey", small_bet=4)


# clean() puts each problem on the field that causes it ------------------------


def test_a_card_in_two_hands_names_both_seats():
    deal = unsaved(
        seats=[
            {"name": "Kira", "cards": "Q♥ 2♠ 3♦ 4♣ 5♣"},
            {"name": "Noor", "cards": "Q♥ 4♥ 3♣ 2♦ A♣"},
        ]
    )
    assert errors_of(deal) == {"seats": ["Q♥ is in both Kira's and Noor's hands."]}


def test_a_hand_of_the_wrong_size_is_a_seats_error():
    deal = unsaved(game="badugi")  # five-card hands in a four-card game
    assert "Kira's hand: a Badugi hand has 4 cards, got 5." in errors_of(deal)["seats"]


def test_a_card_that_is_not_a_card_is_a_seats_error():
    deal = unsaved(seats=[{"name": "Kira", "cards": "A♠ 2♠ A♥ 3♦ 1♣"}, make_deal().seats[1]])
    assert "is not a card" in errors_of(deal)["seats"][0]


def test_seats_need_names_and_different_names():
    assert "needs a" in errors_of(unsaved(seats=[{"cards": "A♠"}, {"cards": "2♠"}]))["seats"][0]
    same = [{"name": "A", "cards": "A♠ 2♠ A♥ 3♦ 4♣"}, {"name": "A", "cards": "5♠ 4♥ 3♣ 2♦ A♣"}]
    assert "different name" in errors_of(unsaved(seats=same))["seats"][0]


def test_a_button_off_the_table_is_a_button_error():
    assert "button" in errors_of(unsaved(button=2))


def test_a_button_that_disagrees_with_the_history_is_a_button_error_naming_its_seat():
    mara = Deal.objects.get(slug="badugi-6")
    history_button = parse_deal(mara.history).button
    mara.button = 1 - history_button  # the other of the two seats
    [message] = errors_of(mara)["button"]
    assert f"on {mara.names[history_button]}, seat {history_button}" in message


def test_a_deal_with_a_history_keeps_the_button_its_history_names():
    for deal in Deal.objects.exclude(history=""):
        assert deal.button == parse_deal(deal.history).button, deal.slug


def test_an_unknown_setting_is_a_settings_error():
    assert "Unknown game setting" in errors_of(unsaved(settings={"jokers": 2}))["settings"][0]


def test_an_unknown_part_kind_is_a_parts_error():
    assert "Part 1" in errors_of(unsaved(parts=[{"kind": "guess"}]))["parts"][0]


def test_a_seat_out_of_range_is_a_parts_error():
    problems = errors_of(unsaved(parts=[{"kind": "badugi_cards", "seat": 2}]))["parts"]
    assert "seat" in problems[0]


def test_a_choice_answer_out_of_range_is_a_parts_error():
    part = {"kind": "choice", "question": "Which half?", "options": ["one", "two"], "answer": 2}
    assert "answer" in errors_of(unsaved(parts=[part]))["parts"][0]


def test_a_raise_question_whose_options_miss_the_full_raise_is_a_parts_error():
    part = {"kind": "raise_to", "round": 2, "facing": 12, "options": [18, 30]}
    assert "none of the options" in errors_of(unsaved(parts=[part]))["parts"][0]


def test_an_override_game_must_read_the_same_number_of_cards():
    part = {"kind": "winners", "game": "badugi"}
    assert "different number of cards" in errors_of(unsaved(parts=[part]))["parts"][0]


def test_a_payouts_question_needs_a_pot():
    assert "pot" in errors_of(unsaved(pot=None, parts=[{"kind": "payouts"}]))


def test_an_exercise_needs_its_number_and_a_practice_deal_has_none():
    assert "number" in errors_of(unsaved(lesson="badugi", number=None, game="badacey"))
    assert "number" in errors_of(unsaved(number=3))


def test_a_deal_with_no_parts_is_refused():
    assert "parts" in errors_of(unsaved(parts=[]))


# A value of the wrong type is a field error, never a crash ----------------------


@pytest.mark.parametrize(
    ("field", "value", "extra"),
    [
        ("button", "x", {}),
        ("button", [1], {}),
        ("number", "x", {"lesson": "badugi", "game": "badacey"}),
        ("lesson", None, {}),
        ("lesson", 5, {}),
        ("game", ["badacey"], {}),
        ("game", None, {}),
        ("history", None, {}),
        ("settings", None, {}),
        ("seats", None, {}),
        ("parts", None, {}),
        ("pot", "x", {}),
        ("parts", [{"kind": "winners", "game": ["badugi"]}], {}),
    ],
)
def test_a_value_of_the_wrong_type_is_an_error_on_its_own_field(field, value, extra):
    errors = errors_of(unsaved(**extra, **{field: value}))
    assert field in errors


def test_exercise_numbers_run_from_1_to_99():
    for number in (0, 100, 1_000_000_000):
        errors = errors_of(unsaved(lesson="badugi", game="badacey", number=number))
        assert errors["number"] == ["Exercise numbers run from 1 to 99."]


def test_the_button_is_bounded_by_the_most_seats_a_deck_can_deal():
    assert "from 0 to 12" in " ".join(errors_of(unsaved(button=200))["button"])


def test_a_seat_or_part_with_an_unknown_key_is_refused():
    seats = make_deal().seats
    typo = [{**seats[0], "card": "A♠"}, seats[1]]
    assert "unknown keys (card)" in errors_of(unsaved(seats=typo))["seats"][0]
    part = {"kind": "winners", "gmae": "badugi"}
    assert "unknown keys (gmae)" in errors_of(unsaved(parts=[part]))["parts"][0]


def test_a_seat_that_folded_in_the_history_wins_nothing_in_the_question(client):
    from pytest_django.asserts import assertContains

    from evaluator import format_cards, replay, worked_deal
    from tests.factories import right_answer

    history = worked_deal("amara_bram_kira_noor")
    record = parse_deal(history)
    played = replay(record)
    final = played.steps[-1].state.seats
    deal = make_deal(
        slug="folds-in-history",
        seats=[{"name": s.name, "cards": format_cards(s.cards)} for s in final],
        history=history,
        button=record.button,
        pot=played.settlement.total,
        parts=[{"kind": "badugi_cards", "seat": 1}, {"kind": "winners"}, {"kind": "payouts"}],
    )
    folded = [i for i, seat in enumerate(final) if seat.folded]
    assert folded and deal.folded == [seat.folded for seat in final]
    outcome = deal.settlement()
    assert all(not set(a.winners) & set(folded) for pot in outcome.pots for a in pot.awards)
    # The question's chips are the replayer's chips.
    assert outcome.payouts == played.settlement.payouts
    # A folded seat's Badugi can still be asked about, and the evaluator's answer is accepted.
    response = client.post(deal.check_url, right_answer(deal), HTTP_HX_REQUEST="true")
    assertContains(response, "All right")


# Saving checks the version ------------------------------------------------------


def test_a_stale_copy_cannot_overwrite_a_newer_save():
    from lessons.models import StaleDealError

    deal = make_deal()
    first, second = Deal.objects.get(pk=deal.pk), Deal.objects.get(pk=deal.pk)
    first.title = "First"
    first.save()
    assert first.version == deal.version + 1
    second.title = "Second"
    with pytest.raises(StaleDealError):
        second.save()
    assert Deal.objects.get(pk=deal.pk).title == "First"


# A deal with a history takes its facts from it ----------------------------------


def test_a_deal_whose_pot_settings_or_cards_contradict_its_history_is_refused():
    mara = Deal.objects.get(slug="badugi-6")
    mara.full_clean()
    played = replay_of(mara)
    mara.pot = played.settlement.total + 1
    mara.settings = {"big_bet": played.profile.big_bet * 5}
    mara.seats = [mara.seats[0], {**mara.seats[1], "cards": "K♠ Q♥ J♦ 9♣"}]
    errors = errors_of(mara)
    assert {"pot", "settings", "seats"} <= set(errors)


def replay_of(deal: Deal):
    from evaluator.replay import replay

    return replay(parse_deal(deal.history))

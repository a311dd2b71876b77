"""Feedback speaks of the question's own game and links only into lessons already reached.

The Badugi lesson comes first: a learner there has not met Badacey, its
halves or the five-card lows, so a wrong answer must not send them ahead
("Read 'Badacey or Badeucey?'") or talk of "a tied half". Every wrong answer
below is built from the engine's beliefs about each shipped exercise, posted
through the answer form, and its verdicts read as the learner reads them.
"""

from __future__ import annotations

import pytest

from evaluator import PROFILES
from evaluator.misconceptions import (
    MISCONCEPTIONS,
    payout_beliefs,
    selection_beliefs,
    winner_beliefs,
    worded,
)
from lessons.course import BY_KEY, LESSONS, SECTIONS
from lessons.deals import parts
from lessons.exercises.forms import AnswerForm
from lessons.models import Deal
from tests.factories import card_value, field, lesson_exercises, right_answer, shipped_deal

ORDER = [lesson.key for lesson in LESSONS]
GAMES = {"Badugi", "Badacey", "Badeucey"}
# The games each lesson has introduced by its end: Badacey's own lesson sets it
# beside Badeucey ("Badacey or Badeucey?"), the Badugi lesson names no other.
MET = {"table_basics": {"Badugi"}, "badugi": {"Badugi"}, "badacey": GAMES, "badeucey": GAMES}


def wrong_posts(deal: Deal):
    """(part index, post) for every wrong answer a belief gives about the deal."""
    right = right_answer(deal)
    live = [s for s, f in enumerate(deal.folded) if not f]
    for index, part in enumerate(deal.parts):
        kind = part["kind"]
        if kind == "winners":
            outcome = deal.settlement(part.get("game"))
            for award in outcome.pots[0].awards:
                beliefs = winner_beliefs(outcome.profile, award.kind, deal.hands, live=live)
                for answers in beliefs.values():
                    for wrong in answers:
                        if wrong != frozenset(award.winners):
                            post = {field(deal, index, award.kind): [str(s) for s in wrong]}
                            yield index, right | post
        elif kind == "payouts":
            profile = deal.profile_for(part.get("game"))
            chips = {"pot": deal.pot, "folded": deal.folded, "button": deal.button}
            paid = deal.settlement(part.get("game")).payouts
            for answers in payout_beliefs(profile, deal.hands, **chips).values():
                for wrong in answers:
                    if wrong != paid:
                        post = {field(deal, index, "seat", s): str(c) for s, c in enumerate(wrong)}
                        yield index, right | post
        elif kind == "badugi_cards":
            cards = deal.hands[part["seat"]]
            beliefs = selection_beliefs(cards, ace_high=deal.profile.badugi_ace_high)
            for answers in beliefs.values():
                for wrong in answers:
                    post = {field(deal, index, "cards"): [card_value(c) for c in wrong]}
                    yield index, right | post


def verdicts(deal: Deal, post: dict, index: int):
    form = AnswerForm(post, deal=deal)
    assert form.is_valid(), form.errors
    return [r for r in form.results if r.index == index and not r.ok]


CASES = [
    pytest.param(deal.slug, index, post, id=f"{deal.slug}-part{index}-{n}")
    for deal in lesson_exercises()
    if deal.lesson != "drawing"
    for n, (index, post) in enumerate(wrong_posts(deal))
]


@pytest.mark.django_db
@pytest.mark.parametrize("slug, index, post", CASES)
def test_a_wrong_answer_links_only_into_a_lesson_already_reached(slug, index, post):
    deal = Deal.objects.get(slug=slug)
    reached = ORDER[: ORDER.index(deal.lesson) + 1]
    for result in verdicts(deal, post, index):
        if result.link is not None:
            # A lesson's URL need not spell its key (/table-basics/ is table_basics).
            page = result.link.url.split("#")[0]
            assert page in [BY_KEY[key].url for key in reached], (result.message, page)


@pytest.mark.django_db
@pytest.mark.parametrize("slug, index, post", CASES)
def test_a_wrong_answer_names_no_game_the_learner_has_not_met(slug, index, post):
    deal = Deal.objects.get(slug=slug)
    part = deal.parts[index]
    asked = deal.profile_for(part.get("game")).name
    unmet = GAMES - MET[deal.lesson] - {asked}
    for result in verdicts(deal, post, index):
        for game in unmet:
            assert game not in result.message, result.message


# Only the questions about a one-pot game (of a split game, halves are exactly
# what feedback should speak of), and only the posts the form marks wrong: some
# beliefs pick a selection the answer also accepts (the same cards in another
# order, or an equal card of another suit), which gets no feedback to read.
ONE_POT_CASES = [
    pytest.param(deal.slug, index, post, id=f"{deal.slug}-part{index}-{n}")
    for deal in lesson_exercises()
    if deal.lesson != "drawing"
    for n, (index, post) in enumerate(wrong_posts(deal))
    if not deal.profile_for(deal.parts[index].get("game")).is_split and verdicts(deal, post, index)
]


@pytest.mark.django_db
@pytest.mark.parametrize("slug, index, post", ONE_POT_CASES)
def test_a_one_pot_question_never_speaks_of_halves(slug, index, post):
    deal = Deal.objects.get(slug=slug)
    assert not deal.profile_for(deal.parts[index].get("game")).is_split
    wrong = verdicts(deal, post, index)
    assert wrong, "a wrong answer must be told it is wrong"
    for result in wrong:
        assert "half" not in result.message and "halves" not in result.message, result.message


def test_the_badugi_lessons_cases_are_there_to_fail():
    """Guards the cases: Badugi exercises 2 (winners) and 6 (payouts) have wrong answers."""
    ids = {(p.values[0], p.values[1]) for p in CASES}
    two, six = shipped_deal("badugi-2"), shipped_deal("badugi-6")
    assert any(slug == two.slug and two.parts[i]["kind"] == "winners" for slug, i in ids)
    assert any(slug == six.slug and six.parts[i]["kind"] == "payouts" for slug, i in ids)
    assert parts.KINDS  # the registry is loaded


def test_every_game_wording_and_earlier_section_is_a_known_section():
    for profile in PROFILES.values():
        for name in MISCONCEPTIONS:
            assert worded(name, profile).lesson in SECTIONS, (profile.key, name)
    for ref, (_, section) in SECTIONS.items():
        assert not section.earlier or section.earlier in SECTIONS, ref

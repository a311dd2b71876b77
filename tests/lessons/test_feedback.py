"""Feedback that teaches, as a learner meets it on the exercise pages.

Wrong answers are built from the engine's misconceptions (never typed); the
page must name the idea and link the lesson section that corrects it, mark
the wrong inputs beside their questions, and open with a summary linking to
them. The lesson-text fixes of the feedback issue have tests here too, so a
returning mistake fails.
"""

from __future__ import annotations

import re

import pytest
from pytest_django.asserts import assertContains, assertNotContains

from evaluator import settle
from evaluator.comparison import deciding_step
from evaluator.misconceptions import (
    MISCONCEPTIONS,
    payout_beliefs,
    payout_mistake,
    winner_beliefs,
    winners_mistake,
    worded,
)
from lessons.course import SECTIONS, section_link, within_reach
from lessons.models import Deal
from lessons.pages.page_data import odd_chip_example, seats_from_button
from tests.factories import field, lesson_exercises, right_answer, shipped_deal
from tests.speech import heard, spoken_words

pytestmark = pytest.mark.django_db


def page_text(response) -> str:
    return heard(response.content.decode())


# Misconceptions through the site -----------------------------------------------------


def payout_cases():
    for deal in lesson_exercises():
        for index, part in enumerate(deal.parts):
            if part["kind"] != "payouts":
                continue
            profile = deal.profile_for(part.get("game"))
            # A deal replayed from a history is settled from the chips put in (side pots).
            put_in = deal.chips_put_in
            args = {"pot": None if put_in else deal.pot, "folded": deal.folded}
            args |= {"button": deal.button, "contributions": put_in}
            right = settle(profile, deal.hands, **args).payouts
            for answers in payout_beliefs(profile, deal.hands, **args).values():
                for wrong in answers:
                    if wrong != right:
                        named = payout_mistake(wrong, profile, deal.hands, **args)
                        yield pytest.param(
                            deal.slug, index, wrong, named.name, id=f"{deal.slug}-{wrong}"
                        )


@pytest.mark.parametrize("slug, index, wrong, name", list(payout_cases()))
def test_payouts_built_from_a_misconception_get_its_idea_and_lesson(
    client, slug, index, wrong, name
):
    deal = Deal.objects.get(slug=slug)
    data = right_answer(deal) | {
        field(deal, index, "seat", s): str(chips) for s, chips in enumerate(wrong)
    }
    response = client.post(deal.check_url, data)
    # Worded for the question's game, linked within the lessons its learner has reached.
    game = deal.parts[index].get("game")
    mistake = worded(name, deal.profile_for(game))
    assert spoken_words(mistake.correction) in page_text(response)
    ref = within_reach(mistake.lesson, deal.lesson)
    assertContains(response, f'href="{section_link(ref).url}"')


def test_the_whole_pot_split_three_ways_is_named_on_exercise_5(client):
    """The issue's own example: 60/60/60 is exactly the mistake exercise 5 is about."""
    deal = Deal.objects.get(slug="badacey-5")
    (index,) = [i for i, p in enumerate(deal.parts) if p["kind"] == "payouts"]
    wrong = payout_beliefs(deal.profile, deal.hands, pot=deal.pot)["whole-pot-split"][0]
    data = right_answer(deal) | {field(deal, index, "seat", s): str(c) for s, c in enumerate(wrong)}
    response = client.post(deal.check_url, data)
    assert spoken_words(MISCONCEPTIONS["whole-pot-split"].correction) in page_text(response)


def winner_cases():
    for deal in lesson_exercises():
        for index, part in enumerate(deal.parts):
            if part["kind"] != "winners":
                continue
            outcome = deal.settlement(part.get("game"))
            live = [s for s, f in enumerate(deal.folded) if not f]
            for award in outcome.pots[0].awards:
                beliefs = winner_beliefs(outcome.profile, award.kind, deal.hands, live=live)
                for answers in beliefs.values():
                    for wrong in answers:
                        named = winners_mistake(
                            wrong, outcome.profile, award.kind, deal.hands, award.winners, live=live
                        )
                        if named:
                            yield pytest.param(
                                deal.slug,
                                index,
                                award.kind,
                                sorted(wrong),
                                named.name,
                                id=f"{deal.slug}-{index}-{award.kind}-{named.name}",
                            )


@pytest.mark.parametrize("slug, index, kind, wrong, name", list(winner_cases()))
def test_winners_built_from_a_misconception_get_its_idea_and_lesson(
    client, slug, index, kind, wrong, name
):
    deal = Deal.objects.get(slug=slug)
    data = right_answer(deal) | {field(deal, index, kind): [str(s) for s in wrong]}
    response = client.post(deal.check_url, data)
    # Worded for the question's game, linked within the lessons its learner has reached.
    game = deal.parts[index].get("game")
    mistake = worded(name, deal.profile_for(game))
    assert spoken_words(mistake.correction) in page_text(response)
    ref = within_reach(mistake.lesson, deal.lesson)
    assertContains(response, f'href="{section_link(ref).url}"')


def test_badeucey_winners_read_with_the_ace_low_are_named_on_exercise_1(client):
    """The issue's example: every box ticked for the hand that wins only with the ace low."""
    names = {c.values[-1] for c in winner_cases() if c.values[0] == "badacey-1"}
    assert {"ace-low-in-deuce-to-seven", "badugi-ace-low-in-badeucey"} <= names


def test_every_declared_section_and_every_section_a_misconception_names_is_on_its_page(client):
    pages: dict[str, str] = {}
    refs = {m.lesson for m in MISCONCEPTIONS.values()} | set(SECTIONS)
    for ref in sorted(refs):
        link = section_link(ref)
        url, anchor = link.url.split("#")
        pages.setdefault(url, client.get(url).content.decode())
        assert f'id="{anchor}"' in pages[url], ref
        assert link.title in heard(pages[url]), ref


# The error pattern --------------------------------------------------------------------


def test_a_wrong_answer_is_marked_beside_its_question_and_linked_from_the_summary(client):
    deal = Deal.objects.get(slug="badacey-4")
    (index,) = [i for i, p in enumerate(deal.parts) if p["kind"] == "payouts"]
    right = right_answer(deal)
    first, second = (field(deal, index, "seat", s) for s in range(2))
    response = client.post(deal.check_url, right | {first: right[second], second: right[first]})
    html = response.content.decode()
    fieldset_id = f"{deal.slug}-p{index}"
    # Beside the question: the message, described by the group and by each wrong input.
    assert f'aria-describedby="{fieldset_id}-error"' in html
    message = re.search(
        rf'<p class="exercise__error" id="{fieldset_id}-error">(.*?)</p>', html, re.S
    )
    assert message and "Not yet" in heard(message.group(1))
    for name in (first, second):
        tag = re.search(rf'<input[^>]*name="{name}"[^>]*>', html).group(0)
        assert 'aria-invalid="true"' in tag and f'aria-describedby="{fieldset_id}-error"' in tag
    # The summary at the top of the feedback links to the first wrong input, which exists.
    summary = html.split(f'id="feedback-{deal.slug}-summary"', 1)[1]
    target = f"id_{first}"
    assert f'href="#{target}"' in summary
    assert f'id="{target}"' in html
    # The right questions are not marked.
    assert html.count('aria-invalid="true"') == 2


def test_a_missing_answer_gets_the_summary_and_the_message_beside_it(client):
    deal = Deal.objects.get(slug="badugi-1")
    data = {k: v for k, v in right_answer(deal).items() if not k.endswith("p0_cards")}
    response = client.post(deal.check_url, data)
    html = response.content.decode()
    assertContains(response, "There is a problem")
    assert f'href="#id_{deal.slug}-p0_cards_0"' in html
    assert f'id="{deal.slug}-p0-error"' in html
    assert html.count("data-focus-on-load") == 1  # focus moves to one summary, once


def test_an_unchecked_form_marks_nothing(client):
    response = client.get(Deal.objects.get(slug="badacey-4").get_absolute_url())
    assertNotContains(response, 'aria-invalid="true"')
    assertNotContains(response, "exercise__error")


# The lesson texts the issue fixed ------------------------------------------------------


def test_the_worked_deal_says_noor_bet_and_three_called(client):
    text = page_text(client.get("/badacey/"))
    assert "all four call" not in text
    assert "Noor bets and the other three call" in text


def test_the_five_card_low_links_deuce_to_seven_to_the_badeucey_lesson(client):
    html = client.get("/badacey/").content.decode()
    section = html.split('id="five-card-low"', 1)[1].split("<section", 1)[0]
    assert "ace-to-five lesson" not in section  # there is no such lesson
    assert 'href="/badeucey/#deuce-to-seven"' in section
    assert "game profiles</a>\n  for the deuce-to-seven side" not in html


def test_exercise_1s_note_says_the_wheel_is_ace_high_in_badeucey(client):
    deal = Deal.objects.get(slug="badacey-1")
    response = client.get(deal.answer_url)
    assertContains(response, "A-2-3-4-5 is not a straight there but an ace-high hand")
    assertNotContains(response, "a run of five in a row starts to count against the low")


def test_feedback_calls_a_short_pick_a_legal_selection_never_a_badugi(client):
    deal = Deal.objects.get(slug="badacey-3")
    data = right_answer(deal) | {
        field(deal, 0, "cards"): [right_answer(deal)[field(deal, 0, "cards")][0]]
    }
    text = page_text(client.post(deal.check_url, data))
    assert "legal selection" in text and "legal Badugi" not in text


def test_the_odd_chip_example_names_the_seats_clockwise_from_the_button(client):
    text = page_text(client.get("/badacey/"))
    order = seats_from_button(odd_chip_example())
    assert spoken_words(", then ".join(order)) in text
    assert "(the button)" in order[0]


def test_the_practice_deals_card_list_says_who_folded(client):
    deal = Deal.objects.get(slug="amara-bram-kira-noor")
    html = client.get(deal.get_absolute_url()).content.decode()
    rows = re.findall(
        r'<th scope="row">([^<]+)</th>\s*<td>(.*?)</td>', html.split("</caption>", 1)[1], re.S
    )
    folded = {seat["name"] for seat, out in zip(deal.seats, deal.folded, strict=True) if out}
    assert folded  # the premise, from the history
    marked = {name for name, cells in rows if "folded before the showdown" in cells}
    assert marked == folded


def test_badugi_exercise_5_asks_and_answers_which_comparison_settles_it(client):
    deal = Deal.objects.get(slug="badugi-5")
    assert {"kind": "deciding"} in deal.parts
    evaluate = deal.profile.evaluator("badugi")
    step = deciding_step([evaluate(h) for h in deal.hands])
    response = client.get(deal.answer_url)
    assertContains(response, f"settled by {step.words}")
    assert shipped_deal("badugi-5").parts == deal.parts


def test_a_badugi_worked_answer_shows_the_rejected_selections(client):
    deal = Deal.objects.get(slug="badugi-3")
    text = page_text(client.get(deal.answer_url))
    assert "Every three-card selection of Mara's cards" in text
    assert "Does not count" in text and "Counts: the best selection" in text


def test_badugi_exercise_6_reads_maras_hand_after_each_draw(client):
    from lessons.deals.histories import replay_history

    deal = Deal.objects.get(slug="badugi-6")
    text = page_text(client.get(deal.answer_url))
    evaluate = deal.profile.evaluator("badugi")
    draws = [s for s in replay_history(deal.history).steps if s.kind == "draw" and s.actor == 0]
    assert len(draws) == deal.profile.draws
    for step in draws:
        read = evaluate(step.state.seats[0].cards).description
        cards = spoken_words(" ".join(c.text for c in step.state.seats[0].cards))
        assert f", a {read}: {cards}" in text
    assert "After the second draw (threw seven of hearts, drew five of hearts)" in text

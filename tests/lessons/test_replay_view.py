"""The replayer page: every step of a deal, shown exactly as the engine replays it.

Expected values come from the engine's own replay of the stored history,
except the reference text's stated facts about the seed deal (the pots after
each round, the payouts, the ledger and the 36 cards), which are typed on
purpose to check the page against the lesson.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils.html import escape
from pytest_django.asserts import assertContains, assertNotContains

from evaluator.deal import DealError
from evaluator.notation import parse_deal
from evaluator.replay import replay
from evaluator.values import BadugiValue
from evaluator.worked_deals import worked_deal
from lessons.models import Deal
from tests.speech import heard, spoken_words

pytestmark = pytest.mark.django_db

SEED = "amara-bram-kira-noor"
MARA = "badugi-6"


def make_replay_deal(**kw) -> Deal:
    """A saved deal with a history, bypassing clean() so a broken history can be stored."""
    kw.setdefault("title", "A deal to replay")
    kw.setdefault("slug", "a-deal-to-replay")
    kw.setdefault("game", "badacey")
    kw.setdefault("seats", [{"name": "Amara", "cards": "A♣ 2♠ 3♥ 9♦ J♣"}])
    kw.setdefault("history", worked_deal("amara_bram_kira_noor"))
    kw.setdefault("prompt", "Replay it.")
    kw.setdefault("parts", [{"kind": "winners"}])
    kw.setdefault("published", True)
    return Deal.objects.create(**kw)


def url(slug: str, step: int | str | None = None) -> str:
    base = reverse("lessons:replay", args=[slug])
    return base if step is None else f"{base}?step={step}"


def engine(slug: str):
    return replay(parse_deal(Deal.objects.get(slug=slug).history))


def seat_block(page: str, name: str) -> str:
    """The markup of one seat of the table view."""
    table = page.split('<ol class="replay-seats"', 1)[1].split("</ol>", 1)[0]
    for block in table.split('<li class="replay-seat')[1:]:
        if f'data-seat="{escape(name)}"' in block:
            return block
    raise AssertionError(f"no seat {name} on the page")


def marked(block: str, card, mark: str) -> bool:
    """Whether the card component in ``block`` names ``card`` with ``mark`` ("new")."""
    return re.search(rf"{card.name}( \(\w+\))* \({mark}\)", block) is not None


def test_every_step_of_the_seed_deal_shows_the_engines_sentence_pot_and_folds(client):
    played = engine(SEED)
    for step in played.steps:
        response = client.get(url(SEED, step.index))
        assert response.status_code == 200, step.index
        page = response.content.decode()
        assert spoken_words(step.text) in heard(page), step.index
        assert f"data-replay-pot>{step.state.pot}<" in page, step.index
        assert f"data-replay-index>{step.index}<" in page
        for seat in step.state.seats:
            block = seat_block(page, seat.name)
            assert ("replay-marker--folded" in block) == seat.folded, (step.index, seat.name)
            for card in seat.cards:
                assert card.name in block


def test_the_pot_after_each_round_is_the_lessons(client):
    played = engine(SEED)
    assert played.round_pots == (24, 48, 72, 120)
    page = client.get(url(SEED, len(played.steps) - 1)).content.decode()
    shown = page.split('class="replay-round-pots"', 1)[1].split("</p>", 1)[0]
    assert re.findall(r"<strong>(\d+)</strong>", shown) == ["24", "48", "72", "120"]


def test_before_any_betting_round_ends_no_round_pot_is_listed(client):
    assertNotContains(client.get(url(SEED, 0)), "Pot after each betting round")


def test_a_draw_marks_the_cards_thrown_and_received_and_how_many(client):
    played = engine(SEED)
    draws = [step for step in played.steps if step.kind == "draw"]
    assert draws
    for step in draws:
        page = client.get(url(SEED, step.index)).content.decode()
        block = seat_block(page, step.state.seats[step.actor].name)
        assert f'data-drew="{len(step.discarded)}"' in block
        for card in step.received:
            assert marked(block, card, "new"), (step.index, card)
        for card in step.discarded:
            assert marked(block, card, "discarded"), (step.index, card)


def test_after_the_draw_the_next_betting_round_drops_the_draw_marks(client):
    played = engine(SEED)
    betting = next(
        s for s in played.steps if s.kind == "action" and s.state.street != "before the draw"
    )
    page = client.get(url(SEED, betting.index)).content.decode()
    assert "(new)" not in page.split('<details class="card-legend"')[0]
    assert "data-drew" not in page


def test_the_last_step_shows_the_lessons_tables_from_the_engine(client):
    played = engine(SEED)
    response = client.get(url(SEED, len(played.steps) - 1))
    page = response.content.decode()
    results = page.split('class="replay-results"', 1)[1]

    contributions = results.split('data-table="contributions"', 1)[1].split("</table>", 1)[0]
    for row in played.contributions.rows:
        cells = "".join(f"<td>{chips}</td>" for chips in (*row.rounds, row.total))
        assert f'<th scope="row">{row.name}</th>{cells}' in contributions

    ledger = results.split('data-table="ledger"', 1)[1].split("</table>", 1)[0]
    stated = {"Amara": 282, "Bram": 228, "Kira": 228, "Noor": 222}
    for row in played.ledger.rows:
        assert row.end == stated[row.name]
        values = (row.start, row.contributed, row.received, row.end)
        cells = "".join(f"<td>{value}</td>" for value in values)
        assert f'<th scope="row">{row.name}</th>{cells}' in ledger
    assert '<th scope="row">Total</th><td>960</td><td>120</td><td>120</td><td>960</td>' in ledger

    payouts = results.split('data-table="payouts"', 1)[1].split("</table>", 1)[0]
    assert '<th scope="row">Amara</th><td>90</td>' in payouts
    assert '<th scope="row">Noor</th><td>30</td>' in payouts
    for award in played.settlement.pots[0].awards:
        assert escape(award.explanation) in results

    evaluations = results.split('data-table="evaluations"', 1)[1].split("</table>", 1)[0]
    for seat in played.settlement.seats:
        if seat.folded:
            assert f'<th scope="row">{seat.name}</th>' not in evaluations
            continue
        row = evaluations.split(f'<th scope="row">{seat.name}</th>', 1)[1].split("</tr>", 1)[0]
        for value in seat.values.values():
            shown = value.description if isinstance(value, BadugiValue) else value.text
            assert f"<td>{shown}</td>" in row
            if isinstance(value, BadugiValue):
                for card in value.cards:
                    assert marked(row, card, "counts")
    assert "36 different cards" in results and played.cards_used == 36


def test_the_chart_draws_one_bar_part_per_round_a_seat_paid_into(client):
    played = engine(SEED)
    page = client.get(url(SEED, len(played.steps) - 1)).content.decode()
    svg = page.split("<svg", 1)[1].split("</svg>", 1)[0]
    assert 'role="img"' in svg and 'aria-describedby="replay-contributions"' in svg
    paid = sum(1 for row in played.contributions.rows for chips in row.rounds if chips)
    assert svg.count("<rect") == paid
    assert 'id="replay-contributions"' in page


def test_the_tables_wait_for_the_showdown(client):
    played = engine(SEED)
    before = next(s for s in played.steps if s.kind == "showdown").index - 1
    assertNotContains(client.get(url(SEED, before)), 'class="replay-results"')


def test_an_htmx_request_gets_only_the_table_and_the_new_sentence(client):
    played = engine(SEED)
    step = next(s for s in played.steps if s.text == "Noor bets 12. The pot is 60.")
    response = client.get(url(SEED, step.index), HTTP_HX_REQUEST="true")
    assertContains(response, 'hx-swap-oob="innerHTML">Noor bets 12. The pot is 60.</p>')
    assertContains(response, 'class="replay-seats"')
    assertNotContains(response, "<html")
    assertNotContains(response, "Skip to main content")


def test_a_plain_request_gets_the_whole_page_with_one_live_sentence(client):
    response = client.get(url(SEED, 27))
    assertContains(response, "<html")
    assertContains(response, 'aria-live="polite"', count=1)
    assertNotContains(response, "hx-swap-oob")


def test_a_history_restore_gets_the_whole_page(client):
    response = client.get(
        url(SEED, 5), HTTP_HX_REQUEST="true", HTTP_HX_HISTORY_RESTORE_REQUEST="true"
    )
    assertContains(response, "<html")


def test_the_controls_are_links_to_the_neighbouring_steps(client):
    played = engine(SEED)
    last = len(played.steps) - 1
    page = client.get(url(SEED, 5)).content.decode()
    for control, step in (("first", 0), ("previous", 4), ("next", 6), ("last", last)):
        assert (
            f'href="{url(SEED, step)}" hx-get="{url(SEED, step)}" data-replay-control="{control}"'
            in page
        )
    assert 'data-replay-control="step-5" aria-current="step"' in page
    assert page.count('aria-current="step"') == 1
    assert page.count('data-replay-control="step-') == len(played.steps)


def test_the_first_and_last_steps_have_nowhere_further_to_go(client):
    last = len(engine(SEED).steps) - 1
    first = client.get(url(SEED)).content.decode()
    assert 'data-replay-control="previous"' not in first
    assert 'data-replay-control="next"' in first
    end = client.get(url(SEED, last)).content.decode()
    assert 'data-replay-control="next"' not in end


@pytest.mark.parametrize("step", ["junk", "-1", "2.5", "999"])
def test_a_bad_step_is_explained_and_the_first_step_shown(client, step):
    response = client.get(url(SEED, step))
    assert response.status_code == 400
    assertContains(response, "Showing the first step instead.", status_code=400)
    assertContains(response, "data-replay-index>0<", status_code=400)


@pytest.mark.parametrize("digits", [4300, 5000])
def test_a_step_of_thousands_of_digits_is_bounded_by_the_step_count(client, digits):
    last = len(engine(SEED).steps) - 1
    response = client.get(url(SEED, "9" * digits))
    assert response.status_code == 400
    assertContains(response, "Showing the first step instead.", status_code=400)
    if digits <= 4300:
        assertContains(response, f"its steps run from 0 to {last}", status_code=400)
    assert "9" * 50 not in response.content.decode()


def test_a_step_past_the_end_names_the_range(client):
    last = len(engine(SEED).steps) - 1
    assertContains(client.get(url(SEED, 999)), f"its steps run from 0 to {last}", status_code=400)


def test_an_unpublished_deal_is_not_found(client):
    make_replay_deal(slug="hidden", published=False)
    assert client.get(url("hidden")).status_code == 404


def test_a_deal_without_a_history_is_not_found(client):
    assert Deal.objects.get(slug="badacey-1").history == ""
    assert client.get(url("badacey-1")).status_code == 404


def test_an_illegal_history_names_the_step_and_shows_none(client):
    broken = worked_deal("amara_bram_kira_noor").replace("Amara raise to 24", "Amara raise to 30")
    make_replay_deal(slug="broken", history=broken)
    with pytest.raises(DealError) as refused:
        replay(parse_deal(broken))
    error = refused.value
    response = client.get(url("broken"))
    assert response.status_code == 200
    assertContains(response, "This deal cannot be replayed")
    assertContains(response, f"Step {error.step} is illegal (line {error.line} of the history)")
    assertContains(response, escape(error.problem))
    assertNotContains(response, "replay-seats")
    assertNotContains(response, "data-replay-control")


def test_an_unreadable_history_names_its_line(client):
    make_replay_deal(slug="unreadable", history="game badacey\nseat Amara 240: A♣\n")
    response = client.get(url("unreadable"))
    assertContains(response, "This deal cannot be replayed")
    assertContains(response, "Line 2 of the history")


def test_maras_deal_shows_her_badugi_read_at_every_stage(client):
    played = engine(MARA)
    mara = played.record.seats[0].name
    for step in played.steps:
        page = client.get(url(MARA, step.index)).content.decode()
        block = seat_block(page, mara)
        read = played.reads(step)[0]["badugi"]
        assert f"Badugi: {read.description}" in heard(block), step.index
        for card in read.cards:
            assert marked(block, card, "counts")
    final = client.get(url(MARA, len(played.steps) - 1)).content.decode()
    for name, chips in zip(played.settlement.names, played.settlement.payouts, strict=True):
        assert f'<th scope="row">{name}</th><td>{chips}</td>' in final


def test_the_loaded_deals_pass_the_models_own_checks():
    for slug in (SEED, MARA):
        deal = Deal.objects.get(slug=slug)
        deal.full_clean()
        assert deal.published


def test_the_seed_deal_is_stored_as_the_lesson_text_and_settles_its_pot():
    deal = Deal.objects.get(slug=SEED)
    played = replay(parse_deal(deal.history))
    assert deal.history == worked_deal("amara_bram_kira_noor")
    assert deal.pot == played.settlement.total == 120
    assert [seat["name"] for seat in deal.seats] == [s.name for s in played.record.seats]


def test_study_mode_names_no_card_of_another_seat_before_the_showdown(client):
    played = engine(SEED)
    draw = next(s for s in played.steps if s.kind == "draw" and s.actor != 0 and s.received)
    page = client.get(url(SEED, draw.index) + "&study=0").content.decode()
    # The key of the marks shows example cards, which are no seat's.
    legend = page.index('<details class="card-legend"')
    page = page[:legend] + page[page.index("</details>", legend) :]
    before_results = heard(page)
    for seat in draw.state.seats[1:]:
        for card in (*seat.cards, *seat.discarded):
            assert card.name not in before_results, card.name
    assert draw.state.seats[draw.actor].name in before_results
    for card in draw.state.seats[0].cards:
        assert card.name in before_results


def test_a_study_seat_that_is_not_at_the_table_is_a_400_with_a_message(client):
    response = client.get(url(SEED, 3) + "&study=9")
    assert response.status_code == 400
    assert "no such seat" in response.content.decode()

"""The drill pages: items dealt from their URL, answers checked as the exercises check them.

Right answers are asked of the engine (the question parts' model answers,
which ask the evaluator directly, or ``settle`` itself for side pots); the
page must call them right, move on to the next item and say so.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlparse

import pytest
from django.urls import reverse

from evaluator import PROFILES, settle
from evaluator.drills import KINDS, MAX_SEED, generate
from lessons.deals import parts
from lessons.drills.forms import drill_url
from lessons.drills.items import DrillTable
from lessons.learners.progress import MAX_ANSWER_CHARS
from lessons.models import Attempt, Deal
from tests.factories import make_teacher

pytestmark = pytest.mark.django_db

SAMPLE = [
    (kind, game, difficulty)
    for kind, drill in KINDS.items()
    for game in drill.games
    for difficulty in (1, 3)
]


def engine_answer(kind, game, difficulty, seed) -> dict[str, str | list[str]]:
    table = DrillTable.of(generate(kind, game, difficulty, seed))
    answer = parts.model_answer(table)
    item = table.item
    if item.contributions:  # side pots: the engine's own settlement of the contributions
        result = settle(
            table.profile,
            table.hands,
            contributions=item.contributions,
            folded=table.folded,
            button=item.button,
        )
        answer = {parts.answer_key(0, "seat", s): str(c) for s, c in enumerate(result.payouts)}
    return {f"drill-{key}": value for key, value in answer.items()}


def test_the_index_lists_every_drill_with_its_games(client):
    response = client.get(reverse("lessons:drills"))
    assert response.status_code == 200
    for drill in KINDS.values():
        assert drill.title in response.content.decode()
        for game in drill.games:
            assert f"{reverse('lessons:drill', args=[drill.key])}?game={game}" in (
                response.content.decode()
            )


def test_a_drill_without_a_seed_goes_to_an_item_with_one(client):
    response = client.get(reverse("lessons:drill", args=["winners"]))
    assert response.status_code == 302
    query = parse_qs(urlparse(response["Location"]).query)
    assert query["game"] == ["badacey"] and query["difficulty"] == ["1"]
    assert 0 <= int(query["seed"][0]) <= MAX_SEED
    assert client.get(response["Location"]).status_code == 200


def test_the_same_url_shows_the_same_cards(client):
    url = drill_url("winners", "badeucey", 3, 12345)
    first, second = client.get(url).content.decode(), client.get(url).content.decode()
    item = generate("winners", "badeucey", 3, 12345)
    for seat in item.seats:
        assert seat["name"] in first

    def names(page):
        card_name = r'<span class="pc [^"]*">(?:<span class="visually-hidden">)?([^<]*)'
        return re.findall(card_name, page)

    assert names(first) == names(second)
    assert len(names(first)) >= 2 * 5


@pytest.mark.parametrize(("kind", "game", "difficulty"), SAMPLE)
def test_the_engines_answer_is_right_and_the_next_item_follows(client, kind, game, difficulty):
    seed = 41
    url = drill_url(kind, game, difficulty, seed)
    page = client.get(url)
    assert page.status_code == 200
    response = client.post(url, engine_answer(kind, game, difficulty, seed))
    body = response.content.decode()
    assert response.status_code == 200
    assert "Every part is correct" in body
    assert drill_url(kind, game, difficulty, seed + 1).replace("&", "&amp;") in body
    # the next item is the one its own URL deals
    next_item = generate(kind, game, difficulty, seed + 1)
    assert next_item.prompt.split(" ")[0] in body


def _another(field, value):
    """A different valid answer for one field: another option, a changed set, a moved chip."""
    choices = [str(c) for c, _ in getattr(field, "choices", [])]
    if isinstance(value, list):
        return [choices[0]] if value != [choices[0]] else [choices[1]]
    if choices:
        return next(c for c in choices if c != value)
    return value


@pytest.mark.parametrize("kind", list(KINDS))
def test_a_wrong_answer_is_not_quite_and_shows_the_worked_answer(client, kind):
    game = KINDS[kind].games[0]
    for seed in range(20):
        table = DrillTable.of(generate(kind, game, 1, seed))
        if not table.item.contributions:
            break
    url = drill_url(kind, game, 1, seed)
    right = engine_answer(kind, game, 1, seed)
    fields = {f"drill-{k}": f for q in parts.questions(table) for k, f in q.fields.items()}
    first = next(iter(right))
    wrong = dict(right)
    if kind == "payouts":  # one chip moved from one seat to another: the total still adds up
        seat0, seat1 = list(right)[:2]
        if int(right[seat0]) == 0:
            seat0, seat1 = seat1, seat0
        wrong[seat0] = str(int(right[seat0]) - 1)
        wrong[seat1] = str(int(right[seat1]) + 1)
    elif kind == "outs":
        wrong[first] = str(int(right[first]) + 1)
    elif kind == "draw-odds":  # an estimate at the far end of the scale is never within range
        wrong[first] = "0" if float(right[first]) > 50 else "100"
    else:
        wrong[first] = _another(fields[first], right[first])
    response = client.post(url, wrong)
    body = response.content.decode()
    assert response.status_code == 200
    assert "Not quite" in body and "The worked answer to the item you just answered" in body


def test_each_checked_item_is_recorded_once_as_an_attempt(client):
    url = drill_url("better-low", "ace_to_five", 1, 3)
    client.post(url, engine_answer("better-low", "ace_to_five", 1, 3))
    client.get(url)  # looking is not an attempt
    client.post(url, {"drill-p0": []})  # an empty answer is not an attempt either
    attempts = list(Attempt.objects.values_list("drill_kind", "item_key", "correct"))
    assert attempts == [("better-low", "ace_to_five/1/3", True)]


def test_an_answer_larger_than_any_form_sends_is_refused_and_not_stored(client):
    """The cap exercises keep on a stored answer holds for drill answers too."""
    url = drill_url("payouts", "badacey", 1, 2)
    padding = {"drill-note": "x" * (MAX_ANSWER_CHARS + 1)}
    response = client.post(url, engine_answer("payouts", "badacey", 1, 2) | padding)
    assert response.status_code == 400
    assert "longer than any answer" in response.content.decode()
    assert "Every part is correct" not in response.content.decode()
    assert not Attempt.objects.exists()
    # an answer of ordinary size is still checked and kept
    assert client.post(url, engine_answer("payouts", "badacey", 1, 2)).status_code == 200
    assert Attempt.objects.count() == 1


def test_an_htmx_answer_gets_the_region_and_the_next_url_to_push(client):
    url = drill_url("payouts", "badugi", 1, 5)
    response = client.post(url, engine_answer("payouts", "badugi", 1, 5), HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert response["HX-Push-Url"] == drill_url("payouts", "badugi", 1, 6)
    body = response.content.decode()
    assert body.lstrip().startswith('<div id="drill-region"') and "<html" not in body
    # the settings form above the region keeps its place; its item number moves on
    assert 'name="seed" value="6"' in body and 'hx-swap-oob="true"' in body


@pytest.mark.parametrize(
    ("query", "words"),
    [
        ("game=badacey&difficulty=1&seed=-1", "from 0 to"),
        ("game=badacey&difficulty=1&seed=" + "9" * 5000, "from 0 to"),
        ("game=badacey&difficulty=1&seed=4294967296", "from 0 to"),
        ("game=badacey&difficulty=1&seed=abc", "from 0 to"),
        ("game=ace_to_five&difficulty=1&seed=1", "not played in that game"),
        ("game=badacey&difficulty=9&seed=1", "easy, medium or hard"),
        ("game=badacey&difficulty=1&seed=1&seed=2", "sent more than once"),
        ("game=badacey&difficulty=1&seed=%FF", "not readable text"),
        ("game=badacey&difficulty=x&seed=3", "easy, medium or hard"),
    ],
)
def test_tampered_links_get_a_message_and_a_400(client, query, words):
    response = client.get(reverse("lessons:drill", args=["winners"]) + "?" + query)
    assert response.status_code == 400
    assert words in response.content.decode()


@pytest.mark.parametrize(
    ("query", "game", "difficulty"),
    [
        ("seed=3", None, None),
        ("difficulty=2&seed=3", None, 2),
        ("game=badeucey&seed=3", "badeucey", None),
        ("game=&difficulty=&seed=3", None, None),
    ],
)
def test_a_link_missing_settings_deals_with_the_defaults(client, query, game, difficulty):
    drill = KINDS["winners"]
    game, difficulty = game or drill.games[0], difficulty or 1
    response = client.get(reverse("lessons:drill", args=["winners"]) + "?" + query)
    assert response.status_code == 302
    assert response["Location"] == drill_url("winners", game, difficulty, 3)
    page = client.get(response["Location"])
    assert page.status_code == 200
    assert f"(item 3, {PROFILES[game].name})" in page.content.decode()


def test_a_link_with_an_empty_seed_deals_a_fresh_item(client):
    response = client.get(reverse("lessons:drill", args=["winners"]) + "?game=badugi&seed=")
    assert response.status_code == 302
    query = parse_qs(urlparse(response["Location"]).query)
    assert query["game"] == ["badugi"] and query["difficulty"] == ["1"]
    assert 0 <= int(query["seed"][0]) <= MAX_SEED


def test_an_answer_posted_to_a_link_without_game_or_difficulty_uses_the_defaults(client):
    drill = KINDS["betting"]
    url = reverse("lessons:drill", args=["betting"]) + "?seed=4"
    response = client.post(url, engine_answer("betting", drill.games[0], 1, 4))
    assert response.status_code == 200
    assert "Every part is correct" in response.content.decode()


def test_an_unknown_drill_is_a_404(client):
    assert client.get("/drills/no-such-drill/?seed=1").status_code == 404


def test_answers_sent_twice_or_not_from_the_form_are_refused(client):
    url = drill_url("payouts", "badacey", 1, 2)
    data = engine_answer("payouts", "badacey", 1, 2)
    twice = client.post(url, {**data, "drill-p0_seat_0": ["1", "2"]})
    assert twice.status_code == 400 and "more than once" in twice.content.decode()
    huge = client.post(url, {**data, "drill-p0_seat_0": "9" * 40})
    assert huge.status_code == 400
    card = client.post(drill_url("badugi-cards", "badugi", 1, 2), {"drill-p0_cards": ["Zz", "As"]})
    assert card.status_code == 400


def test_a_body_that_is_not_utf8_is_a_400_with_a_message(client):
    url = drill_url("better-low", "ace_to_five", 1, 3)
    body = b"drill-p0_ace_to_five=%FF%FE"
    response = client.post(url, body, content_type="application/x-www-form-urlencoded")
    assert response.status_code == 400
    assert "not readable text" in response.content.decode()


def test_a_teacher_keeps_an_item_as_a_draft_practice_deal(client):
    url = drill_url("winners", "badacey", 1, 9)
    assert "Save as a draft practice deal" not in client.get(url).content.decode()
    settings = {"game": "badacey", "difficulty": "1", "seed": "9"}
    save = reverse("lessons:drill_to_deal", args=["winners"])
    assert client.post(save, settings).status_code == 403
    client.force_login(make_teacher())
    assert "Save as a draft practice deal" in client.get(url).content.decode()
    response = client.post(save, settings)
    assert response.status_code == 302
    deal = Deal.objects.get(slug="drill-winners-badacey-1-9")
    assert not deal.published and deal.lesson == ""
    item = generate("winners", "badacey", 1, 9)
    assert deal.seats == item.seats and deal.parts == item.parts
    assert response["Location"] == reverse("admin:lessons_deal_change", args=[deal.pk])
    assert client.post(save, settings)["Location"] == response["Location"]  # not twice
    assert Deal.objects.filter(slug__startswith="drill-").count() == 1


def test_the_badugi_cards_can_be_typed_instead_of_ticked(client):
    from evaluator import badugi, parse_cards

    url = drill_url("badugi-cards", "badugi", 2, 11)
    item = generate("badugi-cards", "badugi", 2, 11)
    hand = parse_cards(item.seats[0]["cards"])
    best = badugi(hand).cards
    typed = " ".join(f"{c.rank_text}{c.suit}" for c in best)
    right = client.post(url, {"drill-p0_cards-typed": typed})
    assert right.status_code == 200 and "Every part is correct" in right.content.decode()

    outsider = next(c for c in parse_cards(item.seats[1]["cards"]))
    slip = client.post(url, {"drill-p0_cards-typed": f"{outsider.rank_text}{outsider.suit}"})
    assert slip.status_code == 200
    assert "not in the hand" in slip.content.decode()
    assert "Every part is correct" not in slip.content.decode()

    nonsense = client.post(url, {"drill-p0_cards-typed": "Zz"})
    assert nonsense.status_code == 200 and "is not a card" in nonsense.content.decode()


@pytest.mark.parametrize("game", ["badacey", "badugi"])
def test_the_card_table_says_which_seats_folded(client, game):
    """A hard payouts item may fold a seat; its cards stay shown, marked as out of the pot."""
    seed, table = next(
        (seed, table)
        for seed in range(300)
        if any((table := DrillTable.of(generate("payouts", game, 3, seed))).folded)
    )
    page = client.get(drill_url("payouts", game, 3, seed)).content.decode()
    cards = page[page.index('class="table table-sm exercise__seats"') :]
    rows = cards[: cards.index("</tbody>")].split("<tr>")[2:]  # after the heading row
    assert len(rows) == len(table.names)
    for name, folded, row in zip(table.names, table.folded, rows, strict=True):
        assert f">{name}</th>" in row
        assert ("folded before the showdown" in row) == folded, name


def test_a_betting_item_cannot_be_kept_as_a_deal_and_the_refusal_says_why(client):
    # It used to blame side pots and folded seats, which a betting item has neither of.
    client.force_login(make_teacher())
    settings = {"game": "badacey", "difficulty": "1", "seed": "4"}
    assert DrillTable.of(generate("betting", "badacey", 1, 4)).seats == []
    page = client.get(drill_url("betting", "badacey", 1, 4)).content.decode()
    assert "Save as a draft practice deal" not in page
    refused = client.post(reverse("lessons:drill_to_deal", args=["betting"]), settings)
    assert refused.status_code == 400
    text = refused.content.decode()
    assert "asks about the betting" in text and "side pots" not in text
    assert not Deal.objects.filter(slug__startswith="drill-betting").exists()

"""The draw-odds page: a GET form whose answers come from evaluator.odds."""

from __future__ import annotations

import html
import re
from urllib.parse import urlencode

import pytest
from django.urls import reverse

from evaluator import parse_cards
from evaluator.odds import draw_odds

pytestmark = pytest.mark.django_db

ODDS = reverse("lessons:odds")
LEAK = re.compile(r"\{#|#\}|\{%|%\}|\{\{|\}\}")


def url(**query) -> str:
    return f"{ODDS}?{urlencode(query)}"


def text(response) -> str:
    """The page as a reader gets it: tags dropped, entities decoded, spaces squeezed."""
    plain = re.sub(r"<[^>]+>", " ", response.content.decode())
    return " ".join(html.unescape(plain).split())


def capfirst(words: str) -> str:
    return words[:1].upper() + words[1:]


def field_error(response, name: str) -> str:
    """The message shown beside one field (crispy's block linked by aria-describedby)."""
    found = re.search(
        rf'id="id_{name}_error"[^>]*>(.*?)</div>', response.content.decode(), re.DOTALL
    )
    assert found, f"no message beside {name}"
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", found[1])).split())


def test_the_empty_page_shows_the_form_and_no_answer(client):
    response = client.get(ODDS)
    assert response.status_code == 200
    page = response.content.decode()
    assert 'name="hand"' in page and 'method="get"' in page
    assert "data-tool-focus" not in page
    assert LEAK.findall(page) == []


def test_a_one_card_draw_shows_each_chance_and_names_every_out(client):
    response = client.get(url(game="badugi", hand="As 2h 3d Ks", discard="Ks"))
    assert response.status_code == 200
    expected = draw_odds("badugi", "As 2h 3d", discarded="Ks")
    page = text(response)
    for outcome in expected.outcomes:
        assert f"{capfirst(outcome.description)} {outcome.percent_text}" in page
        assert f"{outcome.hits} of {outcome.total}" in page
        assert outcome.odds_text in page
        body = response.content.decode()
        assert f'aria-label="Outs for {outcome.description}"' in body
        for card in outcome.outs:
            assert card.name in page  # read out as "four of clubs", not "4♣"
    assert LEAK.findall(response.content.decode()) == []


def test_a_badacey_draw_reports_both_halves_and_both_at_once(client):
    query = {
        "game": "badacey",
        "hand": "A♠ 2♥ 3♦ 7♣ K♠",
        "discard": "7♣ K♠",
        "dead": "4♣ 5♣",
        "badugi_top": "8",
        "low_top": "8",
    }
    response = client.get(url(**query))
    assert response.status_code == 200
    expected = draw_odds(
        "badacey", "A♠ 2♥ 3♦", discarded="7♣ K♠", dead="4♣ 5♣", badugi_top=8, low_top=8
    )
    page = text(response)
    assert [o.key for o in expected.outcomes] == ["badugi", "badugi_top", "low", "both"]
    for outcome in expected.outcomes:
        assert f"{capfirst(outcome.description)} {outcome.percent_text}" in page
    assert f"{expected.combinations:,} possible draws" in page
    assert "four of clubs" in page  # the dead cards are listed by name


def test_a_hand_of_only_the_kept_cards_draws_the_rest(client):
    response = client.get(url(game="badugi", hand="A♠ 2♥"))
    expected = draw_odds("badugi", "A♠ 2♥")
    assert expected.draw == 2
    assert f"{expected.outcome('badugi').hits:,} of {expected.combinations:,}" in text(response)


def test_htmx_gets_the_answer_alone_and_a_plain_request_the_whole_page(client):
    query = url(game="badugi", hand="As 2h 3d Ks", discard="Ks")
    fragment = client.get(query, headers={"HX-Request": "true"})
    assert fragment.status_code == 200
    body = fragment.content.decode()
    assert "data-tool-focus" in body and "four of clubs" in body
    assert "<html" not in body and "<form" not in body  # the form on screen stays as it is
    assert "HX-Retarget" not in fragment.headers
    assert "HX-Request" in fragment.headers["Vary"]
    assert "<html" in client.get(query).content.decode()


def test_htmx_gets_the_whole_tool_when_there_are_messages_for_the_fields(client):
    wrong = client.get(url(game="badugi", hand="As Zz"), headers={"HX-Request": "true"})
    assert wrong.status_code == 400
    assert wrong.headers["HX-Retarget"] == "#odds-tool"
    assert wrong.headers["HX-Reswap"] == "outerHTML"
    body = wrong.content.decode()
    assert body.lstrip().startswith('<div id="odds-tool"') and "<form" in body
    assert "'Zz' is not a card" in field_error(wrong, "hand")
    # Right again, but the form on screen still shows that message: the tool comes back whole.
    right = client.get(
        url(game="badugi", hand="As 2h"), headers={"HX-Request": "true", "X-Tool-Form": "stale"}
    )
    assert right.status_code == 200
    assert right.headers["HX-Retarget"] == "#odds-tool"
    assert "<form" in right.content.decode() and "is-invalid" not in right.content.decode()


@pytest.mark.parametrize(
    ("query", "field", "words"),
    [
        ({"hand": "As 2h Xx"}, "hand", "'Xx' is not a card"),
        ({"hand": "As As 2h"}, "hand", "A♠ appears twice"),
        ({"game": "badugi", "hand": "As 2h 3d 4c 5c"}, "hand", "A Badugi hand has 4 cards"),
        ({"hand": "As 2h 3d 4c 5c", "discard": "Kd"}, "discard", "K♦ is not in your hand"),
        ({"hand": "As 2h 3d 4c 5c", "dead": "2h"}, "dead", "2♥ is in your own hand"),
        ({"game": "deuce_to_seven", "hand": "2s 3h", "low_top": "6"}, "low_top", "seven-high"),
        ({"game": "badeucey", "hand": "2s 3h", "badugi_top": "4"}, "badugi_top", "five-high"),
        ({"hand": "As", "low_top": "99"}, "low_top", "Select a valid choice"),
        ({"game": "chess", "hand": "As"}, "game", "Select a valid choice"),
        ({"hand": ""}, "hand", "This field is required"),
        ({"hand": "As " * 100}, "hand", "at most 200 characters"),
    ],
)
def test_bad_input_gets_a_message_beside_its_field_and_a_400(client, query, field, words):
    query = {"game": "badacey"} | query
    response = client.get(url(**query))
    assert response.status_code == 400
    assert words in field_error(response, field)
    assert "cannot be worked out yet" in text(response)


def test_a_target_for_a_half_the_game_lacks_is_set_aside(client):
    response = client.get(url(game="badugi", hand="As 2h 3d", low_top="8"))
    assert response.status_code == 200
    assert "low" not in " ".join(o.key for o in draw_odds("badugi", "As 2h 3d").outcomes)


def test_a_field_sent_twice_is_refused(client):
    response = client.get(f"{ODDS}?game=badugi&hand=As+2h&hand=3d+4c")
    assert response.status_code == 400
    assert "sent more than once" in field_error(response, "hand")


def test_bytes_that_are_not_utf8_are_refused(client):
    response = client.get(f"{ODDS}?game=badugi&hand=%FF%FE")
    assert response.status_code == 400
    assert "not sent as UTF-8" in field_error(response, "hand")


def test_a_five_card_draw_is_refused_before_any_card_is_dealt(client, monkeypatch):
    def deal_nothing(self):
        raise AssertionError("the page started dealing a draw it should have refused")

    monkeypatch.setattr("evaluator.odds._Enumeration.run", deal_nothing)
    response = client.get(url(game="badacey", hand="As 2h 3d 7c Ks", discard="As 2h 3d 7c Ks"))
    assert response.status_code == 400
    page = text(response)
    assert "1,533,939 possible draws" in page and "Keep at least one card" in page


def test_every_four_card_draw_is_within_the_page_limit(client):
    # The most unseen cards a four-card draw can face: one card kept, nothing else seen.
    response = client.get(url(game="badacey", hand="As"))
    assert response.status_code == 200
    expected = draw_odds("badacey", parse_cards("As"))
    assert f"{expected.combinations:,} possible draws" in text(response)


def test_only_get_and_head_are_answered(client):
    assert client.post(ODDS, {"hand": "As"}).status_code == 405
    assert client.head(url(game="badugi", hand="As 2h 3d Ks", discard="Ks")).status_code == 200


def test_the_practice_page_links_to_both_tools(client):
    page = client.get(reverse("lessons:practice")).content.decode()
    assert f'href="{ODDS}"' in page
    assert f'href="{reverse("lessons:calculator")}"' in page


# --- which cards count as seen ------------------------------------------------------


def seen_line(response) -> str:
    found = re.search(r'<p class="odds-seen">(.*?)</p>', response.content.decode(), re.DOTALL)
    assert found, "the answer does not say which cards count as seen"
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", found[1])).split())


def test_the_thrown_cards_count_as_seen_and_the_answer_says_so(client):
    # The lesson's holding: A♣ 2♦ 3♥ kept, K♥ thrown, one card drawn.
    response = client.get(url(game="badugi", hand="A♣ 2♦ 3♥ K♥", discard="K♥"))
    expected = draw_odds("badugi", "A♣ 2♦ 3♥", discarded="K♥")
    page = text(response)
    assert f"from the {expected.unseen} cards you have not seen" in page
    line = seen_line(response)
    assert "king of hearts" in line and "ace of clubs" in line
    assert "could come back" not in page
    assert "king of hearts" not in " ".join(
        card.name for outcome in expected.outcomes for card in outcome.outs or ()
    )


def test_a_hand_of_only_the_kept_cards_says_the_thrown_ones_may_come_back(client):
    response = client.get(url(game="badugi", hand="A♣ 2♦ 3♥"))
    short = draw_odds("badugi", "A♣ 2♦ 3♥")
    whole = draw_odds("badugi", "A♣ 2♦ 3♥", discarded="K♥")
    assert short.unseen == whole.unseen + 1  # the very mix-up the page must explain
    page = text(response)
    assert f"from the {short.unseen} cards you have not seen" in page
    assert (
        "You named 3 of the 4 cards of a Badugi hand: the 1 card you throw is not named, "
        "so it is counted as unseen and could come back in the draw." in page
    )
    assert "Type your whole hand" in page


def test_the_dead_cards_are_among_the_seen_ones(client):
    response = client.get(url(game="badacey", hand="A♠ 2♥ 3♦ 7♣ K♠", discard="7♣ K♠", dead="4♣"))
    line = seen_line(response)
    for name in ("ace of spades", "seven of clubs", "king of spades", "four of clubs"):
        assert name in line


# --- the cost of a question -------------------------------------------------------


@pytest.mark.cache
def test_a_question_asked_again_in_any_order_is_read_from_the_cache(client, monkeypatch):
    expected = draw_odds("badacey", "A♠ 2♥ 3♦", discarded="7♣ K♠")
    first = client.get(url(game="badacey", hand="A♠ 2♥ 3♦ 7♣ K♠", discard="7♣ K♠"))
    assert first.status_code == 200

    def deal_nothing(self):
        raise AssertionError("the page dealt out a question it had answered before")

    monkeypatch.setattr("evaluator.odds._Enumeration.run", deal_nothing)
    again = client.get(url(game="badacey", hand="K♠ 7♣ 3♦ 2♥ A♠", discard="K♠ 7♣"))
    assert again.status_code == 200
    for outcome in expected.outcomes:
        assert f"{capfirst(outcome.description)} {outcome.percent_text}" in text(again)
    # The cards read as this learner typed them, not as the first asker did.
    assert re.search(r"You keep .*three of diamonds.*two of hearts.*ace of spades", text(again))


@pytest.mark.cache
@pytest.mark.usefixtures("one_limit_window")
def test_too_many_new_costly_draws_from_one_address_pause_with_a_429(client, monkeypatch):
    monkeypatch.setattr("lessons.tools.odds_answers.COSTLY_PER_MINUTE", 2)
    kept = ["A♠", "2♥", "3♦", "4♣", "5♠", "6♥", "7♦", "8♣"]
    # Three-card draws: each one is costly, and each a new question.
    asks = [url(game="badacey", hand=f"{card} 9♠ 10♠ J♠ Q♠", discard="10♠ J♠ Q♠") for card in kept]
    assert [client.get(ask).status_code for ask in asks[:2]] == [200, 200]
    paused = client.get(asks[2])
    assert paused.status_code == 429
    assert paused["Retry-After"] == "60"
    assert "ask again in a minute" in text(paused)
    # htmx gets the whole tool with the message, as for any other problem.
    fragment = client.get(asks[3], headers={"HX-Request": "true"})
    assert fragment.status_code == 429 and fragment.headers["HX-Retarget"] == "#odds-tool"
    # Questions asked before, cheap draws and other addresses are still answered.
    assert client.get(asks[0]).status_code == 200
    assert client.get(url(game="badugi", hand="A♣ 2♦ 3♥ K♥", discard="K♥")).status_code == 200
    assert client.get(asks[4], REMOTE_ADDR="192.0.2.7").status_code == 200

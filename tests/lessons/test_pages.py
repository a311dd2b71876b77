"""The lesson pages: structure a reader relies on, and results computed from cards.

Expected values are asked of the evaluator here too, never typed, except the
reference texts' own stated outcomes for the worked examples (text 004 and
lesson 000's worked deal).
"""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

import pytest
from django.template import Context, Template
from django.urls import reverse

from evaluator import (
    EvaluatorError,
    ace_to_five,
    badugi,
    deuce_to_seven,
    get_profile,
    parse_cards,
)
from evaluator.notation import parse_deal
from evaluator.replay import replay
from evaluator.worked_deals import worked_deal as evaluator_worked_deal
from lessons.pages import page_data

PAGES = [
    "lessons:home",
    "lessons:table_basics",
    "lessons:badacey",
    "lessons:badugi",
    "lessons:badeucey",
    "lessons:drawing",
    "lessons:games",
]
LESSONS = PAGES[1:]

pytestmark = pytest.mark.django_db


class Outline(HTMLParser):
    """Heading levels, ids, the TOC's links, checkboxes, labels and forms of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.levels: list[int] = []
        self.ids: set[str] = set()
        self.toc_links: list[str] = []
        self.checkboxes: list[str] = []
        self.label_for: set[str] = set()
        self.forms: list[dict] = []
        self.fieldsets = 0
        self._in_toc = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
        if re.fullmatch(r"h[1-6]", tag):
            self.levels.append(int(tag[1]))
        if tag == "nav" and a.get("aria-label") == "On this page":
            self._in_toc = True
        if tag == "a" and self._in_toc and not a.get("href", "").startswith("#exercise-"):
            # The exercises nested under "#exercises" carry the learner's status (test_progress).
            self.toc_links.append(a.get("href", ""))
        if tag == "input" and a.get("type") == "checkbox":
            self.checkboxes.append(a.get("id", ""))
        if tag == "label" and "for" in a:
            self.label_for.add(a["for"])
        if tag == "form":
            self.forms.append(a)
        if tag == "fieldset":
            self.fieldsets += 1

    def handle_endtag(self, tag):
        if tag == "nav":
            self._in_toc = False


def outline(response) -> Outline:
    parser = Outline()
    parser.feed(response.text)
    return parser


CARD = re.compile(
    r'<span class="pc ([shdc]) r(10|[2-9AJQK])[^"]*">(?:<span class="visually-hidden">)?[^<]*'
)
SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}


def text_of(page) -> str:
    """A page (or part of one) as plain text, cards' hidden names dropped, entities decoded."""
    source = page if isinstance(page, str) else page.text
    # A card reads as its face ("A♠"), as a sighted reader sees it; site.css draws
    # the face from the classes, so it is put back here from them.
    body = re.sub(r'<span class="pc back">[^<]*', "", source)
    body = CARD.sub(lambda card: card[2] + SYMBOLS[card[1]], body)
    body = re.sub(r'<span class="visually-hidden">[^<]*</span>', "", body)
    body = re.sub(r'<span class="glossary-tip"[^>]*>[^<]*</span>', "", body)  # hover definitions
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body)))


def section(page, anchor: str) -> str:
    """The HTML of one <section> of a page (or response), found by its heading id."""
    source = page if isinstance(page, str) else page.text
    start = source.index(f'id="{anchor}"')
    return source[start : source.index("</section>", start)]


@pytest.mark.parametrize("name", PAGES)
def test_each_page_is_served(client, name):
    assert client.get(reverse(name)).status_code == 200


@pytest.mark.parametrize("name", PAGES)
def test_each_table_of_contents_jumps_to_a_heading_on_the_page(client, name):
    page = outline(client.get(reverse(name)))
    assert page.toc_links, "the page has no 'On this page' links"
    for href in page.toc_links:
        assert href.startswith("#"), href
        assert href[1:] in page.ids, f"{href} points at nothing"


@pytest.mark.parametrize("name", PAGES)
def test_headings_start_at_h1_and_never_skip_a_level(client, name):
    levels = outline(client.get(reverse(name))).levels
    assert levels[0] == 1
    assert levels.count(1) == 1
    for before, after in zip(levels, levels[1:], strict=False):
        assert after <= before + 1, f"h{before} is followed by h{after}"


def test_the_home_page_sends_each_kind_of_learner_to_a_real_section(client):
    home = client.get(reverse("lessons:home")).text
    targets = re.findall(r'href="(/[a-z]+/)#([a-z-]+)"', home)
    assert {t for _, t in targets} >= {
        "choosing-badugi",
        "five-card-low",
        "schedule",
        "worked-deal",
    }
    for path, anchor in targets:
        assert outline(client.get(path)).ids >= {anchor}


@pytest.mark.parametrize("name", LESSONS)
def test_the_main_navigation_marks_the_current_lesson(client, name):
    response = client.get(reverse(name))
    assert re.search(rf'href="{reverse(name)}" aria-current="page"', response.text)


# --- Badacey -----------------------------------------------------------------


@pytest.fixture
def badacey_page(client):
    return client.get(reverse("lessons:badacey"))


def test_badacey_sections_follow_the_lessons_order(badacey_page):
    page = outline(badacey_page)
    expected = [
        "#one-holding",
        "#five-card-low",
        "#choosing-badugi",
        "#awarding",
        "#badacey-or-badeucey",
        "#schedule",
        "#worked-deal",
        "#exercises",
        "#review",
    ]
    assert page.toc_links == expected


def test_badacey_shows_the_evaluators_reading_of_its_low_examples(badacey_page):
    text = text_of(badacey_page)
    for cards in ("7♠ 6♥ 4♦ 2♣ A♥", "7♦ 6♣ 5♠ 3♥ 2♦", "5♣ 4♣ 3♣ 2♣ A♣"):
        assert ace_to_five(parse_cards(cards)).text in text


def test_badacey_lists_the_low_categories_best_first(badacey_page):
    text = text_of(badacey_page)
    ladder = sorted((ace_to_five(parse_cards(c)) for c in page_data.LADDER), reverse=True)
    positions = [text.index(v.text) for v in ladder]
    assert positions == sorted(positions)


def test_badacey_finds_the_four_card_badugi_the_shortcut_misses(badacey_page):
    best = badugi(parse_cards("A♦ 3♦ 2♥ A♣ 5♠"))
    assert best.size == 4
    assert f"{best.description} <strong>(best)</strong>" in badacey_page.text


def test_badacey_reads_one_holding_under_both_games(badacey_page):
    cards = parse_cards("A♥ 2♠ 3♣ 4♦ 7♥")
    text = text_of(badacey_page)
    assert ace_to_five(cards).text in text
    assert deuce_to_seven(cards).text in text
    assert badugi(cards).description in text
    assert badugi(cards, ace_high=True).description in text


def test_badacey_betting_table_comes_from_the_profile(badacey_page):
    profile = get_profile("badacey")
    table = section(badacey_page, "schedule")
    for betting_round in range(profile.draws + 1):
        unit = profile.bet_size(betting_round)
        assert re.search(rf"<td>{unit}</td><td>{2 * unit}</td>", table)
    assert f"from 0 to {profile.max_discard}" in text_of(table)


def test_after_draw_two_a_full_raise_reaches_24(badacey_page):
    # Lesson 000's own answer (exercise 6): the raise after draw two is to 24.
    table = section(badacey_page, "schedule")
    assert re.search(r"<th scope=\"row\">After draw two</th><td>12</td><td>24</td>", table)


def test_the_worked_deal_on_the_page_is_the_replayers_settlement(badacey_page):
    # Lesson 000's figures are checked against the engine in test_reference_answers.py;
    # here the page must show what the engine's own replay of the deal pays.
    deal = page_data.worked_deal()
    replayed = replay(parse_deal(evaluator_worked_deal("amara_bram_kira_noor")))
    assert deal["result"].payouts == replayed.settlement.payouts
    assert [s["end"] for s in deal["stacks"]] == [row.end for row in replayed.ledger.rows]
    text = text_of(badacey_page)
    for line in deal["result"].explanation():
        assert line in text


def test_the_worked_deal_links_to_its_replay(badacey_page):
    url = reverse("lessons:replay", args=["amara-bram-kira-noor"])
    assert f'href="{url}"' in badacey_page.text


def test_the_odd_chip_example_follows_the_sites_rule(badacey_page):
    result = page_data.odd_chip_example()
    low_half, badugi_half = result.pots[0].awards
    assert low_half.amount == badugi_half.amount + 1
    assert sum(result.payouts) == result.total
    assert result.explanation()[1] in text_of(badacey_page)


def test_the_review_checklist_is_labelled_and_saved_by_a_plain_form(badacey_page):
    review = section(badacey_page, "review")
    page = Outline()
    page.feed(review)
    assert page.fieldsets == 1 and "<legend>" in review
    assert len(page.checkboxes) >= 4
    assert set(page.checkboxes) <= page.label_for
    assert [form.get("action") for form in page.forms] == [
        reverse("lessons:save_checklist", args=["badacey"])
    ]


# --- Badugi ------------------------------------------------------------------


@pytest.fixture
def badugi_page(client):
    return client.get(reverse("lessons:badugi"))


def test_badugi_sections_follow_the_lessons_order(badugi_page):
    assert outline(badugi_page).toc_links == [
        "#valid-cards",
        "#hand-sizes",
        "#equal-sizes",
        "#best-subset",
        "#draws",
        "#betting",
        "#exercises",
        "#showdown-routine",
    ]


def test_badugi_hand_size_table_shows_every_equally_good_selection(badugi_page):
    table = section(badugi_page, "hand-sizes")
    for holding in page_data.SIZE_EXAMPLES:
        value = badugi(parse_cards(holding))
        assert value.description in table
        for selection in value.selections:
            for card in selection:
                assert card.name in table
    assert "equally good choices" in table


def test_badugi_comparisons_are_computed(badugi_page):
    text = text_of(badugi_page)
    for cards in (
        "A♣ 4♦ 6♥ 9♠",
        "2♣ 3♦ 7♥ 8♠",
        "2♣ 4♦ 6♥ 8♦",
        "A♣ 2♣ A♦ 3♥",
        "A♣ A♦ 2♥ 3♥",
    ):
        assert badugi(parse_cards(cards)).description in text


def test_badugi_betting_uses_the_badugi_profile(badugi_page):
    profile = get_profile("badugi")
    table = section(badugi_page, "betting")
    for betting_round in range(profile.draws + 1):
        unit = profile.bet_size(betting_round)
        assert f"Bet {unit}; raise to {2 * unit}" in table


# --- Game profiles -----------------------------------------------------------


@pytest.fixture
def games_page(client):
    return client.get(reverse("lessons:games"))


def test_the_profiles_table_reads_its_cells_from_the_profiles(games_page):
    text = text_of(section(games_page, "side-by-side"))
    for key in ("badacey", "badeucey", "badugi"):
        profile = get_profile(key)
        assert profile.name in text
        assert f"0 to {profile.max_discard}" in text
        assert f"Fixed limit {profile.small_bet}/{profile.big_bet}" in text
    assert deuce_to_seven(parse_cards(page_data.STRAIGHT)).text in text
    assert badugi(parse_cards(page_data.BEST_BADUGI[True]), ace_high=True).description in text


STATED_OUTCOMES = {
    # Text 004's own words for each example: who takes what fraction of the pot.
    "two-good-hands": {"Collopy": (1, 2), "Ross": (1, 2)},
    "ace-trap": {"Xavier": (0, 1), "Yolanda": (1, 1)},
    "useless-straight": {"Rita": (1, 2), "Tom": (1, 2)},
    "quartered": {"Ann": (1, 4), "Ben": (3, 4)},
}
STATED_HALVES = {
    "two-good-hands": {"deuce_to_seven": "Collopy", "badugi": "Ross"},
    "ace-trap": {"deuce_to_seven": "Yolanda", "badugi": "Yolanda"},
    "useless-straight": {"deuce_to_seven": "Tom", "badugi": "Rita"},
    "quartered": {"deuce_to_seven": "Ben", "badugi": "Ann and Ben"},
}


@pytest.mark.parametrize("example", page_data.BADEUCEY_EXAMPLES, ids=lambda e: e.slug)
def test_each_badeucey_example_ends_as_text_004_says(example):
    result = example.settle()
    for seat, name in enumerate(example.names):
        numerator, denominator = STATED_OUTCOMES[example.slug][name]
        assert result.payouts[seat] * denominator == example.pot * numerator, name
    for award in result.pots[0].awards:
        winners = " and ".join(example.names[s] for s in award.winners)
        assert winners == STATED_HALVES[example.slug][award.kind]


def test_the_badeucey_hands_match_the_texts_descriptions():
    # Text 004 names each hand's values; our concrete cards must read that way.
    stated = {
        "9♠ 7♥ 5♥ 3♦ 2♣": ("9-7-5-3-2", "9-5-3-2"),
        "10♠ 6♠ 4♥ 3♣ 2♦": ("10-6-4-3-2", "6-4-3-2"),
        "A♠ 2♥ 3♦ 4♣ 4♥": ("pair of fours", "A-4-3-2"),
        "8♦ 5♠ 4♦ 3♥ 2♣": ("8-5-4-3-2", "5-4-3-2"),
        "6♠ 5♥ 4♦ 3♣ 2♠": ("six-high straight", "5-4-3-2"),
        "K♥ Q♥ J♦ 9♣ 8♠": ("K-Q-J-9-8", "Q-J-9-8"),
        "K♠ 5♠ 4♥ 3♦ 2♣": ("K-5-4-3-2", "5-4-3-2"),
        "7♥ 5♥ 4♠ 3♣ 2♦": ("7-5-4-3-2", "5-4-3-2"),
    }
    hands = [h for ex in page_data.BADEUCEY_EXAMPLES for h in ex.hands]
    assert sorted(hands) == sorted(stated)
    for cards, (low_text, badugi_text) in stated.items():
        parsed = parse_cards(cards)
        assert deuce_to_seven(parsed).text.startswith(low_text)
        value = badugi(parsed, ace_high=True)
        assert value.size == 4 and value.text == badugi_text


def test_the_games_page_shows_every_example_settled(games_page):
    text = text_of(games_page)
    for example in page_data.BADEUCEY_EXAMPLES:
        result = example.settle()
        assert example.caption in text
        for line in result.explanation():
            assert line in text


# --- The tag library fails loudly ---------------------------------------------


@pytest.mark.parametrize(
    "source",
    [
        '{% hand "A♠ 2♥ 3♦ 4♣ 5X" %}',
        '{% low "A♠ 2♥ 3♦ 4♣" %}',
        '{% badugi_read "A♠ A♠ 3♦" %}',
        '{% compare "A♠ 2♥ 3♦ 4♣ 5♣" "A♠ 3♥ 4♦ 5♣ 7♣" "badacey" %}',
        '{% legality "Z♠" %}',
    ],
)
def test_a_typo_in_a_pages_cards_raises_instead_of_rendering(source):
    with pytest.raises(EvaluatorError):
        Template("{% load poker %}" + source).render(Context({}))


# --- Exercises ---------------------------------------------------------------


@pytest.mark.parametrize("lesson", ["badacey", "badugi"])
def test_each_lesson_page_embeds_its_six_exercises_in_order(client, lesson):
    from lessons.models import Deal

    deals = list(Deal.objects.published().for_lesson(lesson))
    assert len(deals) == 6  # each lesson text has six exercises
    page = client.get(reverse(f"lessons:{lesson}")).text
    exercises = section(page, "exercises")
    positions = [exercises.index(f'id="exercise-{deal.slug}"') for deal in deals]
    assert positions == sorted(positions)
    assert "lesson-placeholder" not in exercises

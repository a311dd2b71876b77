"""What the lesson pages show, computed from cards and game profiles.

The lessons' facts (the cards of each example, the chips put in, the table
settings) are the only things typed here; every value, winner and share comes
from the evaluator when a page is built, so the pages cannot disagree with the
exercises or the replayer.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from django.urls import reverse

from evaluator import (
    AWARD_TITLES,
    GameProfile,
    LowValue,
    Settlement,
    ace_to_five,
    get_profile,
    parse_cards,
    settle,
)
from evaluator.deal import DealRecord, DrawLine
from evaluator.notation import parse_deal
from evaluator.replay import replay
from evaluator.wording import names_and
from evaluator.worked_deals import worked_deal as evaluator_worked_deal
from lessons.deals.histories import replay_history
from lessons.exercises.blocks import ExerciseBlock, exercise_blocks
from lessons.models import Deal

ROUND_NAMES = ("Before the first draw", "After draw one", "After draw two", "After draw three")

# The site's showcase hands: a straight and an ace-led run, read by each low.
STRAIGHT = "6♠ 5♥ 4♦ 3♣ 2♠"
ACE_RUN = "A♠ 2♥ 3♦ 4♣ 5♣"
BEST_LOW = {"ace_to_five": "5♣ 4♣ 3♦ 2♥ A♠", "deuce_to_seven": "7♠ 5♥ 4♦ 3♣ 2♣"}
BEST_BADUGI = {False: "4♠ 3♥ 2♦ A♣", True: "5♠ 4♥ 3♦ 2♣"}
# The low halves' rule for the ace; the page shows ACE_RUN read both ways as proof.
ACE_IN_LOW = {"ace_to_five": "low", "deuce_to_seven": "high"}


def betting_schedule(profile: GameProfile) -> list[dict]:
    """One row per betting round: its fixed unit and what a bet and full raise reach."""
    rows = []
    for betting_round in range(profile.draws + 1):
        unit = profile.bet_size(betting_round)
        rows.append(
            {
                "name": ROUND_NAMES[betting_round],
                "unit": unit,
                "raise_to": profile.full_raise_to(betting_round, facing=unit),
                "draws_left": profile.draws - betting_round,
                "big": unit == profile.big_bet,
            }
        )
    return rows


def forced_bets(profile: GameProfile) -> str:
    if profile.forced_bets == "ante":
        return f"an ante of {profile.ante}"
    return f"blinds of {profile.small_blind} and {profile.big_blind}"


# The practice deal that replays lesson 000's worked deal (lessons/content/practice.py).
WORKED_DEAL_SLUG = "amara-bram-kira-noor"


def worked_deal(name: str = "amara_bram_kira_noor") -> dict:
    """A lesson's full deal, replayed by the engine from the evaluator's own record.

    The record is the one the replayer plays (its practice deal's slug is the
    file name with hyphens), so the lesson's showdown and stacks cannot
    disagree with stepping through the same deal. The link to the replayer is
    given only while that practice deal is published: a teacher who
    unpublishes it must not leave the lesson pointing at a 404.
    """
    played = replay_history(evaluator_worked_deal(name))
    slug = name.replace("_", "-")
    stacks = [
        {
            "name": row.name,
            "start": row.start,
            "put_in": row.contributed,
            "received": row.received,
            "end": row.end,
            "net": row.end - row.start,
        }
        for row in played.ledger.rows
    ]
    return {
        "result": played.settlement,
        "stacks": stacks,
        "start": stacks[0]["start"],
        "replay_url": next(  # the deal's own link: a quiz when its teacher ticked study mode
            (d.replay_url for d in Deal.objects.published().exclude(history="").filter(slug=slug)),
            None,
        ),
        "round_pots": played.round_pots,
        "played": played,
    }


@dataclass(frozen=True)
class BadeuceyExample:
    """One of text 004's worked examples: its cards are ours, its stated outcome is the text's."""

    slug: str
    title: str
    names: tuple[str, str]
    hands: tuple[str, str]
    pot: int
    lesson: str

    @property
    def caption(self) -> str:
        return f"{names_and(self.names)}: a {self.pot}-chip Badeucey pot"

    def settle(self) -> Settlement:
        return settle("badeucey", list(self.hands), pot=self.pot, names=list(self.names))


BADEUCEY_EXAMPLES = (
    BadeuceyExample(
        "two-good-hands",
        "Two good hands, one chopped pot",
        ("Collopy", "Ross"),
        ("9♠ 7♥ 5♥ 3♦ 2♣", "10♠ 6♠ 4♥ 3♣ 2♦"),
        120,
        "Modelled on a hand from the 2019 WSOP $1,500 Dealer's Choice. Both players "
        "hold five unpaired low cards; notice which card each must leave out of the Badugi.",
    ),
    BadeuceyExample(
        "ace-trap",
        "The ace trap",
        ("Xavier", "Yolanda"),
        ("A♠ 2♥ 3♦ 4♣ 4♥", "8♦ 5♠ 4♦ 3♥ 2♣"),
        120,
        "Xavier holds the ace-to-four rainbow that tops ordinary Badugi, plus a second "
        "four. In Badeucey the ace sits at the top of both halves.",
    ),
    BadeuceyExample(
        "useless-straight",
        "A straight that only helps one half",
        ("Rita", "Tom"),
        ("6♠ 5♥ 4♦ 3♣ 2♠", "K♥ Q♥ J♦ 9♣ 8♠"),
        120,
        "Rita's five cards run in sequence, which matters to a deuce-to-seven low but "
        "not to a Badugi. Tom holds only big cards, though none of them pair or connect.",
    ),
    BadeuceyExample(
        "quartered",
        "Quartered",
        ("Ann", "Ben"),
        ("K♠ 5♠ 4♥ 3♦ 2♣", "7♥ 5♥ 4♠ 3♣ 2♦"),
        120,
        "Both players build a Badugi from the same four ranks; their fifth cards, a king "
        "and a seven, only matter to the low.",
    ),
)


def badeucey_examples() -> list[dict]:
    return [{"example": ex, "result": ex.settle()} for ex in BADEUCEY_EXAMPLES]


def games_side_by_side() -> list[dict]:
    """The comparison columns of the game profiles page, one per game."""
    columns = []
    for key in ("badacey", "badeucey", "badugi"):
        profile = get_profile(key)
        low_kind = next((k for k in profile.awards if k != "badugi"), None)
        columns.append(
            {
                "profile": profile,
                "lesson_url": reverse(f"lessons:{key}"),
                "low_kind": low_kind,
                "low_kind_title": AWARD_TITLES.get(low_kind),
                "ace_in_low": ACE_IN_LOW.get(low_kind),
                "best_low": BEST_LOW.get(low_kind),
                "best_badugi": BEST_BADUGI[profile.badugi_ace_high],
                "forced_bets": forced_bets(profile),
                "raises": profile.raise_cap - 1,
            }
        )
    return columns


def odd_chip_example() -> Settlement:
    """An uneven pot with a tied Badugi half, to show the site's odd-chip rule at work."""
    return settle(
        "badacey",
        ["A♠ 2♥ 3♦ 4♣ 5♣", "A♥ 2♦ 3♣ 4♠ 7♠", "9♠ 8♥ 7♦ 6♣ K♣"],
        pot=103,
        button=0,
        names=["Dana", "Eli", "Fay"],
    )


def seats_from_button(result: Settlement) -> list[str]:
    """The seats clockwise from the button, the button named as such, so a reader can follow
    where the odd chips go."""
    count = len(result.seats)
    order = [(result.button + k) % count for k in range(count)]
    return [
        f"{result.seats[s].name} (the button)" if s == result.button else result.seats[s].name
        for s in order
    ]


def lesson_exercises(lesson: str) -> list[ExerciseBlock]:
    """The lesson's published exercises, in order, each with its answer form."""
    return exercise_blocks(Deal.objects.published().for_lesson(lesson))


LADDER = (
    "8♠ 6♥ 4♦ 3♣ 2♠",
    "K♠ K♥ 4♦ 3♣ 2♠",
    "A♠ A♥ 2♦ 2♣ 3♠",
    "A♦ A♣ A♥ 2♠ 3♥",
    "A♠ A♥ A♦ 2♣ 2♠",
    "A♠ A♥ A♦ A♣ 2♠",
)


def category_ladder() -> list[LowValue]:
    """One ace-to-five hand per category, best first, ordered by the evaluator itself."""
    return sorted((ace_to_five(parse_cards(cards)) for cards in LADDER), reverse=True)


# Lesson 003's cards: pairs that pass or fail the two tests, and one holding
# per hand size (their readings are computed on the page).
PAIR_EXAMPLES = ("A♣ 4♣", "A♣ A♦", "A♣ 4♠")
SIZE_EXAMPLES = ("A♣ 3♣ 7♣ J♣", "A♣ A♦ 4♣ 4♦", "A♣ 3♦ 5♥ 9♥", "A♣ 2♦ 3♥ 4♠")


def draws_only(history: str) -> DealRecord:
    """A played history as the notation writes it without its betting.

    Why: the guide's "draws without the betting" example must be what its text
    says (a showdown pot line, no chip counts, no betting lines, no notes about
    the betting), and this keeps it the same deal as a shipped one, its pot
    the one the engine's replay comes to.
    """
    record = parse_deal(history)
    return replace(
        record,
        notes=(),
        seats=tuple(replace(seat, stack=None) for seat in record.seats),
        showdown_pot=replay(record).settlement.total,
        streets=tuple(street for street in record.streets if isinstance(street, DrawLine)),
    )


# The Table basics deal, and the exercise replaying it (lessons/content/table_basics.py).
TABLE_BASICS_DEAL = "table_basics"
TABLE_BASICS_REPLAY = "table_basics-1"


def table_basics() -> dict:
    """The Table basics page: its worked deal's replay, and the steps the page links to.

    Each moment is the first step of its kind in the engine's replay, so a link
    such as "Dee goes all-in" opens the replayer exactly there and the page
    quotes the replayer's own sentence and pot for it.
    """
    played = replay_history(evaluator_worked_deal(TABLE_BASICS_DEAL))
    profile = played.profile
    published = (
        Deal.objects.published().exclude(history="").filter(slug=TABLE_BASICS_REPLAY).exists()
    )
    base = reverse("lessons:replay", args=[TABLE_BASICS_REPLAY]) if published else None
    tests = {
        "deal": lambda s: s.kind == "deal",
        "small_blind": lambda s: s.action == "small blind",
        "big_blind": lambda s: s.action == "big blind",
        "first_action": lambda s: s.kind == "action",
        "raise": lambda s: s.action == "raise",
        "fold": lambda s: s.action == "fold",
        "check": lambda s: s.action == "check",
        "bet": lambda s: s.action == "bet",
        "draw": lambda s: s.kind == "draw",
        "pat": lambda s: (
            s.kind == "draw"
            and s.actor is not None
            and not s.discarded
            and s.state.draws_left < profile.draws
        ),
        "big_bet": lambda s: s.kind == "action" and s.state.draws_left <= profile.draws - 2,
        "all_in": lambda s: s.action == "all-in",
        "showdown": lambda s: s.kind == "showdown",
    }
    moments = {}
    for key, test in tests.items():
        step = next(s for s in played.steps if test(s))
        moments[key] = {
            "step": step.index,
            "seat": played.record.seats[step.actor].name if step.actor is not None else "",
            "text": step.text,
            "pot": step.state.pot,
            "url": f"{base}?step={step.index}" if base else None,
        }
    record = played.record
    names = [seat.name for seat in record.seats]
    pots: list[dict[str, Any]] = [
        {
            "name": pot.name,
            "amount": pot.amount,
            "eligible": names_and([names[s] for s in pot.eligible]),
            "shares": [(names[s], chips) for s, chips in pot.awards[0].shares.items()],
        }
        for pot in played.settlement.pots
    ]
    odd = next(
        (pot for pot in pots if len(pot["shares"]) > 1 and len({c for _, c in pot["shares"]}) > 1),
        None,
    )
    odd_chip = None
    if odd is not None:
        tied = [name for name, _ in odd["shares"]]
        odd_chip = {
            "pot": odd["name"],
            "amount": odd["amount"],
            "tied": names_and(tied),
            "extra": max(odd["shares"], key=lambda share: share[1])[0],
        }
    return {
        "profile": profile,
        "players": names_and(names),
        "odd_chip": odd_chip,
        "schedule": betting_schedule(profile),
        "round_caps": [profile.raise_cap * row["unit"] for row in betting_schedule(profile)],
        "raises_after_blind": profile.raise_cap - 1,
        "played": played,
        "replay_url": base,
        "moments": moments,
        "button": names[record.button],
        "stacks": [(seat.name, seat.stack) for seat in record.seats],
        "pots": pots,
        "payouts": list(zip(names, played.settlement.payouts, strict=True)),
    }

"""The skill map: what the course teaches, as things a learner can be good at.

Each ``Skill`` is one ability a learner would name ("Side pots"), the lesson
section that teaches it and the drill that deals fresh items for it. The
skills are listed in course order, so "the next skill to learn" is the first
one a learner has not started.

``skills_for`` is the one place that says which skills a question part
exercises: its kind, the game it is read in, and what the deal shows (side
pots, a tied half, an odd chip, a betting question). Exercises, drill items
and practice sessions all ask it, so an answer anywhere moves the same
skills. ``tests/lessons/test_skills.py`` checks that every part kind and
drill kind reaches a skill in every game, and that every skill's section
and generator exist.

This module sits beside ``lessons.course`` in the facts layer: it imports
the evaluator, the course and Django's URL reversing only, never the models or a view.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from django.urls import reverse

from evaluator.drills import DrillItem
from evaluator.settlement import Settlement

# What a deal can show that changes which skills a part exercises.
SIDE_POTS, TIE, ODD_CHIP, BETTING = "side-pots", "tie", "odd-chip", "betting"


@dataclass(frozen=True)
class Skill:
    key: str
    name: str  # as a learner says it
    section: str  # "<lesson>#<anchor>": where the course teaches it
    drill: str  # the evaluator.drills kind that deals fresh items for it
    game: str
    difficulty: int
    # What a generated item must show to exercise this skill (the payouts
    # drill deals plain pots too); empty when every item does.
    needs: str = ""
    # Misconceptions (evaluator.misconceptions names) this skill puts right:
    # a learner who keeps making one gets more items of the skill.
    misconceptions: tuple[str, ...] = ()

    @property
    def lesson(self) -> str:
        return self.section.partition("#")[0]

    @property
    def games(self) -> tuple[str, ...]:
        """The games a practice session deals this skill's items in (``MIXED_GAMES``)."""
        return MIXED_GAMES.get(self.key, (self.game,))

    @property
    def drill_url(self) -> str:
        """The drill for this skill at its game and level; each visit deals a fresh item."""
        query = urlencode({"game": self.game, "difficulty": self.difficulty})
        return f"{reverse('lessons:drill', args=[self.drill])}?{query}"


# Skills whose idea is the same in each game listed: a practice session deals
# their items in these games in turn, so the learner meets the rule in every
# game it applies to (telling which rule applies is the point of practice).
# A skill not listed is practised in its own game only: reading a Badugi in
# Badeucey (ace high) is not reading one in Badacey. Each game is one the
# skill's drill deals (tests/lessons/test_mixed_games.py checks).
MIXED_GAMES: dict[str, tuple[str, ...]] = {
    "table-betting": ("badugi", "badacey", "badeucey"),
    "side-pots": ("badacey", "badeucey", "badugi"),
    "ties-odd-chips": ("badacey", "badeucey"),
    "raise-sizes": ("badacey", "badeucey", "badugi"),
    "betting-cap": ("badacey", "badeucey", "badugi"),
    "count-outs": ("badugi", "badacey", "badeucey"),
    "draw-odds": ("badacey", "badugi", "badeucey"),
    "discard": ("badacey", "badugi", "badeucey"),
}

SKILLS: tuple[Skill, ...] = (
    Skill(
        # Whose turn, what the pot holds, what a bet or raise comes to: the
        # betting drill's raise questions train it, as the lesson's do.
        "table-betting",
        "Follow a fixed-limit round",
        "table_basics#acting",
        "betting",
        "badugi",
        1,
    ),
    Skill(
        "badugi-cards",
        "Pick the Badugi cards",
        "badugi#best-subset",
        "badugi-cards",
        "badugi",
        1,
        misconceptions=("greedy-selection", "paired-card-counted"),
    ),
    Skill(
        "badugi-compare",
        "Compare two Badugi hands",
        "badugi#equal-sizes",
        "winners",
        "badugi",
        2,
        misconceptions=("suits-break-ties", "lowest-card-first", "fewer-cards-can-win"),
    ),
    Skill(
        "ace-to-five",
        "Read an ace-to-five low",
        "badacey#five-card-low",
        "better-low",
        "ace_to_five",
        2,
        misconceptions=(
            "high-hand-wins-ace-to-five",
            "ace-high-in-ace-to-five",
            "straights-count-in-ace-to-five",
        ),
    ),
    Skill(
        "badacey-badugi",
        "The ace-low Badugi in Badacey",
        "badacey#choosing-badugi",
        "badugi-cards",
        "badacey",
        2,
        misconceptions=("badugi-ace-high-in-badacey",),
    ),
    Skill(
        "badacey-halves",
        "Name both winners in Badacey",
        "badacey#awarding",
        "winners",
        "badacey",
        1,
    ),
    Skill(
        "split-pot",
        "Split a pot into halves",
        "badacey#awarding",
        "payouts",
        "badacey",
        1,
        misconceptions=("whole-pot-split", "scoop-split", "folded-seat-paid"),
    ),
    Skill(
        "ties-odd-chips",
        "Tied halves and odd chips",
        "badacey#odd-chips",
        "payouts",
        "badacey",
        3,
        needs=TIE,
        misconceptions=("tie-not-shared", "odd-chip-to-badugi", "odd-chip-wrong-seat"),
    ),
    Skill(
        "side-pots",
        "Side pots",
        "badacey#odd-chips",
        "payouts",
        "badacey",
        3,
        needs=SIDE_POTS,
        misconceptions=("side-pots-ignored",),
    ),
    Skill(
        "raise-sizes",
        "Fixed-limit raise sizes",
        "badacey#schedule",
        "betting",
        "badacey",
        2,
        misconceptions=(
            "small-bet-late",
            "big-bet-early",
            "raise-by-not-to",
            "raise-doubles-the-bet",
        ),
    ),
    Skill(
        "betting-cap",
        "When the betting is capped",
        "badacey#schedule",
        "betting",
        "badacey",
        3,
        needs=BETTING,
    ),
    Skill(
        "deuce-to-seven",
        "Read a deuce-to-seven low",
        "badeucey#deuce-to-seven",
        "better-low",
        "deuce_to_seven",
        2,
        misconceptions=(
            "ace-low-in-deuce-to-seven",
            "high-hand-wins-deuce-to-seven",
            "wheel-straight-in-deuce-to-seven",
            "straights-ignored-in-deuce-to-seven",
        ),
    ),
    Skill(
        "ace-high-badugi",
        "Ace high in the Badeucey Badugi",
        "badeucey#ace-high-badugi",
        "badugi-cards",
        "badeucey",
        2,
        misconceptions=("badugi-ace-low-in-badeucey",),
    ),
    Skill(
        "badeucey-halves",
        "Name both winners in Badeucey",
        "badeucey#both-halves",
        "winners",
        "badeucey",
        1,
    ),
    Skill(
        "count-outs",
        "Count outs",
        "drawing#outs",
        "outs",
        "badugi",
        1,
        misconceptions=("seen-cards-counted", "thrown-cards-counted"),
    ),
    Skill(
        "draw-odds",
        "Exact draw odds",
        "drawing#odds-tables",
        "draw-odds",
        "badacey",
        2,
        misconceptions=("chance-of-missing",),
    ),
    Skill(
        "discard",
        "Which cards to throw",
        "drawing#how-many",
        "discard",
        "badacey",
        2,
        misconceptions=("one-half-only",),
    ),
)
BY_KEY: dict[str, Skill] = {skill.key: skill for skill in SKILLS}
ORDER: dict[str, int] = {skill.key: n for n, skill in enumerate(SKILLS)}
BY_MISCONCEPTION: dict[str, str] = {
    name: skill.key for skill in SKILLS for name in skill.misconceptions
}

# The skill a question about a whole showdown exercises in each game.
GAME_SKILL = {
    "badugi": "badugi-compare",
    "badacey": "badacey-halves",
    "badeucey": "badeucey-halves",
    "ace_to_five": "ace-to-five",
    "deuce_to_seven": "deuce-to-seven",
}
BADUGI_SKILL = {
    "badugi": "badugi-cards",
    "badacey": "badacey-badugi",
    "badeucey": "ace-high-badugi",
}


def skills_for(kind: str, game: str, shows: Iterable[str] = ()) -> list[str]:
    """The skills one question part exercises, most specific first.

    ``kind`` is the part's kind, ``game`` the game its cards are read in
    (a part's own ``"game"`` when it re-reads the deal), ``shows`` the facts
    of ``deal_shows``. A kind this map does not know yet falls back to the
    game's showdown skill, so a new kind of question still counts somewhere.
    """
    shows = set(shows)
    game_skill = GAME_SKILL.get(game, "badacey-halves")
    if kind == "badugi_cards":
        return [BADUGI_SKILL.get(game, "badugi-cards")]
    if kind in ("winners", "deciding"):
        return [game_skill]
    if kind == "payouts":
        found = ["side-pots"] if SIDE_POTS in shows else []
        if shows & {TIE, ODD_CHIP}:
            found.append("ties-odd-chips")
        return [*found, "split-pot"]
    if kind == "raise_to":
        return ["raise-sizes", "table-betting"]
    if kind in ("next_to_act", "pot_at"):
        return ["table-betting"]
    if kind == "choice":
        return ["betting-cap"] if BETTING in shows else [game_skill]
    if kind == "outs":
        return ["count-outs"]
    if kind == "odds":
        return ["draw-odds"]
    if kind == "discard":
        return ["discard"]
    return [game_skill]


def part_game(part: dict[str, Any], game: str) -> str:
    """The game a part reads the cards in: its own ``"game"``, else the deal's."""
    own = part.get("game")
    return own if isinstance(own, str) and own in GAME_SKILL else game


def settlement_shows(result: Settlement) -> set[str]:
    """What a settled pot shows: more than one pot, a shared award, chips that do not divide."""
    shows: set[str] = set()
    if len(result.pots) > 1:
        shows.add(SIDE_POTS)
    for pot in result.pots:
        if len(pot.awards) > 1 and pot.amount % len(pot.awards):
            shows.add(ODD_CHIP)  # the halves themselves do not divide evenly
        for award in pot.awards:
            if len(award.winners) > 1:
                shows.add(TIE)
                if award.amount % len(award.winners):
                    shows.add(ODD_CHIP)
    return shows


def item_shows(item: DrillItem, settlement: Settlement | None) -> set[str]:
    """What a drill item shows; ``settlement`` is its pot settled (None when it has no cards)."""
    shows = settlement_shows(settlement) if settlement is not None else set()
    if item.kind == "betting":
        shows.add(BETTING)
    return shows


def skills_of_parts(
    parts: Sequence[dict[str, Any]], game: str, shows: Iterable[str] = ()
) -> list[list[str]]:
    """Each part's skills, in the parts' order."""
    shows = set(shows)
    return [skills_for(str(p.get("kind", "")), part_game(p, game), shows) for p in parts]


def skill(key: str) -> Skill | None:
    return BY_KEY.get(key)


# The skills a decision at the study table (evaluator.play) exercises: every
# throw is the discard skill; every bet follows a fixed-limit round, and one
# judged on the price against the chance of the draw is the draw odds as well.
DECISION_SKILLS = {"draw": ("discard",), "bet": ("table-betting",)}
DECISION_REASON_SKILLS = {"POT_ODDS": ("draw-odds",)}


def decision_skills(kind: str, reason_code: str = "") -> list[str]:
    """The skills one graded decision of a played hand moves, most specific first."""
    return [*DECISION_REASON_SKILLS.get(reason_code, ()), *DECISION_SKILLS.get(kind, ())]

"""The misconceptions themselves: each wrong idea, its correction and its lesson section,
as a split-pot game or a one-pot game says it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..profiles import GameProfile


@dataclass(frozen=True)
class Misconception:
    """One wrong idea: its name, the idea put right, and where the lessons teach it."""

    name: str
    correction: str  # the right idea, worded so it never names the right answer
    lesson: str  # "<lesson key>#<section anchor>"


def _rule(name: str, lesson: str, correction: str) -> Misconception:
    return Misconception(name, correction, lesson)


MISCONCEPTIONS: dict[str, Misconception] = {
    m.name: m
    for m in (
        # Payouts -----------------------------------------------------------------------
        _rule(
            "side-pots-ignored",
            "table_basics#side-pots",
            "a player all in for less can win only as much from each opponent as they put "
            "in: build the main pot and each side pot from the chips put in, then settle each "
            "pot among the players who reached it",
        ),
        _rule(
            "whole-pot-split",
            "badacey#awarding",
            "each half of the pot has its own divisor: share a half only among the players "
            "who won that half, then add up what each player collects from both halves",
        ),
        _rule(
            "odd-chip-to-badugi",
            "badacey#odd-chips",
            "when the pot does not split evenly, the odd chip goes to the five-card low half, "
            "not to the Badugi half",
        ),
        _rule(
            "odd-chip-wrong-seat",
            "badacey#odd-chips",
            "chips left over from a tied half go one at a time clockwise, starting with the "
            "first winner to the left of the button",
        ),
        _rule(
            "folded-seat-paid",
            "badacey#awarding",
            "a player who folded gave up every claim on the pot: read only the hands that "
            "reached the showdown",
        ),
        _rule(
            "scoop-split",
            "badacey#awarding",
            "a player whose hand wins both halves takes both halves (a scoop); the other "
            "players' hands come second in each half and collect nothing",
        ),
        _rule(
            "tie-not-shared",
            "badacey#awarding",
            "a tied half is shared equally by the tied players: suits and the cards outside "
            "the Badugi never break a tie",
        ),
        # Badugi comparisons ------------------------------------------------------------
        _rule(
            "suits-break-ties",
            "badugi#equal-sizes",
            "suits never break a Badugi tie: hands with the same ranks share the half",
        ),
        _rule(
            "lowest-card-first",
            "badugi#equal-sizes",
            "Badugi hands of the same size are compared from the highest card down, not from "
            "the lowest card up; the first difference decides",
        ),
        _rule(
            "fewer-cards-can-win",
            "badugi#hand-sizes",
            "count the cards in each Badugi before reading any rank: more cards always win, "
            "however high they are",
        ),
        _rule(
            "greedy-selection",
            "badugi#best-subset",
            "keeping the lowest card of each suit can cost a card: try every way of leaving "
            "cards out before settling for fewer",
        ),
        _rule(
            "paired-card-counted",
            "badugi#valid-cards",
            "a Badugi may not repeat a rank any more than a suit: two cards of the same rank "
            "cannot both count",
        ),
        _rule(
            "badugi-ace-low-in-badeucey",
            "badeucey#ace-high-badugi",
            "in Badeucey the ace is the highest card in the Badugi too, not the lowest",
        ),
        _rule(
            "badugi-ace-high-in-badacey",
            "badacey#badacey-or-badeucey",
            "in Badacey the ace is the lowest card in the Badugi; it is high only in Badeucey",
        ),
        # Five-card lows ----------------------------------------------------------------
        _rule(
            "high-hand-wins-ace-to-five",
            "badacey#five-card-low",
            "a low is won by the lowest hand, not the highest: compare the two hands from "
            "their top cards down, and the lower card takes it",
        ),
        _rule(
            "high-hand-wins-deuce-to-seven",
            "badeucey#deuce-to-seven",
            "a low is won by the lowest hand, not the highest: compare the two hands from "
            "their top cards down, and the lower card takes it",
        ),
        _rule(
            "ace-high-in-ace-to-five",
            "badacey#five-card-low",
            "in ace-to-five the ace is the lowest card: compare the lows card by card from "
            "the top, with the ace at the bottom",
        ),
        _rule(
            "straights-count-in-ace-to-five",
            "badacey#five-card-low",
            "ace-to-five ignores straights and flushes: only pairs count against a hand",
        ),
        _rule(
            "ace-low-in-deuce-to-seven",
            "badeucey#deuce-to-seven",
            "in deuce-to-seven the ace is the highest card, and straights and flushes count: "
            "compare the lows card by card from the top, and ask where the ace ranks",
        ),
        _rule(
            "wheel-straight-in-deuce-to-seven",
            "badeucey#deuce-to-seven",
            "in deuce-to-seven A-2-3-4-5 is not a straight: the ace is high, so it reads as "
            "an ace-high hand",
        ),
        _rule(
            "straights-ignored-in-deuce-to-seven",
            "badeucey#deuce-to-seven",
            "in deuce-to-seven straights and flushes count against a hand, as pairs do",
        ),
        # Betting -----------------------------------------------------------------------
        _rule(
            "small-bet-late",
            "badacey#schedule",
            "from the betting after the second draw the unit is the big bet, so a raise "
            "adds a big bet",
        ),
        _rule(
            "big-bet-early",
            "badacey#schedule",
            "before the second draw is completed a raise adds a small bet; only the rounds "
            "after it raise by the big bet",
        ),
        _rule(
            "raise-by-not-to",
            "badacey#schedule",
            "the question asks for the round total a raise goes to: the bet faced plus one "
            "more unit, not the size of the raise alone",
        ),
        _rule(
            "raise-doubles-the-bet",
            "badacey#schedule",
            "in fixed limit a raise adds exactly one unit of the round, whatever the bet it faces",
        ),
        # Drawing -----------------------------------------------------------------------
        _rule(
            "seen-cards-counted",
            "drawing#outs",
            "cards you can see in other hands cannot arrive in the draw: leave them out of "
            "the count",
        ),
        _rule(
            "thrown-cards-counted",
            "drawing#outs",
            "the cards you throw away do not go back into the deck: they cannot come back",
        ),
        _rule(
            "chance-of-missing",
            "drawing#odds-tables",
            "that is nearer the chance of missing: count the draws that make the target and "
            "divide by all the draws",
        ),
        _rule(
            "one-half-only",
            "drawing#how-many",
            "that throw is best for one half alone; the question asks about the whole aim, "
            "so weigh what each throw does for both",
        ),
    )
}


# The same ideas as a game with one pot says them: no halves to share, and, for
# Badugi alone (the first lesson), no other game named and only its own lesson
# linked, since a learner there has met neither the five-card lows nor Badacey.
_ONE_POT: dict[str, Misconception] = {
    m.name: m
    for m in (
        _rule(
            "tie-not-shared",
            "badacey#awarding",
            "a tied pot is shared equally by the tied players: suits never break a tie",
        ),
        _rule(
            "odd-chip-wrong-seat",
            "badacey#odd-chips",
            "chips left over from a tied pot go one at a time clockwise, starting with the "
            "first winner to the left of the button",
        ),
    )
}
_BADUGI_ONLY: dict[str, Misconception] = {
    m.name: m
    for m in (
        _rule(
            "tie-not-shared",
            "badugi#equal-sizes",
            "a tied pot is shared equally by the tied players: suits and the cards outside "
            "the Badugi never break a tie",
        ),
        _rule(
            "odd-chip-wrong-seat",
            "badugi#equal-sizes",
            "chips left over from a tied pot go one at a time clockwise, starting with the "
            "first winner to the left of the button",
        ),
        _rule(
            "suits-break-ties",
            "badugi#equal-sizes",
            "suits never break a Badugi tie: hands with the same ranks share the pot",
        ),
        _rule(
            "folded-seat-paid",
            "badugi#draws",
            "a player who folded gave up every claim on the pot: read only the hands that "
            "reached the showdown",
        ),
        _rule(
            "side-pots-ignored",
            "table_basics#side-pots",
            "a player all in for less can win only as much from each opponent as they put "
            "in: build the main pot and each side pot from the chips put in, then settle each "
            "pot among the players who reached it",
        ),
        _rule(
            "badugi-ace-high-in-badacey",
            "badugi#equal-sizes",
            "in Badugi the ace is the lowest card, below the deuce: write each hand from the "
            "highest card down with the ace last",
        ),
        *(
            _rule(name, "badugi#betting", MISCONCEPTIONS[name].correction)
            for name in (
                "small-bet-late",
                "big-bet-early",
                "raise-by-not-to",
                "raise-doubles-the-bet",
            )
        ),
    )
}


def worded(name: str, profile: GameProfile | None) -> Misconception:
    """Misconception ``name`` as the question's own game speaks of it.

    A split game's wording talks of halves and links the Badacey lesson; a
    one-pot game gets its own words, and Badugi its own lesson's sections,
    so feedback never sends a learner ahead to a game they have not met.
    """
    if profile is not None and not profile.is_split:
        if "badugi" in profile.awards and name in _BADUGI_ONLY:
            return _BADUGI_ONLY[name]
        if name in _ONE_POT:
            return _ONE_POT[name]
    return MISCONCEPTIONS[name]


def _first(
    answer: object,
    beliefs: Iterable[tuple[str, Iterable[object]]],
    right: object,
    profile: GameProfile | None = None,
) -> Misconception | None:
    """The first belief whose answers include ``answer``, if ``answer`` is not the right one."""
    if answer == right:
        return None
    for name, answers in beliefs:
        if any(candidate == answer and candidate != right for candidate in answers):
            return worded(name, profile)
    return None

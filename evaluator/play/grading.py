"""Grades and reasons for every choice of a spot, from what the model says each choice wins.

A choice is measured against the best choice in two ways, and the worse of the
two decides its grade:

- what it costs: the value it gives up, in big bets (``THRESHOLDS``);
- for a draw, what it gives up of the hand's chances: the share of a showdown
  its final hand wins against the best throw's share. A throw that halves the
  hand's chances is a blunder even in a small pot, where the chips at stake
  are few, because the habit costs dearly in the pots that are not small.

A reason states the numbers behind its advice: the values of the choices it
compares, and for bets the share and the fold chances that explain why the
better choice is better. It calls a choice "the best play" only when it is the
choice with the highest value.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import format_cards
from ..wording import number_word
from .spot_data import ChoiceVerdict, Spot, choice_label
from .table import Action
from .values import ValuedSpot

# One table of every number the grades use (docs/play.md prints it).
THRESHOLDS = {
    "correct_below": 0.1,  # a loss smaller than this (big bets) is graded correct
    "blunder_from": 1.0,  # a loss this large or larger (big bets) is a blunder
    "share_inaccuracy": 0.2,  # a draw keeping less than 80% of the best throw's share...
    "share_blunder": 0.5,  # ...or less than half of it
    "share_points": 0.05,  # ...and at least this many points of the pot below it
}
ORDER = ("check", "call", "fold", "bet", "raise")  # the quieter play wins an exact tie


@dataclass(frozen=True)
class Facts:
    """The numbers a reason may quote for one choice."""

    value: float
    share: float
    alone: float


def grade_of(loss_bb: float, share: float, best_share: float, draw: bool) -> str:
    """The worse of the cost grade and (for draws) the share grade."""
    if loss_bb < THRESHOLDS["correct_below"]:
        grade = 0
    elif loss_bb < THRESHOLDS["blunder_from"]:
        grade = 1
    else:
        grade = 2
    if draw and best_share > 0 and best_share - share >= THRESHOLDS["share_points"]:
        kept = share / best_share
        if kept <= 1 - THRESHOLDS["share_blunder"]:
            grade = max(grade, 2)
        elif kept <= 1 - THRESHOLDS["share_inaccuracy"]:
            grade = max(grade, 1)
    return ("correct", "inaccuracy", "blunder")[grade]


def ranked(spot: Spot, valued: ValuedSpot) -> list[Action]:
    """Best value first; on an exact tie the quieter bet, or the throw of fewer cards."""

    def key(a: Action) -> tuple[float, int]:
        tie = len(a.discards) if a.kind == "draw" else ORDER.index(a.kind)
        return (-round(valued.values[a], 9), tie)

    return sorted(valued.values, key=key)


def grade_choices(spot: Spot, valued: ValuedSpot) -> tuple[ChoiceVerdict, ...]:
    """Every choice with its grade and reason, best first."""
    bb = spot.big_bet
    order = ranked(spot, valued)
    best = order[0]
    facts = {a: Facts(valued.values[a], valued.shares[a], valued.alone[a]) for a in order}
    out = []
    for a in order:
        loss = max(0.0, (facts[best].value - facts[a].value) / bb)
        draw = spot.decision == "draw"
        grade = grade_of(loss, facts[a].share, facts[best].share, draw)
        if draw:
            code, reason = draw_reason(spot, a, best, facts, loss, grade)
        else:
            code, reason = bet_reason(spot, a, best, facts, loss, grade)
        out.append(
            ChoiceVerdict(a, choice_label(spot, a), facts[a].value, loss, grade, code, reason)
        )
    return tuple(out)


def _throw(discards: tuple[object, ...] | tuple[()]) -> str:
    if not discards:
        return "stand pat"
    return f"throw {format_cards(discards)} (draw {number_word(len(discards))})"  # type: ignore[arg-type]


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def draw_reason(
    spot: Spot, a: Action, best: Action, facts: dict[Action, Facts], loss: float, grade: str
) -> tuple[str, str]:
    mine, top = facts[a], facts[best]
    if a == best:
        return "BEST_THROW", (
            f"To {_throw(a.discards)} is the best play here: played to the end against the "
            f"hands your opponents can hold, it brings back about {mine.value:.1f} chips and "
            f"your final hand wins {_pct(mine.share)} of a showdown."
        )
    if grade == "correct":
        return "CLOSE_THROW", (
            f"To {_throw(a.discards)} is close to the best play, to {_throw(best.discards)}: "
            f"{mine.value:.1f} chips against {top.value:.1f}, less than "
            f"{THRESHOLDS['correct_below']} big bets apart, and your final hand wins "
            f"{_pct(mine.share)} of a showdown against {_pct(top.share)}."
        )
    n_a, n_b = len(a.discards), len(best.discards)
    if not n_a and n_b:
        code = "STOOD_PAT_ON_A_DRAW"
    elif n_a and not n_b:
        code = "BROKE_A_PAT_HAND"
    elif n_a > n_b:
        code = "THREW_TOO_MANY"
    elif n_a < n_b:
        code = "KEPT_TOO_MANY"
    else:
        code = "THREW_WRONG_CARDS"
    gave_up = 1 - mine.share / top.share if top.share > 0 else 0.0
    chances = (
        f" It gives up {_pct(gave_up)} of the hand's chances, which matters in every pot, "
        "however small this one is."
        if top.share - mine.share >= THRESHOLDS["share_points"] and gave_up > 0
        else ""
    )
    return code, (
        f"To {_throw(best.discards)} is better: played to the end it brings back about "
        f"{top.value:.1f} chips and wins {_pct(top.share)} of a showdown; to "
        f"{_throw(a.discards)} brings back {mine.value:.1f} and wins {_pct(mine.share)}, "
        f"about {loss:.2f} big bets less.{chances}"
    )


def _verb(kind: str) -> str:
    return {"fold": "folding", "check": "checking", "call": "calling", "bet": "betting"}.get(
        kind, "raising"
    )


def bet_reason(
    spot: Spot, a: Action, best: Action, facts: dict[Action, Facts], loss: float, grade: str
) -> tuple[str, str]:
    top = facts[best]
    values = ", ".join(
        f"{_verb(k.kind)} {facts[k].value:.1f}"
        for k in sorted(facts, key=lambda k: ORDER.index(k.kind))
    )
    if a == best:
        lead = f"To {a.kind} is the best play here (chips each choice brings back: {values})."
    elif grade == "correct":
        lead = (
            f"To {a.kind} is close to the best play, to {best.kind}: {facts[a].value:.1f} chips "
            f"against {top.value:.1f}, less than {THRESHOLDS['correct_below']} big bets apart."
        )
    else:
        lead = (
            f"To {best.kind} is better (chips each choice brings back: {values}): "
            f"to {a.kind} costs about {loss:.2f} big bets."
        )
    code, why = _why(spot, best, facts)
    return code, f"{lead} {why}"


def _why(spot: Spot, best: Action, facts: dict[Action, Facts]) -> tuple[str, str]:
    """Why the best choice is best, in numbers that agree with it."""
    passive = next((a for a in facts if a.kind in ("check", "call")), None)
    aggressive = next((a for a in facts if a.kind in ("bet", "raise")), None)
    share = (facts[passive] if passive else facts[best]).share
    need = spot.to_call / (spot.pot + spot.to_call) if spot.to_call else 0.0
    odds = f", and calling needs {_pct(need)} of the pot" if spot.to_call else ""
    showdown = f"Your hand wins about {_pct(share)} of a showdown against what they can hold{odds}."
    if best.kind == "fold":
        call = facts[passive] if passive else None
        loses = f" Calling loses about {-call.value:.1f} chips on average" if call else ""
        extra = (
            ": the price is too high for your chances."
            if share < need
            else ": the bets still to come cost more than your share wins."
        )
        return "FOLD_BEATS_CALLING", f"{showdown}{loses}{extra if call else ''}"
    if best.kind in ("bet", "raise"):
        other = facts[passive] if passive else None
        alone = facts[best].alone
        compare = (
            f" {_verb(best.kind).capitalize()} brings back more than {_verb(passive.kind)} "
            f"({facts[best].value:.1f} chips against {other.value:.1f})"
            if passive and other
            else ""
        )
        if share < need or share < 1 / (1 + len(spot.opponents)):
            return "FOLD_EQUITY", (
                f"{showdown}{compare}: the opponents fold to it about {_pct(alone)} of the time, "
                "and those pots make up for the showdowns your hand loses."
            )
        return "VALUE_BET", (
            f"{showdown}{compare}: your hand is ahead of the hands that pay you off, and they "
            f"fold only {_pct(alone)} of the time."
        )
    # check or call is best
    if aggressive:
        more = (
            f" {_verb(aggressive.kind).capitalize()} brings back less "
            f"({facts[aggressive].value:.1f} chips against {facts[best].value:.1f}), with "
            f"the opponents folding to it about {_pct(facts[aggressive].alone)} of the time."
        )
    else:
        more = ""
    if best.kind == "call":
        if share >= need:
            return "PRICE_IS_RIGHT", f"{showdown} That is more than the price needs.{more}"
        return "IMPLIED_ODDS", (
            f"{showdown} That is less than the price alone needs, but the chips you win after "
            f"calling, when your hand holds up, make calling worth {facts[best].value:.1f}."
            f"{more}"
        )
    return "CHECK", f"{showdown}{more}"

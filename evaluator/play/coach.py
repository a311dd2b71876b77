"""The coach: a grade, a reason and the better play for every decision of the learner.

Draws are graded exactly. Every throw the learner could make (standing pat
up to the most cards the table allows) is valued by counting every draw it
could bring (``throws``): the chance of each final Badugi top and low top.
A hand's *score* in one half is 0 when it has not made that half and, when it
has, falls in a straight line from 1 for the best possible top card to a
little above 0 for a king; a throw's value is its expected score, averaged
over the game's halves (a split pot pays each half separately). The mistake
is the value lost times the pot, in big bets.

Bets are graded by one expected-value model and explained by named rules.
The learner's share of the pot is built from the exact chances of the best
throw (for the draws still to come) and from what the opponents' draws say:
each opponent makes a hand with a chance read from how many cards it took
last (``THREAT``). Each action's value follows from that share, the pot and
the price; the best one is the better play, and the rule that describes the
situation names the reason.

All the numbers the grades depend on are in ``THRESHOLDS``, ``THREAT`` and
``SCORE_FLOOR`` below; docs/play.md prints them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Protocol

from ..betting import Options
from ..cards import Card, format_cards
from ..profiles import GameProfile
from ..wording import number_word
from .reading import BEST_TOP, keep_candidates
from .table import Action, Grade, LegalAction, TableSettings
from .throws import Tally, tally_throw, unseen_for


class LiveHand(Protocol):
    """What the coach reads of a live hand (``evaluator.play.hand.LiveHand``).

    A protocol rather than an import, so the hand can call the coach without
    the two modules importing each other.
    """

    @property
    def profile(self) -> GameProfile: ...
    @property
    def settings(self) -> TableSettings: ...
    @property
    def step(self) -> int: ...
    @property
    def pot(self) -> int: ...
    @property
    def draws_left(self) -> int: ...
    @property
    def learner_cards(self) -> tuple[Card, ...]: ...
    def dead_cards(self) -> tuple[Card, ...]: ...
    def legal_actions(self) -> tuple[LegalAction, ...]: ...
    def options(self) -> Options: ...
    def folded(self, seat: int) -> bool: ...
    def seats_to_act_after(self, seat: int) -> list[int]: ...
    def opponents_last_draws(self, seat: int) -> tuple[int | None, ...]: ...
    def check_legal(self, action: Action) -> None: ...


# One table of every threshold the grades use (mistake sizes are in big bets).
THRESHOLDS = {
    "correct_below": 0.1,  # a mistake smaller than this is graded correct
    "blunder_from": 1.0,  # a mistake this large or larger is a blunder
    "made_score": 0.5,  # a half scoring this much counts as a made hand worth betting
    "one_way_below": 0.05,  # a half the hand reaches less often than this is given up
}
# How often an opponent ends with a made hand, by the cards it took on the last draw
# (None: no draw yet). Index 0 is standing pat.
THREAT = (0.9, 0.6, 0.35, 0.15, 0.1, 0.1)
THREAT_BEFORE_DRAWS = 0.5
SCORE_FLOOR = 0.1  # the score of a made hand with a king on top


@dataclass(frozen=True)
class ThrowValue:
    """One throw, its exact tally and its value (expected score over the halves)."""

    discards: tuple[Card, ...]
    kept: tuple[Card, ...]
    tallies: tuple[Tally, ...]
    value: float
    made: float  # chance of making at least one half


def score(profile: GameProfile, half_top: int, half: str) -> float:
    """1 for the best top card of a half, SCORE_FLOOR for a king (position 12), 0 unmade."""
    if half_top < 0:
        return 0.0
    best = BEST_TOP[half]
    return 1.0 - (1.0 - SCORE_FLOOR) * (half_top - best) / (12 - best)


def half_values(profile: GameProfile, tallies: Sequence[Tally]) -> dict[str, tuple[float, float]]:
    """For each half of the game: (chance of making it, expected score)."""
    out: dict[str, tuple[float, float]] = {}
    for tally in tallies:
        name = "badugi" if tally.half == "badugi" else _low_half(profile)
        made = sum(tally.counts.values()) / tally.total
        scored = sum(n * score(profile, top, name) for top, n in tally.counts.items())
        out[name] = (made, scored / tally.total)
    return out


def _low_half(profile: GameProfile) -> str:
    return next(k for k in profile.awards if k != "badugi")


@lru_cache(maxsize=4096)
def _cached_tallies(
    profile: GameProfile, kept: tuple[Card, ...], draw: int, unseen: tuple[Card, ...]
) -> tuple[Tally, ...]:
    """The throw's tally for each half of the game."""
    halves = ["badugi" if kind == "badugi" else "low" for kind in profile.awards]
    return tuple(tally_throw(profile, kept, draw, unseen, half) for half in halves)


def throw_values(
    profile: GameProfile, hand: Sequence[Card], dead: Sequence[Card], most: int
) -> tuple[ThrowValue, ...]:
    """Every throw of 0 to ``most`` cards, best value first (fewer cards first on a tie)."""
    throws = [thrown for size in range(most + 1) for thrown in combinations(hand, size)]
    return _valued(profile, hand, dead, throws)


def _valued(
    profile: GameProfile,
    hand: Sequence[Card],
    dead: Sequence[Card],
    throws: Iterable[tuple[Card, ...]],
) -> tuple[ThrowValue, ...]:
    unseen = unseen_for(hand, dead)
    found = []
    for thrown in throws:
        kept = tuple(c for c in hand if c not in thrown)
        tallies = _cached_tallies(profile, kept, len(thrown), unseen)
        halves = half_values(profile, tallies)
        value = sum(s for _, s in halves.values()) / len(halves)
        made = 1 - _product(1 - m for m, _ in halves.values())
        found.append(ThrowValue(tuple(thrown), kept, tallies, value, made))
    found.sort(key=lambda t: (-round(t.value, 12), len(t.discards)))
    return tuple(found)


def likely_throws(
    profile: GameProfile, hand: Sequence[Card], draws_left: int
) -> list[tuple[Card, ...]]:
    """The throws a player would weigh (standing pat, the best keeps for each half and for
    both): the bet model values only these, exactly, to stay quick."""
    throws = []
    for keep in keep_candidates(profile, hand, draws_left):
        thrown = tuple(c for c in hand if c not in keep)
        if len(thrown) <= profile.max_discard and thrown not in throws:
            throws.append(thrown)
    return throws


def _product(values: Iterable[float]) -> float:
    out = 1.0
    for v in values:
        out *= v
    return out


def _size_grade(size: float) -> str:
    if size < THRESHOLDS["correct_below"]:
        return "correct"
    if size < THRESHOLDS["blunder_from"]:
        return "inaccuracy"
    return "blunder"


def _throw_words(discards: Sequence[Card]) -> str:
    if not discards:
        return "stand pat"
    return f"throw {format_cards(discards)} (draw {number_word(len(discards))})"


# -- draws ---------------------------------------------------------------------


def grade_draw(hand: LiveHand, action: Action) -> Grade:
    profile = hand.profile
    cards = hand.learner_cards
    most = hand.legal_actions()[0].max_discards
    values = throw_values(profile, cards, hand.dead_cards(), most)
    best = values[0]
    chosen = next(v for v in values if set(v.discards) == set(action.discards))
    pot_bb = hand.pot / profile.big_bet
    size = max(0.0, best.value - chosen.value) * pot_bb
    grade = _size_grade(size)
    details = {"best_value": best.value, "chosen_value": chosen.value, "pot_big_bets": pot_bb}
    if grade == "correct":
        code = "BEST_THROW" if chosen is best or size == 0 else "CLOSE_THROW"
        reason = (
            f"To {_throw_words(action.discards)} is the best play here: counting every card "
            f"the draw can bring, it scores {100 * chosen.value:.1f}% of the best hand"
            + (
                "."
                if code == "BEST_THROW"
                else f", within a whisker of the best ({100 * best.value:.1f}%)."
            )
        )
        return Grade(
            hand.step, action.text, "correct", code, reason, None, None, 0.0, "draw", details
        )
    if len(chosen.discards) > len(best.discards):
        code = "THREW_TOO_MANY"
    elif len(chosen.discards) < len(best.discards):
        code = "KEPT_TOO_MANY" if chosen.discards or not best.discards else "STOOD_PAT_ON_A_DRAW"
    else:
        code = "THREW_WRONG_CARDS"
    if not chosen.discards and best.discards:
        code = "STOOD_PAT_ON_A_DRAW"
    if chosen.discards and not best.discards:
        code = "BROKE_A_PAT_HAND"
    reason = (
        f"Counting every card the draw can bring, to {_throw_words(best.discards)} makes "
        f"a hand worth {100 * best.value:.1f}% of the best, against {100 * chosen.value:.1f}% "
        f"when you {_throw_words(action.discards)}; with {hand.pot} chips in the pot that "
        f"costs about {size:.2f} big bets."
    )
    better = Action("draw", best.discards)
    return Grade(
        hand.step,
        action.text,
        grade,
        code,
        reason,
        _throw_words(best.discards).capitalize(),
        better,
        round(size, 3),
        "draw",
        details,
    )


# -- bets ------------------------------------------------------------------------


@dataclass(frozen=True)
class BetSituation:
    """What the coach reads before judging a bet."""

    share: float  # the learner's expected share of the pot
    halves: dict[str, tuple[float, float]]  # half -> (chance to make, expected score)
    made_now: dict[str, float]  # half -> score of the hand as it stands
    opponents: int
    opponents_drawing: int
    pot: int
    to_call: int
    unit: int
    draws_left: int
    last_to_act: bool


def read_bet(hand: LiveHand) -> BetSituation:
    profile = hand.profile
    seat = hand.settings.learner_seat
    cards = hand.learner_cards
    unseen = unseen_for(cards, hand.dead_cards())
    now = _cached_tallies(profile, cards, 0, unseen)
    made_now = {k: s for k, (_, s) in half_values(profile, now).items()}
    k = hand.draws_left
    if k > 0:
        best = _valued(profile, cards, hand.dead_cards(), likely_throws(profile, cards, k))[0]
        one = half_values(profile, best.tallies)
        halves = {
            h: (1 - (1 - m) ** k, max(made_now[h], 1 - (1 - s) ** k)) for h, (m, s) in one.items()
        }
    else:
        halves = {h: (1.0 if s > 0 else 0.0, s) for h, s in made_now.items()}
    last = hand.opponents_last_draws(seat)
    threats = [THREAT_BEFORE_DRAWS if d is None else THREAT[min(d, len(THREAT) - 1)] for d in last]
    share = 0.0
    for made, scored in halves.values():
        win = 1.0
        for threat in threats:
            win *= (1 - threat) * made + threat * scored
        share += win
    share /= len(halves)
    o = hand.options()
    t_live = [s for s in range(hand.settings.seats) if not hand.folded(s)]
    after = hand.seats_to_act_after(seat)
    return BetSituation(
        share=share,
        halves=halves,
        made_now=made_now,
        opponents=len(last),
        opponents_drawing=sum(1 for d in last if d),
        pot=hand.pot,
        to_call=min(o.to_call, o.stack),
        unit=max(0, min(o.raise_cost, o.stack) - min(o.to_call, o.stack)),
        draws_left=k,
        last_to_act=len(t_live) > 1 and not after,
    )


def action_values(hand: LiveHand, situation: BetSituation) -> dict[str, float]:
    """Each legal betting action's expected chips from here (folding is 0)."""
    e, p, c, b, n = (
        situation.share,
        situation.pot,
        situation.to_call,
        situation.unit,
        situation.opponents,
    )
    values: dict[str, float] = {}
    for legal in hand.legal_actions():
        if legal.kind == "fold":
            values["fold"] = 0.0
        elif legal.kind == "check":
            values["check"] = e * p
        elif legal.kind == "call":
            values["call"] = e * (p + c) - c
        else:
            base = e * (p + c) - c
            values[legal.kind] = base + b * (e * (n + 1) - 1)
    return values


def grade_bet(hand: LiveHand, action: Action) -> Grade:
    profile = hand.profile
    situation = read_bet(hand)
    values = action_values(hand, situation)
    order = ["check", "call", "fold", "bet", "raise"]  # the quieter play wins a tie
    best_kind = max(values, key=lambda k: (round(values[k], 9), -order.index(k)))
    size = max(0.0, values[best_kind] - values[action.kind]) / profile.big_bet
    grade = _size_grade(size)
    code, rule = _bet_rule(hand, situation, best_kind)
    labels = {a.kind: a.label for a in hand.legal_actions()}
    pct = 100 * situation.share
    need = (
        100 * situation.to_call / (situation.pot + situation.to_call) if situation.to_call else 0.0
    )
    fair = 100 / (situation.opponents + 1)
    numbers = (
        f"Your share of this pot is about {pct:.0f}% (a fair share among "
        f"{situation.opponents + 1} players is {fair:.0f}%"
        + (f"; calling needs {need:.0f}%" if situation.to_call else "")
        + ")."
    )
    details = {k: v / profile.big_bet for k, v in values.items()} | {"share": situation.share}
    if grade == "correct":
        reason = f"{rule} {numbers}"
        return Grade(
            hand.step, action.text, "correct", code, reason, None, None, 0.0, "bet", details
        )
    reason = (
        f"{rule} {numbers} To {best_kind} is worth about {size:.2f} big bets more than "
        f"to {action.kind}."
    )
    return Grade(
        hand.step,
        action.text,
        grade,
        code,
        reason,
        labels[best_kind],
        Action(best_kind),
        round(size, 3),
        "bet",
        details,
    )


def _bet_rule(hand: LiveHand, s: BetSituation, best: str) -> tuple[str, str]:
    """The named rule that describes this spot, and its sentence."""
    profile = hand.profile
    made = [h for h, v in s.made_now.items() if v >= THRESHOLDS["made_score"]]
    live_halves = [h for h, (m, _) in s.halves.items() if m >= THRESHOLDS["one_way_below"]]
    if s.draws_left == 0 and not any(v > 0 for v in s.made_now.values()):
        return (
            "NO_DRAWS_LEFT",
            "No draws are left and your hand has made nothing, so it wins only if "
            "everyone else missed too.",
        )
    if made and s.opponents_drawing:
        return (
            "PAT_HAND_VS_DRAWERS",
            "You hold a made hand against players still drawing: make them pay to draw.",
        )
    if profile.is_split and s.opponents >= 2 and len(live_halves) == 1:
        return (
            "ONE_WAY_MULTIWAY",
            "Your hand plays for one half only against several opponents, so at best it "
            "wins half the pot: put in bets only when that half is very likely yours.",
        )
    if s.to_call and not made:
        draws = number_word(s.draws_left)
        return (
            "POT_ODDS",
            f"You are drawing with {draws} draw{'s' if s.draws_left != 1 else ''} left: "
            "compare the pot's odds with the exact chance of your draw.",
        )
    if not s.to_call and s.last_to_act:
        return (
            "POSITION",
            "Everyone has checked to you and you act last: bet when your hand is better "
            "than a fair share, check when it is not.",
        )
    return (
        "DRAWS_LEFT",
        f"With {number_word(s.draws_left)} draw{'s' if s.draws_left != 1 else ''} left, "
        "bet or raise with more than a fair share, call when the price is right.",
    )


# -- the public entry points -------------------------------------------------------


def grade_decision(hand_before: LiveHand, action: Action) -> Grade:
    """Grade ``action`` in the learner's situation of ``hand_before`` (which is not changed).

    Raises ``IllegalAction`` for an action the rules do not allow.
    """
    hand_before.check_legal(action)
    if action.kind == "draw":
        return grade_draw(hand_before, action)
    return grade_bet(hand_before, action)


def coach_action(hand: LiveHand) -> Action:
    """The play the coach rates best for the learner now."""
    legal = hand.legal_actions()
    if not legal:
        raise ValueError("the learner has no decision to make")
    if legal[0].kind == "draw":
        values = throw_values(
            hand.profile, hand.learner_cards, hand.dead_cards(), legal[0].max_discards
        )
        return Action("draw", values[0].discards)
    situation = read_bet(hand)
    values_by_kind = action_values(hand, situation)
    order = ["check", "call", "fold", "bet", "raise"]
    best = max(values_by_kind, key=lambda k: (round(values_by_kind[k], 9), -order.index(k)))
    return Action(best)


@dataclass(frozen=True)
class SessionSummary:
    """How a run of decisions went: the error rate is the mistake size per decision."""

    decisions: int
    error_rate: float  # big bets lost to mistakes, per decision
    blunders: int
    inaccuracies: int
    by_skill: dict[str, float]  # "draw" / "bet" -> error rate of those decisions


def summarize(grades: Sequence[Grade]) -> SessionSummary:
    """The session's error rate and blunder count, overall and per skill kind."""
    by_skill: dict[str, float] = {}
    for kind in sorted({g.skill_kind for g in grades}):
        mine = [g.size for g in grades if g.skill_kind == kind]
        by_skill[kind] = sum(mine) / len(mine)
    return SessionSummary(
        decisions=len(grades),
        error_rate=sum(g.size for g in grades) / len(grades) if grades else 0.0,
        blunders=sum(g.grade == "blunder" for g in grades),
        inaccuracies=sum(g.grade == "inaccuracy" for g in grades),
        by_skill=by_skill,
    )

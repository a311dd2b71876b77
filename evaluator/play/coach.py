"""The coach at the study table: a grade, a reason and the better play for each decision.

Every decision, draw or bet, is graded by one model (``values``): each legal
choice is played to the end of the hand against the same sampled deals, the
opponents' hands drawn from what they could hold after what they did (their
draws, and their bets in this round, under their own personalities), the
rest of the hand played by the players' own rules, the pot divided by the
settlement path. ``grading`` turns the values into grades and reasons. The
"ask the coach" page and ``manage.py coach --jsonl`` use the same functions
(``spot``), so they can never disagree with the table.

``throw_values`` remains: the exact one-draw count of every throw (``throws``),
the number the table's draw lessons quote; the grades no longer use it.
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
from .grading import THRESHOLDS as THRESHOLDS
from .grading import grade_choices
from .ranges import POPULATION
from .reading import BEST_TOP
from .spot_data import ChoiceVerdict, OpponentInSpot, Spot, legal_choices
from .table import Action, Grade, LegalAction, TableSettings
from .throws import Tally, tally_throw, unseen_for
from .values import TABLE_BUDGET, value_spot


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
    def draws_of(self, seat: int) -> tuple[int, ...]: ...
    def round_actions_of(self, seat: int) -> tuple[str, ...]: ...
    def bets_this_round(self) -> int: ...
    def check_legal(self, action: Action) -> None: ...


# The score of a made half whose top card is the worst that half can have: a king,
# or the ace where the ace is high (2-7, Badeucey's Badugi), since there the ace is
# the highest card of all. The exact one-draw count scores tops on this line.
SCORE_FLOOR = 0.1


@dataclass(frozen=True)
class ThrowValue:
    """One throw, its exact tally and its value (expected score over the halves)."""

    discards: tuple[Card, ...]
    kept: tuple[Card, ...]
    tallies: tuple[Tally, ...]
    value: float
    made: float  # chance of making at least one half


def score(profile: GameProfile, half_top: int, half: str) -> float:
    """1 for the best top card of a half, SCORE_FLOOR for the worst (position 12: a king,
    or the ace where it is high), 0 unmade."""
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


def _product(values: Iterable[float]) -> float:
    out = 1.0
    for v in values:
        out *= v
    return out


def _throw_words(discards: Sequence[Card]) -> str:
    if not discards:
        return "stand pat"
    return f"throw {format_cards(discards)} (draw {number_word(len(discards))})"


# -- the model at the table ------------------------------------------------------


def spot_of(
    hand: LiveHand,
) -> tuple[Spot, tuple[str, ...], tuple[int, ...], tuple[tuple[str, ...], ...]]:
    """The learner's decision as a ``Spot``, with what the table knows beyond it: each
    opponent's personality, the learner's own draws and each opponent's actions this round."""
    profile = hand.profile
    me = hand.settings.learner_seat
    legal = hand.legal_actions()
    decision = "draw" if legal and legal[0].kind == "draw" else "bet"
    done = profile.draws - hand.draws_left
    round_index = done if decision == "bet" else done + 1
    bet = profile.big_bet if round_index >= profile.big_bet_from_round else profile.small_bet
    after = set(hand.seats_to_act_after(me)) if decision == "bet" else set()
    seats = hand.settings.seats
    others = [(me + k) % seats for k in range(1, seats)]
    live = [s for s in others if not hand.folded(s)]
    to_call = raises_left = 0
    if decision == "bet":
        o = hand.options()
        to_call = min(o.to_call, o.stack)
        raises_left = max(1 if to_call == 0 else 0, profile.raise_cap - hand.bets_this_round())
        if not (o.may_raise and o.stack > o.to_call):
            raises_left = 0
    spot = Spot(
        game=profile.key,
        decision=decision,
        cards=hand.learner_cards,
        dead=hand.dead_cards(),
        draws_left=hand.draws_left,
        pot=hand.pot,
        to_call=to_call,
        bet=bet,
        raises_left=raises_left,
        opponents=tuple(OpponentInSpot(hand.draws_of(s), s in after) for s in live),
    )
    models = tuple(hand.settings.personalities[s] or POPULATION for s in live)
    actions = tuple(hand.round_actions_of(s) if decision == "bet" else () for s in live)
    return spot, models, hand.draws_of(me), actions


@lru_cache(maxsize=256)
def _judged(
    spot: Spot,
    models: tuple[str, ...],
    learner_drew: tuple[int, ...],
    actions: tuple[tuple[str, ...], ...],
    must: tuple[Action, ...],
) -> tuple[ChoiceVerdict, ...]:
    """Remembered: a page grades a decision and may then ask for the coach's play."""
    valued = value_spot(
        spot,
        legal_choices(spot),
        seed=0,
        models=models,
        learner_drew=learner_drew,
        round_actions=actions,
        budget=TABLE_BUDGET,
        must=must,
        every_throw=False,
    )
    return grade_choices(spot, valued)


AGGRESSIVE = ("bet", "raise")


def _same(a: Action, b: Action) -> bool:
    """The same choice: a spot calls the first bet of a round "bet" even where the table
    calls it "raise" (the big blind's option), so the two read as one."""
    if a.kind != b.kind and not (a.kind in AGGRESSIVE and b.kind in AGGRESSIVE):
        return False
    return set(a.discards) == set(b.discards)


def _at_table(hand: LiveHand, action: Action) -> Action:
    """The choice as the table spells it (its own word for a bet or a raise)."""
    if action.kind in AGGRESSIVE:
        kind = next(a.kind for a in hand.legal_actions() if a.kind in AGGRESSIVE)
        return Action(kind)
    return action


# The size of a mistake graded by the share rule alone (``grading``) in a pot so small
# that the chips it gives up round to nothing: still a mistake, so never a size of 0.
SMALLEST_MISTAKE = 0.001


def grade_decision(hand_before: LiveHand, action: Action) -> Grade:
    """Grade ``action`` in the learner's situation of ``hand_before`` (which is not changed).

    Raises ``IllegalAction`` for an action the rules do not allow.
    """
    hand_before.check_legal(action)
    spot, models, mine, actions = spot_of(hand_before)
    chosen = next(a for a in legal_choices(spot) if _same(a, action))
    verdicts = _judged(spot, models, mine, actions, (chosen,) if spot.decision == "draw" else ())
    best = verdicts[0]
    verdict = next(v for v in verdicts if _same(v.action, action))
    bb = spot.big_bet
    details = {f"value_{_key(v.action)}": v.value / bb for v in verdicts[:6]} | {
        "best_value": best.value / bb,
        "chosen_value": verdict.value / bb,
    }
    correct = verdict.grade == "correct"
    if best.action.kind == "draw":
        words = _throw_words(best.action.discards)
        # Only the first letter: capitalize() would lower the cards ("Throw k♦ 9♣").
        better_play = words[:1].upper() + words[1:]
    else:
        labels = {a.kind: a.label for a in hand_before.legal_actions()}
        better_play = labels.get(_at_table(hand_before, best.action).kind, best.label)
    return Grade(
        hand_before.step,
        action.text,
        verdict.grade,
        verdict.reason_code,
        verdict.reason,
        None if correct else better_play,
        None if correct else _at_table(hand_before, best.action),
        0.0 if correct else max(round(verdict.loss_bb, 3), SMALLEST_MISTAKE),
        spot.decision,
        details,
    )


def _key(action: Action) -> str:
    if action.kind != "draw":
        return action.kind
    return "pat" if not action.discards else "throw_" + "_".join(str(c) for c in action.discards)


def coach_action(hand: LiveHand) -> Action:
    """The play the coach rates best for the learner now."""
    if not hand.legal_actions():
        raise ValueError("the learner has no decision to make")
    spot, models, mine, actions = spot_of(hand)
    return _at_table(hand, _judged(spot, models, mine, actions, ())[0].action)


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

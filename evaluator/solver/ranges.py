"""Each seat's range at a spot of a played hand, from what the seat did and the coach's model.

The solver needs both seats' ranges; at the study table they come from the
hand itself. A seat's range is the hands it could hold now, each weighted by
how likely a player of the coach's model (the personalities of
``evaluator.play.players``) would have taken exactly the actions it took.
The learner's own seat is read with ``LEARNER_MODEL`` (a solid player), since
the learner has no personality. What is used, and what is not:

- Only the last draw and the betting round before it and after it are read.
  A hand is built by drawing the seat's hand before the last draw at random
  from the cards the learner cannot see, letting the model choose its throw
  (``decide_draw``; the throw must have the size the seat really threw),
  and dealing the replacements at random. Earlier rounds and draws are not
  replayed: their evidence is left out, which makes the range wider than a
  full replay would.
- Every betting action the seat took in those two rounds multiplies the
  hand's weight by the chance the model takes that action with that hand
  (``decide_bet``; its random numbers are fed from a fixed grid of
  ``GRID`` points instead of a generator, so the chance is the share of grid
  points that give the action). A model is never certain: each action keeps
  at least ``TREMBLE`` of its chance, spread over the legal actions, so an
  unusual play narrows a range without emptying it.
- The hands are sampled (``samples`` per seat, seeded by the hand's seed, so
  a spot always gets the same ranges); equal hands are merged and their
  weights added. The learner's real hand is always in the learner's range.

Only heads-up spots of the last betting round fit (two seats left, no draw
to come, nobody short of chips for the round): ``spot_for`` says None
otherwise.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..betting import Table
from ..cards import DECK, Card, format_cards
from ..play.hand import LiveHand
from ..play.players import PERSONALITIES, Personality, View, decide_bet, decide_draw
from ..profiles import GameProfile

LEARNER_MODEL = "solid"
GRID = 4  # grid points standing in for a decision's random numbers
TREMBLE = 0.05
SAMPLES = 200
BETTING = ("fold", "check", "call", "bet", "raise")


@dataclass(frozen=True)
class Decision:
    """One betting action of one seat, with what the seat could see when it took it."""

    seat: int
    kind: str
    betting_round: int
    pot: int
    to_call: int
    can_check: bool
    can_raise: bool
    bets: int
    opponent_drawn: int | None  # cards the other seat took at its last draw


@dataclass(frozen=True)
class RangeSpot:
    """A heads-up last-round spot of a played hand, ready for ``solve_spot``.

    Solver seat 0 is the seat that acts first in the round (``table_seats[0]``);
    ``history`` is the round so far in the solver's words; ``ranges`` and
    ``weights`` hold each solver seat's range.
    """

    game: str
    pot: int
    bet: int
    cap: int
    table_seats: tuple[int, int]
    history: str
    ranges: tuple[tuple[str, ...], tuple[str, ...]]
    weights: tuple[tuple[float, ...], tuple[float, ...]]
    models: tuple[str, str] = field(default=("", ""))

    @property
    def first(self) -> int:
        return 0

    def solver_seat(self, table_seat: int) -> int:
        return self.table_seats.index(table_seat)


class _GridRandom(random.Random):
    """Stands in for a decision's generator: every number it gives comes from one grid point."""

    def __init__(self, point: int) -> None:
        super().__init__(point)
        self._x = (point + 0.5) / GRID
        self._y = ((point * 5 + 3) % GRID + 0.5) / GRID  # a second coordinate, spread apart
        self.used = False  # whether the decision asked for a random number at all

    def random(self) -> float:
        self.used = True
        return self._y

    def uniform(self, a: float, b: float) -> float:
        self.used = True
        return a + (b - a) * self._x


def action_chance(personality: Personality, view: View, kind: str, legal: int) -> float:
    """How likely the model takes ``kind`` in ``view``, never below the tremble."""
    hits = sum(
        chosen == kind for chosen in _on_grid(lambda rng: decide_bet(personality, view, rng))
    )
    return (1 - TREMBLE) * hits / GRID + TREMBLE / legal


def throw_chance(
    personality: Personality, view: View, count: int
) -> tuple[float, tuple[Card, ...]]:
    """How likely the model throws ``count`` cards, and the throw it makes of that size."""
    found: tuple[Card, ...] | None = None
    hits = 0
    for thrown in _on_grid(lambda rng: decide_draw(personality, view, rng)):
        if len(thrown) == count:
            hits += 1
            found = thrown
    return hits / GRID, found or ()


def _on_grid[T](decide: Callable[[random.Random], T]) -> list[T]:
    """The decision at every grid point; asked once when it draws no random number
    (a draw after the first, say), since every point then gives the same answer."""
    first = _GridRandom(0)
    answer = decide(first)
    if not first.used:
        return [answer] * GRID
    return [answer] + [decide(_GridRandom(p)) for p in range(1, GRID)]


def public_line(hand: LiveHand) -> tuple[list[Decision], list[list[int]], Table] | None:
    """Every betting action with what its seat could see, each seat's draw sizes, and the table.

    The actions are replayed on a fresh betting table (the engine's
    ``Table``) from the hand's public events. None when the line cannot be
    followed (an all-in, or an event this reading does not know).
    """
    s = hand.settings
    profile = hand.profile
    table = Table(profile, s.names, s.stacks, s.button)
    for _ in table.post_forced_bets():
        pass
    decisions: list[Decision] = []
    drawn: list[list[int]] = [[] for _ in range(s.seats)]
    draws_done, in_draw = 0, False
    for event in hand.events:
        if event.kind in BETTING:
            if in_draw:
                in_draw, draws_done = False, draws_done + 1
                table.start_round(draws_done)
            if table.to_act != event.seat:
                return None
            o = table.options()
            if o.stack <= o.to_call or (event.kind in ("bet", "raise") and o.stack < o.raise_cost):
                return None  # all-in lines are left to the coach
            other = [d for seat, d in enumerate(drawn) if seat != event.seat and d]
            decisions.append(
                Decision(
                    seat=event.seat,
                    kind=event.kind,
                    betting_round=draws_done,
                    pot=table.pot,
                    to_call=o.to_call,
                    can_check=o.to_call == 0,
                    can_raise=o.may_raise and o.stack > o.to_call,
                    bets=table.bets,
                    opponent_drawn=other[0][-1] if len(other) == 1 else None,
                )
            )
            if event.kind in ("bet", "raise"):
                table.act(event.seat, event.kind, o.target)
            elif event.kind == "call":
                table.act(event.seat, "call", o.to_call)
            else:
                table.act(event.seat, event.kind)
        elif event.kind == "draw":
            if not in_draw:
                in_draw = True
                table.finish_round()
            drawn[event.seat].append(event.count or 0)
    if in_draw and hand.phase == "bet":
        table.start_round(draws_done + 1)
    return decisions, drawn, table


def spot_for(hand: LiveHand, *, samples: int = SAMPLES) -> RangeSpot | None:
    """The heads-up last-round spot the learner faces now, with both ranges; None if none fits."""
    profile = hand.profile
    if hand.phase != "bet" or hand.draws_left != 0 or not hand.learner_to_act():
        return None
    live = hand.live_seats()
    if len(live) != 2:
        return None
    line = public_line(hand)
    if line is None:
        return None
    decisions, drawn, table = line
    last_round = profile.draws
    bet = profile.bet_size(last_round)
    round_actions = [d for d in decisions if d.betting_round == last_round]
    start_pot = table.pot - sum(table.put)
    most = profile.raise_cap * bet
    if any(table.stack[s] + table.put[s] < most for s in live):
        return None  # a seat could run out of chips in this round
    learner = hand.settings.learner_seat
    first = round_actions[0].seat if round_actions else table.to_act
    assert first is not None
    seats = (first, live[1] if live[0] == first else live[0])
    rng = random.Random(f"ranges:{hand.settings.seed}:{hand.step}")
    ranges: list[tuple[str, ...]] = []
    weights: list[tuple[float, ...]] = []
    models: list[str] = []
    for seat in seats:
        key = hand.settings.personalities[seat] or LEARNER_MODEL
        models.append(key)
        # A rare line (standing pat at the first draw, say) may leave no sampled hand:
        # sample four times as many once, then call the spot unsolvable rather than
        # hand the solver an empty range.
        for tries in (samples, 4 * samples):
            found = seat_range(
                profile,
                PERSONALITIES[key],
                [d for d in decisions if d.seat == seat and d.betting_round >= last_round - 1],
                drawn[seat][-1] if drawn[seat] else 0,
                [d for seat_, d in enumerate(drawn) if seat_ != seat and d],
                pool=_pool(hand, seat),
                samples=tries,
                rng=rng,
            )
            if found or seat == learner:
                break
        if seat == learner:
            found = _with_hand(found, _text(hand.hand_of(learner)))
        elif not found:
            return None
        ranges.append(tuple(found))
        weights.append(tuple(found.values()))
    return RangeSpot(
        game=profile.key,
        pot=start_pot,
        bet=bet,
        cap=profile.raise_cap,
        table_seats=seats,
        history=" ".join(d.kind for d in round_actions),
        ranges=(ranges[0], ranges[1]),
        weights=(weights[0], weights[1]),
        models=(models[0], models[1]),
    )


def seat_range(
    profile: GameProfile,
    personality: Personality,
    decisions: Sequence[Decision],
    last_throw: int,
    others_drawn: Sequence[list[int]],
    *,
    pool: Sequence[Card],
    samples: int,
    rng: random.Random,
) -> dict[str, float]:
    """Hands the seat may hold now, each with the weight of its actions under ``personality``."""
    found: dict[str, float] = {}
    size = profile.hand_size
    last_round = profile.draws
    other_before = others_drawn[0][-2] if others_drawn and len(others_drawn[0]) > 1 else None
    for _ in range(samples):
        before = tuple(rng.sample(list(pool), size))
        weight = 1.0
        cards = before
        if profile.draws:
            view = _view(
                profile, before, 1, 0, 0, True, False, 0, other_before, profile.max_discard
            )
            chance, thrown = throw_chance(personality, view, last_throw)
            if chance == 0:
                continue  # the model never throws that many with this hand
            weight *= chance
            rest = [c for c in pool if c not in before]
            arrived = iter(rng.sample(rest, len(thrown)))
            cards = tuple(next(arrived) if c in thrown else c for c in before)
        for d in decisions:
            held = cards if d.betting_round == last_round else before
            left = 0 if d.betting_round == last_round else 1
            view = _view(
                profile,
                held,
                left,
                d.pot,
                d.to_call,
                d.can_check,
                d.can_raise,
                d.bets,
                d.opponent_drawn,
                0,
            )
            legal = 2 + (1 if d.can_raise else 0)  # fold, check or call, bet or raise
            weight *= action_chance(personality, view, d.kind, legal)
        text = _text(cards)
        found[text] = found.get(text, 0.0) + weight
    return found


def _view(
    profile: GameProfile,
    cards: tuple[Card, ...],
    draws_left: int,
    pot: int,
    to_call: int,
    can_check: bool,
    can_raise: bool,
    bets: int,
    opponent_drawn: int | None,
    max_discards: int,
) -> View:
    return View(
        profile=profile,
        seat=0,
        cards=cards,
        draws_left=draws_left,
        pot=pot,
        to_call=to_call,
        can_check=can_check,
        can_raise=can_raise,
        opponents=1,
        opponent_last_draws=(opponent_drawn,),
        bets_this_round=bets,
        snowing=False,
        max_discards=max_discards,
    )


def _pool(hand: LiveHand, seat: int) -> list[Card]:
    """The cards a seat's hand is drawn from: for the learner's opponent, those the learner
    cannot see; for the learner, every card (the opponent sees none of the learner's)."""
    learner = hand.settings.learner_seat
    if seat == learner:
        return list(DECK)
    known = set(hand.hand_of(learner)) | set(hand.dead_cards())
    return [c for c in DECK if c not in known]


def _with_hand(found: dict[str, float], text: str) -> dict[str, float]:
    """The range with the learner's real hand in it (at the range's mean weight if missing)."""
    if text in found:
        return found
    mean = sum(found.values()) / len(found) if found else 1.0
    return {**found, text: mean}


def _text(cards: Sequence[Card]) -> str:
    """One spelling per hand (cards in deck order), so equal hands merge."""
    return format_cards(sorted(cards, key=lambda c: c.index))

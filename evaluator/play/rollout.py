"""Play a spot to the end of the hand, many times: the chips each choice brings back.

One rollout deals the unknown cards once (each opponent's hand from its
range, ``ranges``; the deck's order) and then plays every choice of the spot
against that same deal (common random numbers: the comparison between two
choices sees the same opponents and the same cards, so it is much tighter
than either value alone). From the choice on, everyone plays by a stated
model:

- each opponent by its player model (``players``: throws with ``choose_keep``,
  bets with ``decide_bet``), so it folds, calls and raises as that player
  would, and a bluff or a snow works exactly as often as the model folds;
- the learner's later draws take the keep a good player takes with that many
  draws left (``choose_keep``), and the learner's later bets follow the
  solid player's rule;
- at the showdown the pot is divided by ``evaluator.settle``, the one
  settlement path, so split pots and odd chips are paid as at the table.

Cards: opponents take their replacements from the top of the shuffled stub,
the learner from the bottom, so an opponent's cards never depend on what the
learner throws (which keeps the choices' deals common).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..cards import DECK, Card
from ..profiles import GameProfile
from ..settlement import settle
from .players import (
    PERSONALITIES,
    SNOW_BELOW,
    View,
    bet_chances,
    choose_keep,
    decide_bet,
    decide_draw,
)
from .ranges import Holding
from .reading import keep_value
from .table import Action

LEARNER_BETS_LIKE = "solid"  # the learner's later bets follow this player's rule
EQUITY_POT = 720_720  # a pot every split of up to six seats and two halves divides evenly


@dataclass(frozen=True)
class Setting:
    """The public facts of a spot the rollouts play from (the learner is seat 0)."""

    profile: GameProfile
    decision: str  # "bet" or "draw"
    cards: tuple[Card, ...]
    dead: tuple[Card, ...]
    draws_left: int
    pot: int
    to_call: int
    bet: int  # this round's bet size
    big_bet: int
    raises_left: int
    after: tuple[bool, ...]  # per opponent: acts after the learner
    drawn_now: tuple[bool, ...]  # per opponent: already took its cards in this draw
    last_draws: tuple[int | None, ...]  # cards each seat took last (learner first)


@dataclass
class Deal:
    """The unknown cards of one rollout, shared by every choice."""

    index: int
    opp_cards: list[tuple[Card, ...]]  # hand now
    opp_kinds: list[str]
    opp_snow: list[bool]
    opp_after_draw: list[list[tuple[Card, ...]]]  # hand after each draw still to come
    opp_counts: list[list[int]]  # cards taken at each draw still to come
    learner_stream: list[Card]  # the cards the learner would receive, in order


def deal(setting: Setting, holdings: Sequence[Holding], index: int, seed: int) -> Deal:
    """Shuffle the stub and play the opponents' own draws (they do not depend on the learner)."""
    profile = setting.profile
    rng = random.Random(seed * 1_000_003 + index)
    used = set(setting.cards) | set(setting.dead)
    for holding in holdings:
        used.update(holding.cards)
    stub = [c for c in DECK if c not in used]
    rng.shuffle(stub)
    top = 0
    after_draw: list[list[tuple[Card, ...]]] = []
    counts: list[list[int]] = []
    snows: list[bool] = []
    for o, holding in enumerate(holdings):
        hand = holding.cards
        snow = holding.snowing
        personality = PERSONALITIES[holding.personality]
        mine: list[tuple[Card, ...]] = []
        taken: list[int] = []
        for step in range(setting.draws_left):
            left = setting.draws_left - step
            if step == 0 and setting.decision == "draw" and setting.drawn_now[o]:
                mine.append(hand)
                taken.append(-1)  # drew before the learner: already counted
                continue
            view = View(
                profile,
                o + 1,
                hand,
                left,
                0,
                0,
                True,
                False,
                1,
                (None,),
                0,
                snow,
                min(profile.max_discard, max(0, len(stub) - top - 8)),
            )
            thrown = decide_draw(personality, view, random.Random(rng.random()))
            if not thrown and left == profile.draws and not snow:
                snow = keep_value(profile, hand, left)[0] < SNOW_BELOW
            fresh = stub[top : top + len(thrown)]
            thrown = thrown[: len(fresh)]
            top += len(thrown)
            hand = tuple(c for c in hand if c not in thrown) + tuple(fresh)
            mine.append(hand)
            taken.append(len(thrown))
        snows.append(snow)
        after_draw.append(mine)
        counts.append(taken)
    learner_stream = stub[top:][::-1]
    return Deal(
        index,
        [h.cards for h in holdings],
        [h.personality for h in holdings],
        snows,
        after_draw,
        counts,
        learner_stream,
    )


def play(setting: Setting, d: Deal, choice: Action, seed: int) -> tuple[float, float, float]:
    """The learner's chips from here to the end, its share of a showdown against everyone,
    and the chance that every opponent folds to it before a showdown.

    The share is what the learner's final hand wins of a pot if every opponent
    still in now showed down (the hand's chances, free of the betting).
    """
    profile = setting.profile
    n = len(d.opp_cards)
    hands: list[tuple[Card, ...]] = [setting.cards, *d.opp_cards]
    live = [True] * (n + 1)
    put = [0] * (n + 1)
    last = list(setting.last_draws)
    order = [o + 1 for o in range(n) if not setting.after[o]] + [0]
    order += [o + 1 for o in range(n) if setting.after[o]]
    stream = 0
    rounds_done = profile.draws - setting.draws_left  # betting rounds already finished
    state = _Round(setting, d, hands, live, put, last, order, seed)

    share_of = _share_memo(profile, hands, n + 1)
    if setting.decision == "bet":
        if setting.draws_left == 0:
            value, alone = state.final(forced=choice.kind)
            return value, share_of(), alone
        state.run(rounds_done, setting.draws_left, forced=choice.kind)
        first_draw_choice: tuple[Card, ...] | None = None
    else:
        first_draw_choice = choice.discards
    for step in range(setting.draws_left):
        betting = sum(live) > 1 and live[0]  # else the draws go on only for the share
        left = setting.draws_left - step
        if step == 0 and first_draw_choice is not None:
            thrown = first_draw_choice
        else:
            view = View(
                profile,
                0,
                hands[0],
                left,
                0,
                0,
                True,
                False,
                1,
                (None,),
                0,
                False,
                profile.max_discard,
            )
            keep, _ = choose_keep(view)
            thrown = tuple(c for c in hands[0] if c not in keep)
        fresh = d.learner_stream[stream : stream + len(thrown)]
        thrown = thrown[: len(fresh)]  # a deck too short to give more (a table reshuffles)
        stream += len(thrown)
        hands[0] = tuple(c for c in hands[0] if c not in thrown) + tuple(fresh)
        last[0] = len(thrown)
        for o in range(n):
            hands[o + 1] = d.opp_after_draw[o][step]
            if d.opp_counts[o][step] >= 0:
                last[o + 1] = d.opp_counts[o][step]
        if not betting:
            continue
        if left == 1:
            value, alone = state.final(forced=None)
            return value, share_of(), alone
        state.run(rounds_done + step + 1, left - 1, forced=None)
    alone = 1.0 if live[0] and sum(live) == 1 else 0.0
    return state.end(live, put, setting.pot + sum(put)), share_of(), alone


def _share_memo(
    profile: GameProfile, hands: list[tuple[Card, ...]], seats: int
) -> Callable[[], float]:
    """The learner's showdown share with the hands as they are when asked (all seats in)."""

    def share() -> float:
        return _share(profile, hands, seats)

    return share


def _share(profile: GameProfile, hands: list[tuple[Card, ...]], live_at_start: int) -> float:
    result = settle(profile, hands[:live_at_start], pot=EQUITY_POT)
    return result.payouts[0] / EQUITY_POT


class _Round:
    """The betting of one rollout: fixed limit, everyone but the forced choice by its model."""

    def __init__(
        self,
        setting: Setting,
        d: Deal,
        hands: list[tuple[Card, ...]],
        live: list[bool],
        put: list[int],
        last: list[int | None],
        order: list[int],
        seed: int,
    ) -> None:
        self.s = setting
        self.d = d
        self.hands = hands
        self.live = live
        self.put = put
        self.last = last
        self.order = order
        self.seed = seed
        self.pot = setting.pot
        self._paid: dict[tuple[tuple[bool, ...], int], int] = {}

    def size(self, round_index: int) -> int:
        profile = self.s.profile
        if round_index == profile.draws - self.s.draws_left and self.s.decision == "bet":
            return self.s.bet
        big = self.s.big_bet
        return big if round_index >= profile.big_bet_from_round else max(1, big // 2)

    def run(self, round_index: int, draws_after: int, forced: str | None) -> None:
        live, order = self.live, self.order
        if sum(live) < 2:
            return
        size = self.size(round_index)
        owe = [0] * len(live)
        raises_left = self.s.profile.raise_cap
        bets = 0
        if forced is not None:
            owe[0] = self.s.to_call
            for o, after in enumerate(self.s.after):
                if after:
                    owe[o + 1] = self.s.to_call
            raises_left = self.s.raises_left
            bets = 1 if self.s.to_call else 0
            queue = [p for p in order[order.index(0) + 1 :] if live[p]]
            queue = self._act(0, forced, size, owe, queue, bets, raises_left)
            if forced in ("bet", "raise"):
                bets += 1
                raises_left -= 1
        else:
            queue = [p for p in order if live[p]]
        count = 0
        while queue and sum(live) > 1:
            p = queue.pop(0)
            if not live[p]:
                continue
            kind = self._decide(p, owe[p], raises_left > 0, bets, draws_after, round_index, count)
            count += 1
            queue = self._act(p, kind, size, owe, queue, bets, raises_left)
            if kind in ("bet", "raise"):
                bets += 1
                raises_left -= 1

    def end(self, live: list[bool], put: list[int], pot: int) -> float:
        """The learner's chips back minus its chips in, once the betting is over."""
        if not live[0]:
            return -float(put[0])
        if sum(live) == 1:
            return float(pot - put[0])
        key = (tuple(live), pot)
        paid = self._paid.get(key)
        if paid is None:
            result = settle(
                self.s.profile,
                [h if live[s] else None for s, h in enumerate(self.hands)],
                pot=pot,
                folded=[not x for x in live],
            )
            paid = result.payouts[0]
            self._paid[key] = paid
        return float(paid - put[0])

    def final(self, forced: str | None) -> tuple[float, float]:
        """The last betting round, every decision averaged over its chances (``bet_chances``)
        instead of sampled: with the cards all known by then, this removes the betting's
        own noise from the rollout at the cost of a small tree of actions."""
        live, order = self.live, self.order
        size = self.size(self.s.profile.draws)
        owe = [0] * len(live)
        raises_left = self.s.profile.raise_cap
        bets = 0
        pot = self.s.pot + sum(self.put)
        put = list(self.put)
        if forced is not None:
            size = self.s.bet
            owe[0] = self.s.to_call
            for o, after in enumerate(self.s.after):
                if after:
                    owe[o + 1] = self.s.to_call
            raises_left = self.s.raises_left
            bets = 1 if self.s.to_call else 0
            queue = [p for p in order[order.index(0) + 1 :] if live[p]]
            live = list(live)
            queue, pot, bets, raises_left = _apply(
                order, live, put, owe, queue, 0, forced, size, pot, bets, raises_left
            )
        else:
            queue = [p for p in order if live[p]]
        return self._expect(queue, list(live), put, owe, pot, bets, raises_left, size)

    def _expect(
        self,
        queue: list[int],
        live: list[bool],
        put: list[int],
        owe: list[int],
        pot: int,
        bets: int,
        raises_left: int,
        size: int,
    ) -> tuple[float, float]:
        """The learner's expected chips and the chance it wins with nobody left to show."""
        while queue and sum(live) > 1 and not live[queue[0]]:
            queue = queue[1:]
        if not queue or sum(live) < 2 or not live[0]:
            return self.end(live, put, pot), 1.0 if live[0] and sum(live) == 1 else 0.0
        p = queue[0]
        chances = self._chances(p, owe[p], raises_left > 0, bets, pot, live)
        total = alone = 0.0
        for kind, chance in chances.items():
            if chance <= 1e-9:
                continue
            live2, put2, owe2 = list(live), list(put), list(owe)
            queue2, pot2, bets2, raises2 = _apply(
                self.order, live2, put2, owe2, queue[1:], p, kind, size, pot, bets, raises_left
            )
            value, won = self._expect(queue2, live2, put2, owe2, pot2, bets2, raises2, size)
            total += chance * value
            alone += chance * won
        return total, alone

    def _chances(
        self, p: int, to_call: int, can_raise: bool, bets: int, pot: int, live: list[bool]
    ) -> dict[str, float]:
        others = tuple(self.last[q] for q in range(len(live)) if q != p and live[q])
        snowing = False if p == 0 else self.d.opp_snow[p - 1]
        key = LEARNER_BETS_LIKE if p == 0 else self.d.opp_kinds[p - 1]
        view = View(
            self.s.profile,
            p,
            self.hands[p],
            0,
            pot,
            to_call,
            to_call == 0,
            can_raise,
            sum(live) - 1,
            others,
            bets,
            snowing,
            0,
        )
        return bet_chances(PERSONALITIES[key], view)

    def _act(
        self,
        p: int,
        kind: str,
        size: int,
        owe: list[int],
        queue: list[int],
        bets: int,
        raises_left: int,
    ) -> list[int]:
        if kind == "fold":
            self.live[p] = False
            return queue
        if kind in ("call", "check"):
            self.put[p] += owe[p]
            self.pot += owe[p]
            owe[p] = 0
            return queue
        # a bet or a raise: everyone else still in owes one more bet and acts again
        self.put[p] += owe[p] + size
        self.pot += owe[p] + size
        owe[p] = 0
        at = self.order.index(p)
        rest = self.order[at + 1 :] + self.order[:at]
        for q in rest:
            if self.live[q]:
                owe[q] += size
        return [q for q in rest if self.live[q]]

    def _decide(
        self,
        p: int,
        to_call: int,
        can_raise: bool,
        bets: int,
        draws_after: int,
        round_index: int,
        count: int,
    ) -> str:
        others = tuple(self.last[q] for q in range(len(self.live)) if q != p and self.live[q])
        snowing = False if p == 0 else self.d.opp_snow[p - 1]
        key = LEARNER_BETS_LIKE if p == 0 else self.d.opp_kinds[p - 1]
        view = View(
            self.s.profile,
            p,
            self.hands[p],
            draws_after,
            self.pot,
            to_call,
            to_call == 0,
            can_raise,
            sum(self.live) - 1,
            others,
            bets,
            snowing,
            0,
        )
        rng = _Keyed(
            ((self.seed * 1_000_003 + self.d.index) * 64 + p) * 4096 + round_index * 256 + count
        )
        kind = decide_bet(PERSONALITIES[key], view, rng)
        if kind == "raise" and bets == 0:
            kind = "bet"
        return kind


_MASK = (1 << 64) - 1


class _Keyed(random.Random):
    """Random numbers fixed by a key: the same decision of the same deal draws the same numbers
    whichever choice led there (common random numbers), without the cost of seeding a
    generator for every decision (splitmix64 of the key and a counter)."""

    def __init__(self, key: int) -> None:  # no super().__init__: nothing to seed
        self._key = key & _MASK
        self._count = 0

    def random(self) -> float:
        self._count += 1
        z = (self._key + self._count * 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) >> 11) / float(1 << 53)


def _apply(
    order: list[int],
    live: list[bool],
    put: list[int],
    owe: list[int],
    queue: list[int],
    p: int,
    kind: str,
    size: int,
    pot: int,
    bets: int,
    raises_left: int,
) -> tuple[list[int], int, int, int]:
    """One action of the last round, on copies the caller owns: (queue, pot, bets, raises left)."""
    if kind == "fold":
        live[p] = False
        return queue, pot, bets, raises_left
    if kind in ("call", "check"):
        pot += owe[p]
        put[p] += owe[p]
        owe[p] = 0
        return queue, pot, bets, raises_left
    pot += owe[p] + size
    put[p] += owe[p] + size
    owe[p] = 0
    at = order.index(p)
    rest = order[at + 1 :] + order[:at]
    for q in rest:
        if live[q]:
            owe[q] += size
    return [q for q in rest if live[q]], pot, bets + 1, raises_left - 1

"""Heads-up matches between two players, measured honestly: duplicate deals and a luck correction.

A match plays one player (the *hero*: any strategy for the learner's chair,
the coach or a computer player) against a computer player, heads-up, in any
game. Three estimates of the hero's result, each in big bets per 100 hands
with its 95% interval:

- **raw**: every hand's result on its own, as if each were a fresh deal;
- **duplicate**: each seed is dealt twice with the players' chairs swapped.
  The deck depends only on the seed and the dealing order only on the
  button, so each chair gets the same cards both times (and the same stub,
  so a draw of the same size brings the same cards). The two results are
  averaged: the luck of the deal largely cancels, since each player has
  held both hands;
- **duplicate + luck correction** (in the spirit of AIVAT, Burch et al.
  2018): from each hand's result, the luck of every chance event (the deal
  and each seat's draw) is subtracted, as measured by a value function fixed
  before the run. Luck is the value after the event minus the value
  expected before it, over every way chance could have gone. Its average is
  zero whatever the players do, so the correction changes the variance and
  never the expected result.

The value function (``ValueModel``): a weighted sum of simple readings of
the cards, one weight per chance event of the game, fitted by least squares
before the match on hands dealt from seeds no match uses (``FIT_SEED`` on):
either on the match's own two players (``fit_rows`` and ``pooled_model``, one
set of weights for the games of a size), or once per game on Solid against
Caller and Aggressor (``value_model``). The readings are each seat's rough
share of the pot from its cards with the draws to come (``reading.keep_value``,
as the computer players read hands), and the share of the pot a showdown
between the two hands as they stand would give; every draw's reading is scaled by the pot at the
time. The expectation before a draw is exact when the draw is small (every
possible card counted) and otherwise the mean over ``samples`` random draws
from the cards still in the stub, drawn with a generator of its own; either
way its expectation is the true one, so the correction stays unbiased.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from ..cards import DECK, Card
from ..profiles import GameProfile, get_profile
from .hand import LiveHand
from .players import _choose_keep
from .reading import keep_value
from .table import Action, TableSettings

Strategy = Callable[[LiveHand], Action]
Z95 = 1.96
FIT_SEED = 9 * 10**8  # the value function's hands are dealt from here on, never a match's
FIT_DEALS = 600  # deals per game the value function is fitted on
FIT_OPPONENTS = ("caller", "aggressor")  # Solid meets these in the fitting hands
SAMPLES = 24  # draws averaged for an expectation that is not counted exactly
EXACT_UP_TO = 64  # count every possible draw when there are at most this many


def computer(key: str) -> Strategy:
    """A computer player seated in the learner's chair (``LiveHand.computer_choice``)."""
    return lambda hand: hand.computer_choice(key)


def match_table(game: str, seed: int, hero_chair: int, opponent: str) -> TableSettings:
    """One deal of a match: the button and the cards depend on the seed only, never on
    where the hero sits, so the two deals of a seed give each chair the same cards."""
    return TableSettings.default(
        game, seed, personalities=(opponent,), learner_seat=hero_chair, button=seed % 2
    )


def play_out(settings: TableSettings, hero: Strategy) -> LiveHand:
    hand = LiveHand.start(settings)
    while not hand.is_over:
        hand.play(hero(hand))
    return hand


# -- the value function ------------------------------------------------------------


def rough_share(profile: GameProfile, cards: Sequence[Card], draws_left: int) -> float:
    """A hand's rough share of the pot with ``draws_left`` draws to come, the players' reading."""
    ordered = tuple(sorted(cards, key=lambda c: c.index))
    if draws_left > 0:
        return _choose_keep(profile, ordered, draws_left, profile.max_discard)[1]
    return keep_value(profile, ordered, 0)[0]


def showdown_share(profile: GameProfile, mine: Sequence[Card], theirs: Sequence[Card]) -> float:
    """The share of the pot ``mine`` takes from ``theirs`` at a showdown, averaged over halves."""
    a = profile.strengths([c.index for c in mine])
    b = profile.strengths([c.index for c in theirs])
    return sum(1.0 if x > y else 0.5 if x == y else 0.0 for x, y in zip(a, b, strict=True)) / len(a)


def feature_count(profile: GameProfile) -> int:
    """Two readings of the deal and of each draw: the rough shares, and the showdown now."""
    return 2 * (profile.draws + 1)


def _expected(
    draw: Callable[[tuple[Card, ...]], float],
    stub: Sequence[Card],
    count: int,
    rng: random.Random,
    samples: int,
) -> float:
    """The mean of ``draw`` over the cards chance could give: every set when few, else a sample."""
    if count == 0:
        return draw(())
    if math.comb(len(stub), count) <= EXACT_UP_TO:
        values = [draw(arrived) for arrived in combinations(stub, count)]
    else:
        values = [draw(tuple(rng.sample(stub, count))) for _ in range(samples)]
    return statistics.fmean(values)


def luck_terms(hand: LiveHand, chair: int, samples: int = SAMPLES) -> tuple[float, ...]:
    """The luck of each chance event of a finished heads-up hand, for the seat in ``chair``.

    One term per feature (``feature_count``): the deal (its expectation is zero
    because the two chairs' hands are dealt alike), each draw (both seats' draws
    in it summed, each scaled by the pot in big bets), and the last draw of the
    hand read as a showdown. Every term has expectation zero over chance.
    """
    profile = hand.profile
    big = profile.big_bet
    other = 1 - chair
    rounds = profile.draws + 1
    hands = [list(h) for h in hand.dealt]
    terms = [0.0] * feature_count(profile)
    terms[0] = rough_share(profile, hands[chair], profile.draws) - rough_share(
        profile, hands[other], profile.draws
    )
    terms[rounds] = showdown_share(profile, hands[chair], hands[other]) - 0.5
    stub = [c for c in DECK if c not in set(hands[0]) | set(hands[1])]
    rng = random.Random(f"luck:{hand.settings.seed}")
    for chance in hand.draw_chances():
        if chance.reshuffled:
            break  # the stub is no longer what this reading knows; no correction from here
        sign = 1.0 if chance.seat == chair else -1.0
        kept = [c for c in hands[chance.seat] if c not in chance.discards]
        theirs = hands[1 - chance.seat]
        pot = chance.pot / big
        index = profile.draws - chance.draws_left
        left = chance.draws_left
        count = len(chance.discards)

        def share(arrived: tuple[Card, ...], kept: list[Card] = kept, left: int = left) -> float:
            return rough_share(profile, kept + list(arrived), left)

        def won(
            arrived: tuple[Card, ...], kept: list[Card] = kept, theirs: list[Card] = theirs
        ) -> float:
            return showdown_share(profile, kept + list(arrived), theirs)

        luck = share(chance.received) - _expected(share, stub, count, rng, samples)
        terms[index] += sign * pot * luck
        luck = won(chance.received) - _expected(won, stub, count, rng, samples)
        terms[rounds + index] += sign * pot * luck
        hands[chance.seat] = kept + list(chance.received)
        stub = [c for c in stub if c not in chance.received]
    return tuple(terms)


@dataclass(frozen=True)
class ValueModel:
    """The luck correction's weights per game, fixed before any match is played."""

    weights: dict[str, tuple[float, ...]]

    def correction(self, hand: LiveHand, chair: int, samples: int = SAMPLES) -> float:
        """Big bets of the hand's result that were luck, for the seat in ``chair``."""
        w = self.weights[hand.profile.key]
        return sum(a * b for a, b in zip(w, luck_terms(hand, chair, samples), strict=True))


def fit_weights(game: str, deals: int = FIT_DEALS, samples: int = SAMPLES) -> tuple[float, ...]:
    """Least-squares weights of the luck terms on results of Solid against Caller and
    Aggressor (big bets),
    from seeds no match uses: the value function is fixed before a match starts."""
    import numpy as np

    rows: list[tuple[float, ...]] = []
    results: list[float] = []
    big = get_profile(game).big_bet
    for k in range(deals):
        seed = FIT_SEED + k
        chair = k % 2
        opponent = FIT_OPPONENTS[k // 2 % len(FIT_OPPONENTS)]
        hand = play_out(match_table(game, seed, chair, opponent), computer("solid"))
        rows.append(luck_terms(hand, chair, samples))
        results.append(hand.net()[chair] / big)
    solved, *_ = np.linalg.lstsq(np.array(rows), np.array(results), rcond=None)
    return tuple(float(x) for x in solved)


@cache
def value_model(games: tuple[str, ...], deals: int = FIT_DEALS) -> ValueModel:
    """The fitted value function for ``games``, once per process."""
    return ValueModel({game: fit_weights(game, deals) for game in games})


FitRow = tuple[str, tuple[float, ...], float]  # game, luck terms, result in big bets


def fit_rows(
    hero: Strategy, opponent: str, seeds: Sequence[int], games: Sequence[str]
) -> list[FitRow]:
    """Both chairs of each seed, with the luck terms and the result: what a pairing's own
    value function is fitted on. Give seeds no match uses (from ``FIT_SEED`` on)."""
    rows: list[FitRow] = []
    for seed in seeds:
        game = games[seed % len(games)]
        big = get_profile(game).big_bet
        for chair in (0, 1):
            hand = play_out(match_table(game, seed, chair, opponent), hero)
            rows.append((game, luck_terms(hand, chair), hand.net()[chair] / big))
    return rows


def pooled_model(rows: Sequence[FitRow], games: Sequence[str]) -> ValueModel:
    """One set of weights for every game with the same number of draws, fitted by least
    squares on ``rows``: few hands fit a few weights better than one set per game."""
    import numpy as np

    weights: dict[str, tuple[float, ...]] = {}
    for size in {feature_count(get_profile(g)) for g in games}:
        same = [r for r in rows if len(r[1]) == size]
        if not same:
            solved = [0.0] * size
        else:
            x = np.array([r[1] for r in same])
            y = np.array([r[2] for r in same])
            solved = [float(v) for v in np.linalg.lstsq(x, y, rcond=None)[0]]
        for game in games:
            if feature_count(get_profile(game)) == size:
                weights[game] = tuple(solved)
    return ValueModel(weights)


# -- a match ------------------------------------------------------------------------


@dataclass(frozen=True)
class DealResult:
    """One seed dealt twice: the hero's result with it in chair 0 and then in chair 1,
    in big bets, and the same minus the luck correction."""

    seed: int
    game: str
    raw: tuple[float, float]
    corrected: tuple[float, float]


def play_deal(
    hero: Strategy,
    opponent: str,
    game: str,
    seed: int,
    model: ValueModel | None = None,
    samples: int = SAMPLES,
) -> DealResult:
    """Deal ``seed`` twice with the chairs swapped; the hero's results and corrected results."""
    raw: list[float] = []
    corrected: list[float] = []
    big = get_profile(game).big_bet
    for chair in (0, 1):
        hand = play_out(match_table(game, seed, chair, opponent), hero)
        result = hand.net()[chair] / big
        raw.append(result)
        luck = model.correction(hand, chair, samples) if model is not None else 0.0
        corrected.append(result - luck)
    return DealResult(seed, game, (raw[0], raw[1]), (corrected[0], corrected[1]))


@dataclass(frozen=True)
class Estimate:
    """A mean in big bets per 100 hands, its 95% half-width, and the spread behind it.

    ``per_hand_sd`` is the standard deviation of one hand's share of the
    estimate (big bets), so ``hands_for`` can say how many hands a target needs.
    """

    mean: float
    half: float
    per_hand_sd: float
    hands: int

    def hands_for(self, half_width: float = 1.0) -> int:
        """Hands needed for a 95% interval of ``half_width`` big bets per 100 hands."""
        return math.ceil((Z95 * 100 * self.per_hand_sd / half_width) ** 2)


def estimate(values: Sequence[float], hands_per_value: int) -> Estimate:
    """The estimate from independent values, each the mean result of ``hands_per_value`` hands."""
    n = len(values)
    mean = statistics.fmean(values) if values else 0.0
    sd = statistics.stdev(values) if n > 1 else 0.0
    half = Z95 * sd / math.sqrt(n) if n else math.inf
    return Estimate(100 * mean, 100 * half, sd * math.sqrt(hands_per_value), n * hands_per_value)


@dataclass(frozen=True)
class MatchReport:
    raw: Estimate
    duplicate: Estimate
    corrected: Estimate

    @property
    def reduction(self) -> float:
        """How many times fewer hands the corrected duplicate estimate needs than the raw one."""
        if self.corrected.per_hand_sd == 0:
            return math.inf
        return (self.raw.per_hand_sd / self.corrected.per_hand_sd) ** 2


def report(results: Sequence[DealResult]) -> MatchReport:
    """The three estimates of a match: every hand alone, the pairs, the corrected pairs."""
    hands = [r for d in results for r in d.raw]
    pairs = [(d.raw[0] + d.raw[1]) / 2 for d in results]
    corrected = [(d.corrected[0] + d.corrected[1]) / 2 for d in results]
    return MatchReport(estimate(hands, 1), estimate(pairs, 2), estimate(corrected, 2))


def play_match(
    hero: Strategy,
    opponent: str,
    seeds: Sequence[int],
    games: Sequence[str],
    model: ValueModel | None = None,
) -> list[DealResult]:
    """Every seed dealt twice; the game cycles through ``games`` by seed."""
    return [play_deal(hero, opponent, games[s % len(games)], s, model) for s in seeds]

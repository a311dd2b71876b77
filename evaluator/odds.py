"""Exact draw odds: how often a draw makes each hand that matters.

Why exact rather than sampled: a learner choosing what to keep compares
chances that differ by a point or two, and a sample would blur exactly the
differences the lessons teach. Every set of cards the draw could bring is
dealt once, so a count here is a fact a test can hold to a count by hand.
The unseen cards, the number of draws and the counting of a small draw come
from ``evaluator.unseen``, the same home ``evaluator.draw_equity`` uses.

What "matters" follows the games' halves: a four-card Badugi, a Badugi with
a given top card or lower, a five-card low (ace-to-five or deuce-to-seven)
with a given top card or lower, and both at once in the split games.

Why it is quick: every target is turned once into a strength threshold (the
weakest hand that still makes it, valued by the readable evaluator), and the
enumeration then only looks strengths up in the engine's own tables
(``evaluator.tables``, the same ones ``evaluator.fast`` reads), with the last
card of each draw walked suit by suit so only one suit's Badugi label changes
per card. Before that last card, the four cards already in hand decide most
draws outright: four that cannot make the target low, or cannot make a
four-card Badugi, or have already made the target Badugi, need no lookup
for that half. Nothing is cached between calls: the memory used is the list of
unseen cards and a few small lists of them, on top of the tables the engine
already holds.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from operator import itemgetter
from typing import Any

from . import tables
from .badugi import badugi
from .cards import DECK, RANK_NAMES, SUITS, Card, parse_cards
from .errors import EvaluatorError
from .lowball import ace_to_five, deuce_to_seven
from .profiles import GameProfile, get_profile
from .unseen import draw_count, find_clash, tally_draws, unseen_cards

CardsInput = str | Iterable[str | Card]

_LANE = 16  # bits per suit in a partial hand's Badugi mask (13 ranks fit)
_RANK_MASK = (1 << 13) - 1

# The tally's four counts, in this order: draws making the target low, any
# four-card Badugi, the target Badugi, and the target low and Badugi together.
_OUTCOME_KEYS = ("low", "badugi", "badugi_top", "both")


class DrawTooLarge(EvaluatorError):
    """A draw with more possible outcomes than the caller agreed to deal out.

    A separate type so a web page can refuse it with its own message (and
    status) while the command line and the benchmark may still ask for it.
    """

    def __init__(self, message: str, *, combinations: int, limit: int) -> None:
        super().__init__(message)
        self.combinations = combinations
        self.limit = limit


@dataclass(frozen=True)
class Outcome:
    """One hand the draw may make, and in how many of the possible draws it does."""

    key: str  # "badugi", "badugi_top", "low" or "both"
    description: str
    hits: int
    total: int
    outs: tuple[Card, ...] | None = None  # one-card draws only: every card that makes it

    @property
    def probability(self) -> Fraction:
        return Fraction(self.hits, self.total)

    @property
    def percent(self) -> float:
        return 100 * self.hits / self.total

    @property
    def odds_text(self) -> str:
        """The chance as players say it: misses to hits, "against" when missing is likelier."""
        misses = self.total - self.hits
        if not self.hits:
            return "cannot happen"
        if not misses:
            return "certain"
        if misses >= self.hits:
            return f"{misses / self.hits:.1f} to 1 against"
        return f"{self.hits / misses:.1f} to 1 on"

    @property
    def percent_text(self) -> str:
        """One decimal, but never "0.0%" for a possible hand nor "100.0%" for an unsure one."""
        text = f"{self.percent:.1f}%"
        if text == "0.0%" and self.hits:
            return "under 0.1%"
        if text == "100.0%" and self.hits < self.total:
            return "over 99.9%"
        return text


@dataclass(frozen=True)
class DrawOdds:
    """Every outcome of one draw, with what it was computed from."""

    profile: GameProfile
    kept: tuple[Card, ...]
    discarded: tuple[Card, ...]
    dead: tuple[Card, ...]
    draw: int
    unseen: int
    combinations: int
    badugi_top: int | None  # the target ranks actually used (None: the game has no such half)
    low_top: int | None
    outcomes: tuple[Outcome, ...]

    def outcome(self, key: str) -> Outcome:
        """The outcome of ``key``; a Badugi target at the game's highest top card is any Badugi.

        Such a target ("for badugi K" in Badacey, "for badugi A" in Badeucey)
        is listed once, as ``"badugi"``, since every four-card Badugi makes
        it; a question asking for ``"badugi_top"`` then reads that count.
        """
        for outcome in self.outcomes:
            if outcome.key == key:
                return outcome
        if key == "badugi_top" and self.badugi_top is not None:
            return self.outcome("badugi")
        raise KeyError(key)


def draw_cost(
    game: GameProfile | str,
    kept: CardsInput,
    *,
    discarded: CardsInput = (),
    dead: CardsInput = (),
) -> int:
    """How many different draws ``draw_odds`` would deal out, without dealing them.

    A page checks this first so a request too big for one worker is refused
    at once rather than after seconds of work.
    """
    question = _Question.read(game, kept, discarded, dead)
    return draw_count(len(question.pool), question.draw)


def draw_odds(
    game: GameProfile | str,
    kept: CardsInput,
    *,
    discarded: CardsInput = (),
    dead: CardsInput = (),
    badugi_top: int | None = None,
    low_top: int | None = None,
    limit: int | None = None,
) -> DrawOdds:
    """The exact chance of each outcome that matters after keeping ``kept`` and drawing.

    The draw replaces every card missing from ``kept`` (the game's hand size
    minus the cards kept). ``discarded`` are cards of the holding thrown away
    and ``dead`` cards known to be out of play (other players' discards):
    neither can be drawn. ``badugi_top`` and ``low_top`` are ranks (1 = ace
    .. 13 = king) naming the highest card a target hand may hold; left out,
    the targets are any four-card Badugi and any low with no pair (nor, in
    deuce-to-seven, a straight or a flush). ``limit`` refuses, with
    ``DrawTooLarge``, a draw with more possible outcomes than that.
    """
    question = _Question.read(game, kept, discarded, dead)
    profile = question.profile
    targets = _Targets.read(profile, badugi_top, low_top)
    total = draw_count(len(question.pool), question.draw)
    if limit is not None and total > limit:
        raise DrawTooLarge(
            f"drawing {question.draw} from {len(question.pool)} unseen cards means "
            f"{total:,} possible draws, more than the {limit:,} this can work out at once; "
            "keep more cards",
            combinations=total,
            limit=limit,
        )
    tables.learn_every_badugi()  # the counter reads the table directly
    tally, outs = _Enumeration(question, targets).run()
    return DrawOdds(
        profile=profile,
        kept=question.kept,
        discarded=question.discarded,
        dead=question.dead,
        draw=question.draw,
        unseen=len(question.pool),
        combinations=total,
        badugi_top=targets.badugi_top,
        low_top=targets.low_top,
        outcomes=_outcomes(profile, targets, tally, outs, total),
    )


def lowest_target(profile: GameProfile, half: str) -> int:
    """The best top card a target may name: no hand of that half is lower.

    A Badugi needs four ranks, so its best top card is the 4 (the 5 when the
    ace is high); an ace-to-five low needs five, so the 5; a deuce-to-seven
    low cannot be a straight, so the 7.
    """
    if half == "badugi":
        return 5 if profile.badugi_ace_high else 4
    if half == "ace_to_five":
        return 5
    if half == "deuce_to_seven":
        return 7
    raise EvaluatorError(f"{profile.name} has no {half} half")


def target_ranks(profile: GameProfile, half: str) -> tuple[int, ...]:
    """Every top card a target of this half may name, best first, in the game's ace order.

    The last is the "any" target: the highest rank a hand of that half can hold.
    """
    ace_high = profile.badugi_ace_high if half == "badugi" else half == "deuce_to_seven"
    position = tables.position_ace_high if ace_high else tables.position_ace_low
    ranks = sorted(range(1, 14), key=position)
    return tuple(r for r in ranks if position(r) >= position(lowest_target(profile, half)))


# --- reading the question -----------------------------------------------------


@dataclass(frozen=True)
class _Question:
    profile: GameProfile
    kept: tuple[Card, ...]
    discarded: tuple[Card, ...]
    dead: tuple[Card, ...]
    draw: int
    pool: tuple[Card, ...]  # the unseen cards, in deck order

    @classmethod
    def read(
        cls, game: GameProfile | str, kept: CardsInput, discarded: CardsInput, dead: CardsInput
    ) -> _Question:
        profile = game if isinstance(game, GameProfile) else get_profile(game)
        groups = {
            "kept": parse_cards(kept),
            "discarded": parse_cards(discarded),
            "dead": parse_cards(dead),
        }
        clash = find_clash(groups.items())
        if clash is not None:
            raise EvaluatorError(
                f"{clash.card} is both {_PLACES[clash.first]} and {_PLACES[clash.second]}"
            )
        size = profile.hand_size
        held = len(groups["kept"]) + len(groups["discarded"])
        if held > size:
            raise EvaluatorError(
                f"a {profile.name} hand has {size} cards, but {len(groups['kept'])} kept and "
                f"{len(groups['discarded'])} thrown away make {held}"
            )
        draw = size - len(groups["kept"])
        if draw > profile.max_discard:
            raise EvaluatorError(
                f"{profile.name} lets a player draw at most {profile.max_discard} cards, "
                f"so keep at least {size - profile.max_discard}"
            )
        pool = unseen_cards(card for cards in groups.values() for card in cards)
        if len(pool) < draw:
            raise EvaluatorError(f"only {len(pool)} cards are left unseen, too few to draw {draw}")
        return cls(profile, groups["kept"], groups["discarded"], groups["dead"], draw, pool)


_PLACES = {"kept": "kept", "discarded": "thrown away", "dead": "among the dead cards"}


@dataclass(frozen=True)
class _Targets:
    """The target ranks and the weakest strength that still makes each target."""

    badugi_top: int | None
    low_top: int | None
    badugi_any: int  # strength of the weakest four-card Badugi (0: no Badugi half)
    badugi_goal: int  # strength of the weakest Badugi at or below badugi_top
    low_goal: int  # strength of the weakest low at or below low_top (0: no low half)

    @classmethod
    def read(cls, profile: GameProfile, badugi_top: int | None, low_top: int | None) -> _Targets:
        low_half = next((k for k in profile.awards if k != "badugi"), None)
        has_badugi = "badugi" in profile.awards
        if badugi_top is not None and not has_badugi:
            raise EvaluatorError(f"{profile.name} has no Badugi half to aim a Badugi at")
        if low_top is not None and low_half is None:
            raise EvaluatorError(f"{profile.name} has no five-card low to aim a low at")
        badugi_any = badugi_goal = low_goal = 0
        if has_badugi:
            ranks = target_ranks(profile, "badugi")
            badugi_top = _checked(badugi_top, ranks, "Badugi", profile)
            badugi_any = _weakest_badugi(profile, ranks[-1])
            badugi_goal = _weakest_badugi(profile, badugi_top)
        if low_half is not None:
            ranks = target_ranks(profile, low_half)
            low_top = _checked(low_top, ranks, _LOW_NAMES[low_half], profile)
            low_goal = _weakest_low(low_half, low_top)
        return cls(badugi_top, low_top, badugi_any, badugi_goal, low_goal)


_LOW_NAMES = {"ace_to_five": "ace-to-five low", "deuce_to_seven": "deuce-to-seven low"}


def _checked(rank: int | None, ranks: tuple[int, ...], what: str, profile: GameProfile) -> int:
    if rank is None:
        return ranks[-1]
    if not isinstance(rank, int) or isinstance(rank, bool) or not 1 <= rank <= 13:
        raise EvaluatorError(f"a target top card must be a rank from ace to king, not {rank!r}")
    if rank not in ranks:
        raise EvaluatorError(
            f"no {what} in {profile.name} is lower than {_high(ranks[0])}, "
            f"so a target cannot be {_high(rank)}"
        )
    return rank


def _high(rank: int) -> str:
    return f"{RANK_NAMES[rank]}-high"


def _cards_at(positions: Sequence[int], *, ace_high: bool) -> list[Card]:
    """Cards of these rank positions in suits that never all match (no flush, a Badugi)."""
    return [
        Card(tables.rank_at(p, ace_high=ace_high), SUITS[i % 4]) for i, p in enumerate(positions)
    ]


def _weakest_badugi(profile: GameProfile, top: int, *, size: int = 4) -> int:
    """The Badugi of ``size`` cards with ``top`` and the ranks just under it.

    Every Badugi of that size whose top card is ``top`` or lower is at least
    as strong, and every other hand is weaker, so "strength >= this" is the
    target. (With ``top`` the game's highest rank: any Badugi of that size.)
    """
    ace_high = profile.badugi_ace_high
    position = (tables.position_ace_high if ace_high else tables.position_ace_low)(top)
    hand = _cards_at(range(position, position - size, -1), ace_high=ace_high)
    return badugi(hand, ace_high=ace_high).strength


def _weakest_low(kind: str, top: int) -> int:
    """The weakest five-card low with no pair (straight or flush) and ``top`` or lower.

    Ace-to-five ignores straights, so the weakest is five ranks in a row from
    ``top`` down; deuce-to-seven counts them, so its fifth card steps one further.
    """
    if kind == "ace_to_five":
        position = tables.position_ace_low(top)
        hand = _cards_at([position - k for k in (0, 1, 2, 3, 4)], ace_high=False)
        return ace_to_five(hand).strength
    position = tables.position_ace_high(top)
    hand = _cards_at([position - k for k in (0, 1, 2, 3, 5)], ace_high=True)
    return deuce_to_seven(hand).strength


# --- dealing every draw ---------------------------------------------------------


class _Enumeration:
    """Deals every draw once and counts the draws making each outcome.

    A partial hand is three integers: the product of its ranks' primes (the
    key of ``tables``' five-card low tables), its Badugi mask with one 16-bit
    lane per suit (each lane a rank mask, as ``tables.SUIT_MASK_LABEL`` is
    indexed) and the set of its suits (for deuce-to-seven flushes).
    """

    def __init__(self, question: _Question, targets: _Targets) -> None:
        profile = question.profile
        self.question = question
        self.targets = targets
        self.low_kind = next((k for k in profile.awards if k != "badugi"), None)
        self.has_badugi = "badugi" in profile.awards
        low_ace_high = self.low_kind == "deuce_to_seven"
        low_position = tables.position_ace_high if low_ace_high else tables.position_ace_low
        bad_position = (
            tables.position_ace_high if profile.badugi_ace_high else tables.position_ace_low
        )
        self.prime = {c: tables.PRIMES[low_position(c.rank)] for c in DECK}
        self.bit = {c: 1 << bad_position(c.rank) for c in DECK}
        self.suit = {c: SUITS.index(c.suit) for c in DECK}
        if self.low_kind == "deuce_to_seven":
            self.plain, self.flush = tables.D27_STRENGTH, tables.D27_FLUSH_STRENGTH
        else:  # ace-to-five ignores flushes; a game without a low never reads these
            self.plain = self.flush = tables.A5_STRENGTH

    def _add(self, p: int, m: int, s: int, card: Card) -> tuple[int, int, int]:
        k = self.suit[card]
        return p * self.prime[card], m | self.bit[card] << (_LANE * k), s | 1 << k

    def _made(self, p: int, m: int, s: int) -> tuple[bool, bool, bool, bool]:
        """Which outcomes one complete hand makes, in ``_OUTCOME_KEYS`` order."""
        low = False
        if self.low_kind is not None:
            table = self.flush if s.bit_count() == 1 else self.plain
            low = table[p] >= self.targets.low_goal
        any_badugi = top_badugi = False
        if self.has_badugi:
            label = tables.SUIT_MASK_LABEL
            key = sum(label[(m >> (_LANE * k)) & _RANK_MASK] for k in range(4))
            strength = tables.BADUGI_STRENGTH[key]
            any_badugi = strength >= self.targets.badugi_any
            top_badugi = strength >= self.targets.badugi_goal
        return low, any_badugi, top_badugi, low and top_badugi

    def run(self) -> tuple[list[int], dict[str, list[Card]] | None]:
        """The four counts, and for a one-card draw the cards that make each outcome.

        Two cards or more go through ``_walk``, this question's own fast
        loop; standing pat and one card are few enough for the shared count.
        """
        question = self.question
        state = (1, 0, 0)
        for card in question.kept:
            state = self._add(*state, card)
        if question.draw >= 2:
            tally = [0] * len(_OUTCOME_KEYS)
            self._walk(tally, *state)
            return tally, None

        def made(arrived: tuple[Card, ...]) -> tuple[bool, bool, bool, bool]:
            hand = state
            for card in arrived:
                hand = self._add(*hand, card)
            return self._made(*hand)

        one_card = question.draw == 1
        dealt = tally_draws(question.pool, question.draw, made, keep_draws=one_card)
        tally = [dealt.hits(itemgetter(n)) for n in range(len(_OUTCOME_KEYS))]
        if not one_card:  # standing pat: one "draw" of no cards
            return tally, None
        outs = {
            key: [arrived[0] for arrived in dealt.making(itemgetter(n))]
            for n, key in enumerate(_OUTCOME_KEYS)
        }
        return tally, outs

    def _can_low(self) -> frozenset[int]:
        """Prime keys of four cards that some fifth card turns into a target low.

        Most four-card starts cannot make the low at all (a pair, a card too
        high), and for them the last card's low lookup is skipped.
        """
        goal = self.targets.low_goal
        found: set[int] = set()
        for key, strength in self.plain.items():
            if strength >= goal:
                found.update(key // q for q in tables.PRIMES if key % q == 0)
        return frozenset(found)

    def _walk(self, tally: list[int], p0: int, m0: int, s0: int) -> None:
        """Every draw of two or more cards: all but the last two by recursion, those inline.

        The last two cards run in one function with local counters, because
        that loop body runs once per possible draw (over 1.5 million times for
        a five-card draw) and a call or a list update there would double the cost.
        """
        pool = self.question.pool
        n = len(pool)
        suit = [self.suit[c] for c in pool]
        prime = [self.prime[c] for c in pool]
        lane_bit = [self.bit[c] << (_LANE * self.suit[c]) for c in pool]
        # tails[i][k]: (rank bit, prime) of the pool cards from position i on in suit k.
        tails: list[tuple[list[tuple[int, int]], ...]] = [([], [], [], [])] * (n + 1)
        for i in range(n - 1, -1, -1):
            parts = tuple(list(t) for t in tails[i + 1])
            parts[suit[i]].insert(0, (self.bit[pool[i]], prime[i]))
            tails[i] = parts
        label = tables.SUIT_MASK_LABEL
        badugi_table = tables.BADUGI_STRENGTH
        plain, flush = self.plain, self.flush
        any_goal, top_goal = self.targets.badugi_any, self.targets.badugi_goal
        low_goal = self.targets.low_goal
        has_badugi, has_low = self.has_badugi, self.low_kind is not None
        can_low = self._can_low() if has_low else frozenset()
        lane = _RANK_MASK
        # With five-card hands the last card joins four, whose Badugi the table
        # also holds: four with no three-card Badugi cannot make a four-card one
        # with any fifth card, and four that already make the target keep it.
        # Either way no fifth card needs a Badugi lookup.
        shortcut = has_badugi and self.question.profile.hand_size == 5
        profile = self.question.profile
        worst = target_ranks(profile, "badugi")[-1] if shortcut else 0
        three_goal = _weakest_badugi(profile, worst, size=3) if shortcut else 0
        tail_size = [sum(len(cards) for cards in parts) for parts in tails]

        def lows_after(p2: int, s2: int, after: Sequence[Any]) -> int:
            made = 0
            for k, cards in enumerate(after):
                table = flush if s2 == 1 << k else plain
                for _bit, pr in cards:
                    made += table[p2 * pr] >= low_goal
            return made

        def last_two(start: int, p: int, m: int, s: int) -> None:
            lows = any_count = top_count = both = 0
            for i in range(start, n - 1):
                p2, m2, s2 = p * prime[i], m | lane_bit[i], s | 1 << suit[i]
                promising = p2 in can_low
                after = tails[i + 1]
                if not has_badugi:
                    if promising:
                        lows += lows_after(p2, s2, after)
                    continue
                masks = (m2 & lane, (m2 >> 16) & lane, (m2 >> 32) & lane, m2 >> 48)
                labels = [label[x] for x in masks]
                total = labels[0] + labels[1] + labels[2] + labels[3]
                if shortcut:
                    held = badugi_table[total]
                    if held < three_goal:
                        if promising:
                            lows += lows_after(p2, s2, after)
                        continue
                    if held >= top_goal:
                        any_count += tail_size[i + 1]
                        top_count += tail_size[i + 1]
                        if promising:
                            made = lows_after(p2, s2, after)
                            lows += made
                            both += made
                        continue
                for k, cards in enumerate(after):
                    rest, mask = total - labels[k], masks[k]
                    if promising:
                        table = flush if s2 == 1 << k else plain
                        for bit, pr in cards:
                            made = table[p2 * pr] >= low_goal
                            lows += made
                            strength = badugi_table[rest + label[mask | bit]]
                            if strength >= any_goal:
                                any_count += 1
                                if strength >= top_goal:
                                    top_count += 1
                                    both += made
                    else:
                        for bit, _pr in cards:
                            strength = badugi_table[rest + label[mask | bit]]
                            if strength >= any_goal:
                                any_count += 1
                                top_count += strength >= top_goal
            tally[0] += lows
            tally[1] += any_count
            tally[2] += top_count
            tally[3] += both

        def walk(start: int, left: int, p: int, m: int, s: int) -> None:
            if left == 2:
                last_two(start, p, m, s)
                return
            for i in range(start, n - left + 1):
                walk(i + 1, left - 1, p * prime[i], m | lane_bit[i], s | 1 << suit[i])

        walk(0, self.question.draw, p0, m0, s0)


# --- naming the results -----------------------------------------------------------


def _outcomes(
    profile: GameProfile,
    targets: _Targets,
    tally: list[int],
    outs: dict[str, list[Card]] | None,
    total: int,
) -> tuple[Outcome, ...]:
    counts = dict(zip(_OUTCOME_KEYS, tally, strict=True))

    def outcome(key: str, description: str) -> Outcome:
        cards = None if outs is None else tuple(outs[key])
        return Outcome(key, description, counts[key], total, cards)

    found: list[Outcome] = []
    low_kind = next((k for k in profile.awards if k != "badugi"), None)
    badugi_words = ""
    if targets.badugi_top is not None:
        badugi_words = "a four-card Badugi"
        found.append(outcome("badugi", badugi_words))
        if targets.badugi_top != target_ranks(profile, "badugi")[-1]:
            top = targets.badugi_top
            badugi_words = f"{_article(top)} {_high(top)} Badugi or better"
            found.append(outcome("badugi_top", badugi_words))
    if low_kind is not None and targets.low_top is not None:
        name = _LOW_NAMES[low_kind]
        top = targets.low_top
        if top != target_ranks(profile, low_kind)[-1]:
            low_words = f"{_article(top)} {_high(top)} {name} or better"
        elif low_kind == "ace_to_five":
            low_words = f"an {name} with no pair"
        else:
            low_words = f"a {name} with no pair, straight or flush"
        found.append(outcome("low", low_words))
        if badugi_words:
            found.append(outcome("both", f"both at once: {low_words} and {badugi_words}"))
    return tuple(found)


def _article(rank: int) -> str:
    return "an" if rank in (1, 8) else "a"

"""Invented pot-limit, half-pot-limit and no-limit hands, for the generated-history tests.

The study table plays fixed limit only (the lessons' game), so big-bet hands
are played here straight on the engine's betting table: at each turn a
random legal action from ``Table.options()``, and for a bet or raise a
random size between the smallest full raise and the structure's largest,
sometimes the whole stack. Small uneven stacks make short all-ins (which do
not reopen the betting), side pots and uncalled bets common. The finished
record is replayed by the engine, and ``room_writers`` writes it as a room
would have.

``sizes`` keeps, for every bet or raise in order, the sizes the engine
allowed at that moment, so a test can rewrite one to an illegal size and
expect the reader to refuse that line.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from evaluator.betting import Table
from evaluator.cards import DECK, Card
from evaluator.deal import Action, BettingLine, DealRecord, DrawEntry, DrawLine, Seat, Street
from evaluator.profiles import get_profile
from evaluator.replay import replay

from .room_writers import Invented

NAMES = ("Hero", "Ana", "Bram", "Cy", "Dee", "Eli")


@dataclass(frozen=True)
class Size:
    """What the engine allowed for one bet or raise: round totals, in chips."""

    target: int  # the smallest full bet or raise
    largest: int  # the structure's largest, within the seat's chips
    stack_total: int  # the seat's chips in the round plus its stack: its all-in
    before: int  # the bet it faced


@dataclass(frozen=True)
class BigBetHand:
    invented: Invented
    sizes: tuple[Size, ...]


def play_big_bet_hand(
    seed: int,
    game: str,
    structure: str,
    draws: int,
    seats: int,
    stacks: tuple[int, ...],
    rake: int,
) -> BigBetHand:
    """One hand of random legal big-bet play, replayed by the engine."""
    rnd = random.Random(seed)
    cents = rake > 0 or seed % 2 == 0
    small_blind, big_blind = (5, 10) if cents else (10, 20)
    profile = get_profile(
        game,
        structure=structure,
        draws=draws,
        small_blind=small_blind,
        big_blind=big_blind,
        small_bet=big_blind,
        big_bet=big_blind,
    )
    names = NAMES[:seats]
    chips = [stack * big_blind // 2 for stack in stacks]
    deck = list(DECK)
    rnd.shuffle(deck)
    hands = [[deck.pop() for _ in range(profile.hand_size)] for _ in range(seats)]
    button = rnd.randrange(seats)
    table = Table(profile, names, chips, button)
    for _ in table.post_forced_bets():
        pass
    streets: list[Street] = []
    sizes: list[Size] = []
    dealt = [tuple(cards) for cards in hands]
    for betting_round in range(draws + 1):
        if betting_round:
            entries = _draw(table, hands, deck, rnd, profile.max_discard)
            streets.append(DrawLine(tuple(entries)))
            table.start_round(betting_round)
        actions = []
        while not table.round_over:
            seat = table.to_act
            assert seat is not None
            o = table.options()
            kind = rnd.choice(o.kinds)
            amount = None
            if kind in ("bet", "raise"):
                top = min(o.largest, o.put + o.stack)
                amount = rnd.choice([o.target, top, rnd.randint(o.target, top)])
            bet_before = table.bet_to
            table.act(seat, kind, amount)
            if table.bet_to > bet_before:
                sizes.append(Size(o.target, o.largest, o.put + o.stack, bet_before))
            actions.append(Action(names[seat], kind, amount))
        streets.append(BettingLine(tuple(actions)))
        table.finish_round()
        if len(table.live) < 2:
            break
    record = DealRecord(
        profile_key=game,
        settings=profile.settings(),
        seats=tuple(Seat(name, chips[s], dealt[s]) for s, name in enumerate(names)),
        button=button,
        streets=tuple(streets),
    )
    played = replay(record)
    rake = min(rake, played.ledger.total.contributed // 10)
    if rake:
        played = replay(replace(record, rake=rake))
    hero = rnd.randrange(seats)
    return BigBetHand(Invented(played, hero, cents, rake, 10**8 + seed), tuple(sizes))


def _draw(
    table: Table, hands: list[list[Card]], deck: list[Card], rnd: random.Random, most: int
) -> list[DrawEntry]:
    """Every live seat in turn throws some cards and gets as many from the deck."""
    entries = []
    for seat in table.draw_order():
        count = min(rnd.randint(0, most), len(deck))
        thrown = tuple(rnd.sample(hands[seat], count))
        got = tuple(deck.pop() for _ in range(count))
        for card in thrown:
            hands[seat].remove(card)
        hands[seat].extend(got)
        entries.append(DrawEntry(table.names[seat], thrown, got))
    return entries

"""Random legal deals, made by playing random legal actions, replay cleanly.

The generator asks the betting table which actions are legal and deals from a
shuffled deck (reshuffling the discards when it runs short), so every record
it builds should replay without complaint, balance its chips at every step and
survive the trip through the text notation unchanged.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from evaluator import DECK, PROFILES, get_profile
from evaluator.betting import Table
from evaluator.deal import Action, BettingLine, DealRecord, DrawEntry, DrawLine, Seat
from evaluator.notation import format_deal, parse_deal
from evaluator.replay import replay

NAMES = ("Amara", "Bram", "Kira", "Noor", "Jo Ann", "Al", "Al B", "Mara")


@st.composite
def legal_deals(draw):
    key = draw(st.sampled_from(("badacey", "badeucey", "badugi")))
    size = PROFILES[key].hand_size
    chosen = {"max_discard": draw(st.integers(0, size)), "raise_cap": draw(st.integers(1, 5))}
    if draw(st.booleans()):
        chosen |= {"forced_bets": "ante", "ante": draw(st.integers(1, 3))}
    profile = get_profile(key, **chosen)
    n = draw(st.integers(2, 6))
    names = draw(st.permutations(NAMES))[:n]
    stacks = [draw(st.integers(1, 80)) for _ in range(n)]
    button = draw(st.integers(0, n - 1))
    deck = list(draw(st.permutations(DECK)))
    hands = [[deck.pop() for _ in range(size)] for _ in range(n)]
    seats = tuple(Seat(names[i], stacks[i], tuple(hands[i])) for i in range(n))

    table = Table(profile, names, stacks, button)
    for _ in table.post_forced_bets():
        pass
    discards: list = []
    returned: set[int] = set()  # folded seats whose cards went back in a reshuffle
    streets: list = []
    for betting_round in range(profile.draws + 1):
        if betting_round:
            streets.append(_draw(draw, table, profile, hands, deck, discards, returned))
            table.start_round(betting_round)
        streets.append(_betting(draw, table))
        if len(table.live) < 2:
            break
    return DealRecord(key, chosen, seats, button, tuple(streets))


def _betting(draw, table):
    actions = []
    while not table.round_over:
        options = table.options()
        kinds = options.kinds
        if len(kinds) > 1 and draw(st.integers(0, 4)):
            kinds = tuple(k for k in kinds if k != "fold")  # folds less often, longer deals
        kind = draw(st.sampled_from(kinds))
        amount = None
        if draw(st.booleans()):
            amount = {
                "call": options.to_call,
                "bet": options.target,
                "raise": options.target,
                "all-in": options.stack,
            }.get(kind)
        table.act(options.seat, kind, amount)
        actions.append(Action(table.names[options.seat], kind, amount))
    table.finish_round()
    pot = table.pot if draw(st.booleans()) else None
    return BettingLine(tuple(actions), pot)


def _draw(draw, table, profile, hands, deck, discards, returned):
    order = table.draw_order()
    counts = [draw(st.integers(0, profile.max_discard)) for _ in order]
    reshuffled = sum(counts) > len(deck)
    if reshuffled:
        for seat in range(table.n):
            if table.folded[seat] and seat not in returned:
                returned.add(seat)
                discards.extend(hands[seat])
        deck[:0] = discards
        discards.clear()
        budget = len(deck)
        counts = [
            min(c, budget - sum(counts[:i]) if budget > sum(counts[:i]) else 0)
            for i, c in enumerate(counts)
        ]
    entries = []
    for seat, count in zip(order, counts, strict=True):
        picked = draw(st.permutations(range(len(hands[seat]))))[:count]
        gone = tuple(hands[seat][i] for i in sorted(picked))
        new = tuple(deck.pop() for _ in gone)
        hands[seat] = [c for c in hands[seat] if c not in gone] + list(new)
        discards.extend(gone)
        entries.append(DrawEntry(table.names[seat], gone, new))
    return DrawLine(tuple(entries), reshuffled)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(legal_deals())
def test_random_legal_deals_replay_and_balance(record):
    result = replay(record)
    start = sum(seat.stack for seat in record.seats)
    for step in result.steps:
        stacks = sum(seat.stack for seat in step.state.seats)
        assert stacks + step.state.pot == start, step.text
    assert result.steps[-1].state.pot == 0
    assert result.ledger.total.start == result.ledger.total.end == start
    assert sum(result.settlement.payouts) == result.contributions.total == result.settlement.total
    assert result.contributions.total == sum(row.total for row in result.contributions.rows)
    assert result.cards_used <= len(DECK)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(legal_deals())
def test_random_legal_deals_round_trip_through_the_notation(record):
    text = format_deal(record)
    assert parse_deal(text) == record
    assert format_deal(parse_deal(text)) == text

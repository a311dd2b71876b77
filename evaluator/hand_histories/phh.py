"""Export a replayed deal as PHH, the poker hand history format PokerKit reads.

Amounts are written in the room's units (a hand read in cents as dollars and
cents, with its ``currency``). PHH names a game by a variant code; it has
codes for fixed-limit Badugi (``FB``), 2-7 triple draw (``F2L3D``) and
no-limit 2-7 single draw (``N2L1D``) but none for Badacey, Badeucey, A-5
triple draw or the other structures and draw counts, so those are refused
with a sentence saying so unless the caller asks for the codes the site
proposes (``proposed_code``, documented in docs/hand-histories.md). A
big-bet hand gives PHH its smallest bet as ``min_bet`` instead of the
fixed-limit ``small_bet`` and ``big_bet``, as PHH's no-limit games do. Players are numbered from the
button's left, the button last, as PHH counts them; a card nobody saw is
written ``??``. The file is built from the replay's own steps, so what it
says is exactly what the engine checked.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence

from ..cards import Card
from ..deal import BettingLine, DealRecord
from ..errors import EvaluatorError
from ..money import Money
from ..profiles import PROFILES, GameProfile
from ..replay import Replay, Step
from ..structures import DRAW_COUNTS, STRUCTURES

# PHH's own codes for the lessons' fixed-limit triple draw games, by profile.
VARIANTS = {"badugi": "FB", "deuce_to_seven": "F2L3D"}
# Every code PHH itself defines for a draw game the engine plays, by
# (profile, structure, draws): PokerKit reads these files.
STANDARD = {
    ("badugi", "fixed-limit", 3): "FB",
    ("deuce_to_seven", "fixed-limit", 3): "F2L3D",
    ("deuce_to_seven", "no-limit", 1): "N2L1D",
}
# Codes the site proposes for the games PHH does not name yet, in PHH's style
# (docs/hand-histories.md): A-5 lowball triple draw after F2L3D, and the two
# split games as Badugi "/" the five-card low they share the pot with, as
# FO/8 writes Omaha split with its eight-or-better low.
PROPOSED = {"ace_to_five": "FAL3D", "badacey": "FB/AL3D", "badeucey": "FB/2L3D"}
# The structure's letter leads every code, as in PHH (F fixed, P pot, N no
# limit); PHH has no half-pot game, so the site proposes H for it.
_STRUCTURE_LETTERS = {"fixed-limit": "F", "pot-limit": "P", "half-pot-limit": "H", "no-limit": "N"}
# Each game's part of the code, by its number of draws ("2L1D": 2-7 lowball, one draw).
_GAME_PARTS = {
    "badugi": "B{n}D",
    "deuce_to_seven": "2L{n}D",
    "ace_to_five": "AL{n}D",
    "badacey": "B/AL{n}D",
    "badeucey": "B/2L{n}D",
}


def proposed_code(key: str, structure: str, draws: int) -> str:
    """The code of a game in any structure and draw count, PHH's own where it has one.

    Badugi's triple draw keeps PHH's bare ``B`` (``FB``, so ``PB`` in pot
    limit); with fewer draws it says them (``NB1D``), as the lowball codes do.
    """
    standard = STANDARD.get((key, structure, draws))
    if standard is not None:
        return standard
    part = "B" if key == "badugi" and draws == 3 else _GAME_PARTS[key].format(n=draws)
    return _STRUCTURE_LETTERS[structure] + part


# Every code the reader knows, back to the game it names.
CODES = {
    proposed_code(key, structure, draws): (key, structure, draws)
    for key in PROFILES
    for structure in STRUCTURES
    for draws in DRAW_COUNTS
}


def variant_code(profile: GameProfile, *, proposed: bool = False) -> str | None:
    """PHH's code for the profile's game, or the site's proposal when ``proposed``."""
    found = (profile.key, profile.structure, profile.draws)
    if found in STANDARD:
        return STANDARD[found]
    return proposed_code(*found) if proposed else None


def to_phh(played: Replay, *, hand: str | None = None, proposed: bool = False) -> str:
    """The PHH (TOML) text of a replayed deal; ``EvaluatorError`` when PHH cannot hold it.

    ``proposed`` also writes the games PHH has no code for yet with the codes
    the site proposes (``PROPOSED``); PokerKit cannot read those files.
    """
    record, profile = played.record, played.profile
    code = variant_code(profile, proposed=proposed)
    if code is None:
        raise EvaluatorError(
            f"PHH has no variant code for {profile.title}: only fixed-limit Badugi (FB), "
            "fixed-limit 2-7 triple draw (F2L3D) and no-limit 2-7 single draw (N2L1D) "
            "can be exported"
        )
    if profile.is_fixed_limit:
        _within_phh_cap(record, profile)
    n = len(record.seats)
    order = [(record.button + 1 + k) % n for k in range(n)]  # PHH's p1 .. pn
    if n == 2:
        order = [(record.button + 1) % 2, record.button]
    player = {seat: f"p{k + 1}" for k, seat in enumerate(order)}
    number = _writer(record.money)
    antes, blinds = _forced(played, order)
    actions = _deal(played, order, player)
    bet_to = 0
    dealing: list[str] = []  # a draw's new cards are dealt once every seat has discarded
    for step in played.steps:
        if step.kind in ("deal", "post", "round_end", "pot", "showdown", "payout"):
            bet_to = step.state.bet_to if step.kind == "post" else 0
            actions.extend(dealing)
            dealing = []
            continue
        if step.kind == "reshuffle":
            raise EvaluatorError("PHH cannot record a reshuffle of the discards")
        actor = step.actor
        assert actor is not None
        if step.kind == "action":
            actions.append(f"{player[actor]} {_action(step, bet_to, number)}")
            bet_to = step.state.bet_to
        elif step.kind == "draw":
            discard, deal = _draw(step, player[actor])
            actions.append(discard)
            dealing.extend(deal)
        elif step.kind == "show":
            actions.append(f"{player[actor]} sm {_cards(step.state.seats[actor].cards, 0)}")
    _showdown(played, order, player, actions)
    lines = [
        f"variant = {_q(code)}",
        "ante_trimming_status = true",
        f"antes = {_list(antes, number)}",
        f"blinds_or_straddles = {_list(blinds, number)}",
        *(
            [f"small_bet = {number(profile.small_bet)}", f"big_bet = {number(profile.big_bet)}"]
            if profile.is_fixed_limit
            else [f"min_bet = {number(profile.small_bet)}"]
        ),
        f"starting_stacks = {_list([record.seats[s].stack or 0 for s in order], number)}",
        "actions = [",
        *[f"  {_q(a)}," for a in actions],
        "]",
        f"players = [{', '.join(_q(record.seats[s].name) for s in order)}]",
        f"winnings = {_list([played.settlement.payouts[s] for s in order], number)}",
    ]
    if record.money is not None and record.money.currency:
        lines.append(f"currency = {_q(record.money.currency)}")
    ends = [row.end for row in played.ledger.rows]
    if all(end is not None for end in ends):
        lines.append(f"finishing_stacks = {_list([ends[s] or 0 for s in order], number)}")
    if hand is not None:
        lines.append(f"hand = {_q(hand)}")
    if played.rake:
        lines.append(f"_rake = {number(played.rake)}")
    return "\n".join(lines) + "\n"


# PHH's fixed-limit games (as PokerKit plays them) allow a bet and three raises a round.
PHH_LIMIT_BETS = 4


def _within_phh_cap(record: DealRecord, profile: GameProfile) -> None:
    """Refuse a fixed-limit hand with more bets in a round than PHH's games allow.

    A room lifts its cap when two players are left (see records), so a real
    heads-up round may hold a bet and five raises, which PHH cannot say.
    """
    rounds = [s for s in record.streets if isinstance(s, BettingLine)]
    for number, line in enumerate(rounds):
        bets = sum(1 for a in line.actions if a.kind in ("bet", "raise"))
        blinds = (
            profile.forced_bets == "blinds"
            if record.posts is None
            else any(p.kind == "big blind" for p in record.posts)
        )
        if number == 0 and blinds:
            bets += 1
        if bets > PHH_LIMIT_BETS:
            raise EvaluatorError(
                f"PHH's fixed-limit games allow {PHH_LIMIT_BETS} bets a round, "
                f"and this hand has {bets} in one"
            )


def _forced(played: Replay, order: Sequence[int]) -> tuple[list[int], list[int]]:
    """Antes and blinds per PHH player; a blind PHH has no place for is refused."""
    antes = [0] * len(order)
    blinds = [0] * len(order)
    position = {seat: k for k, seat in enumerate(order)}
    for step in played.steps:
        if step.kind != "post" or step.actor is None or step.amount is None:
            continue
        k = position[step.actor]
        if step.action == "ante":
            antes[k] = step.amount
            continue
        expected = 0 if step.action == "small blind" else 1
        if len(order) > 2 and k != expected or blinds[k]:
            name = played.record.seats[step.actor].name
            raise EvaluatorError(
                f"PHH cannot record {name}'s {step.action}: it is not posted in the "
                "usual place (a blind posted out of position has no PHH form)"
            )
        blinds[k] = step.amount
    if len(order) == 2:
        # Heads-up, PHH reads each player's forced bets from the other's entry
        # (the button is p2 and posts the first-listed small blind).
        antes.reverse()
        blinds.reverse()
    return antes, blinds


def _deal(played: Replay, order: Sequence[int], player: dict[int, str]) -> list[str]:
    dealt = played.steps[0].state.seats
    return [f"d dh {player[s]} {_cards(dealt[s].cards, dealt[s].hidden)}" for s in order]


def _action(step: Step, bet_to: int, number: Callable[[int], str] = str) -> str:
    kind = step.action
    if kind == "fold":
        return "f"
    if kind in ("check", "call"):
        return "cc"
    if kind == "all-in" and step.state.bet_to <= bet_to:
        return "cc"
    return f"cbr {number(step.state.bet_to)}"


def _draw(step: Step, who: str) -> tuple[str, list[str]]:
    """The seat's discard, and the dealing of its new cards (if any)."""
    assert step.actor is not None
    seat = step.state.seats[step.actor]
    unseen = seat.hidden_draws[-1] if seat.hidden_draws else 0
    if unseen:
        return f"{who} sd {'??' * unseen}", [f"d dh {who} {'??' * unseen}"]
    if not seat.discarded:
        return f"{who} sd", []
    return f"{who} sd {_cards(seat.discarded, 0)}", [f"d dh {who} {_cards(seat.received, 0)}"]


def _showdown(
    played: Replay, order: Sequence[int], player: dict[int, str], actions: list[str]
) -> None:
    """Show the hands the history already knew (its own seat) and muck the rest."""
    final = played.steps[-1].state.seats
    if sum(1 for seat in final if not seat.folded) < 2:
        return
    shown = {a.split()[0] for a in actions if " sm " in a}
    for s in order:
        seat = final[s]
        if seat.folded or player[s] in shown:
            continue
        lost = played.record.showdown is not None or seat.hidden
        actions.append(f"{player[s]} sm" if lost else f"{player[s]} sm {_cards(seat.cards, 0)}")


def _cards(cards: Sequence[Card], hidden: int) -> str:
    return "".join(c.rank_text.replace("10", "T") + c.suit for c in cards) + "??" * hidden


def _q(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def _list(values: Sequence[int], number: Callable[[int], str] = str) -> str:
    return "[" + ", ".join(number(v) for v in values) + "]"


def _writer(money: Money | None) -> Callable[[int], str]:
    """Amounts as the room counted them: a hand read in cents is written in dollars
    and cents (``6.30``, which PokerKit reads as an exact decimal), never as 630."""
    if money is None or not money.cents:
        return str

    def number(chips: int) -> str:
        whole, cents = divmod(chips, money.scale)
        return f"{whole}.{cents:02d}"

    return number

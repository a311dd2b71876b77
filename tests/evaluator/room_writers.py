"""Invented hands written in each room's layout, for the generated-history tests.

A hand is played at the study table (``evaluator.play``) with random
decisions and small, uneven stacks, so folds, uncalled bets, all-ins and
side pots all come up; the engine's replay of it (every card known) is then
written the way Full Tilt, Winamax or the Merge network would have written
it: only the file's own player's cards, the others' draws as counts, and
the cards shown at the showdown. Reading the text back must give the same
payouts as the replay that wrote it.

These writers are test helpers, not a feature: the site only reads rooms'
files, it never writes them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from evaluator.cards import RANK_TEXT, Card
from evaluator.deal import DealRecord, Post
from evaluator.play.hand import LiveHand
from evaluator.play.table import Action, TableSettings
from evaluator.replay import Replay, replay
from evaluator.replay.snapshots import Step

LAYOUT_GAMES = {
    "stars": ("badugi", "deuce_to_seven"),
    "fulltilt": ("badugi", "deuce_to_seven", "ace_to_five"),
    "winamax": ("deuce_to_seven",),
    "merge": ("badugi", "deuce_to_seven", "ace_to_five"),
}
_FULLTILT_NAMES = {
    "badugi": "Badugi",
    "deuce_to_seven": "2-7 Triple Draw",
    "ace_to_five": "A-5 Triple Draw",
}
_MERGE_NAMES = {"badugi": "Badugi", "deuce_to_seven": "2-7 Lowball", "ace_to_five": "A-5 Lowball"}
_STARS_NAMES = {"badugi": "Badugi", "deuce_to_seven": "Triple Draw 2-7 Lowball"}
# How each room writes a structure (fpdb-3's parsers read the same words).
_STARS_STRUCTURES = {"fixed-limit": "Limit", "pot-limit": "Pot Limit", "no-limit": "No Limit"}
_FULLTILT_STRUCTURES = {
    "fixed-limit": "FL",
    "pot-limit": "PL",
    "half-pot-limit": "HPL",
    "no-limit": "NL",
}
_WINAMAX_STRUCTURES = {
    "fixed-limit": "fixed limit",
    "pot-limit": "pot limit",
    "no-limit": "no limit",
}
_MERGE_STRUCTURES = {
    "fixed-limit": "Limit",
    "pot-limit": "Pot Limit",
    "half-pot-limit": "Half Pot Limit",
    "no-limit": "No Limit",
}


def _stakes(record: DealRecord) -> tuple[int, int]:
    """The header's two amounts: the bets in fixed limit, the blinds in big-bet games."""
    s = record.settings
    if "structure" in s:
        return s["small_blind"], s["big_blind"]
    return s["small_bet"], s["big_bet"]


@dataclass(frozen=True)
class Invented:
    """One played hand: the replay with every card, the hero's seat, and the room's terms."""

    played: Replay
    hero: int
    cents: bool  # the room's money has cents (a cash game), else tournament chips
    rake: int
    hand_id: int


def play_hand(
    seed: int, game: str, seats: int, stacks: tuple[int, ...], rake: int, dead: bool = False
) -> Invented | None:
    """A hand at the study table with the learner's decisions drawn from ``seed``.

    ``dead`` adds a dead small blind from a seat that posted no blind (as a
    seat coming back after missing its blinds pays): dead money in the pot.
    None when that seat cannot afford it with what it went on to bet.
    """
    rnd = random.Random(seed)
    settings = replace(TableSettings.default(game, seed=seed, seats=seats), stacks=stacks)
    hand = LiveHand.start(settings)
    while not hand.is_over:
        legal = hand.legal_actions()
        choice = rnd.choice(legal)
        if choice.kind == "draw":
            cards = list(hand.learner_cards)
            count = rnd.randint(0, min(choice.max_discards, len(cards)))
            hand.act(Action.draw(*rnd.sample(cards, count)))
        else:
            hand.act(Action(choice.kind))
    record = hand.record()
    played = replay(record)
    if dead:
        with_dead = _with_dead_blind(record, played, rnd)
        if with_dead is None:
            return None
        record = with_dead
        played = replay(record)
    pot = played.ledger.total.contributed
    rake = min(rake, pot // 10)
    if rake:
        played = replay(replace(record, rake=rake))
    return Invented(played, settings.learner_seat, rake > 0 or seed % 2 == 0, rake, 10**8 + seed)


def _with_dead_blind(record: DealRecord, played: Replay, rnd: random.Random) -> DealRecord | None:
    posts = [
        Post(record.seats[s.actor].name, s.action or "", s.amount or 0)
        for s in played.steps
        if s.kind == "post" and s.actor is not None
    ]
    blinders = {p.seat for p in posts}
    rows = {row.name: row for row in played.ledger.rows}
    small = int(record.settings["small_blind"])
    able = [
        seat.name
        for seat in record.seats
        if seat.name not in blinders and (seat.stack or 0) > rows[seat.name].contributed + small
    ]
    if not able:
        return None
    posts.append(Post(rnd.choice(able), "dead blind", small))
    return replace(record, posts=tuple(posts))


def _card(card: Card) -> str:
    return ("T" if card.rank == 10 else RANK_TEXT[card.rank]) + card.suit


def _cards(cards: tuple[Card, ...] | list[Card], sep: str = " ") -> str:
    return sep.join(_card(c) for c in cards)


def _returned(played: Replay) -> dict[int, int]:
    """Chips the engine gives back to a seat nobody matched (an uncalled bet)."""
    dead = [0] * len(played.ledger.rows)
    for step in played.steps:
        if step.kind == "post" and step.action == "dead blind" and step.actor is not None:
            dead[step.actor] += step.amount or 0  # dead money is never given back
    put = [row.contributed - dead[k] for k, row in enumerate(played.ledger.rows)]
    back = {}
    for seat, chips in enumerate(put):
        others = max((c for s, c in enumerate(put) if s != seat), default=0)
        if chips > others:
            back[seat] = chips - others
    return back


def _walk(played: Replay):
    """The steps with the round's bet before each (the blinds count; dead money does not)."""
    level = 0
    big_blind = int(played.record.settings.get("big_blind", 0))
    for step in played.steps:
        if step.kind == "post" and step.action == "big blind":
            level = big_blind  # the round's bet even when the blind is short and all-in
        yield step, level
        if step.kind == "action":
            level = max(level, step.state.bet_to)
        elif step.kind == "round_end":
            level = 0


def _showdown(played: Replay) -> list[int]:
    last = played.steps[-1].state
    live = [s for s, seat in enumerate(last.seats) if not seat.folded]
    return live if len(live) > 1 else []


def _money(hand: Invented, chips: int, style: str) -> str:
    if not hand.cents:
        return f"{chips:,}" if style == "fulltilt" else str(chips)
    whole, cents = divmod(chips, 100)
    if style == "fulltilt":
        return f"${whole:,}" if cents == 0 else f"${whole:,}.{cents:02d}"
    if style == "winamax":
        return f"{whole}€" if cents == 0 else f"{whole}.{cents:02d}€"
    return f"{whole}.{cents:02d}"


def write_fulltilt(hand: Invented) -> str:
    played = hand.played
    record = played.record
    names = [seat.name for seat in record.seats]
    game = _FULLTILT_NAMES[record.profile_key]
    if record.settings.get("draws") == 1:
        game = "2-7 Single Draw"
    structure = _FULLTILT_STRUCTURES[record.settings.get("structure", "fixed-limit")]

    def m(chips: int) -> str:
        return _money(hand, chips, "fulltilt")

    small, big = _stakes(record)
    out = [
        f"Full Tilt Poker Game #{hand.hand_id}: Table Invented (6 max) - {structure} {game} - "
        f"{m(small)}/{m(big)} - 21:00:00 ET - 2011/03/14"
    ]
    for s, seat in enumerate(record.seats):
        out.append(f"Seat {s + 1}: {seat.name} ({m(seat.stack or 0)})")
    posts: list[str] = []
    body: list[str] = []
    draws, drawing = 0, False
    for step, before in _walk(played):
        who = names[step.actor] if step.actor is not None else ""
        if step.kind == "post" and step.action == "dead blind":
            posts.append(f"{who} posts a dead small blind of {m(step.amount or 0)}")
        elif step.kind == "post":
            posts.append(f"{who} posts the {step.action} of {m(step.amount or 0)}")
        elif step.kind == "action":
            body.append(who + " " + _fulltilt_action(step, before, m))
        elif step.kind == "draw" and step.actor is not None:
            if not drawing:
                draws, drawing = draws + 1, True
                body.append(f"*** {('FIRST', 'SECOND', 'THIRD')[draws - 1]} DRAW ***")
            body.extend(_fulltilt_draw(hand, step, who))
        elif step.kind == "round_end" and step.action == "draw":
            drawing = False
    out += posts + [f"The button is in seat #{record.button + 1}", "*** HOLE CARDS ***"]
    out.append(f"Dealt to {names[hand.hero]} [{_cards(record.seats[hand.hero].cards)}]")
    out += body
    out += _ending(
        played,
        names,
        m,
        shows="{name} shows [{cards}]",
        returned="Uncalled bet of {chips} returned to {name}",
        wins="{name} wins the pot ({chips})",
        rake=f"Rake {m(hand.rake)}",
    )
    return "\n".join(out) + "\n"


def _raises(step: Step, before: int) -> bool:
    """The action lifts the round's bet (a bet, a raise, or an all-in beyond a call)."""
    if step.action in ("bet", "raise"):
        return True
    return step.action == "all-in" and step.state.bet_to > before


def _opens(step: Step, before: int) -> bool:
    """A bet rather than a raise, as the engine names it: an all-in for less than a
    full bet does not open the betting, so the next seat's full bet is still a bet.
    """
    if step.action in ("bet", "raise"):
        return step.action == "bet"
    return before == 0


def _fulltilt_action(step: Step, before: int, m) -> str:
    assert step.actor is not None
    seat = step.state.seats[step.actor]
    added = step.amount or 0
    all_in = ", and is all in" if seat.all_in and added > 0 else ""
    if step.action in ("fold", "check"):
        return step.action + "s"
    to = step.state.bet_to  # the round's bet after this action (dead money is no part of it)
    if _raises(step, before):
        if _opens(step, before):
            return f"bets {m(to)}{all_in}"
        return f"raises to {m(to)}{all_in}"
    return f"calls {m(added)}{all_in}"


def _fulltilt_draw(hand: Invented, step: Step, who: str) -> list[str]:
    thrown, got = step.discarded, step.received
    if not thrown:
        return [f"{who} stands pat"]
    plural = "card" if len(thrown) == 1 else "cards"
    if step.actor != hand.hero:
        return [f"{who} discards {len(thrown)} {plural}", f"{who} is dealt {len(got)} {plural}"]
    assert step.actor is not None
    kept = [c for c in step.state.seats[step.actor].cards if c not in got]
    return [
        f"{who} discards {len(thrown)} {plural} [{_cards(thrown)}]",
        f"Dealt to {who} [{_cards(kept)}] [{_cards(got)}]",
    ]


def write_winamax(hand: Invented) -> str:
    played = hand.played
    record = played.record
    names = [seat.name for seat in record.seats]
    structure = _WINAMAX_STRUCTURES[record.settings.get("structure", "fixed-limit")]

    def m(chips: int) -> str:
        return _money(hand, chips, "winamax")

    small, big = _stakes(record)
    kind = "CashGame" if hand.cents else 'Tournament "Invented" buyIn: 4.50€ + 0.50€ level: 3'
    out = [
        f"Winamax Poker - {kind} - HandId: #{hand.hand_id}-1-1 - 2-7 Triple Draw {structure} "
        f"({m(small)}/{m(big)}) - 2016/03/03 20:15:00 UTC",
        f"Table: 'Invented' 6-max (real money) Seat #{record.button + 1} is the button",
    ]
    for s, seat in enumerate(record.seats):
        out.append(f"Seat {s + 1}: {seat.name} ({m(seat.stack or 0)})")
    out.append("*** ANTE/BLINDS ***")
    rounds = ("FIRST", "SECOND", "THIRD", "FOURTH")
    betting, draws, drawing = 0, 0, False
    dealt = False
    for step, before in _walk(played):
        who = names[step.actor] if step.actor is not None else ""
        if step.kind == "post":
            out.append(f"{who} posts {step.action} {m(step.amount or 0)}")
            continue
        if not dealt and step.kind in ("action", "draw", "round_end"):
            for s, seat in enumerate(record.seats):
                visible = _cards(seat.cards) if s == hand.hero else " ".join("X" * len(seat.cards))
                out.append(f"Dealt to {names[s]} [{visible}]")
            dealt = True
            out.append("*** FIRST-BET ***")
            betting = 1
        if step.kind == "action":
            if betting <= draws:
                betting = draws + 1
                out.append(f"*** {rounds[betting - 1]}-BET ***")
            out.append(who + " " + _winamax_action(step, before, m))
        elif step.kind == "draw" and step.actor is not None:
            if not drawing:
                draws, drawing = draws + 1, True
                out.append(f"*** {rounds[draws - 1]}-DRAW ***")
            out.append(_winamax_draw(hand, step, who))
        elif step.kind == "round_end" and step.action == "draw":
            drawing = False
    out += _ending(
        played,
        names,
        m,
        shows="{name} shows [{cards}]",
        returned=None,  # Winamax writes no line for a returned bet
        wins="{name} collected {chips} from pot",
        rake=f"Rake {m(hand.rake)}" if hand.rake else "No rake",
        keeps_returns=True,
    )
    return "\n".join(out) + "\n"


def _winamax_action(step: Step, before: int, m) -> str:
    assert step.actor is not None
    seat = step.state.seats[step.actor]
    added = step.amount or 0
    all_in = " and is all-in" if seat.all_in and added > 0 else ""
    if step.action in ("fold", "check"):
        return step.action + "s"
    to = step.state.bet_to
    if _raises(step, before):
        if _opens(step, before):
            return f"bets {m(to)}{all_in}"
        return f"raises {m(to - before)} to {m(to)}{all_in}"
    return f"calls {m(added)}{all_in}"


def _winamax_draw(hand: Invented, step: Step, who: str) -> str:
    assert step.actor is not None
    thrown, got = step.discarded, step.received
    now = step.state.seats[step.actor].cards
    if not thrown:
        return (
            f"{who} stands pat [{_cards(now)}]" if step.actor == hand.hero else f"{who} stands pat"
        )
    kept = [c for c in now if c not in got]
    if step.actor == hand.hero:
        return f"Dealt to {who} [{_cards(kept)}] [{_cards(got)}]"
    return f"Dealt to {who} [{' '.join('X' * len(kept))}] [{' '.join('X' * len(got))}]"


def write_merge(hand: Invented) -> str:
    played = hand.played
    record = played.record
    kind = _MERGE_NAMES[record.profile_key] + ("" if hand.cents else " Tournament")
    structure = _MERGE_STRUCTURES[record.settings.get("structure", "fixed-limit")]

    def m(chips: int) -> str:
        return _money(hand, chips, "merge")

    small, big = _stakes(record)
    dollar = "$" if hand.cents else ""
    out = [
        f'<description type="{kind}" stakes="{structure} ({dollar}{m(small)}/{dollar}{m(big)})"/>',
        f'<game id="{hand.hand_id}-1" starttime="20110314210000" realmoney="true">',
        f' <players dealer="{record.button}">',
    ]
    posted = [0] * len(record.seats)
    for step in played.steps:
        if step.kind == "post" and step.actor is not None:
            posted[step.actor] += step.amount or 0
    for s, seat in enumerate(record.seats):
        balance = (seat.stack or 0) - (0 if hand.cents else posted[s])
        out.append(
            f'  <player seat="{s}" nickname="{seat.name}" balance="{dollar}{m(balance)}" '
            'dealtin="true" />'
        )
    out += [" </players>", ' <round id="BLINDS" sequence="1">']
    rounds = ("FIRST_DRAW", "SECOND_DRAW", "THIRD_DRAW")
    draws, sequence, drawing = 0, 0, False
    dealt = False
    for step, before in _walk(played):
        sequence += 1
        if step.kind == "post":
            kind_name = {"small blind": "SMALL_BLIND", "big blind": "BIG_BLIND"}[step.action or ""]
            out.append(
                f'  <event sequence="{sequence}" type="{kind_name}" player="{step.actor}" '
                f'amount="{m(step.amount or 0)}"/>'
            )
            continue
        if not dealt and step.kind in ("action", "draw", "round_end"):
            out += [
                " </round>",
                ' <round id="PRE_FIRST_DRAW" sequence="2">',
                f'  <cards type="HOLE" cards="{_cards(record.seats[hand.hero].cards, ",")}" '
                f'player="{hand.hero}"/>',
            ]
            dealt = True
        if step.kind == "action":
            out.append(_merge_action(step, before, sequence, m))
        elif step.kind == "draw" and step.actor is not None:
            if not drawing:
                draws, drawing = draws + 1, True
                out += [" </round>", f' <round id="{rounds[draws - 1]}" sequence="{draws + 2}">']
            out.append(
                f'  <event sequence="{sequence}" type="DRAW" player="{step.actor}" '
                f'text="{len(step.discarded)}"/>'
            )
            if step.actor == hand.hero and step.discarded:
                now = _cards(step.state.seats[step.actor].cards, ",")
                out.append(f'  <cards type="DRAW_DRAWN_CARDS" cards="{now}" player="{hand.hero}"/>')
        elif step.kind == "round_end" and step.action == "draw":
            drawing = False
    rake = f' rake="{m(hand.rake)}"' if hand.rake else ""
    out += [" </round>", f' <round id="END_OF_GAME" sequence="9"{rake}>']
    final = played.steps[-1].state
    for s in _showdown(played):
        out.append(
            f'  <cards type="SHOWN" cards="{_cards(final.seats[s].cards, ",")}" player="{s}"/>'
        )
    back = _returned(played)
    for s, chips in back.items():
        out.append(f'  <winner amount="{m(chips)}" uncalled="true" potnumber="0" player="{s}"/>')
    for s, paid in enumerate(played.settlement.payouts):
        won = paid - back.get(s, 0)
        if won > 0:
            out.append(f'  <winner amount="{m(won)}" uncalled="false" potnumber="1" player="{s}"/>')
    out += [" </round>", "</game>"]
    return "\n".join(out) + "\n"


def _merge_action(step: Step, before: int, sequence: int, m) -> str:
    assert step.actor is not None
    seat = step.state.seats[step.actor]
    added = step.amount or 0
    head = f'  <event sequence="{sequence}" player="{step.actor}"'
    if step.action in ("fold", "check"):
        return f'{head} type="{step.action.upper()}"/>'
    if seat.all_in and added > 0:
        return f'{head} type="ALL_IN" amount="{m(added)}"/>'
    if _raises(step, before):
        kind = "BET" if _opens(step, before) else "RAISE"
        return f'{head} type="{kind}" amount="{m(step.state.bet_to)}"/>'
    return f'{head} type="CALL" amount="{m(added)}"/>'


def write_stars(hand: Invented) -> str:
    """The "PokerStars Game #" layout: seats' lines start with the name and a colon."""
    played = hand.played
    record = played.record
    names = [seat.name for seat in record.seats]
    game = _STARS_NAMES[record.profile_key]
    if record.settings.get("draws") == 1:
        game = "Single Draw 2-7 Lowball"
    structure = _STARS_STRUCTURES[record.settings.get("structure", "fixed-limit")]

    def m(chips: int) -> str:
        if not hand.cents:
            return f"{chips:,}"
        whole, cents = divmod(chips, 100)
        return f"${whole}" if cents == 0 else f"${whole}.{cents:02d}"

    small, big = _stakes(record)
    where = "" if hand.cents else "Tournament #3000009, $2+$0.20 USD "
    level = "" if hand.cents else "Level III "
    currency = " USD" if hand.cents else ""
    out = [
        f"PokerStars Game #{hand.hand_id}: {where}{game} {structure} - {level}"
        f"({m(small)}/{m(big)}{currency}) - 2024/06/01 10:00:00 ET",
        f"Table 'Invented' 6-max Seat #{record.button + 1} is the button",
    ]
    for s, seat in enumerate(record.seats):
        out.append(f"Seat {s + 1}: {seat.name} ({m(seat.stack or 0)} in chips)")
    body: list[str] = []
    draws, drawing = 0, False
    for step, before in _walk(played):
        who = names[step.actor] if step.actor is not None else ""
        if step.kind == "post":
            out.append(f"{who}: posts {step.action} {m(step.amount or 0)}")
        elif step.kind == "action":
            body.append(f"{who}: " + _stars_action(step, before, m))
        elif step.kind == "draw" and step.actor is not None:
            if not drawing:
                draws, drawing = draws + 1, True
                body.append(f"*** {('FIRST', 'SECOND', 'THIRD')[draws - 1]} DRAW ***")
            body.extend(_stars_draw(hand, step, who))
        elif step.kind == "round_end" and step.action == "draw":
            drawing = False
    out += ["*** DEALING HANDS ***"]
    out.append(f"Dealt to {names[hand.hero]} [{_cards(record.seats[hand.hero].cards)}]")
    out += body
    out += _ending(
        played,
        names,
        m,
        shows="{name}: shows [{cards}]",
        returned="Uncalled bet ({chips}) returned to {name}",
        wins="{name} collected {chips} from pot",
        rake=f"Rake {m(hand.rake)}",
    )
    return "\n".join(out) + "\n"


def _stars_action(step: Step, before: int, m) -> str:
    assert step.actor is not None
    seat = step.state.seats[step.actor]
    added = step.amount or 0
    all_in = " and is all-in" if seat.all_in and added > 0 else ""
    if step.action in ("fold", "check"):
        return step.action + "s"
    to = step.state.bet_to
    if _raises(step, before):
        if _opens(step, before):
            return f"bets {m(to)}{all_in}"
        return f"raises {m(to - before)} to {m(to)}{all_in}"
    return f"calls {m(added)}{all_in}"


def _stars_draw(hand: Invented, step: Step, who: str) -> list[str]:
    thrown, got = step.discarded, step.received
    if not thrown:
        return [f"{who}: stands pat"]
    plural = "card" if len(thrown) == 1 else "cards"
    if step.actor != hand.hero:
        return [f"{who}: discards {len(thrown)} {plural}"]
    assert step.actor is not None
    kept = [c for c in step.state.seats[step.actor].cards if c not in got]
    return [
        f"{who}: discards {len(thrown)} {plural} [{_cards(thrown)}]",
        f"Dealt to {who} [{_cards(kept)}] [{_cards(got)}]",
    ]


WRITERS = {
    "stars": write_stars,
    "fulltilt": write_fulltilt,
    "winamax": write_winamax,
    "merge": write_merge,
}


def _ending(
    played: Replay,
    names: list[str],
    m,
    *,
    shows: str,
    returned: str | None,
    wins: str,
    rake: str,
    keeps_returns: bool = False,
) -> list[str]:
    """Showdown, returned bets, winnings and summary: every text room writes them alike.

    Only the wording differs, so each writer passes its room's templates
    (``{name}``, ``{cards}``, ``{chips}``); ``returned`` is None for a room
    that writes no line for a bet nobody called. ``keeps_returns`` writes
    the way Winamax's real files do: a bet nobody called stays in what its
    bettor collected, and the total pot is what the winners took.
    """
    out: list[str] = []
    shown = _showdown(played)
    final = played.steps[-1].state
    if shown:
        out.append("*** SHOW DOWN ***")
        out += [shows.format(name=names[s], cards=_cards(final.seats[s].cards)) for s in shown]
    back = {} if keeps_returns else _returned(played)
    if returned is not None:
        out += [returned.format(name=names[s], chips=m(chips)) for s, chips in back.items()]
    for s, paid in enumerate(played.settlement.payouts):
        won = paid - back.get(s, 0)
        if won > 0:
            out.append(wins.format(name=names[s], chips=m(won)))
    total = played.ledger.total.contributed - sum(back.values())
    if keeps_returns:
        total = sum(played.settlement.payouts)
    return [*out, "*** SUMMARY ***", f"Total pot {m(total)} | {rake}"]

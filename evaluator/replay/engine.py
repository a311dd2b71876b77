"""The step engine: plays a deal record through the betting table, one step at a time.

It owns the order of the deal (deal, forced bets, betting rounds and draws,
showdown, payouts) and the card bookkeeping of the draws; the chips and turn
order belong to ``betting.Table`` and the pot is divided by ``settle``, the
evaluator's one settlement function, so the replayer and the lesson pages can
never disagree about a pot.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from ..betting import Table
from ..cards import DECK, Card, format_cards
from ..deal import BettingLine, DealError, DealRecord, DrawEntry, DrawLine, round_name
from ..money import chip_writer
from ..profiles import GameProfile
from ..settlement import SeatResult, Settlement, settle
from ..wording import names_and, number_word
from .accounts import contribution_table, ledger
from .forced_bets import post_recorded
from .rake import take_rake
from .record_checks import check_seats, showdown_share
from .results import Ledger, Replay
from .sentences import action_text, draw_text, post_text, unseen_draw_text
from .snapshots import DrawRecord, SeatState, State, Step

# One deck: once a deal has dealt more cards than this, the room must have
# shuffled the discards back in, whether or not the record says so.
DECK_SIZE = len(DECK)


def replay(record: DealRecord, *, snapshots: bool = True) -> Replay:
    """Play the record through, checking every step; raises ``DealError`` at the first fault.

    ``snapshots=False`` checks exactly the same rules but keeps no steps (the
    result's ``steps`` is empty): checking thousands of imported hands needs
    only the verdict and the chips, and the table snapshots are most of the cost.
    """
    return _Replayer(record, snapshots).run()


class _Replayer:
    def __init__(self, record: DealRecord, snapshots: bool = True) -> None:
        self.record = record
        self.snapshots = snapshots
        self.count = 0  # steps taken, kept or not
        self.profile = record.profile()
        self.steps: list[Step] = []
        self.names = tuple(seat.name for seat in record.seats)
        self.write = chip_writer(record.money)  # amounts in the room's units
        self.index = {name: i for i, name in enumerate(self.names)}
        check_seats(record, self.profile)
        n = len(record.seats)
        self.stacks_known = all(seat.stack is not None for seat in record.seats)
        share = showdown_share(record)
        stacks = [seat.stack if seat.stack is not None else share for seat in record.seats]
        self.table = Table(self.profile, self.names, stacks, record.button)
        self.hands = [list(seat.cards) for seat in record.seats]
        self.hidden = [seat.hidden for seat in record.seats]
        # A card room's history hides other seats' cards; the engine then checks
        # what it can see and never guesses the rest.
        self.any_hidden = any(self.hidden) or any(
            entry.hidden
            for street in record.streets
            if isinstance(street, DrawLine)
            for entry in street.entries
        )
        self.track_dead = True
        self.hidden_draws: list[list[int]] = [[] for _ in range(n)]
        self.conceded = [False] * n
        self.draws: list[list[DrawRecord]] = [[] for _ in range(n)]
        # Cards are kept by their deck index: an int hashes and compares in C,
        # a Card in Python, and every draw and show looks cards up here.
        self.owner: dict[int, int] = {}  # card index -> the seat holding it
        self.dead: dict[int, str] = {}  # card index -> why it cannot come round again
        self.used: set[int] = set()
        self.dealt = 0
        self.street = "before the draw"
        self.draws_done = 0
        self.drawing: int | None = None
        self.cache: list[SeatState | None] = [None] * n

    def _fail(self, problem: str, line: int | None = None) -> DealError:
        return DealError(problem, line=line, step=self.count)

    # -- snapshots --------------------------------------------------------------

    def _seat_state(self, s: int) -> SeatState:
        t = self.table
        return SeatState(
            self.names[s],
            t.stack[s] if self.stacks_known else None,
            tuple(self.hands[s]),
            tuple(self.draws[s]),
            t.folded[s],
            t.all_in[s] and self.stacks_known,
            t.round_in[s],
            t.total_in[s],
            self.hidden[s],
            tuple(self.hidden_draws[s]),
        )

    def _step(
        self,
        kind: str,
        text: str | Callable[[], str],
        changed: Iterable[int] = (),
        *,
        pot: int | None = None,
        actor: int | None = None,
        action: str | None = None,
        amount: int | None = None,
        line: int | None = None,
    ) -> None:
        self.count += 1
        if not self.snapshots:
            return
        if not isinstance(text, str):
            text = text()  # worded only when a step is kept: checking needs no sentences
        cache = self.cache
        for s in changed:
            cache[s] = self._seat_state(s)
        t = self.table
        to_act: int | None
        if self.drawing is not None:
            to_act, to_call = self.drawing, 0
        else:
            to_act = t.to_act
            to_call = t.bet_to - t.put[to_act] if to_act is not None else 0
        state = State(
            self.street,
            to_act,
            tuple(cache),  # type: ignore[arg-type]
            t.pot if pot is None else pot,
            t.bet_to,
            to_call,
            self.profile.draws - self.draws_done,
        )
        self.steps.append(
            Step(
                self.count - 1,
                kind,
                text[0].upper() + text[1:],
                state,
                actor,
                action,
                amount,
                line,
            )
        )

    # -- the deal ---------------------------------------------------------------

    def run(self) -> Replay:
        record, profile = self.record, self.profile
        self._deal()
        if record.showdown_pot is None:
            if record.posts is None:
                for seat, what, chips in self.table.post_forced_bets():
                    self._post(seat, what, chips)
            else:
                try:
                    for seat, what, chips, line in post_recorded(
                        self.table, self.profile, record.posts, self._seat_of
                    ):
                        self._post(seat, what, chips, line)
                except DealError as error:
                    if error.step is not None:
                        raise
                    raise self._fail(error.problem, error.line) from None
            self._play_streets()
        else:
            self._play_draws_only()
        return self._finish(profile)

    def _deal(self) -> None:
        for s, seat in enumerate(self.record.seats):
            for card in seat.cards:
                if card.index in self.owner:
                    other = self.owner[card.index]
                    where = (
                        f"twice to {seat.name}"
                        if other == s
                        else (f"to both {self.names[other]} and {seat.name}")
                    )
                    raise self._fail(f"{card} is dealt {where}", seat.line)
                self.owner[card.index] = s
        self.used.update(self.owner)
        self.dealt = len(self.owner) + sum(self.hidden)
        button = self.names[self.record.button]
        profile = self.profile

        def text() -> str:
            # A room's other structure or draw count is named first: its bets are
            # sized by other rules than the lessons' fixed-limit triple draw.
            game = "" if profile.title == profile.name else f"The game is {profile.title}. "
            return (
                f"{game}{button} has the button. Each seat is dealt "
                f"{number_word(profile.hand_size)} cards."
            )

        self._step("deal", text, range(len(self.names)))

    def _post(self, seat: int, what: str, chips: int, line: int | None = None) -> None:
        t, profile = self.table, self.profile

        def text() -> str:
            owed = {"small blind": profile.small_blind, "big blind": profile.big_blind}.get(what)
            said = post_text(
                self.names[seat], what, chips, owed, dead=what == "dead blind", write=self.write
            )
            return f"{said} The pot is {self.write(t.pot)}."

        self._step(
            "post",
            text,
            (seat,),
            actor=seat,
            action=what,
            amount=chips,
            line=line,
        )

    def _play_streets(self) -> None:
        t, profile = self.table, self.profile
        expected = 2 * profile.draws + 1
        streets = self.record.streets
        for i, street in enumerate(streets):
            if len(t.live) < 2:
                (winner,) = t.live
                raise self._fail(
                    f"the deal is over (everyone but {self.names[winner]} has folded), "
                    "yet the record goes on",
                    street.line,
                )
            if i >= expected:
                raise self._fail(
                    f"{profile.name} has {number_word(profile.draws)} draws and "
                    f"{number_word(profile.draws + 1)} betting rounds; the record has more",
                    street.line,
                )
            if i % 2 == 0:
                if not isinstance(street, BettingLine):
                    raise self._fail(
                        f"expected the betting {round_name(i // 2)} here, found a draw",
                        street.line,
                    )
                self._betting(i // 2, street)
            else:
                if not isinstance(street, DrawLine):
                    raise self._fail(
                        f"expected draw {number_word(i // 2 + 1)} here, found betting",
                        street.line,
                    )
                self._draw(i // 2 + 1, street)
        if len(t.live) >= 2 and len(streets) < expected:
            missing = len(streets)
            what = (
                f"the betting {round_name(missing // 2)}"
                if missing % 2 == 0
                else f"draw {number_word(missing // 2 + 1)}"
            )
            raise self._fail(f"the record stops before the deal is over: {what} is missing")

    def _play_draws_only(self) -> None:
        profile = self.profile
        streets = self.record.streets
        if len(streets) != profile.draws:
            raise self._fail(
                f"{profile.name} has {number_word(profile.draws)} draws, but the record "
                f"gives {number_word(len(streets))}"
            )
        for number, street in enumerate(streets, start=1):
            assert isinstance(street, DrawLine)  # betting lines were refused above
            self._draw(number, street)
        t = self.table
        share = self.record.showdown_pot // len(self.names)  # type: ignore[operator]
        for s in range(len(self.names)):
            t.put_in_pot(s, share)
        self.street = "showdown"
        self._step(
            "pot",
            f"The betting was not recorded: {names_and(self.names)} each put "
            f"{self.write(share)} into a pot of {self.write(t.pot)}.",
            range(len(self.names)),
            amount=t.pot,
        )

    # -- betting ----------------------------------------------------------------

    def _betting(self, number: int, line: BettingLine) -> None:
        t = self.table
        when = round_name(number)
        self.street = when
        if number > 0 or self.record.posts is None:
            # Recorded posts already opened the first round: who acts first
            # follows the blinds actually posted (a seat sitting out between
            # them, a big blind posted out of position), not the button alone.
            t.start_round(number)
        for action in line.actions:
            seat = self._seat_of(action.seat, action.line)
            if t.folded.count(False) < 2:
                (winner,) = t.live
                raise self._fail(
                    f"the deal is over (everyone but {self.names[winner]} has folded), "
                    f"so {action.seat} cannot act",
                    action.line,
                )
            before = t.put[seat]
            try:
                chips = t.act(seat, action.kind, action.amount)
            except DealError as error:
                raise self._fail(error.problem, action.line) from None
            if not self.snapshots:
                self.count += 1  # a step not kept needs no sentence
                continue
            self._step(
                "action",
                action_text(
                    self.names[seat],
                    action.kind,
                    chips,
                    before + chips,
                    t.pot,
                    t.all_in[seat],
                    self.write,
                ),
                (seat,),
                actor=seat,
                action=action.kind,
                amount=chips,
                line=action.line,
            )
        if not t.round_over:
            raise self._fail(
                f"the betting {when} stops before it is over: it is {self.names[t.to_act]}'s turn",  # type: ignore[index]
                line.line,
            )
        if line.pot is not None and line.pot != t.pot:
            raise self._fail(
                f"the chips do not balance: the pot after the betting {when} is "
                f"{t.pot}, not {line.pot}",
                line.line,
            )
        self._step(
            "round_end",
            lambda: f"The betting {when} ends. The pot is {self.write(t.pot)}.",
            action="betting",
            line=line.line,
        )
        t.finish_round()

    def _seat_of(self, name: str, line: int | None) -> int:
        try:
            return self.index[name]
        except KeyError:
            raise self._fail(f"'{name}' is not one of the seats", line) from None

    # -- draws ------------------------------------------------------------------

    def _draw(self, number: int, line: DrawLine) -> None:
        t = self.table
        word = number_word(number)
        self.street = f"draw {word}"
        order = t.draw_order()
        changed: Iterable[int] = range(len(self.names))  # the betting round's chips are cleared
        self.drawing = order[0]
        if line.reshuffled:
            for index, holder in list(self.owner.items()):
                if t.folded[holder]:
                    del self.owner[index]
            self.dead.clear()
            self._step(
                "reshuffle",
                f"The discards go back into the deck and are shuffled before draw {word}.",
                changed,
                line=line.line,
            )
            changed = ()
        done: set[int] = set()
        for k, entry in enumerate(line.entries):
            seat = self._seat_of(entry.seat, entry.line)
            if t.folded[seat]:
                raise self._fail(f"{entry.seat} has folded and cannot draw", entry.line)
            if seat in done:
                raise self._fail(f"{entry.seat} has already drawn in draw {word}", entry.line)
            if k >= len(order) or seat != order[k]:
                raise self._fail(
                    f"{entry.seat} draws out of turn in draw {word}: it is "
                    f"{self.names[order[k]]}'s turn",
                    entry.line,
                )
            if entry.hidden:
                self._replace_unseen(seat, word, entry)
            else:
                self._replace(seat, word, entry)
            done.add(seat)
            self.drawing = order[k + 1] if k + 1 < len(order) else None
            if not self.snapshots:
                self.count += 1  # a step not kept needs no sentence
                continue
            self._step(
                "draw",
                unseen_draw_text(self.names[seat], entry.hidden)
                if entry.hidden
                else draw_text(self.names[seat], entry),
                (*changed, seat),
                actor=seat,
                line=entry.line,
            )
            changed = ()
        if len(done) < len(order):
            waiting = self.names[order[len(done)]]
            raise self._fail(f"draw {word} stops before {waiting} has drawn", line.line)
        self.draws_done = number
        self.drawing = None
        self._step(
            "round_end", lambda: f"Draw {word} ends.", changed, action="draw", line=line.line
        )

    def _replace(self, seat: int, word: str, entry: DrawEntry) -> None:
        name, profile, hand = self.names[seat], self.profile, self.hands[seat]
        where = entry.line
        discards, receives = entry.discards, entry.receives
        if len(set(discards)) != len(discards):
            raise self._fail(f"{name} discards the same card twice in draw {word}", where)
        if len(set(receives)) != len(receives):
            raise self._fail(f"{name} receives the same card twice in draw {word}", where)
        in_hand = {card.index for card in hand}
        for card in discards:
            if card.index not in in_hand:
                raise self._fail(
                    f"{name} cannot discard {card}: {name} holds {format_cards(hand)}", where
                )
        if len(discards) > profile.max_discard:
            raise self._fail(
                f"{name} replaces {len(discards)} cards in draw {word}, but this "
                f"{profile.name} table allows at most {profile.max_discard} per draw",
                where,
            )
        if len(receives) != len(discards):
            raise self._fail(
                f"{name} discards {len(discards)} and receives {len(receives)} in draw "
                f"{word}: a {profile.name} hand must end each draw with "
                f"{profile.hand_size} cards",
                where,
            )
        self._mind_the_stub(len(receives))
        for card in receives:
            if card.index in self.owner:
                holder = self.owner[card.index]
                if holder == seat:
                    held = f"it is already in {name}'s hand"
                elif self.table.folded[holder]:
                    held = f"it was in {self.names[holder]}'s hand when they folded"
                else:
                    held = f"it is in {self.names[holder]}'s hand"
                raise self._fail(f"{name} cannot receive {card}: {held}", where)
            if card.index in self.dead:
                raise self._fail(
                    f"{name} cannot receive {card}: {self.dead[card.index]}, and no reshuffle "
                    "is recorded since",
                    where,
                )
        for card in discards:
            hand.remove(card)
            del self.owner[card.index]
            if self.track_dead:
                self.dead[card.index] = f"{name} discarded it in draw {word}"
        for card in receives:
            hand.append(card)
            self.owner[card.index] = seat
        self.used.update(card.index for card in receives)
        self.dealt += len(receives)
        self.draws[seat].append((discards, receives))
        self.hidden_draws[seat].append(0)

    def _replace_unseen(self, seat: int, word: str, entry: DrawEntry) -> None:
        """A draw nobody else saw: only the number of cards is known, and checked."""
        name, profile, count = self.names[seat], self.profile, entry.hidden
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise self._fail(f"{name}'s draw must replace a whole number of cards", entry.line)
        if entry.discards or entry.receives:
            raise self._fail(
                f"{name}'s draw {word} names some cards and hides others; give one or the other",
                entry.line,
            )
        if count > profile.max_discard:
            raise self._fail(
                f"{name} replaces {count} cards in draw {word}, but this "
                f"{profile.name} table allows at most {profile.max_discard} per draw",
                entry.line,
            )
        self._mind_the_stub(count)
        if count > self.hidden[seat]:
            # Some known cards went out unseen: which ones, nobody can say, so the
            # whole hand is face down from here (and those cards are nowhere known).
            for card in self.hands[seat]:
                del self.owner[card.index]
            self.hands[seat] = []
            self.hidden[seat] = profile.hand_size
        self.dealt += count
        self.draws[seat].append(((), ()))
        self.hidden_draws[seat].append(count)

    def _mind_the_stub(self, needed: int) -> None:
        """Stop tracking discards once a record with hidden cards must have reshuffled.

        A room shuffles the discards back in when the deck runs short and its
        history does not say so; past one deck's worth of cards a known
        discard may come round again, and refusing it would be wrong.
        """
        if self.any_hidden and self.track_dead and self.dealt + needed > DECK_SIZE:
            self.track_dead = False
            self.dead.clear()
            for index, holder in list(self.owner.items()):
                if self.table.folded[holder]:
                    del self.owner[index]

    # -- the end ----------------------------------------------------------------

    def _finish(self, profile: GameProfile) -> Replay:
        t, names, n = self.table, self.names, len(self.names)
        self.street = "showdown"
        live = t.live
        self._reveal()
        out = [t.folded[s] or self.conceded[s] for s in range(n)]
        contenders = [s for s in range(n) if not out[s]]
        if not contenders:
            raise self._fail("every seat still in the hand mucked at the showdown")
        settlement = self._settle(profile, out, contenders)
        settlement, rake_text = take_rake(
            profile, settlement, self.record.rake, self._fail, self.record.money
        )
        pot = t.pot - self.record.rake
        clockwise = t.clockwise_from(self.record.button + 1)

        def showdown_text() -> str:
            if len(live) == 1:
                opening = f"Everyone but {names[live[0]]} has folded."
            else:
                shows = "; ".join(
                    f"{names[s]} mucks"
                    if self.conceded[s]
                    else f"{names[s]} shows {format_cards(self.hands[s])}"
                    for s in clockwise
                    if not t.folded[s]
                )
                opening = f"Showdown: {shows}."
            return " ".join([opening, *rake_text, *settlement.explanation()])

        self._step("showdown", showdown_text, range(n), pot=pot)
        payouts = settlement.payouts
        if sum(payouts) != pot:
            raise self._fail(
                f"the chips do not balance: the pot is {pot} but {sum(payouts)} is paid out"
            )
        remaining = pot
        for s in clockwise:
            if payouts[s]:
                t.stack[s] += payouts[s]
                remaining -= payouts[s]
                if not self.snapshots:
                    self.count += 1  # a step not kept needs no sentence
                    continue
                self._step(
                    "payout",
                    f"{names[s]} receives {self.write(payouts[s])}.",
                    (s,),
                    pot=remaining,
                    actor=s,
                    amount=payouts[s],
                )
        return Replay(
            record=self.record,
            profile=profile,
            steps=tuple(self.steps),
            settlement=settlement,
            contributions=contribution_table(self.record, self.table, self.names),
            ledger=self._ledger(payouts),
            cards_used=len(self.used),
            cards_dealt=self.dealt,
            rake=self.record.rake,
        )

    def _reveal(self) -> None:
        """Apply what each seat showed or mucked, checking the shown cards against the deal."""
        t, names, record = self.table, self.names, self.record
        live = t.live
        if record.showdown is None:
            if len(live) >= 2:
                for s in live:
                    if self.hidden[s]:
                        raise self._fail(
                            f"{names[s]}'s cards are not known at the showdown: the record "
                            f"must say what {names[s]} showed, or that {names[s]} mucked"
                        )
            return
        shown: set[int] = set()
        for show in record.showdown:
            s = self._seat_of(show.seat, show.line)
            if t.folded[s]:
                raise self._fail(f"{show.seat} has folded and has no hand to show", show.line)
            if s in shown:
                raise self._fail(f"{show.seat} shows down twice", show.line)
            shown.add(s)
            if show.cards is None:
                self.conceded[s] = True
            else:
                self._show(s, tuple(show.cards), show.line)
        if len(live) == 1:
            # Everyone else folded: a room may still write that the winner
            # mucked, but there is nobody left to concede the pot to.
            self.conceded[live[0]] = False
        elif not any(show.cards is not None for show in record.showdown):
            # Nobody showed a hand: the seats that mucked conceded to the one
            # seat that did neither, which takes the pot unseen.
            unshown = [s for s in live if s not in shown]
            for s in unshown if len(unshown) > 1 else ():
                self.conceded[s] = True
        else:
            for s in live:
                if s not in shown:
                    self.conceded[s] = True  # a hand not shown cannot win

    def _show(self, s: int, cards: tuple[Card, ...], line: int | None) -> None:
        name, profile = self.names[s], self.profile
        if len(cards) != profile.hand_size or len(set(cards)) != len(cards):
            raise self._fail(
                f"{name} shows {format_cards(cards)}, but a {profile.name} hand is "
                f"{number_word(profile.hand_size)} different cards",
                line,
            )
        known = self.hands[s]
        shown = {card.index for card in cards}
        missing = [card for card in known if card.index not in shown]
        if missing:
            raise self._fail(
                f"{name} shows {format_cards(cards)}, but {name} holds {format_cards(missing)}",
                line,
            )
        kept = {card.index for card in known}
        for card in cards:
            if card.index in kept:
                continue
            holder = self.owner.get(card.index)
            if holder is not None:
                where = (
                    f"it was in {self.names[holder]}'s hand when they folded"
                    if self.table.folded[holder]
                    else f"it is in {self.names[holder]}'s hand"
                )
                raise self._fail(f"{name} cannot show {card}: {where}", line)
            if card.index in self.dead:
                raise self._fail(
                    f"{name} cannot show {card}: {self.dead[card.index]}, and the deck had not "
                    "run out since",
                    line,
                )
        for card in cards:
            self.owner[card.index] = s
        self.used.update(shown)
        self.hands[s] = list(cards)
        self.hidden[s] = 0
        self._step("show", lambda: f"{name} shows {format_cards(cards)}.", (s,), actor=s, line=line)

    def _settle(self, profile: GameProfile, out: list[bool], contenders: list[int]) -> Settlement:
        """``settle`` over the seats still contending; a lone winner's cards may be unknown.

        A pot nobody contests is never read, so a face-down winner gets a
        stand-in hand for the call and no cards in the result.
        """
        t, names, n = self.table, self.names, len(self.names)
        stand_in = len(contenders) == 1 and bool(self.hidden[contenders[0]])
        hands = [
            None
            if out[s]
            else (tuple(DECK[: self.profile.hand_size]) if stand_in else tuple(self.hands[s]))
            for s in range(n)
        ]
        settlement = settle(
            profile,
            hands,
            contributions=[put - dead for put, dead in zip(t.total_in, t.dead_in, strict=True)],
            dead=sum(t.dead_in),
            folded=out,
            button=self.record.button,
            names=names,
            money=self.record.money,
        )
        if stand_in:
            (winner,) = contenders
            settlement.seats = tuple(
                SeatResult(winner, seat.name, False, None) if seat.seat == winner else seat
                for seat in settlement.seats
            )
        return settlement

    def _ledger(self, payouts: Sequence[int]) -> Ledger:
        try:
            return ledger(self.record, self.table, payouts)
        except DealError as error:  # pragma: no cover - an engine bug
            raise self._fail(error.problem) from None

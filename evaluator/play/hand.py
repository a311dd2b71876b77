"""A live hand: the learner against computer players, one decision at a time.

The hand is a small state machine on top of the engine's own pieces: the
fixed-limit ``Table`` (whose turn, what each action costs, side pots through
the contributions), the deal record (so the finished hand is ordinary deal
notation), and ``settle`` (the one settlement path). Nothing here decides a
rule the engine already decides.

Determinism: the deck is shuffled by ``random.Random`` seeded with the
settings' seed, and every computer decision by a generator seeded with the
seed, the seat and that seat's decision count. The same settings and the
same learner actions therefore rebuild the same hand (``LiveHand.replay``).

Running short of cards: with many seats drawing many cards the stub can run
out. Before a draw whose drawers could need more cards than the stub holds,
the discards (and the folded hands) are shuffled back in, which the notation
records as ``draw N (deck reshuffled)``. If even that is not enough, a seat
may throw at most as many cards as remain; the legal actions say so.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..betting import Options, Table
from ..cards import DECK, Card, format_cards
from ..deal import Action as DealAction
from ..deal import BettingLine, DealRecord, DrawEntry, DrawLine, Seat, round_name
from ..errors import EvaluatorError
from ..notation import format_deal
from ..profiles import GameProfile, get_profile
from ..settlement import Settlement, settle
from ..wording import number_word
from .coach import grade_decision
from .players import BET_RULES, PERSONALITIES, SNOW_BELOW, View, decide_bet, decide_draw
from .reading import keep_value
from .spelling import BASE_VERBS, card_json
from .table import Action, ActResult, Event, IllegalAction, LegalAction, TableSettings

BETTING_KINDS = ("fold", "check", "call", "bet", "raise")


@dataclass(frozen=True)
class DrawChance:
    """One seat's draw as chance dealt it: what it threw, what arrived, and the pot then.

    A match's luck correction (``evaluator.play.matches``) reads these after the hand:
    ``draws_left`` counts the draws still to come after this one, ``reshuffled`` says
    whether the discards went back into the deck before this draw.
    """

    seat: int
    discards: tuple[Card, ...]
    received: tuple[Card, ...]
    pot: int
    draws_left: int
    reshuffled: bool


@dataclass(frozen=True)
class DecisionPoint:
    """The learner's situation at one decision: enough to show it again or practise it.

    ``LiveHand.replay(settings, learner_actions[:step])`` rebuilds the whole
    hand at this point; the fields here are what a page lists.
    """

    step: int
    kind: str  # "bet" or "draw"
    street: str
    cards: tuple[Card, ...]
    pot: int
    to_call: int
    draws_left: int
    action: Action | None  # what the learner did (None while it is still to be decided)
    seat: int = 0  # the person who decided (at a table of people, not always the learner)


class LiveHand:
    """One hand in play. Build it with ``start`` or ``replay``; change it only with ``act``."""

    def __init__(self, settings: TableSettings) -> None:
        self.settings = settings
        self.profile: GameProfile = get_profile(settings.game)
        n = settings.seats
        self._table = Table(self.profile, settings.names, settings.stacks, settings.button)
        stub = list(DECK)
        random.Random(f"deck:{settings.seed}").shuffle(stub)
        hands: list[list[Card]] = [[] for _ in range(n)]
        order = self._table.clockwise_from(settings.button + 1)
        for _ in range(self.profile.hand_size):
            for seat in order:
                hands[seat].append(stub.pop())
        self._stub = stub
        self._hands = hands
        self._initial = tuple(tuple(h) for h in hands)
        self._dead: list[Card] = []  # discards since the last reshuffle
        self._returned: set[int] = set()  # folded seats whose cards went back into the deck
        self._phase = "bet"
        self._draws_done = 0
        self._draw_queue: list[int] = []
        self._entries: list[DrawEntry] = []
        self._reshuffled = False
        self._actions: list[DealAction] = []
        self._streets: list[BettingLine | DrawLine] = []
        self._drawn: list[list[int]] = [[] for _ in range(n)]
        self._snowing = [False] * n
        self._decisions = [0] * n
        self._events: list[Event] = []
        self._learner_actions: list[Action] = []
        self._points: list[DecisionPoint] = []
        self._settlement: Settlement | None = None
        self._grading = True
        self._moves: list[Action] = []  # every seat's actions in order, for a replay as people
        self._chances: list[DrawChance] = []

    # -- building -------------------------------------------------------------

    @classmethod
    def start(cls, settings: TableSettings) -> LiveHand:
        """Deal, post the forced bets, play the computer seats up to the learner's first turn."""
        hand = cls(settings)
        for seat, what, chips in hand._table.post_forced_bets():
            hand._event(
                seat, "post", chips, None, hand._says(seat, "posts", f"the {what} ({chips})")
            )
        hand._run()
        return hand

    @classmethod
    def replay(cls, settings: TableSettings, learner_actions: Sequence[Action]) -> LiveHand:
        """Rebuild a hand from its settings and the learner's actions, without grading.

        Raises ``IllegalAction`` when an action does not fit the hand (a stale
        or tampered record), naming the step.
        """
        hand = cls.start(settings)
        hand.extend(learner_actions)
        return hand

    def extend(self, learner_actions: Sequence[Action]) -> None:
        """Play stored actions onto this hand, checked as ``replay`` checks them.

        A server that kept a hand from its last change plays only the new
        actions, instead of rebuilding the hand from its first card. After an
        ``IllegalAction`` the hand is half-played: throw it away.
        """
        first = self.step
        for offset, action in enumerate(learner_actions):
            try:
                self._play_learner(action, stored=True)
            except IllegalAction as error:
                raise IllegalAction(f"step {first + offset}: {error}") from None

    def at_step(self, step: int) -> LiveHand:
        """The same hand just before the learner's decision number ``step``."""
        if not 0 <= step <= len(self._learner_actions):
            raise EvaluatorError(f"this hand has no step {step}")
        return LiveHand.replay(self.settings, self._learner_actions[:step])

    # -- what a page reads ----------------------------------------------------

    @property
    def step(self) -> int:
        """Learner decisions taken so far: the number a form post must carry."""
        return len(self._learner_actions)

    @property
    def learner_actions(self) -> tuple[Action, ...]:
        return tuple(self._learner_actions)

    @property
    def moves(self) -> tuple[Action, ...]:
        """Every seat's actions in order: at a table of people they rebuild this hand."""
        return tuple(self._moves)

    @property
    def dealt(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards as dealt. Engine-side only, like ``hand_of``."""
        return self._initial

    def draw_chances(self) -> tuple[DrawChance, ...]:
        """Every draw so far as chance dealt it. Engine-side only: it shows every seat's cards."""
        return tuple(self._chances)

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(self._events)

    @property
    def is_over(self) -> bool:
        return self._phase == "over"

    @property
    def learner_cards(self) -> tuple[Card, ...]:
        return tuple(self._hands[self.settings.learner_seat])

    @property
    def draws_left(self) -> int:
        """Draws still to come (a draw in progress counts)."""
        return self.profile.draws - self._draws_done

    @property
    def street(self) -> str:
        if self._phase == "over":
            return "showdown" if self._settlement and len(self._table.live) > 1 else "over"
        if self._phase == "draw":
            return f"draw {number_word(self._draws_done + 1)}"
        return round_name(self._table.round)

    @property
    def phase(self) -> str:
        """ "bet", "draw" or "over"."""
        return self._phase

    @property
    def pot(self) -> int:
        return self._table.pot

    @property
    def to_act(self) -> int | None:
        if self._phase == "bet":
            return self._table.to_act
        if self._phase == "draw" and self._draw_queue:
            return self._draw_queue[0]
        return None

    def learner_to_act(self) -> bool:
        return self.to_act == self.settings.learner_seat

    def legal_actions(self) -> tuple[LegalAction, ...]:
        """Everything the learner may do now; empty when it is not the learner's turn."""
        return self.legal_actions_for(self.settings.learner_seat)

    def legal_actions_for(self, seat: int) -> tuple[LegalAction, ...]:
        """Everything ``seat`` may do now; empty when it is not that seat's turn."""
        if self.to_act != seat or self.is_over:
            return ()
        return self._legal(seat)

    @property
    def person_to_act(self) -> int | None:
        """The seat of the person (not a computer player) who must decide now, if any."""
        seat = self.to_act
        if seat is None or self.settings.personalities[seat] is not None:
            return None
        return seat

    def act(self, action: Action) -> ActResult:
        """Grade the learner's action, apply it, and play on to the learner's next decision."""
        self.check_legal(action)
        grade = grade_decision(self, action)
        first = len(self._events)
        self._play_learner(action)
        return ActResult(events=tuple(self._events[first:]), grade=grade)

    def play(self, action: Action) -> tuple[Event, ...]:
        """Apply the learner's action without grading it (a replay, a bench, a test)."""
        first = len(self._events)
        self._play_learner(action)
        return tuple(self._events[first:])

    def computer_choice(self, personality: str) -> Action:
        """What the computer player ``personality`` would do in the learner's seat now.

        Seeded like a computer seat (by the seed, the seat and the step), so a
        bench can seat a personality in the learner's chair and replay it.
        """
        if not self.learner_to_act():
            raise IllegalAction("the learner has no decision to make")
        seat = self.settings.learner_seat
        rng = random.Random(f"{self.settings.seed}:{seat}:{self.step}")
        return self._computer_action(seat, personality, rng)

    def payouts(self) -> dict[int, int]:
        """Chips each seat receives, from ``evaluator.settle``; only once the hand is over."""
        if self._settlement is None:
            raise EvaluatorError("the hand is not over yet, so nothing is paid")
        return dict(enumerate(self._settlement.payouts))

    def net(self) -> dict[int, int]:
        """Each seat's gain or loss: what it received minus what it put in."""
        paid = self.payouts()
        return {s: paid[s] - self._table.total_in[s] for s in range(self.settings.seats)}

    @property
    def settlement(self) -> Settlement | None:
        return self._settlement

    def final_stacks(self) -> tuple[int, ...]:
        """The stacks after the payouts, for ``TableSettings.next_hand``."""
        paid = self.payouts()
        return tuple(self._table.stack[s] + paid[s] for s in range(self.settings.seats))

    def record(self) -> DealRecord:
        """The finished hand as a deal record (every card known, as the table dealt it)."""
        if not self.is_over:
            raise EvaluatorError("the hand is not over yet, so it cannot be written down")
        seats = tuple(
            Seat(name, stack, cards)
            for name, stack, cards in zip(
                self.settings.names, self.settings.stacks, self._initial, strict=True
            )
        )
        return DealRecord(
            profile_key=self.profile.key,
            settings=self.profile.settings(),
            seats=seats,
            button=self.settings.button,
            streets=tuple(self._streets),
            notes=(f"Played at the study table, seed {self.settings.seed}.",),
        )

    def to_notation(self) -> str:
        """The finished hand in the site's deal notation; ``evaluator.replay`` reads it back."""
        return format_deal(self.record())

    def learner_last_draw(self) -> tuple[tuple[Card, ...], tuple[Card, ...]] | None:
        """The learner's latest draw: the cards thrown and the cards received (None before any).

        Only the learner's own: a page shows them leaving and arriving, and
        never learns another seat's cards this way.
        """
        name = self._name(self.settings.learner_seat)
        lines = [line for line in self._streets if isinstance(line, DrawLine)]
        entries = [e for line in lines for e in line.entries] + list(self._entries)
        mine = [e for e in entries if e.seat == name]
        if not mine:
            return None
        return tuple(mine[-1].discards), tuple(mine[-1].receives)

    def decision_points(self) -> tuple[DecisionPoint, ...]:
        """Each of the learner's decisions so far (and the one pending, if any).

        At a table of several people the other people's decisions are left out:
        their cards are theirs. ``step`` still counts every person's decision,
        so ``at_step`` rebuilds the hand at any of them.
        """
        seat = self.settings.learner_seat
        points = [p for p in self._points if p.seat == seat]
        if self.learner_to_act():
            points.append(self._point())
        return tuple(points)

    def public_state(
        self, viewer: int | None = None, *, reveal_all: bool = False
    ) -> dict[str, Any]:
        """The table as one seat may see it, ready for JSON: never a card hidden from it.

        ``viewer`` is the learner's seat unless given (a table of people shows
        each person their own cards); ``reveal_all`` is for a teacher watching a
        class table, who alone may see every hand.
        """
        t, s = self._table, self.settings
        me = s.learner_seat if viewer is None else viewer
        over = self.is_over
        showdown = over and len(t.live) > 1
        # Once the hand is over the pot has been paid out, as PokerKit's state has it.
        stacks = self.final_stacks() if over else tuple(t.stack)
        seats = []
        for seat in range(s.seats):
            is_learner = seat == me
            shown = reveal_all or is_learner or (showdown and not t.folded[seat])
            key = s.personalities[seat]
            seats.append(
                {
                    "seat": seat,
                    "name": s.names[seat],
                    "is_learner": is_learner,
                    "personality": key,
                    "personality_name": PERSONALITIES[key].name if key else None,
                    "stack": stacks[seat],
                    "bet": t.put[seat] if not over else 0,
                    "in_pot": t.total_in[seat],
                    "folded": t.folded[seat],
                    "all_in": t.all_in[seat] and not t.folded[seat],
                    "is_button": seat == s.button,
                    "drawn": list(self._drawn[seat]),
                    "card_count": len(self._hands[seat]),
                    "cards": [card_json(c) for c in self._hands[seat]] if shown else None,
                }
            )
        payouts = self.payouts() if over else None
        return {
            "game": self.profile.key,
            "game_name": self.profile.name,
            "step": self.step,
            "street": self.street,
            "draws_left": self.draws_left,
            "pot": 0 if over else t.pot,
            "button": s.button,
            "to_act": self.to_act,
            "learner_seat": me,
            "seats": seats,
            "learner_cards": [card_json(c) for c in self._hands[me]],
            "legal_actions": [
                {
                    "kind": a.kind,
                    "amount": a.amount,
                    "max_discards": a.max_discards,
                    "label": a.label,
                }
                for a in self.legal_actions_for(me)
            ],
            "is_over": over,
            "payouts": {str(k): v for k, v in payouts.items()} if payouts else None,
            "net": {str(k): v for k, v in self.net().items()} if over else None,
            "events": [
                {"step": e.step, "seat": e.seat, "kind": e.kind, "text": e.text}
                for e in self._events
            ],
        }

    # -- views for players and the coach ---------------------------------------

    def view(self, seat: int) -> View:
        """What ``seat`` may know right now (its cards, the pot, the draws it saw)."""
        t = self._table
        in_draw = self._phase == "draw"
        opponents = [o for o in t.live if o != seat]
        last = tuple(self._drawn[o][-1] if self._drawn[o] else None for o in opponents)
        if in_draw:
            return View(
                profile=self.profile,
                seat=seat,
                cards=tuple(self._hands[seat]),
                draws_left=self.draws_left,
                pot=t.pot,
                to_call=0,
                can_check=True,
                can_raise=False,
                opponents=len(opponents),
                opponent_last_draws=last,
                bets_this_round=0,
                snowing=self._snowing[seat],
                max_discards=self._max_discards(),
            )
        o = t.options()
        return View(
            profile=self.profile,
            seat=seat,
            cards=tuple(self._hands[seat]),
            draws_left=self.draws_left,
            pot=t.pot,
            to_call=min(o.to_call, o.stack),
            can_check=o.to_call == 0,
            can_raise=o.may_raise and o.stack > o.to_call,
            opponents=len(opponents),
            opponent_last_draws=last,
            bets_this_round=t.bets,
            snowing=self._snowing[seat],
            max_discards=0,
        )

    def options(self) -> Options:
        """The betting table's options for the seat to act (betting only)."""
        return self._table.options()

    def dead_cards(self) -> tuple[Card, ...]:
        """Cards the learner knows are out of play: their own discards since the last reshuffle."""
        mine: set[Card] = set()
        seat = self.settings.learner_seat
        # The draw under way counts too, reshuffle included: a reshuffle just before the
        # learner's turn puts the learner's old discards back into the deck.
        current = DrawLine(tuple(self._entries), self._phase == "draw" and self._reshuffled)
        for line in [*self._streets, current]:
            if isinstance(line, DrawLine):
                if line.reshuffled:
                    mine.clear()
                for entry in line.entries:
                    if entry.seat == self.settings.names[seat]:
                        mine.update(entry.discards)
        return tuple(c for c in DECK if c in mine)

    def live_seats(self) -> list[int]:
        return self._table.live

    def hand_of(self, seat: int) -> tuple[Card, ...]:
        """A seat's cards now. Engine-side only: pages show ``public_state``."""
        return tuple(self._hands[seat])

    def folded(self, seat: int) -> bool:
        return self._table.folded[seat]

    def seats_to_act_after(self, seat: int) -> list[int]:
        """Seats still able to act that have not acted yet this betting round."""
        t = self._table
        return [
            s for s in t.clockwise_from(seat + 1)[:-1] if t.can_act(s) and t.acted_at[s] is None
        ]

    def draws_of(self, seat: int) -> tuple[int, ...]:
        """The cards ``seat`` took at each draw so far (0: stood pat), as every seat saw."""
        return tuple(self._drawn[seat])

    def round_actions_of(self, seat: int) -> tuple[str, ...]:
        """What ``seat`` did in this betting round so far, as every seat saw (all-in calls
        and raises read as calls and raises)."""
        name = self._name(seat)
        found = []
        for action in self._actions:
            if action.seat == name and action.kind in ("check", "call", "bet", "raise", "all-in"):
                found.append("call" if action.kind == "all-in" else action.kind)
        return tuple(found)

    def bets_this_round(self) -> int:
        """Bets and raises made in this betting round (the opening bet counts)."""
        return self._table.bets

    def opponents_last_draws(self, seat: int) -> tuple[int | None, ...]:
        t = self._table
        return tuple(self._drawn[o][-1] if self._drawn[o] else None for o in t.live if o != seat)

    # -- the machinery ----------------------------------------------------------

    def _name(self, seat: int) -> str:
        return self.settings.names[seat]

    def _says(self, seat: int, verb: str, rest: str = "") -> str:
        """ "Bram raises to 20", but "You raise to 20" for a learner named You."""
        name = self._name(seat)
        if name == "You" and seat == self.settings.learner_seat:
            verb = BASE_VERBS.get(verb, verb)
        return f"{name} {verb}{' ' + rest if rest else ''}"

    def _be(self, seat: int) -> str:
        learner = seat == self.settings.learner_seat and self._name(seat) == "You"
        return "are" if learner else "is"

    def _event(
        self, seat: int, kind: str, amount: int | None, count: int | None, text: str
    ) -> None:
        self._events.append(Event(self.step, seat, kind, amount, count, text))

    def _max_discards(self) -> int:
        return min(self.profile.max_discard, len(self._stub))

    def _legal(self, seat: int) -> tuple[LegalAction, ...]:
        if self._phase == "draw":
            most = self._max_discards()
            cards = "card" if most == 1 else "cards"
            return (LegalAction("draw", None, most, f"Stand pat or throw up to {most} {cards}"),)
        o = self._table.options()
        found = []
        # Folding when checking is free throws a share of the pot away for nothing,
        # so it is not offered (PokerKit warns about it reading such a file).
        if o.to_call == 0:
            found.append(LegalAction("check", None, 0, "Check"))
        else:
            found.append(LegalAction("fold", None, 0, "Fold"))
            chips = min(o.to_call, o.stack)
            short = " (all in)" if o.stack <= o.to_call else ""
            found.append(LegalAction("call", o.put + chips, 0, f"Call {chips}{short}"))
        if o.may_raise and o.stack > o.to_call:
            total = o.put + min(o.stack, o.raise_cost)
            short = " (all in)" if o.stack <= o.raise_cost else ""
            word = "Bet" if o.aggressive == "bet" else "Raise to"
            found.append(LegalAction(o.aggressive, total, 0, f"{word} {total}{short}"))
        return tuple(found)

    def check_legal(self, action: Action, stored: bool = False) -> None:
        """Raise ``IllegalAction`` (saying why) unless the learner may take ``action`` now.

        ``stored``: the action comes from a hand already recorded. Hands stored
        before folding with a free check was withdrawn may hold such a fold, and
        must still rebuild; a new post may not fold then.
        """
        if self.is_over:
            raise IllegalAction("the hand is over: there is nothing left to decide")
        seat = self.person_to_act
        if seat is None:  # pragma: no cover - the run stops at a person
            raise IllegalAction("it is not your turn")
        legal = {a.kind: a for a in self._legal(seat)}
        if stored and action.kind == "fold" and "check" in legal:
            return
        if action.kind == "fold" and "check" in legal:
            raise IllegalAction("checking costs nothing here, so there is no reason to fold")
        if action.kind not in legal:
            if action.kind == "draw":
                raise IllegalAction("it is a betting round, not a draw: bet, call, check or fold")
            if self._phase == "draw" and action.kind in BETTING_KINDS:
                raise IllegalAction("it is a draw: throw some cards or stand pat")
            if action.kind not in BETTING_KINDS:
                raise IllegalAction(f"'{action.kind}' is not an action at this table")
            open_kinds = ", ".join(legal)
            raise IllegalAction(f"you cannot {action.kind} now: you may {open_kinds}")
        if action.kind != "draw":
            if action.discards:
                raise IllegalAction("only a draw throws cards")
            return
        hand = self._hands[seat]
        if len(set(action.discards)) != len(action.discards):
            raise IllegalAction("a card cannot be thrown twice")
        for card in action.discards:
            if card not in hand:
                raise IllegalAction(f"{card} is not in your hand")
        most = legal["draw"].max_discards
        if len(action.discards) > most:
            raise IllegalAction(
                f"you may throw at most {number_word(most)} cards in this draw, "
                f"not {number_word(len(action.discards))}"
            )

    def _point(self) -> DecisionPoint:
        to_call = 0
        if self._phase == "bet":
            o = self._table.options()
            to_call = min(o.to_call, o.stack)
        seat = self.person_to_act
        assert seat is not None  # a point is only taken when a person decides
        return DecisionPoint(
            step=self.step,
            kind="draw" if self._phase == "draw" else "bet",
            street=self.street,
            cards=tuple(self._hands[seat]),
            pot=self.pot,
            to_call=to_call,
            draws_left=self.draws_left,
            action=None,
            seat=seat,
        )

    def _play_learner(self, action: Action, stored: bool = False) -> None:
        self.check_legal(action, stored)
        point = self._point()
        seat = point.seat
        self._learner_actions.append(action)
        self._moves.append(action)
        self._points.append(DecisionPoint(**{**point.__dict__, "action": action}))
        if action.kind == "draw":
            self._remember_snow(seat, action.discards)
            self._apply_draw(seat, action.discards)
        else:
            self._apply_bet(seat, action.kind)
        self._run()

    def _remember_snow(self, seat: int, discards: tuple[Card, ...]) -> None:
        """A seat standing pat on nothing at the first draw is snowing, and remembers it."""
        if not discards and self.draws_left == self.profile.draws:
            value, _ = keep_value(self.profile, self._hands[seat], self.draws_left)
            if value < SNOW_BELOW:
                self._snowing[seat] = True

    def _run(self) -> None:
        """Play the computer seats until a person (the learner, at a study table) must
        decide or the hand ends."""
        while True:
            seat = self._next_actor()
            if seat is None or self.settings.personalities[seat] is None:
                return
            self._play_computer(seat)

    def _next_actor(self) -> int | None:
        t = self._table
        while True:
            if self._phase == "over":
                return None
            if self._phase == "bet":
                if len(t.live) >= 2 and t.to_act is not None:
                    return t.to_act
                self._streets.append(BettingLine(tuple(self._actions)))
                self._actions = []
                finished_round = t.round
                t.finish_round()
                if len(t.live) < 2 or finished_round >= self.profile.draws:
                    self._finish()
                    return None
                self._open_draw()
            else:
                if self._draw_queue:
                    return self._draw_queue[0]
                self._streets.append(DrawLine(tuple(self._entries), self._reshuffled))
                self._entries = []
                self._draws_done += 1
                self._phase = "bet"
                t.start_round(self._draws_done)

    def _open_draw(self) -> None:
        t = self._table
        self._phase = "draw"
        self._draw_queue = t.draw_order()
        self._reshuffled = False
        need = len(self._draw_queue) * self.profile.max_discard
        if len(self._stub) < need:
            back = list(self._dead)
            for seat in range(self.settings.seats):
                if t.folded[seat] and seat not in self._returned:
                    back.extend(self._hands[seat])
                    self._hands[seat] = []  # those cards are back in the deck now
                    self._returned.add(seat)
            if back:
                self._stub.extend(back)
                random.Random(f"reshuffle:{self.settings.seed}:{self._draws_done + 1}").shuffle(
                    self._stub
                )
                self._dead = []
                self._reshuffled = True
                self._event(
                    -1, "reshuffle", None, None, "The discards are shuffled back into the deck."
                )

    def _play_computer(self, seat: int) -> None:
        key = self.settings.personalities[seat]
        assert key is not None
        rng = random.Random(f"{self.settings.seed}:{seat}:{self._decisions[seat]}")
        self._decisions[seat] += 1
        action = self._computer_action(seat, key, rng)
        self._moves.append(action)
        if action.kind == "draw":
            self._remember_snow(seat, action.discards)
            self._apply_draw(seat, action.discards)
        else:
            self._apply_bet(seat, action.kind)

    def _computer_action(self, seat: int, key: str, rng: random.Random) -> Action:
        """What the computer player ``key`` does in ``seat`` now (the one rule for both
        a computer seat and a personality seated in the learner's chair)."""
        personality = PERSONALITIES[key]
        view = self.view(seat)
        if self._phase == "draw":
            return Action("draw", decide_draw(personality, view, rng))
        rule = BET_RULES.get(key)  # the Equilibrium player's solver (players.BET_RULES)
        if rule is not None:
            kind = rule(self, seat, rng)
            if kind is not None:
                return Action(kind)
        return Action(decide_bet(personality, view, rng))

    def _apply_draw(self, seat: int, discards: tuple[Card, ...]) -> None:
        assert self._draw_queue and self._draw_queue[0] == seat
        hand = self._hands[seat]
        received = [self._stub.pop() for _ in discards]
        self._chances.append(
            DrawChance(
                seat,
                tuple(discards),
                tuple(received),
                self._table.pot,
                self.profile.draws - self._draws_done - 1,
                self._reshuffled,
            )
        )
        for old, new in zip(discards, received, strict=True):
            hand[hand.index(old)] = new
        self._dead.extend(discards)
        self._entries.append(DrawEntry(self._name(seat), tuple(discards), tuple(received)))
        self._drawn[seat].append(len(discards))
        self._draw_queue.pop(0)
        n = len(discards)
        text = (
            self._says(seat, "stands", "pat")
            if n == 0
            else self._says(seat, "draws", number_word(n))
        )
        self._event(seat, "draw", None, n, text)

    def _apply_bet(self, seat: int, kind: str) -> None:
        t = self._table
        o = t.options()
        name = self._name(seat)
        if kind == "call" and o.stack < o.to_call:
            kind = "all-in-call"
        if kind in ("bet", "raise") and o.stack < o.raise_cost:
            kind = "all-in-raise"
        if kind in ("fold", "check"):
            t.act(seat, kind)
            self._actions.append(DealAction(name, kind))
            self._event(seat, kind, None, None, self._says(seat, f"{kind}s"))
            return
        if kind == "call":
            chips = t.act(seat, "call", o.to_call)
            self._actions.append(DealAction(name, "call", chips))
            tail = f" and {self._be(seat)} all in" if t.all_in[seat] else ""
            self._event(
                seat, "call", t.put[seat], None, self._says(seat, "calls", f"{chips}{tail}")
            )
            return
        if kind in ("bet", "raise"):
            t.act(seat, kind, o.target)
            self._actions.append(DealAction(name, kind, o.target))
            tail = f" and {self._be(seat)} all in" if t.all_in[seat] else ""
            text = (
                self._says(seat, "bets", f"{o.target}{tail}")
                if kind == "bet"
                else self._says(seat, "raises", f"to {o.target}{tail}")
            )
            self._event(seat, kind, o.target, None, text)
            return
        chips = t.act(seat, "all-in", o.stack)
        self._actions.append(DealAction(name, "all-in", chips))
        total = t.put[seat]
        if kind == "all-in-call":
            text = self._says(seat, "calls", f"{chips} and {self._be(seat)} all in")
            self._event(seat, "call", total, None, text)
        else:
            rest = f"{total}" if o.aggressive == "bet" else f"to {total}"
            verb = "bets" if o.aggressive == "bet" else "raises"
            text = self._says(seat, verb, f"{rest} and {self._be(seat)} all in")
            self._event(seat, o.aggressive, total, None, text)

    def _finish(self) -> None:
        t = self._table
        self._phase = "over"
        self._draw_queue = []
        hands = [None if t.folded[s] else tuple(self._hands[s]) for s in range(self.settings.seats)]
        self._settlement = settle(
            self.profile,
            hands,
            contributions=t.total_in,
            folded=t.folded,
            button=self.settings.button,
            names=self.settings.names,
        )
        live = t.live
        if len(live) > 1:
            for seat in t.clockwise_from(self.settings.button + 1):
                if not t.folded[seat]:
                    self._event(
                        seat,
                        "show",
                        None,
                        None,
                        self._says(seat, "shows", format_cards(self._hands[seat])),
                    )
        for seat, chips in enumerate(self._settlement.payouts):
            if chips:
                self._event(seat, "win", chips, None, self._says(seat, "receives", str(chips)))

"""Betting: who acts next, what each action costs, when a round ends.

The lessons' rules, kept in one small state machine so the replayer and the
random-deal tests ask the same questions:

- Blinds: with three or more seats the small blind sits left of the button
  and the big blind left of that; before the first draw the first seat left
  of the big blind acts first. Heads-up, the button posts the small blind and
  acts first before the draw. After every draw the first active seat left of
  the button starts. An ante game has no blinds, so every round starts left
  of the button.
- Sizes: a bet is the round's unit and a raise adds one unit to the last
  full bet ("after draw two a full raise is to 24"). The big blind counts as
  the opening bet, so with the default cap of four bets at most three raises
  follow it.
- Short stacks: a seat that cannot cover an action goes all-in. An all-in
  that does not reach a full raise moves the bet but neither counts towards
  the cap nor lets seats that have already acted raise again.
- Other structures: card rooms also dealt draw games pot limit, half-pot
  limit and no limit. There the seat chooses its size between the smallest
  full raise (the last full raise again) and the structure's largest
  (``evaluator.structures`` says how both are computed), and there is no
  cap. Turn order, the blinds and antes and the reopening rule are the same.
  The lessons and the play table use fixed limit only.

The class is mutable and private to the engine; the replayer copies what it
needs into immutable snapshots.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from operator import or_
from typing import NamedTuple

from .deal import ACTION_KINDS, DealError, round_name
from .profiles import GameProfile
from .structures import STRUCTURE_TITLES, max_raise_to, min_raise_to
from .wording import number_word


class Options(NamedTuple):
    """What the seat to act may do, with the chips each choice costs.

    A named tuple rather than a frozen dataclass: the table builds one for
    every action it checks, and a tuple is built in half the time.
    """

    seat: int
    to_call: int  # chips a call adds (before any all-in shortfall)
    stack: int
    put: int  # chips the seat already has in this round's betting
    target: int  # round total of the smallest full bet or raise (in fixed limit, the only one)
    aggressive: str  # "bet" or "raise": the name a full increase takes here
    may_raise: bool  # the cap, the reopening rule and the other stacks allow it
    refusal: str  # why raising is not allowed, when it is not
    most: int = 0  # round total of the largest bet or raise the structure allows

    @property
    def largest(self) -> int:
        """The largest round total a bet or raise may reach (``target`` in fixed limit)."""
        return max(self.most, self.target)

    @property
    def raise_cost(self) -> int:
        return self.target - self.put

    @property
    def kinds(self) -> tuple[str, ...]:
        """The legal action kinds, for generators and for hints."""
        kinds = ["fold"]
        if self.to_call == 0:
            kinds.append("check")
        elif self.stack >= self.to_call:
            kinds.append("call")
        if self.may_raise and self.stack >= self.raise_cost:
            kinds.append(self.aggressive)
        if self.stack <= self.to_call or (self.may_raise and self.stack <= self.largest - self.put):
            kinds.append("all-in")
        return tuple(kinds)


class Table:
    """Chips and turn order for one deal's betting, in the profile's structure."""

    def __init__(
        self,
        profile: GameProfile,
        names: Sequence[str],
        stacks: Sequence[int],
        button: int,
    ) -> None:
        n = len(names)
        self.profile = profile
        self.names = tuple(names)
        self.n = n
        self.button = button
        self.stack = list(stacks)
        self.folded = [False] * n
        self.all_in = [False] * n
        self.put = [0] * n  # chips towards this round's bet
        self.round_in = [0] * n  # every chip this round, antes included
        self.total_in = [0] * n
        self.dead_in = [0] * n  # dead blinds: in the pot, but no seat's stake in it
        self.history: list[tuple[int, ...]] = []  # round_in of each finished round
        self.round = 0
        self.bet_to = 0
        self.full_level = 0
        self.last_raise = 0  # what the last full bet or raise added: the big-bet minimum
        self.bets = 0
        self.acted_at: list[int | None] = [None] * n
        self.acted_to = [0] * n  # the bet each seat left behind when it last acted
        self.to_act: int | None = None

    # -- the state of the deal ------------------------------------------------

    @property
    def pot(self) -> int:
        """Every chip put in so far: the pot is what the seats contributed, nothing more."""
        return sum(self.total_in)

    @property
    def live(self) -> list[int]:
        return [s for s in range(self.n) if not self.folded[s]]

    def can_act(self, seat: int) -> bool:
        return not self.folded[seat] and not self.all_in[seat]

    def clockwise_from(self, start: int) -> list[int]:
        return [(start + k) % self.n for k in range(self.n)]

    def draw_order(self) -> list[int]:
        """Every seat still in the hand, from the button's left; all-in seats draw too."""
        return [s for s in self.clockwise_from(self.button + 1) if not self.folded[s]]

    # -- forced bets ------------------------------------------------------------

    def blind_seats(self) -> tuple[int, int]:
        if self.n == 2:
            return self.button, (self.button + 1) % 2
        return (self.button + 1) % self.n, (self.button + 2) % self.n

    def post_forced_bets(self) -> Iterator[tuple[int, str, int]]:
        """Post the blinds or antes one at a time, yielding (seat, what, chips) after each.

        A generator, so the replayer can snapshot the table between posts.
        """
        if self.profile.forced_bets == "ante":
            order = self.clockwise_from(self.button + 1)
            for seat in order:
                chips = self.put_in_pot(seat, self.profile.ante)
                if seat == order[-1]:
                    self.start_round(0)  # so the last post already shows who acts first
                yield seat, "ante", chips
            return
        small, big = self.blind_seats()
        yield small, "small blind", self._pay(small, self.profile.small_blind)
        chips = self._pay(big, self.profile.big_blind)
        # The big blind is the opening bet even when its poster is short.
        self.bet_to = self.full_level = self.last_raise = self.profile.big_blind
        self.bets = 1
        self.start_round(0)
        yield big, "big blind", chips

    def put_in_pot(self, seat: int, chips: int) -> int:
        """Chips that reach the pot without being a bet: antes, or a seat's equal share
        of a record that gives only a showdown pot. Returns what the stack could cover."""
        return self._pay(seat, chips, betting=False)

    def put_dead(self, seat: int, chips: int) -> int:
        """A dead blind: chips for the main pot that raise nobody's stake in it.

        They count in the seat's chips put in, but not in the levels that
        build side pots, so they are never handed back as a bet nobody matched.
        """
        paid = self._pay(seat, chips, betting=False)
        self.dead_in[seat] += paid
        return paid

    def _pay(self, seat: int, chips: int, *, betting: bool = True) -> int:
        chips = min(chips, self.stack[seat])
        self.stack[seat] -= chips
        if betting:
            self.put[seat] += chips
        self.round_in[seat] += chips
        self.total_in[seat] += chips
        if self.stack[seat] == 0:
            self.all_in[seat] = True
        return chips

    # -- rounds -----------------------------------------------------------------

    def start_round(self, betting_round: int) -> None:
        """Open a betting round; round 0 keeps the forced bets already posted."""
        self.round = betting_round
        if betting_round > 0:
            self.put = [0] * self.n
            self.round_in = [0] * self.n
            self.bet_to = self.full_level = self.last_raise = self.bets = 0
        self.acted_at = [None] * self.n
        if betting_round == 0 and self.profile.forced_bets == "blinds":
            start = self.button if self.n == 2 else self.button + 3
        else:
            start = self.button + 1
        self.to_act = self._next_needing_action(start)

    def finish_round(self) -> None:
        """Record the round's chips for the contribution table and clear them."""
        self.history.append(tuple(self.round_in))
        self.put = [0] * self.n
        self.round_in = [0] * self.n
        self.bet_to = self.full_level = self.last_raise = self.bets = 0
        self.to_act = None

    def _next_needing_action(self, start: int) -> int | None:
        """The first seat from ``start`` clockwise that still owes an action, if any.

        A seat that can act owes one while it has not matched the bet, or has
        not acted this round and someone else can still act. Asked after every
        action of every replayed hand, so it works over the lists in place.
        """
        folded, all_in, n = self.folded, self.all_in, self.n
        if folded.count(False) < 2:
            return None
        put, bet_to, acted_at = self.put, self.bet_to, self.acted_at
        active = -1  # seats that can act, counted only when it matters
        for k in range(n):
            seat = (start + k) % n
            if folded[seat] or all_in[seat]:
                continue
            if put[seat] < bet_to:
                return seat
            if acted_at[seat] is None:
                if active < 0:
                    active = n - sum(map(or_, folded, all_in))
                if active >= 2:
                    return seat
        return None

    @property
    def round_over(self) -> bool:
        return self.to_act is None

    # -- actions ----------------------------------------------------------------

    def options(self) -> Options:
        seat = self.to_act
        assert seat is not None
        profile = self.profile
        to_call = self.bet_to - self.put[seat]
        if profile.is_fixed_limit:
            target = most = profile.full_raise_to(self.round, self.full_level)
        else:
            target = min_raise_to(self.bet_to, self.last_raise, profile.small_bet)
            stack_total = self.put[seat] + self.stack[seat]
            most = max_raise_to(profile.structure, self.bet_to, to_call, self.pot, stack_total)
            most = max(min(most, stack_total), target)
        aggressive = "bet" if self.full_level == 0 else "raise"
        refusal = ""
        if profile.is_fixed_limit and self.bets >= profile.raise_cap:
            refusal = f"the cap of {number_word(profile.raise_cap)} bets is reached"
        elif self.acted_at[seat] is not None and not self._reopened(seat):
            refusal = (
                f"the all-in since {self.names[seat]}'s last action was less than a full "
                "raise, so the betting is not reopened"
            )
        elif not any(self.can_act(s) for s in range(self.n) if s != seat):
            refusal = "every other seat still in the hand is all-in"
        return Options(
            seat=seat,
            to_call=to_call,
            stack=self.stack[seat],
            put=self.put[seat],
            target=target,
            aggressive=aggressive,
            may_raise=not refusal,
            refusal=refusal,
            most=most,
        )

    def _reopened(self, seat: int) -> bool:
        """May a seat that has acted raise again? Only after a full raise since.

        In fixed limit that is a full raise counted towards the cap. In the
        big-bet structures the bet may also have grown by several short
        all-ins since the seat acted; together they reopen the betting once
        they add up to a full raise, as the rooms' rules have it.
        """
        if self.acted_at[seat] != self.bets:
            return True
        if self.profile.is_fixed_limit:
            return False
        grown = self.bet_to - self.acted_to[seat]
        return grown >= max(self.last_raise, self.profile.small_bet)

    def act(self, seat: int, kind: str, amount: int | None = None) -> int:
        """Apply one action after checking it; returns the chips it adds."""
        name = self.names[seat]
        when = round_name(self.round)
        if self.folded[seat]:
            raise DealError(f"{name} has folded and cannot act")
        if self.all_in[seat]:
            raise DealError(f"{name} is all-in and cannot act")
        if self.to_act is None:
            raise DealError(f"the betting {when} is already over, so {name} cannot act")
        if seat != self.to_act:
            raise DealError(
                f"{name} acts out of turn {when}: it is {self.names[self.to_act]}'s turn"
            )
        o = self.options()
        chips = self._check(name, when, kind, amount, o)
        if kind == "fold":
            self.folded[seat] = True
        elif chips:
            self._pay(seat, chips)
            new = self.put[seat]
            if new > self.bet_to:
                if new >= o.target:
                    self.last_raise = new - self.bet_to
                    self.full_level = new
                    self.bets += 1
                self.bet_to = new
        self.acted_at[seat] = self.bets
        self.acted_to[seat] = self.bet_to
        self.to_act = self._next_needing_action(seat + 1)
        return chips

    def _check(self, name: str, when: str, kind: str, amount: int | None, o: Options) -> int:
        """The chips a legal action adds; a DealError naming the rule otherwise."""
        if kind in ("fold", "check"):
            if amount is not None:
                raise DealError(f"{name}'s {kind} cannot carry an amount ({amount})")
            if kind == "check" and o.to_call:
                raise DealError(f"{name} cannot check {when}: there is {o.to_call} to call")
            return 0
        if kind == "call":
            if not o.to_call:
                raise DealError(f"{name} cannot call {when}: there is no bet to call")
            if o.stack < o.to_call:
                raise DealError(
                    f"{name} cannot call {o.to_call}: only {o.stack} chips are left, "
                    "so this is an all-in"
                )
            if amount is not None and amount != o.to_call:
                raise DealError(f"{name}'s call {when} adds {o.to_call}, not {amount}")
            return o.to_call
        if kind in ("bet", "raise"):
            if kind == "raise" and o.aggressive == "bet" and self.bet_to > 0:
                kind = "bet"  # completing a short all-in bet to a full one is the bet
            if kind != o.aggressive:
                if kind == "bet":
                    raise DealError(
                        f"{name} cannot bet {when}: there is already a bet, so call or raise"
                    )
                raise DealError(f"{name} cannot raise {when}: nobody has bet yet, so bet")
            shown = "raise to" if kind == "raise" else "bet"
            if self.profile.is_fixed_limit:
                if amount is not None and amount != o.target:
                    full = "a full raise is to" if kind == "raise" else "a bet is"
                    raise DealError(
                        f"{name} cannot {shown} {amount}: {when} {full} {o.target}, not {amount}"
                    )
                to = o.target
            else:
                to = o.target if amount is None else amount
                self._check_size(name, when, shown, to, o)
            if not o.may_raise:
                raise DealError(f"{name} cannot {kind}: {o.refusal}")
            if o.stack < to - o.put:
                raise DealError(
                    f"{name} cannot {shown} {to}: only {o.stack} chips are left, "
                    "so this is an all-in"
                )
            return to - o.put
        if kind == "all-in":
            if amount is not None and amount != o.stack:
                raise DealError(f"{name}'s all-in is {o.stack}, not {amount}")
            if o.stack > o.to_call:
                if not o.may_raise:
                    raise DealError(
                        f"{name} cannot go all-in for {o.stack}, which would raise: {o.refusal}"
                    )
                if not self.profile.is_fixed_limit and o.stack + o.put > o.largest:
                    raise DealError(
                        f"{name} cannot go all-in to {o.stack + o.put}: "
                        f"{self._largest_words(o, when)}"
                    )
                if self.profile.is_fixed_limit and o.stack > o.raise_cost:
                    raise DealError(
                        f"{name} cannot go all-in for {o.stack}: in fixed limit the most "
                        f"{name} can put in {when} is {o.raise_cost} "
                        f"(a {o.aggressive} to {o.target})"
                    )
            return o.stack
        raise DealError(f"'{kind}' is not a betting action: use {', '.join(ACTION_KINDS)}")

    def _check_size(self, name: str, when: str, shown: str, to: int, o: Options) -> None:
        """Refuse a big-bet size below the smallest full raise or above the structure's most."""
        if to < o.target:
            smallest = "the smallest bet" if o.aggressive == "bet" else "the smallest full raise"
            raise DealError(
                f"{name} cannot {shown} {to}: {smallest} {when} is to {o.target} "
                "(an amount below it is allowed only as an all-in)"
            )
        if to > o.largest:
            raise DealError(f"{name} cannot {shown} {to}: {self._largest_words(o, when)}")

    def _largest_words(self, o: Options, when: str) -> str:
        """Why a size is too large: the structure's limit, said with its number."""
        title = STRUCTURE_TITLES[self.profile.structure]
        if o.largest == o.put + o.stack:
            return f"that is more than the {o.put + o.stack} the seat has {when}"
        what = "the pot" if self.profile.structure == "pot-limit" else "half the pot"
        return f"in {title} the most {when} is to {o.largest} (call {o.to_call}, then raise {what})"

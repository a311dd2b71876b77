"""The deal record: everything that happened in one deal, as plain data.

A record is what a teacher types (through ``notation``) and what the replayer
steps through (through ``replay``). It holds facts only, never results: the
pot, the payouts and the ledger are always recomputed, so a record cannot
disagree with the evaluator. Every part is frozen, so a parsed record can be
cached and shared between requests.

``line`` fields remember where a part came from in the text notation; they
take no part in equality, so a record built in Python equals the same record
parsed from text.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache
from types import MappingProxyType
from typing import Any

from .cards import Card
from .errors import EvaluatorError
from .money import Money
from .profiles import PROFILES, GameProfile, get_profile
from .wording import number_word

ACTION_KINDS = ("fold", "check", "call", "bet", "raise", "all-in")


@cache
def round_name(betting_round: int) -> str:
    """How the lessons name a betting round: "before the draw", "after draw two".

    Remembered: the betting table names the round for every action it checks.
    """
    return "before the draw" if betting_round == 0 else f"after draw {number_word(betting_round)}"


class DealError(EvaluatorError):
    """A deal that cannot be read or cannot have happened.

    ``problem`` is the sentence without its location, so a form can show it
    beside the right field; ``line`` is the notation line and ``step`` the
    replay step at which the record went wrong, when known.
    """

    def __init__(self, problem: str, *, line: int | None = None, step: int | None = None) -> None:
        self.problem = problem
        self.line = line
        self.step = step
        if line is not None:
            message = f"line {line}: {problem}"
        elif step is not None:
            message = f"step {step}: {problem}"
        else:
            message = problem
        super().__init__(message)


@dataclass(frozen=True)
class Seat:
    """One seat: ``stack`` is None only when a record gives no betting at all.

    ``hidden`` counts cards dealt face down that the record cannot name (a
    card room's history knows only its own player's hand); ``cards`` holds
    the known ones, so the two together make a full hand.
    """

    name: str
    stack: int | None
    cards: tuple[Card, ...]
    line: int | None = field(default=None, compare=False, repr=False)
    hidden: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(self.cards))


@dataclass(frozen=True)
class Action:
    """One betting action.

    ``amount`` is optional and checked when given: for ``bet`` and ``raise``
    it is the seat's total for the round after the action ("raise 24" is a
    raise to 24); for ``call`` and ``all-in`` it is the chips the action adds.
    """

    seat: str
    kind: str
    amount: int | None = None
    line: int | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class BettingLine:
    """One betting round; ``pot``, when given, is checked against the pot at its end."""

    actions: tuple[Action, ...] = ()
    pot: int | None = None
    line: int | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "actions", tuple(self.actions))


@dataclass(frozen=True)
class DrawEntry:
    """One seat's part of a draw; standing pat is an empty discard.

    ``hidden`` is a draw seen from across the table: that many cards were
    replaced, but which ones (out or in) nobody at the table could see.
    """

    seat: str
    discards: tuple[Card, ...] = ()
    receives: tuple[Card, ...] = ()
    line: int | None = field(default=None, compare=False, repr=False)
    hidden: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "discards", tuple(self.discards))
        object.__setattr__(self, "receives", tuple(self.receives))


@dataclass(frozen=True)
class DrawLine:
    """One draw in turn order.

    ``reshuffled`` says the discards so far (and folded hands) went back into
    the deck before this draw, the only way a card may be dealt twice.
    """

    entries: tuple[DrawEntry, ...] = ()
    reshuffled: bool = False
    line: int | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "entries", tuple(self.entries))


Street = BettingLine | DrawLine

# A "dead blind" is paid into the pot without being a bet: a seat coming back
# after missing its blinds posts the big blind live and the small blind dead.
FORCED_BETS = ("ante", "small blind", "big blind", "dead blind")


@dataclass(frozen=True)
class Post:
    """A forced bet as a card room recorded it: who posted what, and how many chips.

    Rooms post antes and blinds together, and a seat joining the table may
    post a big blind out of position; the profile's one blind pattern cannot
    say that, so a record may list its posts instead.
    """

    seat: str
    kind: str  # one of FORCED_BETS
    amount: int
    line: int | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class Show:
    """One seat at the showdown: the cards it turned up, or None when it mucked."""

    seat: str
    cards: tuple[Card, ...] | None
    line: int | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class DealRecord:
    """A whole deal, from the seats to the last action.

    ``streets`` alternate as played: the betting before the draw, draw 1, the
    betting after draw 1, and so on; a deal that ends by folds simply stops.
    ``showdown_pot`` stands in for the betting of exercises that record only
    the draws: the record then has draw lines only, and every seat puts an
    equal share into that pot.

    ``settings`` always holds the full table settings of the game (the
    profile's defaults filled in), so two records of the same deal compare
    equal however their settings were written.
    """

    profile_key: str
    settings: Mapping[str, Any]
    seats: tuple[Seat, ...]
    button: int
    streets: tuple[Street, ...] = ()
    showdown_pot: int | None = None
    notes: tuple[str, ...] = ()
    # What a card room's history adds: the forced bets as posted (None: the
    # profile's blinds or antes), who showed or mucked at the showdown (None:
    # every live seat shows), and the chips the room kept before paying out.
    posts: tuple[Post, ...] | None = None
    showdown: tuple[Show, ...] | None = None
    rake: int = 0
    # A cash game read in cents: how the chips read as the room's money (None: chips).
    money: Money | None = None

    def __post_init__(self) -> None:
        if self.posts is not None:
            object.__setattr__(self, "posts", tuple(self.posts))
        if self.showdown is not None:
            object.__setattr__(self, "showdown", tuple(self.showdown))
        object.__setattr__(self, "seats", tuple(self.seats))
        object.__setattr__(self, "streets", tuple(self.streets))
        object.__setattr__(self, "notes", tuple(self.notes))
        object.__setattr__(
            self, "settings", MappingProxyType(full_settings(self.profile_key, self.settings))
        )

    def profile(self) -> GameProfile:
        """The game as this record's table plays it (its settings applied)."""
        return table_profile(self.profile_key, self.settings)


def table_profile(profile_key: str, settings: Mapping[str, Any]) -> GameProfile:
    """``get_profile`` with table settings, remembered for settings seen before.

    Why: every record builds its profile at least twice (here and in the
    replay), and checking a file of ten thousand hands from one table asked
    for the same checked copy of the same profile twenty thousand times. A
    profile is frozen, so one copy serves them all; refused settings raise
    each time, as before.
    """
    # Each value's type is part of the key: True equals 1, but only 1 is a valid setting.
    key = tuple((name, type(value), value) for name, value in settings.items())
    try:
        return _table_profile(profile_key, key)
    except TypeError:  # a setting that cannot be a key (never a valid one): check it afresh
        return get_profile(profile_key, **settings)


@lru_cache(maxsize=1024)
def _table_profile(profile_key: str, settings: tuple[tuple[str, type, Any], ...]) -> GameProfile:
    return get_profile(profile_key, **{name: value for name, _, value in settings})


def full_settings(profile_key: str, settings: Mapping[str, Any]) -> dict[str, Any]:
    """Every table setting, with the forced bets a game does not use reset.

    A blinds game ignores the ante and an ante game ignores the blinds, so
    those are reset to the profile's values: otherwise two records that play
    identically could differ in a number nobody can see.
    """
    try:
        profile = table_profile(profile_key, settings)
    except EvaluatorError as error:
        raise DealError(str(error)) from None
    base = PROFILES[profile_key]
    full = profile.settings()
    if full["forced_bets"] == "ante":
        full["small_blind"], full["big_blind"] = base.small_blind, base.big_blind
    else:
        full["ante"] = base.ante
    return full

"""The plain data of a live hand: the table's settings, actions, what happened, grades.

Everything here is frozen, so a page can keep it, compare it and rebuild a
hand from it; the rules that use it live in ``hand``, ``players`` and ``coach``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..cards import Card
from ..errors import EvaluatorError
from ..profiles import PROFILES, get_profile
from ..wording import excerpt

MIN_SEATS = 2
MAX_SEATS = 6
DEFAULT_SEATS = 4
DEFAULT_STACK_BIG_BETS = 20  # each seat starts with this many big bets
LEARNER_NAME = "You"
# First names for the computer seats, one per seat number, so a seat keeps its name
# when the learner changes its opponent's personality.
SEAT_NAMES = ("Ana", "Bram", "Cy", "Dee", "Eli", "Fay")
ACTION_KINDS = ("fold", "check", "call", "bet", "raise", "draw")
_FORBIDDEN_IN_NAMES = set(",;:#()")


class IllegalAction(EvaluatorError):
    """An action the rules do not allow at this point; the message says why in plain words."""


@dataclass(frozen=True)
class TableSettings:
    """Everything that decides a hand before the learner acts: with the learner's actions,
    these rebuild the hand exactly.

    ``personalities`` has one entry per seat: None for the learner's seat (and, at
    a table of people, for every other person's), a key of ``PERSONALITIES`` for
    each computer seat. ``seed`` deals the deck and
    seeds every computer decision.
    """

    game: str
    seats: int
    learner_seat: int
    personalities: tuple[str | None, ...]
    stacks: tuple[int, ...]
    button: int
    seed: int
    names: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "personalities", tuple(self.personalities))
        object.__setattr__(self, "stacks", tuple(self.stacks))
        object.__setattr__(self, "names", tuple(self.names))
        self.check()
        if not self.names:
            object.__setattr__(self, "names", default_names(self.seats, self.learner_seat))

    def check(self) -> None:
        """Refuse settings no table could play, with the reason in words."""
        from .players import HEADS_UP_ONLY, PERSONALITIES  # the players module reads these too

        if self.game not in PROFILES:
            raise EvaluatorError(
                f"'{excerpt(str(self.game))}' is not a game: choose one of {', '.join(PROFILES)}"
            )
        n = self.seats
        if not isinstance(n, int) or not MIN_SEATS <= n <= MAX_SEATS:
            raise EvaluatorError(f"a table has {MIN_SEATS} to {MAX_SEATS} seats, not {n}")
        profile = get_profile(self.game)
        if n * profile.hand_size > 52:  # pragma: no cover - six seats always fit
            raise EvaluatorError(f"{n} seats cannot each be dealt {profile.hand_size} cards")
        if not isinstance(self.learner_seat, int) or not 0 <= self.learner_seat < n:
            raise EvaluatorError(f"the learner's seat must be from 0 to {n - 1}")
        if not isinstance(self.button, int) or not 0 <= self.button < n:
            raise EvaluatorError(f"the button must be a seat from 0 to {n - 1}")
        if len(self.personalities) != n or len(self.stacks) != n:
            raise EvaluatorError(f"give one personality and one stack for each of the {n} seats")
        for seat, key in enumerate(self.personalities):
            if seat == self.learner_seat:
                if key is not None:
                    raise EvaluatorError("the learner's seat has no computer personality")
            elif key is not None and key not in PERSONALITIES:
                raise EvaluatorError(
                    f"'{excerpt(str(key))}' is not a computer player: choose one of "
                    f"{', '.join(PERSONALITIES)}"
                )
            elif key in HEADS_UP_ONLY and n != 2:
                raise EvaluatorError(
                    f"the {PERSONALITIES[key].name} player sits only at a heads-up table "
                    f"(two players), not at a table of {n}"
                )
        for stack in self.stacks:
            if not isinstance(stack, int) or isinstance(stack, bool) or not 1 <= stack <= 10**9:
                raise EvaluatorError("every stack must be a whole number of chips from 1 up")
        if not isinstance(self.seed, int) or isinstance(self.seed, bool):
            raise EvaluatorError("the seed must be a whole number")
        if self.names:
            if len(self.names) != n or len(set(self.names)) != n:
                raise EvaluatorError(f"give {n} different names, one per seat")
            for name in self.names:
                if not name.strip() or name != name.strip() or _FORBIDDEN_IN_NAMES & set(name):
                    raise EvaluatorError(
                        f"'{excerpt(name)}' cannot be a seat name: no , ; : # ( ) and no "
                        "spaces at either end"
                    )

    @property
    def computer_seats(self) -> tuple[int, ...]:
        return tuple(s for s, key in enumerate(self.personalities) if key is not None)

    @property
    def people_seats(self) -> tuple[int, ...]:
        """Seats played by people: the learner's, and at a table of people, the others'."""
        return tuple(s for s, key in enumerate(self.personalities) if key is None)

    def seen_by(self, seat: int) -> TableSettings:
        """The same table with ``seat`` as the learner: the same deal and the same
        actions, told from that person's chair (their cards, their coach)."""
        return replace(self, learner_seat=seat)

    @classmethod
    def default(
        cls,
        game: str,
        seed: int,
        *,
        personalities: tuple[str, ...] | None = None,
        learner_seat: int = 0,
        button: int | None = None,
        seats: int | None = None,
        stack: int | None = None,
    ) -> TableSettings:
        """A sensible table: four seats unless told, the learner and the computer players
        given in seat order (skipping the learner), 20 big bets each, the button
        chosen by the seed unless given.
        """
        if personalities is None:
            count = (seats or DEFAULT_SEATS) - 1
            cycle = ("solid", "caller", "aggressor")
            personalities = tuple(cycle[i % len(cycle)] for i in range(count))
        n = len(personalities) + 1
        if seats is not None and seats != n:
            raise EvaluatorError(f"{seats} seats need {seats - 1} computer players")
        if not 0 <= learner_seat < n:
            raise EvaluatorError(f"the learner's seat must be from 0 to {n - 1}")
        rest = list(personalities)
        per_seat: list[str | None] = [None if s == learner_seat else rest.pop(0) for s in range(n)]
        if game not in PROFILES:
            raise EvaluatorError(
                f"'{excerpt(str(game))}' is not a game: choose one of {', '.join(PROFILES)}"
            )
        chips = stack if stack is not None else DEFAULT_STACK_BIG_BETS * PROFILES[game].big_bet
        return cls(
            game=game,
            seats=n,
            learner_seat=learner_seat,
            personalities=tuple(per_seat),
            stacks=(chips,) * n,
            button=button if button is not None else seed % n,
            seed=seed,
        )

    def next_hand(
        self, stacks: tuple[int, ...] | None = None, seed: int | None = None
    ) -> TableSettings:
        """The settings of the following hand: the button moves one seat to the left.

        ``stacks`` carries the chips over (a seat that went broke is topped up to
        its starting stack, since a study table never sits anyone out).
        """
        new_stacks = (
            self.stacks
            if stacks is None
            else tuple(s if s > 0 else self.stacks[i] for i, s in enumerate(stacks))
        )
        return TableSettings(
            game=self.game,
            seats=self.seats,
            learner_seat=self.learner_seat,
            personalities=self.personalities,
            stacks=new_stacks,
            button=(self.button + 1) % self.seats,
            seed=self.seed + 1 if seed is None else seed,
            names=self.names,
        )


def default_names(seats: int, learner_seat: int) -> tuple[str, ...]:
    return tuple(LEARNER_NAME if s == learner_seat else SEAT_NAMES[s] for s in range(seats))


@dataclass(frozen=True)
class Action:
    """One decision: a betting action, or a draw (no discards: stand pat)."""

    kind: str
    discards: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "discards", tuple(self.discards))

    @classmethod
    def draw(cls, *discards: Card) -> Action:
        return cls("draw", tuple(discards))

    @property
    def text(self) -> str:
        """The action in a few words: "raise", "stand pat", "draw two"."""
        if self.kind != "draw":
            return self.kind
        if not self.discards:
            return "stand pat"
        from ..cards import format_cards

        return f"throw {format_cards(self.discards)}"


@dataclass(frozen=True)
class LegalAction:
    """One action the learner may take now.

    ``amount`` is the chips the seat's bet for the round becomes (None for a
    fold, a check or a draw); ``max_discards`` the most cards a draw may throw.
    """

    kind: str
    amount: int | None
    max_discards: int
    label: str


@dataclass(frozen=True)
class Event:
    """One thing that happened at the table, in order, in words a live region can read.

    ``amount`` is the seat's round total after a bet, raise or call, the chips
    of a forced bet, or the chips a seat receives at the end; ``count`` the
    cards a draw replaced.
    """

    step: int  # the learner decisions taken before this event
    seat: int
    kind: str
    amount: int | None
    count: int | None
    text: str


@dataclass(frozen=True)
class Grade:
    """The coach's verdict on one of the learner's decisions."""

    step: int
    decision: str  # what the learner did, in words
    grade: str  # "correct" | "inaccuracy" | "blunder"
    reason_code: str
    reason: str
    better_play: str | None
    better_action: Action | None
    size: float  # the mistake in big bets, 0 when correct
    skill_kind: str  # "draw" or "bet"
    details: dict[str, float] = field(default_factory=dict, compare=False)


@dataclass(frozen=True)
class ActResult:
    """The learner's action and everything that followed, up to their next decision."""

    events: tuple[Event, ...]
    grade: Grade

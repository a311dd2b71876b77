"""Game profiles: which cards a game deals and how its pot is shared.

The reference texts disagree on a few table rules (how many cards one draw
may replace, how many raises a round allows, blinds or antes). Those are
settings of a profile with the lessons' choices as defaults, so a teacher can
describe a room's variant without new code.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields, replace
from functools import cache
from typing import Any

from . import fast
from .badugi import badugi
from .cards import Card
from .errors import EvaluatorError
from .limits import MAX_CHIPS, MAX_RAISE_CAP
from .lowball import ace_to_five, deuce_to_seven
from .structures import DRAW_COUNTS, DRAW_TITLES, FIXED_LIMIT, STRUCTURE_TITLES, STRUCTURES
from .values import BadugiValue, LowValue
from .wording import excerpt

AWARD_TITLES = {
    "ace_to_five": "ace-to-five low",
    "deuce_to_seven": "deuce-to-seven low",
    "badugi": "Badugi",
}


@dataclass(frozen=True)
class GameProfile:
    """One game and its table settings.

    ``awards`` lists the evaluations that share the pot, in order; the first
    takes the odd chip of an uneven split (the five-card low half).
    """

    key: str
    name: str
    hand_size: int
    awards: tuple[str, ...]
    badugi_ace_high: bool = False
    draws: int = 3
    max_discard: int = 5
    raise_cap: int = 4  # bets allowed in one round: the opening bet and three raises
    forced_bets: str = "blinds"  # or "ante"
    small_blind: int = 3
    big_blind: int = 6
    ante: int = 0
    small_bet: int = 6
    big_bet: int = 12
    big_bet_from_round: int = 2  # betting rounds count from 0; the big bet starts after draw two
    # Fixed limit, or a big-bet structure a card room dealt (evaluator.structures).
    structure: str = FIXED_LIMIT

    def __hash__(self) -> int:
        """The key alone: equal profiles share it, and it is cheap. The coach's caches
        look a profile up hundreds of thousands of times per answer, where hashing every
        field was a tenth of the time; profiles with the same key but other settings are
        still told apart by ``==``."""
        return hash(self.key)

    @property
    def is_split(self) -> bool:
        return len(self.awards) > 1

    @property
    def is_fixed_limit(self) -> bool:
        return self.structure == FIXED_LIMIT

    @property
    def title(self) -> str:
        """The game named with its structure and draws when they are not the lessons' own.

        "Badugi" for the fixed-limit triple draw the lessons teach; "no-limit
        2-7 single draw" or "pot-limit Badacey (double draw)" for a room's
        other forms, so a replayed history says which rules its bets met.
        """
        name = self.name
        if self.draws != 3:
            drawn = DRAW_TITLES[self.draws]
            name = (
                name.replace("triple draw", drawn) if "triple draw" in name else f"{name} ({drawn})"
            )
        if self.is_fixed_limit:
            return name
        return f"{STRUCTURE_TITLES[self.structure].replace(' ', '-')} {name}"

    def evaluate(self, cards: Sequence[Card]) -> dict[str, LowValue | BadugiValue]:
        """Every value the game's awards read from one hand."""
        return {kind: self.evaluator(kind)(cards) for kind in self.awards}

    def evaluator(self, kind: str) -> Callable[[Sequence[Card]], LowValue | BadugiValue]:
        """The function behind one award; the Badugi reads the ace as this game does."""
        if kind == "ace_to_five":
            return ace_to_five
        if kind == "deuce_to_seven":
            return deuce_to_seven
        if kind == "badugi":
            return lambda cards: badugi(cards, ace_high=self.badugi_ace_high)
        raise EvaluatorError(f"unknown award kind '{kind}'")  # pragma: no cover

    def strengths(self, indices: Sequence[int]) -> tuple[int, ...]:
        """Every award's strength, in award order, from deck indices by the fast path.

        The same numbers as ``evaluate(...)[kind].strength`` at a fraction of
        the cost, which matters to the showdown batch.
        """
        return self.strength_function(*indices)

    @property
    def strength_function(self) -> Callable[..., tuple[int, ...]]:
        """``strengths`` taking the indices as separate arguments: one call less per hand."""
        return _strength_function(self.awards, self.badugi_ace_high)

    def bet_size(self, betting_round: int) -> int:
        """The fixed bet and raise unit of a betting round (0 = before the first draw).

        With fewer than three draws the big bet starts halfway, rounded down:
        a fixed-limit single draw bets the small bet before the draw and the
        big bet after it, as the rooms dealt it.
        """
        start = self.big_bet_from_round if self.draws == 3 else (self.draws + 1) // 2
        return self.big_bet if betting_round >= start else self.small_bet

    def full_raise_to(self, betting_round: int, facing: int) -> int:
        """The round total a full raise reaches over a bet of ``facing``.

        In fixed limit a raise adds exactly one unit of that round on top of the
        bet it faces, so the exercises can ask "raise to how much?" and compute
        the answer instead of typing it.
        """
        if betting_round < 0 or facing < 0:
            raise EvaluatorError("the betting round and the bet faced cannot be negative")
        return facing + self.bet_size(betting_round)

    def settings(self) -> dict[str, Any]:
        """The adjustable table settings, for forms and records.

        The structure and the number of draws appear only when they differ
        from the lessons' fixed-limit triple draw: a room's pot-limit single
        draw hand must carry them, but every lesson deal stored before they
        existed keeps exactly the settings it had.
        """
        found = {name: getattr(self, name) for name in SETTING_NAMES}
        if self.structure != FIXED_LIMIT:
            found["structure"] = self.structure
        if self.draws != 3:
            found["draws"] = self.draws
        return found

    def with_settings(self, **overrides: Any) -> GameProfile:
        """A copy with some table settings changed, after checking they make sense."""
        unknown = set(overrides) - set(SETTING_NAMES) - set(ROOM_SETTING_NAMES)
        if unknown:
            raise EvaluatorError(f"unknown game setting: {', '.join(sorted(unknown))}")
        for name, value in overrides.items():
            if name == "forced_bets":
                if value not in ("blinds", "ante"):
                    raise EvaluatorError("forced bets must be 'blinds' or 'ante'")
                continue
            if name == "structure":
                if value not in STRUCTURES:
                    raise EvaluatorError(f"the structure must be one of {', '.join(STRUCTURES)}")
                continue
            if name == "draws":
                if value not in DRAW_COUNTS or isinstance(value, bool):
                    raise EvaluatorError("a draw game has one, two or three draws")
                continue
            most = MAX_RAISE_CAP if name == "raise_cap" else MAX_CHIPS
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= most:
                raise EvaluatorError(
                    f"the setting {name} must be a whole number from 0 to {most:,}"
                )
        profile = replace(self, **overrides)
        profile.check()
        return profile

    def check(self) -> None:
        """Refuse settings no table could play, so a bad room setting fails on entry."""
        if not 0 <= self.max_discard <= self.hand_size:
            raise EvaluatorError(
                f"a draw can replace at most {self.hand_size} cards in {self.name}, "
                f"not {self.max_discard}"
            )
        if self.raise_cap < 1:
            raise EvaluatorError("the raise cap must allow at least the opening bet")
        if self.small_bet < 1 or self.big_bet < 1:
            raise EvaluatorError("the small and big bets must be at least 1 chip")
        if self.forced_bets == "blinds" and not 0 < self.small_blind <= self.big_blind:
            raise EvaluatorError("the small blind must be at least 1 and at most the big blind")
        if self.forced_bets == "ante" and self.ante < 1:
            raise EvaluatorError("an ante game needs an ante of at least 1 chip")


def _single(kind: str, ace_high: bool) -> Callable[..., int]:
    if kind == "ace_to_five":
        return fast.ace_to_five_strength
    if kind == "deuce_to_seven":
        return fast.deuce_to_seven_strength
    return lambda *indices: fast.badugi_strength(indices, ace_high=ace_high)


@cache
def _strength_function(awards: tuple[str, ...], ace_high: bool) -> Callable[..., tuple[int, ...]]:
    """The quickest way to every award's strength: both halves at once where fast has it."""
    if awards == ("ace_to_five", "badugi") and not ace_high:
        return fast.badacey_strengths
    if awards == ("deuce_to_seven", "badugi") and ace_high:
        return fast.badeucey_strengths
    parts = [_single(kind, ace_high) for kind in awards]
    if len(parts) == 1:
        only = parts[0]
        return lambda *indices: (only(*indices),)
    return lambda *indices: tuple(part(*indices) for part in parts)


SETTING_NAMES = (
    "max_discard",
    "raise_cap",
    "forced_bets",
    "small_blind",
    "big_blind",
    "ante",
    "small_bet",
    "big_bet",
)
# A card room's form of a game: what its histories need beyond the lessons'
# settings. Kept apart so the teachers' settings box does not offer them
# (lessons stay fixed-limit triple draw), but records accept them.
ROOM_SETTING_NAMES = ("structure", "draws")
assert set(SETTING_NAMES + ROOM_SETTING_NAMES) <= {f.name for f in fields(GameProfile)}

# Badacey: lesson 000 (fixed-limit 6/12, blinds 3/6, replace 0-5 cards; the
# summary page's 0-3 is a room setting). Badugi: lesson 003 (2/4 units, any of
# the four cards). Badeucey: text 004 (blinds, zero to five cards). The two
# single-half games are the triple-draw lowball games card rooms deal, with
# the same fixed-limit table as Badacey: players bring their hand histories,
# so each is a game of its own and not only a way to score a half.
PROFILES: dict[str, GameProfile] = {
    p.key: p
    for p in (
        GameProfile(
            key="badacey",
            name="Badacey",
            hand_size=5,
            awards=("ace_to_five", "badugi"),
        ),
        GameProfile(
            key="badeucey",
            name="Badeucey",
            hand_size=5,
            awards=("deuce_to_seven", "badugi"),
            badugi_ace_high=True,
        ),
        GameProfile(
            key="badugi",
            name="Badugi",
            hand_size=4,
            awards=("badugi",),
            max_discard=4,
            small_blind=1,
            big_blind=2,
            small_bet=2,
            big_bet=4,
        ),
        GameProfile(
            key="ace_to_five",
            name="A-5 triple draw",
            hand_size=5,
            awards=("ace_to_five",),
        ),
        GameProfile(
            key="deuce_to_seven",
            name="2-7 triple draw",
            hand_size=5,
            awards=("deuce_to_seven",),
        ),
    )
}


def get_profile(key: str, **settings: Any) -> GameProfile:
    """The named profile, with any table settings applied."""
    try:
        profile = PROFILES[key]
    except (KeyError, TypeError):
        names = ", ".join(PROFILES)
        shown = f"'{excerpt(key)}'" if isinstance(key, str) else f"a {type(key).__name__}"
        raise EvaluatorError(f"{shown} is not a game: choose one of {names}") from None
    return profile.with_settings(**settings) if settings else profile

"""Ask the coach about any spot: the same model the study table grades with, without a table.

A spot is what a learner can know at one decision: the game, their cards, the
cards they know are out (their own discards), the pot and the price, the draws
still to come, and for each opponent how many cards it took at each draw and
whether it still acts after them. ``spot_from_json`` reads one line of
``manage.py coach --jsonl`` (docs/play.md) and refuses anything it cannot read
with one sentence; ``judge_spot`` values every legal choice with the coach's
model (``evaluator.play.values``) and grades each one; ``verdict_to_json``
writes the answer line. The study table builds the same ``Spot`` from a live
hand, so the page, the batch and the table can never disagree.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..cards import Card, parse_cards
from ..errors import EvaluatorError
from ..profiles import PROFILES, GameProfile
from ..wording import excerpt
from .grading import grade_choices
from .spelling import card_code
from .spot_data import ChoiceVerdict as ChoiceVerdict
from .spot_data import OpponentInSpot as OpponentInSpot
from .spot_data import Spot as Spot
from .spot_data import SpotError as SpotError
from .spot_data import SpotVerdict as SpotVerdict
from .spot_data import choice_label as choice_label
from .spot_data import legal_choices as legal_choices
from .table import Action
from .values import value_spot

GAMES = ("badacey", "badeucey", "badugi", "ace_to_five", "deuce_to_seven")
DECISIONS = ("bet", "draw")
KEYS = (
    "game",
    "decision",
    "cards",
    "dead",
    "draws_left",
    "pot",
    "to_call",
    "bet",
    "raises_left",
    "opponents",
    "stacks",
)
MAX_OPPONENTS = 5  # a study table seats six
MAX_CHIPS = 10**9


# -- reading a line ------------------------------------------------------------------


def _whole(obj: Mapping[str, object], key: str, *, low: int, high: int, what: str) -> int:
    value = obj[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise SpotError(f"'{key}' must be a whole number ({what}), not {excerpt(repr(value))}")
    if not low <= value <= high:
        raise SpotError(f"'{key}' must be from {low} to {high} ({what}), not {value}")
    return value


def _cards(
    obj: Mapping[str, object], key: str, profile: GameProfile, count: int | None
) -> tuple[Card, ...]:
    value = obj.get(key, "")
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        value = " ".join(str(v) for v in value)
    if not isinstance(value, str):
        raise SpotError(f"'{key}' must be cards written as text, for example \"As 2h 3d 4c\"")
    try:
        return parse_cards(value, count=count, game_name=profile.name)
    except EvaluatorError as error:
        raise SpotError(f"'{key}': {error}") from None


def spot_from_json(obj: Mapping[str, object]) -> Spot:
    """Validate a coach-jsonl input object (docs/play.md); raise SpotError naming what is wrong."""
    if not isinstance(obj, Mapping):
        raise SpotError('each line must be a JSON object such as {"game": "badugi", ...}')
    for key in obj:
        if key not in KEYS:
            raise SpotError(f"'{excerpt(str(key))}' is not a key of a spot: use {', '.join(KEYS)}")
    for key in ("game", "decision", "cards", "draws_left", "pot", "bet", "opponents"):
        if key not in obj:
            raise SpotError(f"the spot has no '{key}'")
    game = obj["game"]
    if not isinstance(game, str) or game not in GAMES:
        raise SpotError(f"'{excerpt(str(game))}' is not a game: use one of {', '.join(GAMES)}")
    profile = PROFILES[game]
    decision = obj["decision"]
    if decision not in DECISIONS:
        raise SpotError(f'\'decision\' must be "bet" or "draw", not {excerpt(repr(decision))}')
    assert isinstance(decision, str)
    cards = _cards(obj, "cards", profile, profile.hand_size)
    dead = _cards(obj, "dead", profile, None)
    for card in dead:
        if card in cards:
            raise SpotError(f"{card} is both in your hand and among the dead cards")
    low = 1 if decision == "draw" else 0
    draws_left = _whole(
        obj, "draws_left", low=low, high=profile.draws, what=f"draws still to come in {game}"
    )
    pot = _whole(obj, "pot", low=0, high=MAX_CHIPS, what="chips in the pot")
    bet = _whole(obj, "bet", low=1, high=MAX_CHIPS, what="the size of one bet this round")
    if decision == "bet":
        if "to_call" not in obj:
            raise SpotError("a bet decision needs 'to_call' (0 when you may check)")
        to_call = _whole(obj, "to_call", low=0, high=MAX_CHIPS, what="chips you must add to call")
    else:
        to_call = 0
        if obj.get("to_call", 0) != 0:
            raise SpotError("a draw has nothing to call: leave 'to_call' out or give 0")
    raises_left = (
        _whole(obj, "raises_left", low=0, high=profile.raise_cap, what="raises still allowed")
        if "raises_left" in obj
        else 1
    )
    if to_call == 0 and decision == "bet" and raises_left == 0:
        raises_left = 1  # nobody has bet: a bet is always open
    opponents = _opponents(obj["opponents"], profile, decision, draws_left)
    if (1 + len(opponents)) * profile.hand_size + len(dead) > 52:
        raise SpotError("that many hands and dead cards do not fit in one deck")
    stacks: tuple[int, ...] | None = None
    if obj.get("stacks") is not None:
        raw = obj["stacks"]
        if not isinstance(raw, list) or len(raw) != 1 + len(opponents):
            raise SpotError(f"'stacks' must list {1 + len(opponents)} whole numbers, yours first")
        found = []
        for chips in raw:
            if isinstance(chips, bool) or not isinstance(chips, int) or not 0 <= chips <= MAX_CHIPS:
                raise SpotError("every stack must be a whole number of chips, 0 or more")
            found.append(chips)
        stacks = tuple(found)
    return Spot(
        game=game,
        decision=decision,
        cards=cards,
        dead=dead,
        draws_left=draws_left,
        pot=pot,
        to_call=to_call,
        bet=bet,
        raises_left=raises_left,
        opponents=opponents,
        stacks=stacks,
    )


def _opponents(
    raw: object, profile: GameProfile, decision: str, draws_left: int
) -> tuple[OpponentInSpot, ...]:
    if not isinstance(raw, list) or not raw:
        raise SpotError("'opponents' must list at least one opponent still in the hand")
    if len(raw) > MAX_OPPONENTS:
        raise SpotError(f"a table has at most {MAX_OPPONENTS} opponents, not {len(raw)}")
    done = profile.draws - draws_left
    found = []
    for n, entry in enumerate(raw, start=1):
        if not isinstance(entry, Mapping):
            raise SpotError(f'opponent {n} must be an object such as {{"drew": [2, 1]}}')
        for key in entry:
            if key not in ("drew", "acts_after"):
                raise SpotError(
                    f"'{excerpt(str(key))}' is not a key of opponent {n}: use drew, acts_after"
                )
        drew = entry.get("drew")
        if not isinstance(drew, list):
            raise SpotError(f"opponent {n} needs 'drew': the cards it took at each draw so far")
        allowed = (done, done + 1) if decision == "draw" else (done,)
        if len(drew) not in allowed:
            said = " or ".join(str(a) for a in allowed)
            raise SpotError(
                f"opponent {n} 'drew' lists {len(drew)} draws, but {said} have been made"
            )
        for count in drew:
            if isinstance(count, bool) or not isinstance(count, int):
                raise SpotError(f"opponent {n} 'drew' must hold whole numbers of cards")
            if not 0 <= count <= min(profile.max_discard, profile.hand_size):
                raise SpotError(
                    f"opponent {n} cannot take {count} cards in one draw of {profile.name}"
                )
        after = entry.get("acts_after", False)
        if not isinstance(after, bool):
            raise SpotError(f"opponent {n} 'acts_after' must be true or false")
        found.append(OpponentInSpot(tuple(drew), after))
    return tuple(found)


# -- judging ------------------------------------------------------------------------


def judge_spot(spot: Spot, *, seed: int = 0) -> SpotVerdict:
    """Value and grade every legal choice of ``spot`` (deterministic for a given seed)."""

    valued = value_spot(spot, legal_choices(spot), seed=seed)
    choices = grade_choices(spot, valued)
    return SpotVerdict(
        spot=spot,
        choices=choices,
        best=choices[0],
        model=valued.model,
        error_bb=round(valued.error / spot.big_bet, 4),
    )


def _action_json(action: Action) -> dict[str, object]:
    if action.kind != "draw":
        return {"kind": action.kind}
    if not action.discards:
        return {"kind": "pat"}
    return {"kind": "draw", "throw": [card_code(c) for c in action.discards]}


def verdict_to_json(verdict: SpotVerdict) -> dict[str, object]:
    """The output line of `manage.py coach --jsonl` (docs/play.md)."""
    return {
        "ok": True,
        "best": _action_json(verdict.best.action),
        "actions": [
            _action_json(c.action)
            | {
                "label": c.label,
                "value": round(c.value, 2),
                "loss_bb": round(c.loss_bb, 3),
                "grade": c.grade,
                "reason_code": c.reason_code,
                "reason": c.reason,
            }
            for c in verdict.choices
        ],
        "model": verdict.model,
        "error_bb": verdict.error_bb,
    }


def answer_line(line: str, *, seed: int = 0) -> dict[str, object]:
    """One input line of the batch to its output object (``ok: false`` with a sentence)."""
    import json

    text = line.strip()
    if not text:
        return {"ok": False, "error": "the line is empty: give one JSON object per line"}
    if len(text) > 20_000:
        return {"ok": False, "error": "the line is too long for one spot"}
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError):
        return {"ok": False, "error": "the line is not valid JSON"}
    try:
        spot = spot_from_json(obj)
        return verdict_to_json(judge_spot(spot, seed=seed))
    except EvaluatorError as error:
        return {"ok": False, "error": str(error)}

"""The engine's table settings and actions as JSON a row can hold, and back.

Only the settings and the learner's actions are stored: the engine rebuilds
everything else from them, so a stored hand can never disagree with the rules.
"""

from __future__ import annotations

from typing import Any

from evaluator import EvaluatorError
from evaluator.cards import parse_card
from evaluator.play import Action, TableSettings, card_code


def settings_json(settings: TableSettings) -> dict[str, Any]:
    return {
        "game": settings.game,
        "seats": settings.seats,
        "learner_seat": settings.learner_seat,
        "personalities": list(settings.personalities),
        "stacks": list(settings.stacks),
        "button": settings.button,
        "seed": settings.seed,
        "names": list(settings.names),
    }


def settings_from(data: dict[str, Any]) -> TableSettings:
    """Rebuild the settings; ``EvaluatorError`` when a stored row was changed into nonsense."""
    try:
        return TableSettings(
            game=data["game"],
            seats=data["seats"],
            learner_seat=data["learner_seat"],
            personalities=tuple(data["personalities"]),
            stacks=tuple(data["stacks"]),
            button=data["button"],
            seed=data["seed"],
            names=tuple(data.get("names") or ()),
        )
    except (KeyError, TypeError) as error:
        raise EvaluatorError(f"the stored table is incomplete ({error})") from None


def action_json(action: Action) -> dict[str, Any]:
    return {"kind": action.kind, "discards": [card_code(c) for c in action.discards]}


def action_from(data: dict[str, Any]) -> Action:
    return Action(str(data["kind"]), tuple(parse_card(code) for code in data.get("discards", ())))


def actions_from(rows: list[dict[str, Any]]) -> list[Action]:
    try:
        return [action_from(row) for row in rows]
    except (KeyError, TypeError) as error:
        raise EvaluatorError(f"a stored action is incomplete ({error})") from None

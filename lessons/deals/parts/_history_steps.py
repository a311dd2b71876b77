"""What the step-reading kinds share: one step of a deal's history, replayed by the engine.

``next_to_act`` and ``pot_at`` ask about the table at one step of a stored
history (the replayer's ``?step=N``). Both read the deal's replay through
``lessons.deals.histories`` and nothing else, so the question, the check, the
hints and the worked answer see exactly the table the replayer shows.
"""

from __future__ import annotations

from collections.abc import Sequence

from badacey_site.whole_numbers import read_whole_number
from evaluator import DealError, GameProfile
from evaluator.replay import Replay, Step
from lessons.deals.histories import replay_history
from lessons.deals.parts.base import Part, PartKind, PartTextError, Table, is_whole

# Far more steps than any deal has; larger numbers are refused as text.
STEP_LIMIT = 10**6


def played(deal: Table) -> Replay | None:
    """The deal's replay, or None when it has no history (or one the engine refuses)."""
    history = getattr(deal, "history", "") or ""
    if not history.strip():
        return None
    try:
        return replay_history(history)
    except DealError:
        return None  # the history's own error is reported on its field


def step_from_text(keyword: str, rest: str) -> int:
    key, equals, value = rest.strip().partition("=")
    number = read_whole_number(value.strip(), 0, STEP_LIMIT) if equals else None
    if key.strip() != "step" or number is None:
        raise PartTextError(f"write “{keyword} step=5”, a step of the deal's replay from 0")
    return number


def step_problem(kind: str, part: Part) -> str | None:
    step = part.get("step")
    if not is_whole(step) or not 0 <= step <= STEP_LIMIT:
        return f'a {kind} part needs the "step" of the replay it asks about, a whole number.'
    return None


def history_problems(kind: str, part: Part, deal: Table, needs_turn: bool) -> dict[str, str]:
    """Where the step falls outside the history, or (``needs_turn``) nobody is to act there."""
    replay = played(deal)
    if replay is None:
        if getattr(deal, "history", ""):
            return {}  # the history's own error says what is wrong
        return {"parts": f"a {kind} part asks about a step of the history: give the deal one."}
    last = len(replay.steps) - 1
    if part["step"] > last:
        return {
            "parts": f"the history has steps 0 to {last}, so a {kind} part cannot ask step "
            f"{part['step']}."
        }
    if needs_turn and next_actor(replay, part["step"]) is None:
        return {
            "parts": f"nobody bets or draws right after step {part['step']}; ask a step "
            "after which a seat must act."
        }
    return {}


def next_actor(replay: Replay, index: int) -> int | None:
    """The seat that bets or draws next after step ``index``, as the replay played it.

    The engine refuses any history in which a seat acts out of turn, so the
    seat of the next betting or drawing step is the seat whose turn it was.
    Forced bets, the end of a round and the showdown are nobody's decision.
    """
    if index + 1 >= len(replay.steps):
        return None
    after = replay.steps[index + 1]
    return after.actor if after.kind in ("action", "draw") else None


def event(step: Step) -> str:
    """The step as the replayer says it, without its running pot (that may be the question)."""
    return step.text.split(" The pot is ")[0]


def street_events(replay: Replay, index: int) -> list[Step]:
    """The steps of the street that step ``index`` belongs to, up to and including it."""
    steps = replay.steps
    street = steps[index].state.street
    start = index
    while start > 0 and steps[start - 1].state.street == street and steps[start - 1].kind != "deal":
        start -= 1
    return [s for s in steps[start : index + 1] if s.kind != "deal"]


def pot_before(replay: Replay, index: int) -> int:
    """The pot when the street of step ``index`` began (0 before the forced bets)."""
    first = street_events(replay, index)
    if not first or first[0].index == 0:
        return 0
    return replay.steps[first[0].index - 1].state.pot


def names_out(replay: Replay, index: int) -> tuple[list[str], list[str]]:
    """Who has folded and who is all-in at step ``index``."""
    seats = replay.steps[index].state.seats
    return [s.name for s in seats if s.folded], [s.name for s in seats if s.all_in]


def step_names(names: Sequence[str]) -> str:
    return ", ".join(names) if names else "nobody"


class StepPart(PartKind):
    """A part that asks about one step of the history: its text, its checks and where it fails.

    The registry only takes classes that name their own ``kind``, so this
    base is never offered as a kind of its own.
    """

    keys = frozenset({"step"})
    needs_turn = False  # whether somebody must be about to act at the step

    def to_text(self, part: Part, names: Sequence[str]) -> str:
        return f"{self.keyword} step={part.get('step')}"

    def from_text(self, rest: str, names: Sequence[str] | None) -> Part:
        return {"kind": self.kind, "step": step_from_text(self.keyword, rest)}

    def problem(
        self, part: Part, profile: GameProfile | None, seat_count: int | None
    ) -> str | None:
        return step_problem(self.kind, part)

    def deal_problems(self, part: Part, deal: Table) -> dict[str, str]:
        return history_problems(self.kind, part, deal, needs_turn=self.needs_turn)

"""'Practise this moment': a draft exercise from one step of a replayed real hand.

A teacher replaying an imported hand picks a step; this module says which
questions that step can carry and builds the draft ``Deal``. Three moments:

- the showdown: who wins each half and what each seat receives (the
  ``winners`` and ``payouts`` parts), when every hand still in was shown;
- a draw: which cards the drawing seat should throw, rated by the engine's
  exact expected share (``discard`` with ``model: share``), when that seat's
  and every other live seat's cards are known just before it;
- a bet or raise: what a full raise over the bet faced reaches
  (``raise_to``), when at least two hands are known at that step, in a
  fixed-limit hand only (the lessons' game; a pot- or no-limit raise has
  a range of sizes, not one answer).

The exercise holds only the known hands, so it is checked against the
engine before it is offered: at the showdown the deal's own settlement must
pay each seat exactly what the replay paid it, otherwise (side pots, an odd
chip decided by a folded seat) the moment is refused with the reason. Every
answer the learner is held to is then computed by the parts, as for any deal.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.utils.text import slugify

from evaluator import format_cards
from evaluator.draw_equity import MAX_DRAW
from evaluator.replay import Replay, State
from lessons.deals.histories import differing_settings
from lessons.deals.parts.raise_to import round_cap
from lessons.models import Deal, RealHand

MOMENTS = ("showdown", "draw", "raise")


class MomentError(Exception):
    """This step cannot become that exercise; the message says why, for the teacher."""


@dataclass(frozen=True)
class Moment:
    kind: str
    label: str  # the button's words


def _candidates(played: Replay, index: int) -> list[Moment]:
    """The kinds of exercise a step of this sort could carry, before building them."""
    step = played.steps[index]
    if step.kind in ("showdown", "payout"):
        return [Moment("showdown", "Practise this showdown: who wins each half, and the payouts")]
    if step.kind == "draw" and step.actor is not None:
        name = step.state.seats[step.actor].name
        return [Moment("draw", f"Practise this draw: which cards should {name} throw?")]
    # The raise question is the lessons' fixed-limit one: in a room's pot-limit or
    # no-limit hand a full raise has no single answer, so none is asked there.
    if step.kind == "action" and step.action in ("bet", "raise") and played.profile.is_fixed_limit:
        return [Moment("raise", "Practise this bet: what does a full raise over it reach?")]
    return []


def moments_at(hand: RealHand, played: Replay, index: int) -> list[Moment]:
    """The draft exercises this step can really become: each is built before it is offered.

    A history usually shows one player's cards, so most steps of a real hand
    cannot make an exercise of every hand in play; those offer no button
    rather than one that is refused.
    """
    offered = []
    for moment in _candidates(played, index):
        try:
            _BUILDERS[moment.kind](hand, played, index)
        except MomentError:
            continue
        offered.append(moment)
    return offered


def make_exercise(hand: RealHand, played: Replay, index: int, kind: str) -> Deal:
    """The draft deal for ``kind`` at step ``index``, validated, not yet saved."""
    if kind not in [m.kind for m in _candidates(played, index)]:
        raise MomentError("That question cannot be asked at this step of the hand.")
    deal = _BUILDERS[kind](hand, played, index)
    deal.slug = slugify(f"{hand.slug}-{kind}-{index}")[:80]
    deal.game = played.record.profile_key
    deal.settings = differing_settings(deal.game, played.record.settings)
    deal.published = False
    try:
        deal.full_clean()
    except ValidationError as error:
        problems = [m for ms in error.message_dict.values() for m in ms]
        raise MomentError(" ".join(problems)) from None
    return deal


def _known(state: State, seats: list[int], why: str) -> list[dict[str, str]]:
    for i in seats:
        if state.seats[i].hidden:
            raise MomentError(f"{state.seats[i].name}'s cards are face down here, so {why}.")
    return [
        {"name": state.seats[i].name, "cards": format_cards(state.seats[i].cards)} for i in seats
    ]


def _button(played: Replay, seats: list[int]) -> int:
    """The button among the kept seats: the nearest kept seat at or before the table's button."""
    count, button = len(played.record.seats), played.record.button
    for back in range(count):
        seat = (button - back) % count
        if seat in seats:
            return seats.index(seat)
    return 0


def _showdown(hand: RealHand, played: Replay, index: int) -> Deal:
    state = played.steps[-1].state
    live = [i for i, seat in enumerate(state.seats) if not seat.folded]
    if len(live) < 2:
        raise MomentError("Only one hand was left, so there is no showdown to ask about.")
    seats = _known(state, live, "the showdown cannot be asked without them")
    paid = played.settlement.payouts
    deal = Deal(
        title=f"{hand} at the showdown",
        seats=seats,
        button=_button(played, live),
        pot=sum(paid[i] for i in live),
        parts=[{"kind": "winners"}, {"kind": "payouts"}],
        prompt=(
            f"This hand was played at {hand.room}. "
            f"{_names(seats)} show down for a pot of {_amount(played, sum(paid[i] for i in live))} "
            "(after the room's rake). Who wins each half, and how many chips does each "
            f"player receive?{_unit_note(played)}"
        ),
    )
    deal.game = played.record.profile_key
    deal.settings = played.record.settings
    if list(deal.settle_table().payouts) != [paid[i] for i in live]:
        raise MomentError(
            "This showdown has side pots, or an odd chip that depends on a seat that folded, "
            "so a deal of the shown hands alone would pay differently from the hand."
        )
    return deal


def _draw(hand: RealHand, played: Replay, index: int) -> Deal:
    step = played.steps[index]
    assert step.actor is not None
    before = played.steps[index - 1].state
    live = [i for i, seat in enumerate(before.seats) if not seat.folded]
    name = before.seats[step.actor].name
    seats = _known(before, live, f"the engine cannot rate {name}'s throw against them")
    most = min(MAX_DRAW, played.profile.max_discard)
    part = {"kind": "discard", "seat": live.index(step.actor), "most": most, "model": "share"}
    return Deal(
        title=f"{hand}: {name}'s draw",
        seats=seats,
        button=_button(played, live),
        pot=before.pot,
        parts=[part],
        prompt=(
            f"This hand was played at {hand.room}. It is {name}'s turn to draw, with "
            f"{_amount(played, before.pot)} in the pot. If every other hand stands pat and "
            f"nobody bets again, which cards should {name} throw?"
        ),
    )


def _raise(hand: RealHand, played: Replay, index: int) -> Deal:
    step = played.steps[index]
    before = played.steps[index - 1].state
    betting_round = sum(
        1 for s in played.steps[:index] if s.kind == "round_end" and s.action == "draw"
    )
    known = [i for i, seat in enumerate(before.seats) if not seat.hidden and seat.cards]
    if len(known) < 2:
        raise MomentError(
            "An exercise shows at least two hands, and at this step the history shows "
            "fewer than two."
        )
    profile = played.profile
    facing = step.state.bet_to  # the round total this bet or raise made
    unit = profile.bet_size(betting_round)
    full = profile.full_raise_to(betting_round, facing)
    cap = round_cap(profile, betting_round)
    wrong = (full + unit, facing + max(1, unit // 2), 2 * facing)
    options = sorted({full} | {o for o in wrong if facing < o <= cap})
    part = {"kind": "raise_to", "round": betting_round, "facing": facing, "options": options}
    seats = [
        {"name": before.seats[i].name, "cards": format_cards(before.seats[i].cards)} for i in known
    ]
    actor = before.seats[step.actor].name if step.actor is not None else "A player"
    return Deal(
        title=f"{hand}: a raise {before.street}",
        seats=seats,
        button=_button(played, known),
        parts=[part],
        prompt=(
            f"This hand was played at {hand.room}, {before.street}, with "
            f"{_amount(played, before.pot)} before this bet. {actor} has just made the round "
            f"total {_amount(played, facing)}. If the next player raises, to what total does a "
            f"full raise go?{_unit_note(played)}"
        ),
    )


_BUILDERS: dict[str, Callable[[RealHand, Replay, int], Deal]] = {
    "showdown": _showdown,
    "draw": _draw,
    "raise": _raise,
}


def _amount(played: Replay, chips: int) -> str:
    """An amount as the room wrote it ("$3.36"), or as chips for a hand without money."""
    money = played.record.money
    return f"{chips} chips" if money is None else money.amount(chips)


def _unit_note(played: Replay) -> str:
    """For a hand played for cents: the answers count cents, and the exercise says so."""
    money = played.record.money
    if money is None or not money.cents:
        return ""
    return f" The hand was played in {money.words()}: answer in cents (one chip is one cent)."


def _names(seats: list[dict[str, str]]) -> str:
    names = [seat["name"] for seat in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]

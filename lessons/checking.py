"""Checking a learner's answer against what the evaluator computes.

A wrong answer is explained without giving the right one away: the learner
hears what kind of mistake it is ("repeats clubs", "a four-card selection
exists", "someone else shares that half") and can try again. Only a right
answer names the cards or chips.

The answer arrives as a form's ``cleaned_data``; ``answer_key()`` names its
entries so the form and this module agree on them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from evaluator import AWARD_TITLES, Card, GameProfile, Settlement, format_cards, selection_problem
from evaluator.wording import names_and, number_word

if TYPE_CHECKING:
    from .models import Deal

ROUND_NAMES = {
    0: "before the first draw",
    1: "after the first draw",
    2: "after the second draw",
    3: "after the third draw",
}


@dataclass(frozen=True)
class PartResult:
    part: dict[str, Any]
    ok: bool
    message: str
    heading: str = ""


def answer_key(index: int, *detail: object) -> str:
    """The cleaned_data key of part ``index`` (plus an award kind or seat)."""
    return "_".join([f"p{index}", *(str(d) for d in detail)])


def check(deal: Deal, answers: Mapping[str, Any]) -> list[PartResult]:
    """One result per question part (per award for a winners part), in order."""
    settlements: dict[str, Settlement] = {}

    def settlement(game: str | None) -> Settlement:
        key = game or deal.game
        if key not in settlements:
            settlements[key] = deal.settlement(key)
        return settlements[key]

    results: list[PartResult] = []
    for index, part in enumerate(deal.parts):
        kind = part["kind"]
        if kind == "badugi_cards":
            seat = part["seat"]
            # Read from the cards, not the settlement: a seat that folded still holds a Badugi.
            value = deal.profile.evaluator("badugi")(deal.hands[seat])
            chosen = answers[answer_key(index, "cards")]
            heading = f"{deal.names[seat]}'s Badugi cards"
            results.append(PartResult(part, *_check_badugi(chosen, value.selections), heading))
        elif kind == "winners":
            outcome = settlement(part.get("game"))
            for award in outcome.pots[0].awards:
                chosen = answers[answer_key(index, award.kind)]
                title = award_title(outcome.profile, award.kind, deal.pot, part.get("game"))
                ok, message = _check_winners(chosen, award.winners, deal.names, title)
                results.append(PartResult(part, ok, message, winners_legend(title)))
        elif kind == "payouts":
            outcome = settlement(part.get("game"))
            chosen = [answers[answer_key(index, "seat", s)] for s in range(len(deal.seats))]
            ok, message = _check_payouts(chosen, outcome.payouts, deal.names, deal.pot or 0)
            results.append(PartResult(part, ok, message, payouts_legend(deal, part)))
        elif kind == "raise_to":
            ok, message = _check_raise(deal.profile, part, answers[answer_key(index)])
            results.append(PartResult(part, ok, message, raise_legend(part)))
        elif kind == "choice":
            chosen = answers[answer_key(index)]
            ok = chosen == part["answer"]
            message = "right." if ok else f"“{part['options'][chosen]}” is not the answer."
            results.append(PartResult(part, ok, message, part["question"]))
    return results


# Labels shared by the form's legends, the feedback and the worked answer -----


def award_title(profile: GameProfile, kind: str, pot: int | None, game: str | None = None) -> str:
    """ "the Badugi half", "the pot", or "the showdown" when no chips are at stake."""
    if profile.is_split:
        title = f"the {AWARD_TITLES[kind]} half"
    else:
        title = "the pot" if pot else "the showdown"
    return f"{title} under {profile.name} rules" if game else title


def winners_legend(title: str) -> str:
    return f"Winner(s) of {title}"


def payouts_legend(deal: Deal, part: Mapping[str, Any]) -> str:
    game = part.get("game")
    rules = f" under {deal.profile_for(game).name} rules" if game else ""
    return f"Each player's payout from the pot of {deal.pot}{rules}"


def raise_legend(part: Mapping[str, Any]) -> str:
    return (
        f"{round_name(part['round']).capitalize()}, facing a bet of {part['facing']}: "
        "a full raise makes the round total"
    )


def round_name(betting_round: int) -> str:
    return ROUND_NAMES.get(betting_round, f"in betting round {betting_round + 1}")


# One checker per kind of part ----------------------------------------------


def _check_badugi(chosen: Sequence[Card], best: Sequence[Sequence[Card]]) -> tuple[bool, str]:
    for selection in best:
        if set(selection) == set(chosen):
            message = f"right: {format_cards(selection)} count."
            others = [format_cards(s) for s in best if s is not selection]
            if others:
                message += f" Just as good: {', or '.join(others)}."
            return True, message
    problem = selection_problem(chosen)
    if problem:
        return False, f"that selection does not count: {problem}."
    size = len(best[0])
    if len(chosen) < size:
        return False, f"that is a legal Badugi, but a {number_word(size)}-card selection exists."
    return False, f"that is a legal Badugi, but a lower {number_word(size)}-card selection exists."


def _check_winners(
    chosen: Sequence[int], winners: Sequence[int], names: Sequence[str], title: str
) -> tuple[bool, str]:
    wrong = [names[s] for s in sorted(set(chosen) - set(winners))]
    if wrong:
        verb = "does" if len(wrong) == 1 else "do"
        return False, f"{names_and(wrong)} {verb} not win {title}."
    if set(chosen) != set(winners):
        return False, f"someone else shares {title}."
    verb = "wins" if len(winners) == 1 else "share"
    return True, f"right: {names_and(names[s] for s in winners)} {verb} {title}."


def _check_payouts(
    chosen: Sequence[int], payouts: Sequence[int], names: Sequence[str], pot: int
) -> tuple[bool, str]:
    total = sum(chosen)
    if total != pot:
        return False, f"the payouts add up to {total}, the pot is {pot}."
    wrong = [f"{names[s]}'s" for s, chips in enumerate(chosen) if chips != payouts[s]]
    if wrong:
        noun = "payout is" if len(wrong) == 1 else "payouts are"
        return False, f"{names_and(wrong)} {noun} not right."
    return True, "right: " + ", ".join(
        f"{n} {c}" for n, c in zip(names, payouts, strict=True)
    ) + "."


def _check_raise(profile: GameProfile, part: Mapping[str, Any], chosen: int) -> tuple[bool, str]:
    betting_round, facing = part["round"], part["facing"]
    unit = profile.bet_size(betting_round)
    right = profile.full_raise_to(betting_round, facing)
    when = round_name(betting_round)
    if chosen == right:
        return True, f"right: {when} the betting unit is {unit}, so a full raise goes to {right}."
    return False, f"{when} the betting unit is {unit}, so a full raise is not to {chosen}."

"""Pick the cards that count in one seat's Badugi.

Written ``badugi Kira`` in the admin; stored ``{"kind": "badugi_cards",
"seat": 0}``. The learner toggles the seat's cards; any of the equally good
best selections is right. The worked answer's readings raise the counting
cards; the kind adds the search behind them (every selection of that size
and what is wrong with it).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from django import forms

from evaluator import Card, GameProfile, badugi, format_cards, parse_card, selection_problem
from evaluator.cards import RANK_NAMES, SUIT_NAMES
from evaluator.comparison import count_words
from evaluator.misconceptions import Misconception, selection_mistake
from evaluator.tables import position_ace_high, position_ace_low
from evaluator.wording import names_and, number_word
from lessons.deals.parts.base import (
    Answers,
    DistinctChoicesField,
    Outcomes,
    Part,
    PartKind,
    PartResult,
    PartTextError,
    Question,
    Table,
    WorkedPiece,
    answer_key,
    card_value,
    is_whole,
)


class BadugiCards(PartKind):
    kind = "badugi_cards"
    keyword = "badugi"
    keys = frozenset({"seat"})
    syntax = "“badugi NAME” (pick the cards of that seat's Badugi)"
    order = 10

    def to_text(self, part: Part, names: Sequence[str]) -> str:
        seat = part.get("seat")
        name = names[seat] if is_whole(seat) and 0 <= seat < len(names) else seat
        return f"badugi {name}"

    def from_text(self, rest: str, names: Sequence[str] | None) -> Part:
        if not rest:
            raise PartTextError("name the seat whose Badugi cards to pick, e.g. “badugi Kira”")
        if names is None:  # the seats cannot be read yet; their own error says why
            return {"kind": self.kind, "seat": rest}
        if rest not in names:
            raise PartTextError(f"no seat is named “{rest}” (the seats are {', '.join(names)})")
        return {"kind": self.kind, "seat": list(names).index(rest)}

    def problem(
        self, part: Part, profile: GameProfile | None, seat_count: int | None
    ) -> str | None:
        seat = part.get("seat")
        if not is_whole(seat) or seat < 0 or (seat_count is not None and seat >= seat_count):
            top = f"0 to {seat_count - 1}" if seat_count else "from 0"
            return f'a badugi_cards part needs a "seat" number ({top}).'
        if profile and "badugi" not in profile.awards:
            return f"{profile.name} has no Badugi half to pick cards for."
        return None

    def questions(self, index: int, part: Part, deal: Table) -> list[Question]:
        seat = part["seat"]
        name = deal.names[seat]
        key = answer_key(index, "cards")
        field = DistinctChoicesField(
            choices=[(card_value(card), card) for card in deal.hands[seat]],
            coerce=parse_card,
            widget=forms.CheckboxSelectMultiple,
            label=f"{name}'s Badugi cards",
            error_messages={
                "required": f"Choose the cards that count in {name}'s Badugi.",
                "invalid_choice": f"%(value)s is not one of {name}'s cards.",
            },
        )
        legend = f"Which of {name}'s cards count in the Badugi?"
        return [Question(answer_key(index), legend, {key: field}, self.fields_template, self.kind)]

    def check(
        self, index: int, part: Part, deal: Table, answers: Answers, outcomes: Outcomes
    ) -> list[PartResult]:
        seat = part["seat"]
        # Read from the cards, not the settlement: a seat that folded still holds a Badugi.
        value = deal.profile.evaluator("badugi")(deal.hands[seat])
        key = answer_key(index, "cards")
        chosen = answers[key]
        ok, message = _verdict(chosen, value.selections)
        mistake = None
        if not ok:
            ace_high = deal.profile.badugi_ace_high
            mistake = selection_mistake(
                chosen, deal.hands[seat], ace_high=ace_high, profile=deal.profile
            )
            message = _with_idea(message, mistake)
        return [
            PartResult(
                part,
                ok,
                message,
                f"{deal.names[seat]}'s Badugi cards",
                (key,),
                misconception=mistake,
                lesson="badugi#best-subset",
            )
        ]

    def hints(self, part: Part, deal: Table) -> list[str]:
        """The suits held; the largest legal size; a card the best selection can do without."""
        seat = part["seat"]
        name, cards = deal.names[seat], deal.hands[seat]
        value = deal.profile.evaluator("badugi")(cards)
        suits = [s for s in "shdc" if any(c.suit == s for c in cards)]
        most = min(4, len(suits))
        first = (
            f"{name}'s cards hold {count_words(len(suits), 'suit')} "
            f"({names_and(SUIT_NAMES[s] for s in suits)}), so no legal selection has more than "
            f"{count_words(most, 'card')}; a repeated rank can cost more."
        )
        second = f"The largest legal selection has {count_words(value.size, 'card')}."
        position = position_ace_high if deal.profile.badugi_ace_high else position_ace_low
        used = {c for selection in value.selections for c in selection}
        spare = [c for c in cards if c not in used]
        if spare:
            third = f"The best selection does without {max(spare, key=lambda c: position(c.rank))}."
        else:
            third = f"The best selection is {RANK_NAMES[value.ranks[0]]}-high."
        return [first, second, third]

    def worked(self, part: Part, deal: Table) -> WorkedPiece:
        """Why these cards: the suits held, and every selection of the best size with its fault.

        The readings show which cards count; this shows the search that finds
        them, as the lessons teach it (try every selection of a size before
        dropping to fewer cards).
        """
        seat = part["seat"]
        name, cards = deal.names[seat], deal.hands[seat]
        evaluate = deal.profile.evaluator("badugi")
        value = evaluate(cards)
        best = [set(s) for s in value.selections]
        rows = []
        for combo in combinations(cards, value.size):
            problem = selection_problem(combo)
            if problem:
                verdict = f"does not count: {problem}"
            elif set(combo) in best:
                verdict = "counts: the best selection" if set(combo) == best[0] else "just as good"
            else:
                verdict = f"legal, but {evaluate(combo).description} is worse"
            rows.append({"cards": combo, "verdict": verdict})
        suits = [s for s in "shdc" if any(c.suit == s for c in cards)]
        if len(suits) < 4:
            held = names_and(SUIT_NAMES[s] for s in suits)
            reason = f"{name} holds only {held}, so no selection can have four cards"
        elif value.size < 4:
            reason = f"{name} holds all four suits, but every four-card selection repeats a rank"
        else:
            reason = ""
        context = {
            "name": name,
            "size": number_word(value.size),
            "rows": rows,
            "reason": reason,
            "stages": _stages(deal, seat),
        }
        return WorkedPiece(self.answer_template, context)

    def model_answer(self, index: int, part: Part, deal: Table) -> dict[str, str | list[str]]:
        profile = deal.profile
        value = badugi(deal.hands[part["seat"]], ace_high=profile.badugi_ace_high)
        return {answer_key(index, "cards"): [card_value(c) for c in value.cards]}


def _verdict(chosen: Sequence[Card], best: Sequence[Sequence[Card]]) -> tuple[bool, str]:
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
    # "Legal selection" is the one term for cards that may count together; a
    # Badugi proper is the four-card hand.
    size = len(best[0])
    if len(chosen) < size:
        return False, f"that is a legal selection, but a {number_word(size)}-card one exists."
    return False, f"that is a legal selection, but a lower {number_word(size)}-card one exists."


def _with_idea(message: str, mistake: Misconception | None) -> str:
    """The verdict, then the wrong idea behind it put right."""
    if mistake is None:
        return message
    return f"{message} {mistake.correction[:1].upper()}{mistake.correction[1:]}."


DRAW_NAMES = ("the first draw", "the second draw", "the third draw")


def _stages(deal: Table, seat: int) -> list[dict[str, object]]:
    """The seat's Badugi as dealt and after each of its draws, when the deal has a history.

    A reader following the hand draw by draw sees what each new card did to
    the read; all of it is replayed by the engine from the stored history.
    """
    history = getattr(deal, "history", "")
    if not isinstance(history, str) or not history.strip():
        return []
    from lessons.deals.histories import (
        replay_history,  # a Django-side module; kinds stay light to import
    )

    evaluate = deal.profile.evaluator("badugi")
    stages: list[dict[str, object]] = []
    draws = 0
    for step in replay_history(history).steps:
        cards = step.state.seats[seat].cards
        if not stages and len(cards) == deal.profile.hand_size:
            stages.append({"when": "As dealt", "cards": cards, "read": evaluate(cards).description})
        if step.kind == "draw" and step.actor == seat:
            change = (
                f"threw {format_cards(step.discarded)}, drew {format_cards(step.received)}"
                if step.discarded
                else "stood pat"
            )
            when = f"After {DRAW_NAMES[draws] if draws < 3 else 'another draw'} ({change})"
            stages.append({"when": when, "cards": cards, "read": evaluate(cards).description})
            draws += 1
    return stages

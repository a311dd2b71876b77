"""Choose what to throw: the choice the engine rates best under a stated model.

Written ``discard Ines; most 2; for both low 9`` (the best chance of a
target after one draw) or ``discard Olu; most 1; share`` (the best expected
share of the pot against every other seat standing pat, after one draw and
no more betting). Stored ``{"kind": "discard", "seat": 0, "most": 2,
"target": "both", "low_top": 9}`` or ``{"kind": "discard", "seat": 0,
"most": 1, "model": "share"}``. The learner chooses to stand pat or to
throw, and ticks the cards; any choice as good as the best is right, and
the worked answer lists every choice with its value.
"""

from __future__ import annotations

from collections.abc import Sequence

from django import forms

from badacey_site.whole_numbers import read_whole_number
from evaluator import GameProfile, parse_card
from lessons.deals.parts import _drawing as drawing
from lessons.deals.parts.base import (
    Answers,
    DistinctChoicesField,
    OneChoiceField,
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
)

EXAMPLES = ("discard Ines; most 2; for both low 9", "discard Olu; most 1; share")


def number_of_cards(count: int) -> str:
    return "one card" if count == 1 else f"{count} cards"


def discard_legend(part: Part, deal: Table) -> str:
    name = deal.names[part["seat"]]
    most = part["most"]
    upto = number_of_cards(most) if most == 1 else f"up to {most} cards"
    if part.get("model") == "share":
        aim = "the best expected share of the pot against the other hands standing pat"
    else:
        aim = f"the best chance of {drawing.target_words(part, deal)}"
    return f"Which cards should {name} throw ({upto}; none to stand pat) for {aim}?"


class Discard(PartKind):
    kind = "discard"
    keyword = "discard"
    keys = frozenset({"seat", "most", "model", "target", "badugi_top", "low_top"})
    syntax = f"“{EXAMPLES[0]}” or “{EXAMPLES[1]}” (the cards to throw that the engine rates best)"
    order = 62
    before_the_draw = True

    def to_text(self, part: Part, names: Sequence[str]) -> str:
        name = drawing.seat_name(part, names)
        head = f"discard {name}; most {part.get('most')}"
        if part.get("model") == "share":
            return f"{head}; share"
        return f"{head}; {drawing.target_text(part)}"

    def from_text(self, rest: str, names: Sequence[str] | None) -> Part:
        seat, segments = drawing.split_segments(rest, names, EXAMPLES[0])
        most = segments.get("most")
        count = read_whole_number(most[0], 0, 99) if most is not None and len(most) == 1 else None
        if count is None:
            raise PartTextError("say how many cards may be thrown, e.g. “most 2”")
        part: Part = {"kind": self.kind, "seat": seat, "most": count}
        if set(segments) == {"most", "share"} and not segments["share"]:
            return part | {"model": "share"}
        if set(segments) == {"most", "for"}:
            return part | drawing.read_target(segments["for"])
        raise PartTextError(f"write it as “{EXAMPLES[0]}” or “{EXAMPLES[1]}”")

    def problem(
        self, part: Part, profile: GameProfile | None, seat_count: int | None
    ) -> str | None:
        problem = drawing.seat_problem(part, seat_count, self.kind) or drawing.most_problem(
            part, profile
        )
        if problem:
            return problem
        if "model" in part and part["model"] != "share":
            return '"model" can only be "share"; leave it out to ask about a target\'s chance.'
        if part.get("model") == "share":
            if any(k in part for k in ("target", "badugi_top", "low_top")):
                return "a share question compares whole pots, so it takes no target."
            if seat_count is not None and seat_count < 2:
                return "a share question needs at least one other seat to play against."
            return None
        return drawing.target_problem(part, profile)

    def questions(self, index: int, part: Part, deal: Table) -> list[Question]:
        name = deal.names[part["seat"]]
        decision = OneChoiceField(
            choices=[("pat", "Stand pat"), ("throw", "Throw the cards ticked below")],
            coerce=str,
            widget=forms.RadioSelect,
            label=f"Does {name} stand pat or throw?",
            error_messages={
                "required": f"Choose whether {name} stands pat or throws cards.",
                "invalid_choice": "%(value)s is not one of the choices.",
            },
        )
        cards = DistinctChoicesField(
            choices=[(card_value(card), card) for card in drawing.hand(part, deal)],
            coerce=parse_card,
            required=False,  # standing pat ticks none
            widget=forms.CheckboxSelectMultiple,
            label=f"Cards {name} throws",
            error_messages={"invalid_choice": f"%(value)s is not one of {name}'s cards."},
        )
        fields = {answer_key(index, "decision"): decision, answer_key(index, "cards"): cards}
        legend = discard_legend(part, deal)
        return [Question(answer_key(index), legend, fields, self.fields_template, self.kind)]

    def check(
        self, index: int, part: Part, deal: Table, answers: Answers, outcomes: Outcomes
    ) -> list[PartResult]:
        keys = (answer_key(index, "decision"), answer_key(index, "cards"))
        stands_pat = answers[keys[0]] == "pat"
        chosen = set(answers.get(keys[1]) or ())
        name = deal.names[part["seat"]]
        heading = f"What {name} throws"

        def wrong(message: str) -> list[PartResult]:
            return [PartResult(part, False, message, heading, keys)]

        if stands_pat and chosen:
            return wrong("you chose to stand pat but ticked cards: untick them, or throw.")
        if not stands_pat and not chosen:
            return wrong("you chose to throw but ticked no card; tick the cards, or stand pat.")
        if len(chosen) > part["most"]:
            most = part["most"]
            return wrong(f"this question lets {name} throw at most {number_of_cards(most)}.")
        options = drawing.choices(part, deal)
        best = options[0][1]
        throw, value = next((t, v) for t, v in options if set(t) == chosen)
        words = f"{drawing.throw_words(throw)} gives {drawing.value_words(part, value)}"
        if value == best:
            others = [drawing.throw_words(t) for t, v in options if v == best and set(t) != chosen]
            message = f"right: {words}, the best there is."
            if others:
                message += f" Just as good: {', or '.join(others)}."
            return [PartResult(part, True, message, heading, keys)]
        right = [t for t, v in options if v == best]
        mistake = drawing.discard_misconception(part, deal, chosen, right)
        message = f"{words}; another choice does better."
        if mistake:
            message += f" {drawing.idea(mistake)}"
        return [
            PartResult(
                part,
                False,
                message,
                heading,
                keys,
                misconception=mistake,
                lesson="drawing#how-many",
            )
        ]

    def hints(self, part: Part, deal: Table) -> list[str]:
        """How many choices; how many cards the best throws; one card it throws."""
        options = drawing.choices(part, deal)
        best = options[0][1]
        best_throws = [t for t, v in options if v == best]
        fewest = min(len(t) for t in best_throws)
        first = (
            f"There are {len(options)} choices: stand pat, or throw up to "
            f"{number_of_cards(part['most'])}. Weigh what each keeps for the aim."
        )
        second = (
            "Standing pat is as good as any throw."
            if fewest == 0
            else f"The best choice throws {number_of_cards(fewest)}."
        )
        if fewest == 0:
            return [first, second]
        throw = next(t for t in best_throws if len(t) == fewest)
        third = f"The best choice throws {throw[0]}" + (
            "." if fewest == 1 else ", with another card."
        )
        return [first, second, third]

    def model_answer(self, index: int, part: Part, deal: Table) -> dict[str, str | list[str]]:
        """The engine's best choice, asked of ``draw_equity`` or ``odds`` directly."""
        throw = drawing.best_throw(part, deal)
        return {
            answer_key(index, "decision"): "throw" if throw else "pat",
            answer_key(index, "cards"): [card_value(c) for c in throw],
        }

    def worked(self, part: Part, deal: Table) -> WorkedPiece:
        options = drawing.choices(part, deal)
        best = options[0][1]
        rows = [
            {"throw": throw, "value": drawing.percent(value), "best": value == best}
            for throw, value in options
        ]
        share = part.get("model") == "share"
        return WorkedPiece(
            self.answer_template,
            {
                "rows": rows,
                "name": deal.names[part["seat"]],
                "measure": "Expected share of the pot" if share else "Chance",
                "aim": None if share else drawing.target_words(part, deal),
            },
        )

"""Name the winner(s) of each award: each half of a split pot, or the pot.

Written ``winners`` (the deal's own game) or ``winners badeucey`` (the same
cards read as another game with as many cards); stored ``{"kind":
"winners"}`` or with ``"game"``. The learner ticks seat names once per award
of the main pot. The worked answer's readings name the winners, so the kind
adds no piece of its own; it does add its game to the readings shown.
"""

from __future__ import annotations

from collections.abc import Sequence

from django import forms

from evaluator import AWARD_TITLES, PROFILES, GameProfile
from evaluator.comparison import count_words, deciding_step
from evaluator.misconceptions import winners_mistake
from evaluator.wording import names_and
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
    answer_key,
)


def award_title(
    profile: GameProfile,
    kind: str,
    pot: int | None,
    game: str | None = None,
    side_pots: bool = False,
) -> str:
    """ "the Badugi half", "the pot", or "the showdown" when no chips are at stake.

    With side pots the question is about the main pot (the one every live
    seat can win), and says so: "the Badugi half of the main pot".
    """
    if profile.is_split:
        title = f"the {AWARD_TITLES[kind]} half" + (" of the main pot" if side_pots else "")
    else:
        title = "the main pot" if side_pots else "the pot" if pot else "the showdown"
    return f"{title} under {profile.name} rules" if game else title


def has_side_pots(deal: Table, game: str | None) -> bool:
    """Whether the table's settlement has more than one pot (an all-in made a side pot)."""
    return len(deal.settlement(game).pots) > 1


def winners_legend(title: str) -> str:
    return f"Winner(s) of {title}"


class GameReading(PartKind):
    """A part that may read the cards as another game: ``KEYWORD`` or ``KEYWORD GAME``."""

    keys = frozenset({"game"})

    def to_text(self, part: Part, names: Sequence[str]) -> str:
        return f"{self.keyword} {part['game']}" if "game" in part else self.keyword

    def from_text(self, rest: str, names: Sequence[str] | None) -> Part:
        if not rest:
            return {"kind": self.kind}
        if rest not in PROFILES:
            raise PartTextError(f"“{rest}” is not a game; choose one of {', '.join(PROFILES)}")
        return {"kind": self.kind, "game": rest}

    def problem(
        self, part: Part, profile: GameProfile | None, seat_count: int | None
    ) -> str | None:
        if "game" not in part:
            return None
        game = part["game"]
        if not isinstance(game, str) or game not in PROFILES:
            return f"'{game}' is not one of the games ({', '.join(PROFILES)})."
        if profile and PROFILES[game].hand_size != profile.hand_size:
            return f"{PROFILES[game].name} reads a different number of cards than {profile.name}."
        return None

    def games(self, part: Part) -> list[str]:
        return [part["game"]] if "game" in part else []

    def evaluator_outcome(self, part: Part, deal: Table):
        """The table's settlement, for the model answer: the engine's, never the checker's.

        The same path as the verdict (``SeatReadings.settle_table``), so a
        deal's side pots and folds are settled once, one way.
        """
        return deal.settlement(part.get("game"))


class Winners(GameReading):
    kind = "winners"
    keyword = "winners"
    syntax = (
        "“winners” or “winners GAME” (who wins each half, optionally reading the cards as "
        "another game)"
    )
    order = 20

    def questions(self, index: int, part: Part, deal: Table) -> list[Question]:
        game = part.get("game")
        reading = deal.profile_for(game)
        # A one-letter name ("A") reads like a card beside a checkbox: say "Player A".
        seats = [(str(s), seat_label(name)) for s, name in enumerate(deal.names)]
        questions = []
        side_pots = has_side_pots(deal, game)
        for kind in reading.awards:
            key = answer_key(index, kind)
            title = award_title(reading, kind, deal.pot, game, side_pots)
            field = DistinctChoicesField(
                choices=seats,
                coerce=int,
                widget=forms.CheckboxSelectMultiple,
                label=winners_legend(title),
                error_messages={
                    "required": f"Choose who wins {title} (tick every player who shares it).",
                    "invalid_choice": "%(value)s is not a player in this deal.",
                },
            )
            questions.append(
                Question(key, winners_legend(title), {key: field}, self.fields_template, self.kind)
            )
        return questions

    def check(
        self, index: int, part: Part, deal: Table, answers: Answers, outcomes: Outcomes
    ) -> list[PartResult]:
        game = part.get("game")
        outcome = outcomes(game)
        results = []
        live = [s for s, folded in enumerate(deal.folded) if not folded]
        side_pots = len(outcome.pots) > 1
        for kind in outcome.profile.awards:
            key = answer_key(index, kind)
            title = award_title(outcome.profile, kind, deal.pot, game, side_pots)
            chosen, winners = answers[key], _winners(outcome, kind)
            heading = winners_legend(title)
            if set(chosen) == set(winners):
                verb = "wins" if len(winners) == 1 else "share"
                who = names_and(deal.names[s] for s in winners)
                results.append(
                    PartResult(part, True, f"right: {who} {verb} {title}.", heading, (key,))
                )
                continue
            mistake = winners_mistake(chosen, outcome.profile, kind, deal.hands, winners, live=live)
            message = mistake.correction if mistake else how_to_read(outcome.profile, kind)
            results.append(
                PartResult(
                    part,
                    False,
                    f"{message}.",
                    heading,
                    (key,),
                    misconception=mistake,
                    lesson=READING_SECTIONS[kind],
                )
            )
        return results

    def hints(self, part: Part, deal: Table) -> list[str]:
        """How each award is read; what each hand is, in outline; where each award is decided."""
        outcome = deal.settlement(part.get("game"))
        profile = outcome.profile
        live = [seat for seat in outcome.seats if not seat.folded]
        if len(live) < 2:
            return []
        folded = [seat.name for seat in outcome.seats if seat.folded]
        first = "Read each hand " + ("once for each half: " if profile.is_split else "once: ")
        first += "; ".join(READINGS[kind](profile) for kind in profile.awards) + "."
        if folded:
            verb = "folded" if len(folded) > 1 else "folded"
            first = (
                f"Only hands still in at the showdown count: {names_and(folded)} {verb}. {first}"
            )
        outlines = []
        for kind in profile.awards:
            values = [seat.values[kind] for seat in live]
            shown = ", ".join(
                f"{seat.name} {_outline(value)}" for seat, value in zip(live, values, strict=True)
            )
            outlines.append(f"{AWARD_TITLES[kind]}: {shown}")
        second = "In outline: " + "; ".join(outlines) + "."
        steps = [
            f"{AWARD_TITLES[kind]}: {deciding_step([s.values[kind] for s in live]).words}"
            for kind in profile.awards
        ]
        third = "What decides it: " + "; ".join(steps) + "."
        return [first, second, third]

    def model_answer(self, index: int, part: Part, deal: Table) -> dict[str, str | list[str]]:
        outcome = self.evaluator_outcome(part, deal)
        return {
            answer_key(index, kind): [str(s) for s in _winners(outcome, kind)]
            for kind in outcome.profile.awards
        }


def _winners(outcome, kind: str) -> tuple[int, ...]:
    """Who takes award ``kind`` of the main pot; a pot nobody contests goes whole to one seat."""
    awards = outcome.pots[0].awards
    award = next((a for a in awards if a.kind == kind), None) or awards[0]
    return award.winners


# How to read each award, said without naming any hand: with two players a
# sentence such as "A does not win" would give the other player away.
READING_SECTIONS = {
    "ace_to_five": "badacey#five-card-low",
    "deuce_to_seven": "badeucey#deuce-to-seven",
    "badugi": "badugi#equal-sizes",
}


def seat_label(name: str) -> str:
    return f"Player {name}" if len(name) == 1 else name


READINGS = {
    "ace_to_five": lambda profile: (
        "the ace-to-five low uses all five cards, the ace low, straights and flushes ignored"
    ),
    "deuce_to_seven": lambda profile: (
        "the deuce-to-seven low uses all five cards, the ace high, straights and flushes "
        "counting against"
    ),
    "badugi": lambda profile: (
        "the Badugi counts its legal cards first, then compares from the top with the ace "
        + ("high" if profile.badugi_ace_high else "low")
    ),
}


def _outline(value) -> str:
    """What a hand is without its ranks: "a four-card Badugi", "no pair", "a straight"."""
    if value.kind == "badugi":
        return f"{count_words(value.size, 'card')}"
    return value.category


def how_to_read(profile: GameProfile, kind: str) -> str:
    """The method that settles award ``kind``, for a wrong answer no misconception explains."""
    share = "share the half" if profile.is_split else "share the pot"
    if kind == "ace_to_five":
        return (
            "read all five cards with the ace low and compare the lows from the highest card "
            "down; pairs count against a hand, straights and flushes do not, and hands that "
            f"tie {share}"
        )
    if kind == "deuce_to_seven":
        return (
            "read all five cards with the ace high and compare the lows from the highest card "
            "down; pairs, straights and flushes all count against a hand, and hands that tie "
            f"{share}"
        )
    ace = "high" if profile.badugi_ace_high else "low"
    return (
        "count each hand's legal Badugi cards first, then compare hands of the same size "
        f"from the highest card down with the ace {ace}; hands that tie {share}"
    )

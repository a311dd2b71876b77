"""The fully right submission of a deal's answer form, asked of the evaluator.

Why it lives in the app: the page benchmark posts right answers to time the
checks and the tests post them to prove the site accepts what the engine
says, so both need this one construction. It deliberately asks the evaluator
directly rather than ``lessons.checking``, the code those posts exercise.
"""

from __future__ import annotations

from evaluator import badugi, get_profile, parse_cards, settle

from .checking import answer_key
from .forms import card_value
from .models import Deal


def field_name(deal: Deal, index: int, *detail: object) -> str:
    """The posted name of part ``index``'s field: the form prefixes the slug."""
    return f"{deal.slug}-{answer_key(index, *detail)}"


def right_answer(deal: Deal) -> dict[str, str | list[str]]:
    """POST data answering every part of ``deal`` correctly."""
    names = [seat["name"] for seat in deal.seats]
    hands = [seat["cards"] for seat in deal.seats]
    data: dict[str, str | list[str]] = {}
    for index, part in enumerate(deal.parts):
        game = part.get("game") or deal.game
        profile = get_profile(game, **(deal.settings if game == deal.game else {}))
        kind = part["kind"]
        if kind == "badugi_cards":
            value = badugi(parse_cards(hands[part["seat"]]), ace_high=profile.badugi_ace_high)
            data[field_name(deal, index, "cards")] = [card_value(c) for c in value.cards]
        elif kind in ("winners", "payouts"):
            outcome = settle(
                profile,
                hands,
                pot=deal.pot or 0,
                folded=deal.folded,
                button=deal.button,
                names=names,
            )
            if kind == "winners":
                for award in outcome.pots[0].awards:
                    data[field_name(deal, index, award.kind)] = [str(s) for s in award.winners]
            else:
                for seat, chips in enumerate(outcome.payouts):
                    data[field_name(deal, index, "seat", seat)] = str(chips)
        elif kind == "raise_to":
            data[field_name(deal, index)] = str(
                profile.full_raise_to(part["round"], part["facing"])
            )
        elif kind == "choice":
            data[field_name(deal, index)] = str(part["answer"])
    return data

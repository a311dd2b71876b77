"""The practice deals the site ships with: the Badacey lesson's worked deal.

Its seats, final cards, button, table settings and pot all come from the
notation file named by ``worked_deal`` (``evaluator/worked_deals``), replayed
by the engine when the content is loaded, so nothing here is typed twice.
Its questions ask for the Badugi of every seat still in at the showdown,
which the replay also decides.
"""

from __future__ import annotations

from collections.abc import Callable

from ..histories import HistoryFacts


def badugi_of_every_live_seat(facts: HistoryFacts) -> list[dict[str, object]]:
    return [
        {"kind": "badugi_cards", "seat": seat}
        for seat, folded in enumerate(facts.folded)
        if not folded
    ]


PartsFromHistory = Callable[[HistoryFacts], list[dict[str, object]]]

PRACTICE: list[dict] = [
    {
        "slug": "amara-bram-kira-noor",
        "title": "Amara, Bram, Kira and Noor: a pot cut in quarters",
        "worked_deal": "amara_bram_kira_noor",
        "prompt": (
            "The Badacey lesson's full deal at 6/12, from the blinds to the payout. Replay it "
            "step by step, then pick the Badugi cards of each hand still in at the showdown."
        ),
        "parts": badugi_of_every_live_seat,
        "explanation": (
            "Only the hands that reach the showdown are read. A seat that folds keeps "
            "its chips in the pot but gives up every claim on both halves."
        ),
    },
]

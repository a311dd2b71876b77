"""The practice deals the site ships with: the Badacey and Badeucey lessons' worked deals.

Their seats, final cards, button, table settings and pot all come from the
notation file named by ``worked_deal`` (``evaluator/worked_deals``), replayed
by the engine when the content is loaded, so nothing here is typed twice.
The Badacey deal's questions ask for the Badugi of every seat still in at
the showdown, which the replay also decides; the Badeucey deal's ask who
takes each half and what each seat collects.
"""

from __future__ import annotations

from collections.abc import Callable

from lessons.deals.histories import HistoryFacts


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
    {
        "slug": "ines-olu-pavel",
        "title": "Ines, Olu and Pavel: a pat low against a drawn Badugi",
        "worked_deal": "ines_olu_pavel",
        "prompt": (
            "The Badeucey lesson's full deal at 6/12, from the blinds to the showdown. Replay "
            "it step by step, then name the winner of each half and settle the pot."
        ),
        "parts": [{"kind": "winners"}, {"kind": "payouts"}],
        "explanation": (
            "Ines folds before the showdown, so her chips stay in the pot but she has no "
            "claim on either half. Read the two hands that remain once for the low and once "
            "for the Badugi, with the ace high in both."
        ),
    },
]

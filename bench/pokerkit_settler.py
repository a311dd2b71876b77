"""A showdown settler built on pokerkit, run by ``bench.showdown``.

It reads the same JSON lines as ``manage.py showdown --jsonl`` and divides
the chips by the same rules (docs/showdown-jsonl.md), but every hand value
comes from pokerkit, an independent implementation of the rankings. The
benchmark times it beside the engine and checks that both pay every seat the
same chips. It is run as a script, so it imports nothing from the evaluator
and its start-up is pokerkit's own; it expects well-formed lines (the
benchmark writes them) and writes only the payouts.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from typing import Any

from pokerkit import BadugiHand, RegularLowHand, StandardBadugiHand, StandardLowHand

# Per game, one pokerkit reading per award, low half first.
AWARDS: dict[str, tuple[Callable[[str], Any], ...]] = {
    "badacey": (RegularLowHand, BadugiHand.from_game),
    "badeucey": (StandardLowHand, StandardBadugiHand.from_game),
    "badugi": (BadugiHand.from_game,),
    "ace_to_five": (RegularLowHand,),
    "deuce_to_seven": (StandardLowHand,),
}


def pot_layers(contributions: Sequence[int], live: Sequence[int]) -> list[tuple[int, list[int]]]:
    """(amount, eligible seats) of each pot: a pot ends at each live seat's total."""
    layers: list[tuple[int, list[int]]] = []
    previous = 0
    for level in sorted({contributions[i] for i in live}):
        amount = sum(min(c, level) - min(c, previous) for c in contributions)
        layers.append((amount, [i for i in live if contributions[i] >= level]))
        previous = level
    above = sum(max(0, c - previous) for c in contributions)
    layers[-1] = (layers[-1][0] + above, layers[-1][1])
    return [layer for layer in layers if layer[0] > 0] or layers[-1:]


def payouts(request: dict[str, Any]) -> list[int]:
    readers = AWARDS[request["game"]]
    hands = request["hands"]
    count = len(hands)
    folded = request.get("folded") or [hand is None for hand in hands]
    live = [i for i in range(count) if not folded[i]]
    values = {i: [read(hands[i]) for read in readers] for i in live}
    if request.get("contributions") is not None:
        layers = pot_layers(request["contributions"], live)
    else:
        layers = [(request["pot"], live)]
    button = request.get("button") or 0
    clockwise = [(button + 1 + k) % count for k in range(count)]
    paid = [0] * count
    for amount, eligible in layers:
        if len(eligible) == 1:
            paid[eligible[0]] += amount
            continue
        base, odd = divmod(amount, len(readers))
        for k in range(len(readers)):
            part = base + (1 if k < odd else 0)
            best = max(values[i][k] for i in eligible)
            winners = [i for i in clockwise if i in eligible and values[i][k] == best]
            share, extra = divmod(part, len(winners))
            for n, seat in enumerate(winners):
                paid[seat] += share + (1 if n < extra else 0)
    return paid


def main() -> None:
    out = sys.stdout
    for line in sys.stdin:
        out.write(json.dumps({"ok": True, "payouts": payouts(json.loads(line))}) + "\n")


if __name__ == "__main__":
    main()

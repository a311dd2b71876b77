"""What a solved spot reports: the mix of actions for every hand and history, and how good it is.

A ``Solution`` is plain data (mappings of floats), so a page, the ``solve``
command and a cache can hold it without numpy. Hands are keyed by their text
as ``evaluator.format_cards`` writes it; ``mix_for`` and ``values_for`` read
a hand in any spelling the site accepts. Histories are the actions so far
separated by spaces (``""``, ``"check"``, ``"check bet"``, ``"bet raise"``);
each history belongs to one seat, so one mapping holds both seats' hands.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..cards import format_cards, parse_cards
from ..errors import EvaluatorError
from .ranges_input import HandSpec

Mix = Mapping[str, float]
PerHistory = Mapping[str, Mix]


@dataclass(frozen=True)
class Solution:
    """An approximate equilibrium of one spot, given both seats' ranges.

    - ``strategy[hand][history]``: each action's probability for the seat to
      act at ``history`` holding ``hand`` (the average strategy of the iterations).
    - ``choice_values[hand][history]``: each action's value in chips from that
      point on (what the seat collects minus what it adds from then), both
      seats playing the equilibrium afterwards; absent where the opponent's
      range never reaches that history.
    - ``reach[hand][history]``: how often the seat, holding ``hand``, plays
      to ``history`` by its own actions. Where that is under 1 in 1,000, the
      mix shown is the action worth most against the equilibrium (the average
      strategy there would be left over from the first iterations).
    - ``value``: each seat's chips from the start of the round (its share of
      the pot minus what it bets), both playing the equilibrium; they add up
      to ``pot``.
    - ``exploitability``: in chips per hand, the mean over the two seats of
      how much more than its value a seat could win by best-responding to the
      other's strategy; also per hand in milli-big-bets (thousandths of
      ``bet``) and in percent of ``pot``.
    - ``histories``: every history where a seat decides, with that seat.
    """

    game: str
    pot: int
    bet: int
    cap: int
    first: int
    ranges: tuple[tuple[str, ...], tuple[str, ...]]
    strategy: Mapping[str, PerHistory]
    choice_values: Mapping[str, PerHistory]
    reach: Mapping[str, Mapping[str, float]]
    value: tuple[float, float]
    exploitability: float
    exploitability_mbb: float
    exploitability_pct_pot: float
    iterations: int
    seconds: float
    histories: Mapping[str, int]

    def seat_to_act(self, history: str = "") -> int:
        """The seat that decides at ``history``; refused if no seat decides there."""
        key = " ".join(history.split())
        if key not in self.histories:
            raise EvaluatorError(f"no seat decides after '{key}' in this spot")
        return self.histories[key]

    def mix_for(self, hand: HandSpec, history: str = "") -> dict[str, float]:
        """The equilibrium's mix for ``hand`` at ``history``, e.g. {"bet": 0.7, "check": 0.3}."""
        return dict(self._lookup(self.strategy, hand, history))

    def values_for(self, hand: HandSpec, history: str = "") -> dict[str, float]:
        """Each action's value in chips for ``hand`` at ``history`` (empty if never reached)."""
        return dict(self._lookup(self.choice_values, hand, history, missing_ok=True))

    def _lookup(
        self,
        table: Mapping[str, PerHistory],
        hand: HandSpec,
        history: str,
        *,
        missing_ok: bool = False,
    ) -> Mix:
        seat = self.seat_to_act(history)
        key = " ".join(history.split())
        text = format_cards(parse_cards(hand))
        if text not in self.ranges[seat]:
            wanted = set(parse_cards(hand))
            text = next((t for t in self.ranges[seat] if set(parse_cards(t)) == wanted), text)
        if text not in self.ranges[seat]:
            raise EvaluatorError(f"{text} is not in the range of seat {seat}, who acts there")
        found = table.get(text, {}).get(key)
        if found is None:
            if missing_ok:
                return {}
            raise EvaluatorError(f"no mix is stored for {text} after '{key}'")  # pragma: no cover
        return found

    def to_json(self, digits: int = 4) -> dict[str, Any]:
        """The answer of ``solve --jsonl`` (docs/play.md), probabilities rounded to ``digits``."""
        return {
            "ok": True,
            "game": self.game,
            "value": [round(v, digits) for v in self.value],
            "exploitability": {
                "chips": round(self.exploitability, 6),
                "mbb_per_hand": round(self.exploitability_mbb, 3),
                "pct_pot": round(self.exploitability_pct_pot, 4),
            },
            "iterations": self.iterations,
            "strategy": {
                hand: {
                    history: {action: round(p, digits) for action, p in mix.items()}
                    for history, mix in per.items()
                }
                for hand, per in self.strategy.items()
            },
        }

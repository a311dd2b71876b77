"""How long one full six-seat deal takes to replay (target: under 2 ms).

The replayer page replays a record on every request rather than storing
steps, so replay speed is page speed. Run alone with
``python -m bench.replay``; ``bench.evaluator`` calls
``bench_replay()`` too.
"""

from __future__ import annotations

import statistics
import time

from evaluator.notation import parse_deal
from evaluator.replay import replay

TARGET_MS = 2.0

# Six seats, the cap of four bets reached before the draw and after draw two,
# a fold in each of the first rounds, a short all-in with a side pot, and a
# three-way showdown.
SIX_SEAT_DEAL = """\
game badacey, limit 6/12, blinds 3/6, cap 4 bets, draw up to 5 cards
seat Ana, 200 chips: A♣ 2♠ 3♥ 9♦ J♣
seat Ben, 200 chips: A♠ 3♣ 6♥ J♠ Q♦
seat Cal, 200 chips: A♥ 4♣ 7♦ 10♠ Q♣
seat Dee, 200 chips: A♦ 2♣ 3♠ K♥ K♠
seat Eli, 34 chips: 2♦ 5♣ 8♥ 9♠ K♦
seat Fay, 200 chips: 4♠ 6♦ 7♣ 10♥ K♣
button Ana
before the draw: Dee raise to 12, Eli call 12, Fay raise to 18, Ana call 18, Ben fold, \
Cal raise to 24, Dee call 12, Eli call 12, Fay call 6, Ana call 6; pot 123
draw 1:
  Cal 10♠ Q♣ -> 5♠ 9♣
  Dee K♥ K♠ -> 4♥ Q♥
  Eli K♦ 9♠ -> 3♦ 6♠
  Fay K♣ 10♥ -> 2♥ 8♣
  Ana 9♦ J♣ -> 4♦ 8♦
after draw 1: Cal check, Dee bet 6, Eli all-in 10, Fay call 10, Ana fold, Cal call 10, \
Dee call 4; pot 163
draw 2:
  Cal 7♦ 9♣ -> 6♣ J♦
  Dee Q♥ -> 7♥
  Eli pat
  Fay 8♣ -> 5♦
after draw 2: Cal check, Dee bet 12, Fay raise to 24, Cal fold, Dee raise to 36, \
Fay raise to 48, Dee call 12; pot 259
draw 3:
  Dee 7♥ -> 8♠
  Eli pat
  Fay 7♣ -> 5♥
after draw 3: Dee check, Fay bet 12, Dee call 12; pot 283
"""


def measure_replay(repeat: int = 100, batches: int = 7) -> tuple[float, float, int]:
    """(best, median) milliseconds per replay of the six-seat deal, and its seat count.

    The headline is the best of several batch means: on a shared machine other
    processes only ever add time, so the fastest batch is the closest to the
    engine's own cost. The median batch is reported beside it for context.
    """
    record = parse_deal(SIX_SEAT_DEAL)
    replay(record)  # warm up, and fail loudly if the deal were illegal
    means = []
    for _ in range(batches):
        start = time.perf_counter()
        for _ in range(repeat):
            replay(record)
        means.append((time.perf_counter() - start) * 1000 / repeat)
    return min(means), statistics.median(means), len(record.seats)


def bench_replay(repeat: int = 100, batches: int = 7) -> float:
    """Print the replay figure with PASS or MISS; used when run on its own."""
    best, median, seats = measure_replay(repeat, batches)
    verdict = "PASS" if best < TARGET_MS else "MISS"
    print(
        f"replay of a six-seat deal ({seats} seats, {repeat} x {batches}): "
        f"{best:.3f} ms per replay, median batch {median:.3f} ms "
        f"(target < {TARGET_MS} ms) {verdict}"
    )
    return best


if __name__ == "__main__":
    bench_replay()

"""Reading and verifying 10,000 hand histories: ``python -m bench.hand_histories``.

Generates a history file of many hands (each hand a copy of one of a few
hand-written templates under a new id, so every hand must replay and agree)
and times ``python -m evaluator.hand_histories FILE`` in a fresh process,
start-up included, as a teacher running the check would. The target is
under 5 s for 10,000 hands of any layout on one core. ``--hands N`` changes
the size; ``--layout`` picks one layout (``stars-and-mix``, the first two
layouts mixed in one file, ``fulltilt``, ``winamax`` or ``merge``), and by
default each is timed in turn. The Full Tilt, Winamax and Merge templates
are the invented example hands of ``tests/evaluator/room_files``. The
figure printed is the measured wall time, then the CPU time; the verdict
judges the CPU time, since the machines the benches run on are shared and
the wall time also counts the time other programs had the core.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGET_SECONDS = 5.0
HANDS = 10_000

TEMPLATES = (
    """\
PokerStars Game #{id}:  Badugi Limit ($0.10/$0.20 USD) - 2024/04/11 19:02:44 ET
Table 'Lyra IV' 6-max Seat #4 is the button
Seat 1: Ana ($5.00 in chips)
Seat 2: Hero ($6 in chips)
Seat 3: Ben ($3.50 in chips)
Seat 4: Cal ($4.00 in chips)
Ana: posts small blind $0.05
Hero: posts big blind $0.10
*** DEALING HANDS ***
Dealt to Hero [Ac 3d 7h 7s]
Ben: raises $0.10 to $0.20
Cal: folds
Ana: calls $0.15
Hero: calls $0.10
*** FIRST DRAW ***
Ana: discards 2 cards
Hero: discards 1 card [7h]
Dealt to Hero [Ac 3d 7s] [8h]
Ben: discards 1 card
Ana: checks
Hero: bets $0.10
Ben: calls $0.10
Ana: folds
*** SECOND DRAW ***
Hero: stands pat
Ben: discards 1 card
Hero: bets $0.20
Ben: raises $0.20 to $0.40
Hero: calls $0.20
*** THIRD DRAW ***
Hero: stands pat
Ben: stands pat
Hero: checks
Ben: bets $0.20
Hero: calls $0.20
*** SHOW DOWN ***
Ben: shows [6c 4d 2h 5s] (Badugi: 6,5,4,2)
Hero: mucks hand
Ben collected $1.95 from pot
*** SUMMARY ***
Total pot $2 | Rake $0.05
Seat 1: Ana (small blind) folded after the 1st Draw
Seat 2: Hero (big blind) mucked [Ac 3d 7s 8h]
Seat 3: Ben showed [6c 4d 2h 5s] and won ($1.95) with a Badugi: 6,5,4,2
Seat 4: Cal (button) folded before the Draw (didn't bet)
""",
    """\
PokerStars Game #{id}:  8-Game (Triple Draw 2-7 Lowball Limit) ($0.25/$0.50) - 2024/06/02 10:33 ET
Table 'Orion' 6-max Seat #2 is the button
Seat 1: Ana ($13.08 in chips)
Seat 2: Hero ($8.75 in chips)
Seat 3: Ben ($9.75 in chips)
Ben: posts small blind $0.10
Ana: posts big blind $0.25
*** DEALING HANDS ***
Dealt to Hero [8s 6h 4c 3d 2s]
Hero: raises $0.25 to $0.50
Ben: folds
Ana: folds
Uncalled bet ($0.25) returned to Hero
Hero collected $0.60 from pot
Hero: doesn't show hand
*** SUMMARY ***
Total pot $0.60 | Rake $0
Seat 1: Ana (big blind) folded before the Draw
Seat 2: Hero (button) collected ($0.60)
Seat 3: Ben (small blind) folded before the Draw
""",
    """\
#{id}: Limit Badacey - 10/20
2024-05-10 20:00:00
Table 'Sol Mix' Seat 3 is the button
Seat 1: Ivy (600)
Seat 2: Hero (450)
Seat 3: Max (900)
*** 1ST BETTING ROUND ***
Ivy: posts ante 1
Hero: posts ante 1
Max: posts ante 1
Ivy: posts the small blind 5
Hero: posts the big blind 10
Dealt to Ivy: [X X X X X]
Dealt to Hero: [Ac 2d 4h 9s 9c]
Dealt to Max: [X X X X X]
Max calls 10
Ivy calls 10
Hero checks
*** 1ST DRAW ***
Ivy draws 2
Hero discards [9c] draws [3c]
Max draws 1
*** 2ND BETTING ROUND ***
Ivy checks
Hero bets 10
Max calls 10
Ivy calls 10
*** 2ND DRAW ***
Ivy draws 1
Hero discards [9s] draws [5s]
Max stands pat
*** 3RD BETTING ROUND ***
Ivy checks
Hero bets 20
Max raises to 40
Ivy folds
Hero calls 40
*** 3RD DRAW ***
Hero stands pat
Max stands pat
*** 4TH BETTING ROUND ***
Hero bets 20
Max calls 20
Hero shows [Ac 2d 4h 5s 3c]
Max shows [As 2h 3d 4c Kc]
*** SUMMARY ***
Seat 1: Ivy (579) -21
Seat 2: Hero (459) +9
Seat 3: Max (909) +9
Rake 3
Hero wins (90) from pot
Max wins (90) from pot
""",
    """\
#{id}: Limit Badugi - 10/20
2024-05-12 14:00:00
Table 'Rigel Mix' Seat 3 is the button
Seat 1: Ula (300)
Seat 2: Hero (400)
Seat 3: Vic (25)
*** 1ST BETTING ROUND ***
Ula: posts the small blind 5
Hero: posts the big blind 10
Dealt to Ula: [X X X X]
Dealt to Hero: [Kd 7h 3s 2c]
Dealt to Vic: [X X X X]
Vic raises to 20
Ula calls 20
Hero calls 20
*** 1ST DRAW ***
Ula draws 1
Hero discards [Kd] draws [5d]
Vic draws 2
*** 2ND BETTING ROUND ***
Ula bets 10
Hero raises to 20
Vic calls 5 and is all-in
Ula calls 20
*** 2ND DRAW ***
Ula stands pat
Hero stands pat
Vic draws 1
*** 3RD BETTING ROUND ***
Ula checks
Hero checks
*** 3RD DRAW ***
Ula stands pat
Hero stands pat
Vic stands pat
*** 4TH BETTING ROUND ***
Ula checks
Hero bets 20
Ula folds
Uncalled bet (20) returned to Hero
Hero shows [7h 3s 2c 5d]
Vic shows [4h 3d 2s Ac]
*** SUMMARY ***
Seat 1: Ula (260) -40
Seat 2: Hero (390) -10
Seat 3: Vic (75) +50
Rake 0
Vic wins (75) from main pot
Hero wins (30) from side pot
""",
    """\
#{id}: Limit Badeucey - 20/40
2024-05-11 18:24:31
Table 'Vega Mix' Seat 2 is the button
Seat 1: Ola (980)
Seat 2: Hero (819)
*** 1ST BETTING ROUND ***
Hero: posts the small blind 10
Ola: posts the big blind 20
Dealt to Ola: [X X X X X]
Dealt to Hero: [7d 6h 4c 2s Jd]
Hero raises to 40
Ola calls 40
*** 1ST DRAW ***
Ola draws 1
Hero discards [Jd] draws [8s]
*** 2ND BETTING ROUND ***
Ola checks
Hero checks
*** 2ND DRAW ***
Ola stands pat
Hero stands pat
*** 3RD BETTING ROUND ***
Ola bets 40
Hero calls 40
*** 3RD DRAW ***
Ola stands pat
Hero stands pat
*** 4TH BETTING ROUND ***
Ola checks
Hero checks
Hero shows [7d 6h 4c 2s 8s]
Ola shows [7h 6s 4d 2c Kc]
*** SUMMARY ***
Seat 1: Ola (940) -40
Seat 2: Hero (858) +39
Rake 1
Hero wins (80) from pot
Hero wins (39) from pot
Ola wins (40) from pot
""",
    """\
PokerStars Game #{id}:  Badugi Limit ($0.10/$0.20 USD) - 2024/04/11 19:06:31 ET
Table 'Lyra IV' 6-max Seat #3 is the button
Seat 1: Ana ($4.80 in chips)
Seat 2: Hero ($4.90 in chips)
Seat 3: Ben ($0.25 in chips)
Seat 4: Cal ($4.00 in chips) is sitting out
Ana: posts small blind $0.05
Hero: posts big blind $0.10
*** DEALING HANDS ***
Dealt to Hero [Kc Kd 5h 9s]
Ben: raises $0.10 to $0.20
Ana: calls $0.15
Hero: calls $0.10
*** FIRST DRAW ***
Ana: discards 1 card
Hero: discards 2 cards [Kc Kd]
Dealt to Hero [5h 9s] [Jc 2d]
Ben: discards 1 card
Ana: bets $0.10
Hero: calls $0.10
Ben: calls $0.05 and is all-in
*** SECOND DRAW ***
Ana: stands pat
Hero: discards 1 card [Jc]
Dealt to Hero [5h 9s 2d] [Tc]
Ben: stands pat
Ana: bets $0.20
Hero: calls $0.20
*** THIRD DRAW ***
Ana: stands pat
Hero: stands pat
Ben: stands pat
Ana: checks
Hero: checks
*** SHOW DOWN ***
Ana: shows [7c 6d 3h 8s] (Badugi: 8,7,6,3)
Hero: shows [5h 9s 2d Tc] (Badugi: 10,9,5,2)
Ana collected $0.50 from side pot
Ben: shows [4c 3d 2h As] (Badugi: 4,3,2,A)
Ben collected $0.70 from main pot
*** SUMMARY ***
Total pot $1.25 Main pot $0.70. Side pot $0.50. | Rake $0.05
Seat 1: Ana (small blind) showed [7c 6d 3h 8s] and won ($0.50) with a Badugi: 8,7,6,3
Seat 2: Hero (big blind) showed [5h 9s 2d Tc] and lost with a Badugi: 10,9,5,2
Seat 3: Ben (button) showed [4c 3d 2h As] and won ($0.70) with a Badugi: 4,3,2,A
""",
)


ROOM_FILES = Path(__file__).resolve().parent.parent / "tests" / "evaluator" / "room_files"
LAYOUTS = ("stars-and-mix", "fulltilt", "winamax", "merge")
# Where each text layout writes its hand id, to give every copy an id of its own.
_IDS = {
    "fulltilt": re.compile(r"(Full ?Tilt ?Poker Game #)\d+"),
    "winamax": re.compile(r"(HandId: #)[\w-]+"),
}
_MERGE_GAME = re.compile(r'<game id="[^"]*"(.*?)</game>', re.DOTALL)
_MERGE_DESCRIPTION = re.compile(r"<description [^>]*/>")


def templates(layout: str) -> list[str]:
    """The layout's template hands, each with ``{id}`` where its id goes."""
    if layout == "stars-and-mix":
        return list(TEMPLATES)
    if layout == "merge":
        out = []
        for path in sorted(ROOM_FILES.glob("merge_*.xml")):
            text = path.read_text(encoding="utf-8")
            description = _MERGE_DESCRIPTION.search(text)
            head = description.group(0) + "\n" if description else ""
            out += [
                head + '<game id="{id}"' + m.group(1) + "</game>\n"
                for m in _MERGE_GAME.finditer(text)
            ]
        return out
    out = []
    for path in sorted(ROOM_FILES.glob(f"{layout}_*.txt")):
        for hand in path.read_text(encoding="utf-8").strip().split("\n\n"):
            if not hand.strip():
                continue  # a file may part its hands with more than one blank line
            out.append(_IDS[layout].sub(lambda m: m.group(1) + "{id}", hand, count=1) + "\n")
    return out


def generate(path: Path, hands: int, layout: str = "stars-and-mix") -> None:
    """Write ``hands`` hands to ``path``, cycling through the templates with fresh ids."""
    chosen = templates(layout)
    with path.open("w", encoding="utf-8") as out:
        for k in range(hands):
            template = chosen[k % len(chosen)]
            out.write(template.replace("{id}", str(30_000_000 + k), 1))
            out.write("\n\n")


def run(hands: int, layout: str = "stars-and-mix") -> tuple[float, float, dict[str, object]]:
    """Wall and CPU seconds of a fresh ``python -m evaluator.hand_histories`` on a generated file.

    The CPU figure is what the target means on a busy machine: the wall time
    also counts the time other programs had the core.
    """
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / ("histories.xml" if layout == "merge" else "histories.txt")
        generate(path, hands, layout)
        root = Path(__file__).resolve().parent.parent
        env = dict(os.environ, PYTHONPATH=str(root))
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "evaluator.hand_histories", str(path)],
            capture_output=True,
            text=True,
            cwd=root,
            env=env,
            check=False,
        )
        seconds = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    lines = done.stdout.splitlines()
    summary = json.loads(lines[-1]) if lines else {"error": done.stderr[-500:]}
    return seconds, cpu, summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=HANDS)
    parser.add_argument("--layout", choices=LAYOUTS, action="append")
    args = parser.parse_args(argv)
    failed = 0
    for layout in args.layout or LAYOUTS:
        seconds, cpu, summary = run(args.hands, layout)
        everything_ok = summary.get("hands") == args.hands and summary.get("not_ok") == 0
        target = TARGET_SECONDS * args.hands / HANDS
        verdict = "PASS" if cpu < target and everything_ok else "MISS"
        label = f"read and verify {args.hands:,} hands ({layout})"
        print(f"{label:<48} {seconds:>12.2f} s")
        cpu_label = "  of which CPU time in that process"
        print(f"{cpu_label:<48} {cpu:>12.2f} s  (target < {target:.2f} s) {verdict}")
        if not everything_ok:
            print(f"not every hand verified: {summary}")
            failed += 1
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())

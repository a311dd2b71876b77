"""Mutated histories: whatever the change, the reader answers with its own error only.

Hypothesis edits the hand-written histories (lines dropped, repeated, swapped
or rewritten, bytes flipped, files cut short) and the reader must either read
each hand or name what is wrong, never raise anything but ``HandHistoryError``.
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from evaluator.hand_histories import HandHistoryError, read_bytes

DATA = Path(__file__).parent / "hand_histories"
ROOMS = Path(__file__).parent / "room_files"
TEXTS = [
    path.read_text(encoding="utf-8")
    for path in sorted(
        [*DATA.glob("*.txt"), *ROOMS.glob("*.txt"), *ROOMS.glob("*.xml"), *ROOMS.glob("*.phh")]
    )
]
WORDS = ["X", "$", "0.5", "1,2", "raises to", "calls", "[As As]", "***", ":", "(", "-3", "9" * 30]


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    lines = draw(st.sampled_from(TEXTS)).splitlines()
    for _ in range(draw(st.integers(1, 3))):
        if not lines:
            break
        i = draw(st.integers(0, len(lines) - 1))
        how = draw(st.sampled_from(["drop", "repeat", "swap", "word", "text", "digit"]))
        if how == "drop":
            del lines[i]
        elif how == "repeat":
            lines.insert(i, lines[i])
        elif how == "swap" and i + 1 < len(lines):
            lines[i], lines[i + 1] = lines[i + 1], lines[i]
        elif how == "word":
            words = lines[i].split(" ")
            k = draw(st.integers(0, len(words) - 1))
            words[k] = draw(st.sampled_from(WORDS))
            lines[i] = " ".join(words)
        elif how == "text":
            lines.insert(i, draw(st.text(max_size=30)))
        elif lines[i]:
            k = draw(st.integers(0, len(lines[i]) - 1))
            lines[i] = lines[i][:k] + draw(st.sampled_from("0123456789.,X")) + lines[i][k + 1 :]
    data = "\n".join(lines).encode("utf-8", "surrogatepass")
    if draw(st.booleans()):
        data = data[: draw(st.integers(0, len(data)))]
    return data


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_a_mutated_history_fails_only_with_the_reader_s_own_error(data):
    try:
        results = read_bytes(data)
    except HandHistoryError:
        return
    for result in results:
        assert result.ok or isinstance(result.error, HandHistoryError)
        if result.error is not None:
            assert result.error.problem

"""python -m bench.play_server runs and prints its lines (timings are judged there, not here)."""

from __future__ import annotations

import pytest

from bench import play_server as bench
from play import hands
from play.models import PlayedHand

pytestmark = pytest.mark.django_db


def test_quick_play_server_benchmark_plays_hands_to_the_end_and_prints_each_target(capsys):
    own_seed = hands.new_seed
    bench.main(["--quick"], own_database=False)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("play server benchmark")
    for start in ("POST act:", "review page of a finished hand", "practise a decision"):
        assert any(line.startswith(start) for line in lines[1:]), start
    assert all(line.rstrip().endswith(("PASS", "MISS")) for line in lines[1:])
    assert PlayedHand.objects.exists()
    assert not PlayedHand.objects.filter(is_over=False).exists()
    assert hands.new_seed is own_seed

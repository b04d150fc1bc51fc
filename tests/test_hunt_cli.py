"""The hunt game's command line: ``python -m leopard_core hunt moves|play|simulate``."""

from __future__ import annotations

import subprocess
import sys

import pytest
from conftest import run_cli as run

OPENING = "...............CCC.....C.C.....CCC............... L 16 2"   # H8.6, from H3.1 by hand


def test_moves_of_the_opening_h3_3() -> None:
    status, text = run(["hunt", "moves", "start"])
    assert status == 0
    assert set(text.split()) == {"e5", "c3", "e3", "g3", "c5", "g5", "c7", "e7", "g7"}
    assert run(["hunt", "moves", OPENING])[1] == text


def test_moves_from_stdin_one_line_each_errors_marked() -> None:
    status, text = run(["hunt", "moves", "-"], stdin=f"{OPENING}\nnonsense\n")
    lines = text.splitlines()
    assert status == 1 and len(lines) == 2
    assert set(lines[0].split("; ")) == {"e5", "c3", "e3", "g3", "c5", "g5", "c7", "e7", "g7"}
    assert lines[1].startswith("error: bad position 'nonsense")


def test_bad_position_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, _ = run(["hunt", "moves", "L L L"])
    assert status == 2 and "bad position" in capsys.readouterr().err


def test_play_a_few_moves_then_quit() -> None:
    status, text = run(["hunt", "play", "--side", "L", "--level", "greedy", "--seed", "1"],
                       stdin="?\nd3\ne5\nq\n")
    assert status == 0
    listed = [line for line in text.splitlines() if set(line.split(">")[-1].split()) ==
              {"e5", "c3", "e3", "g3", "c5", "g5", "c7", "e7", "g7"}]
    assert len(listed) == 1                    # "?" listed exactly the H3.3 placements
    assert "H3.3" in text                      # d3 was refused with its rule
    assert "computer: " in text and "bye" in text


def test_play_as_cows_the_computer_opens() -> None:
    status, text = run(["hunt", "play", "--side", "C", "--level", "random", "--seed", "2"], stdin="q\n")
    assert status == 0 and text.count("computer: ") == 1


def test_play_stops_at_end_of_input() -> None:
    status, text = run(["hunt", "play", "--side", "L", "--level", "random", "--seed", "3"], stdin="e5\n")
    assert status == 0 and text.rstrip().endswith("bye")


def test_simulate_prints_figures() -> None:
    status, text = run(["hunt", "simulate", "--leopards", "greedy", "--cows", "random", "--games", "2",
                        "--verbose"])
    assert status == 0
    assert text.count("game ") == 2 and "leopards won" in text


def test_simulate_unknown_level(capsys: pytest.CaptureFixture[str]) -> None:
    status, _ = run(["hunt", "simulate", "--leopards", "nobody", "--cows", "random"])
    assert status == 2 and "unknown level" in capsys.readouterr().err


def test_module_entry_point() -> None:
    done = subprocess.run([sys.executable, "-m", "leopard_core", "hunt", "moves", "start", "--no-compulsory"],
                          capture_output=True, text=True, check=False, timeout=60)
    assert done.returncode == 0 and "e5" in done.stdout.split()

"""``leopard play``: the terminal game (issue 2). --watch games run to the end in every variant,
a person's game is scripted through standard input, bad input is explained and asked again."""

from __future__ import annotations

import io
import itertools
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import VARIANT_NAMES

from leopard_core.cli import main

ROOT = Path(__file__).resolve().parent.parent


def play(*args: str, stdin: str = "") -> tuple[int, str]:
    """``cli.main(["play", ...])`` with the given input: status and the whole output."""
    out = io.StringIO()
    status = main(["play", *args], io.StringIO(stdin), out)
    return status, out.getvalue()


def check_sheet(text: str, hands: int) -> tuple[int, int]:
    """The last score sheet: one line per hand and totals that are their sums (R7.3)."""
    sheet = text[text.rindex("Hand 1 ") :]
    rows = [tuple(map(int, m)) for m in re.findall(r"^Hand \d+\s+(-?\d+)\s+(-?\d+)$", sheet, re.M)]
    total = re.search(r"^Total\s+(-?\d+)\s+(-?\d+)$", sheet, re.M)
    assert len(rows) == hands and total is not None
    totals = (int(total.group(1)), int(total.group(2)))
    assert totals == (sum(r[0] for r in rows), sum(r[1] for r in rows))
    return totals


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_watch_game_runs_to_the_end(variant: str) -> None:
    """--watch: bot against bot without input, every move printed, sheet and winner at the end."""
    status, text = play("--watch", "--variant", variant, "--seed", "3", "--level", "random",
                        "--other", "random", "--hands", "2")
    assert status == 0
    assert text.count("is over.") == 2
    a, b = check_sheet(text, 2)
    verdict = "A draw." if a == b else ("South won." if a > b else "North won.")
    assert text.rstrip().endswith(f"Final score: South {a}, North {b}. {verdict}")
    moves = re.findall(r"^\s+\d+\. (South|North): (.+?)   \(raw", text, re.M)
    assert len(moves) > 20
    if variant != "running":  # R4.2: turns alternate (running: several plays then `end`)
        hand1 = text[: text.index("Hand 1 is over")]
        who = [m[0] for m in re.findall(r"^\s+\d+\. (South|North): (.+?)   \(raw", hand1, re.M)]
        assert all(a != b for a, b in itertools.pairwise(who))


def test_watch_game_subprocess_four_hands() -> None:
    """The real command line, a default-length game (R7.3: 4 hands)."""
    done = subprocess.run(
        [sys.executable, "-m", "leopard_core", "play", "--watch", "--seed", "9", "--level", "random",
         "--other", "random"],
        capture_output=True, text=True, cwd=ROOT, timeout=300, check=False,
    )
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.count("is over.") == 4
    check_sheet(done.stdout, 4)
    assert "Final score:" in done.stdout


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_scripted_person_plays_a_whole_game(variant: str) -> None:
    """A person who always answers 1 (and Enter between hands) finishes a two-hand game; the
    computer's face-down cards are never named to him (R3.3)."""
    status, text = play("--variant", variant, "--seed", "4", "--level", "random", "--hands", "2",
                        stdin="1\n" * 3000)
    assert status == 0
    assert text.count("is over.") == 2
    a, b = check_sheet(text, 2)
    assert f"Final score: You {a}, Computer {b}." in text
    assert re.search(r"Computer played [JQ][SHDC]", text) is None
    assert "Computer played a face-down card" in text


def test_board_shows_the_variants_layout() -> None:
    """R2.1 / R8.2: standard grids start with spaces 1 2 3 on top; classic with 7 8 9."""
    _, standard = play("--seed", "1", "--level", "random", "--hands", "1", stdin="q\n")
    _, classic = play("--variant", "classic", "--seed", "1", "--level", "random", "--hands", "1", stdin="q\n")
    grid_row = re.compile(r"^\|.*\|$", re.M)
    assert re.findall(r"\((\d)\)", grid_row.findall(standard)[0]) == ["1", "2", "3", "1", "2", "3"]
    assert re.findall(r"\((\d)\)", grid_row.findall(classic)[0]) == ["7", "8", "9", "7", "8", "9"]


def test_bad_input_is_explained_and_asked_again_then_q_quits() -> None:
    """Unknown text, a number out of range and an illegal move are each explained; `q` stops."""
    status, text = play("--seed", "5", "--level", "random", "--hands", "1",
                        stdin="xyz\n999\nKS to opp 3\nq\n")
    assert status == 0
    assert "bad move 'xyz'" in text
    assert "There is no move 999" in text
    assert "KS to opp 3 is not legal now" in text
    assert text.count("Your move") == 4
    assert "Game stopped." in text


def test_end_of_input_ends_cleanly() -> None:
    """EOF on standard input ends the game cleanly with status 0, no traceback."""
    done = subprocess.run(
        [sys.executable, "-m", "leopard_core", "play", "--seed", "2", "--level", "random"],
        input="", capture_output=True, text=True, cwd=ROOT, timeout=120, check=False,
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert "Game stopped." in done.stdout


def test_typed_n3_move_is_played() -> None:
    """Input may be N3 text instead of a number; the move is reported back."""
    _, first = play("--seed", "5", "--level", "random", "--hands", "1", stdin="q\n")
    listed = re.findall(r"\d+\) (discard \S+)", first)
    _, text = play("--seed", "5", "--level", "random", "--hands", "1", stdin=f"{listed[0]}\nq\n")
    assert f"You discarded {listed[0].split()[1]}." in text


def test_unknown_level_falls_back_with_a_clear_error() -> None:
    """An unknown level is named with the list of levels, and a known one is played instead."""
    status, text = play("--seed", "1", "--level", "grandmaster", "--hands", "1", stdin="q\n")
    assert status == 0
    assert "unknown level 'grandmaster'" in text and "random" in text.splitlines()[0]

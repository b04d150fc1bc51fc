"""The command line (issue 2): ``score`` and ``moves``, their ``-`` stdin modes, and bad arguments.

Expected answers come from hand-worked squares and from the independent reference in conftest.py.
A few cases run as real subprocesses; the rest call ``cli.main(argv, stdin, out)``.
"""

from __future__ import annotations

import io
import random
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import CARD_TEXTS, VARIANT_NAMES, ref_legal_moves, ref_raw_value

from leopard_core.cli import main

ROOT = Path(__file__).resolve().parent.parent
BLANK = "-,-,-/-,-,-/-,-,-"


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``python -m leopard_core ARGS`` in a subprocess."""
    return subprocess.run(
        [sys.executable, "-m", "leopard_core", *args], input=stdin, capture_output=True, text=True,
        cwd=ROOT, timeout=120, check=False,
    )


def call(*args: str, stdin: str = "") -> tuple[int, list[str]]:
    """``cli.main`` in this process: exit status and output lines."""
    out = io.StringIO()
    status = main(list(args), io.StringIO(stdin), out)
    return status, out.getvalue().splitlines()


# ----------------------------------------------------------------- subprocess
def test_score_subprocess_lines_then_raw_value_last() -> None:
    """R5: the scoring lines above, the raw value alone on the last line (Abbott's king square)."""
    done = run("score", "AC,-,10S/4C,5S,-/7H.KC,8C,9C")
    assert done.returncode == 0 and done.stderr == ""
    lines = done.stdout.splitlines()
    assert lines[-1] == "8"
    assert len(lines) == 5  # 4 scoring lines (3 + 3 + 1 + 1), then the value
    assert any("7-8-9" in line and "3" in line for line in lines[:-1])


def test_square_with_empty_space_1_is_not_taken_for_an_option() -> None:
    """N2: ``-,-,-/...`` starts with '-', yet it is a square, not an option."""
    done = run("score", "-,-,-/4S,5S,6S/-,-,-", "--variant", "classic")
    assert (done.returncode, done.stdout.splitlines()[-1]) == (0, "2")
    done = run("moves", "-,-,-/-,-,-/-,-,-|-,-,-/-,-,-/-,-,-|QS")
    assert (done.returncode, done.stdout) == (0, "discard QS\n")


def test_moves_subprocess_one_per_line() -> None:
    """N4 in, N3 out, one move per line."""
    done = run("moves", f"{BLANK} | {BLANK} | 5H")
    assert done.returncode == 0
    assert done.stdout.splitlines() == ["5H to own 5", "5H to opp 5", "discard 5H"]


@pytest.mark.parametrize("args", [
    ("score", "AH,2H"), ("moves", "nonsense"), ("score",), ("frobnicate",), (),
    ("score", BLANK, "--variant", "speed"), ("play", "--hands", "0"), ("play", "--seed", "abc"),
    ("moves", f"{BLANK} | {BLANK} | 5H,5H,5H"),
])
def test_bad_arguments_one_line_error_nonzero_exit_no_traceback(args: tuple[str, ...]) -> None:
    """A bad argument: a one-line error naming the problem, a non-zero exit, never a traceback."""
    done = run(*args)
    assert done.returncode != 0
    assert "Traceback" not in done.stderr + done.stdout
    error_lines = [line for line in done.stderr.splitlines() if "error" in line]
    assert len(error_lines) == 1 and error_lines[0].startswith("leopard: error:")


def test_score_stdin_subprocess_one_line_per_input_line() -> None:
    """``score -``: exactly one answer per input line; a bad line answers ``error: ...``."""
    squares = ["AH,2H,3H/-,-,-/-,-,-", "bad", BLANK, "AH,2H,3H/4H,5H,6H/7H,8H,9H", ""]
    done = run("score", "-", stdin="\n".join(squares) + "\n")
    lines = done.stdout.splitlines()
    assert len(lines) == len(squares)
    assert lines[0] == "3" and lines[2] == "0" and lines[3] == "24"
    assert lines[1].startswith("error: ") and "'bad'" in lines[1]
    assert lines[4].startswith("error: ")
    assert done.returncode == 1  # some line was bad
    assert "Traceback" not in done.stderr


# ----------------------------------------------------------------- main()
@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_score_values_per_variant(variant: str) -> None:
    """R5 / R8.2: three suit lines and one colour line: 10 (standard, running) or 7 (classic)."""
    square = "AH,2H,3H/4H,5D,-/7H,-,9D"  # row 1-2-3, column 1-4-7: suit; diagonals 1-5-9, 3-5-7: colour
    status, lines = call("score", square, "--variant", variant)
    expected = {"standard": 8, "running": 8, "classic": 6}[variant]
    assert status == 0 and lines[-1] == str(expected) == str(ref_raw_value(square, variant))
    assert len(lines) == 5


def test_score_empty_square_prints_only_zero() -> None:
    """No scoring line: the output is just the raw value."""
    assert call("score", BLANK) == (0, ["0"])


def random_square(rng: random.Random) -> str:
    """A random N2 square (possibly impossible in play, but always well-formed)."""
    spaces = []
    for _ in range(9):
        if rng.random() < 0.25:
            spaces.append("-")
            continue
        stack = [rng.choice(CARD_TEXTS)]
        for _ in range(rng.choice([0, 0, 0, 1, 2])):
            face_down = "~" + rng.choice("JQ") + rng.choice("SHDC")
            stack.append(rng.choice(["~", face_down, rng.choice(CARD_TEXTS)]))
        spaces.append(".".join(stack))
    return "/".join(",".join(spaces[r * 3 : r * 3 + 3]) for r in range(3))


def random_position(rng: random.Random) -> str:
    """A random N4 position: two squares and up to 9 cards (duplicates beyond two are rare)."""
    hand = ",".join(rng.sample(CARD_TEXTS, rng.randrange(10)))
    return f"{random_square(rng)} | {random_square(rng)} | {hand}"


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_score_stdin_thousands_match_the_reference(variant: str) -> None:
    """``score -`` on 2,000 random squares equals the independent reference scorer."""
    rng = random.Random(variant)
    squares = [random_square(rng) for _ in range(2000)]
    status, lines = call("score", "-", "--variant", variant, stdin="".join(s + "\n" for s in squares))
    assert status == 0 and lines == [str(ref_raw_value(s, variant)) for s in squares]


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_moves_stdin_thousands_match_the_reference(variant: str) -> None:
    """``moves -`` on 1,000 random positions: the moves joined by '; ', one line each, as the
    reference says; positions with more than two of a card answer ``error:`` (R1.1)."""
    rng = random.Random("moves" + variant)
    positions = [random_position(rng) for _ in range(1000)]
    status, lines = call("moves", "-", "--variant", variant, stdin="".join(p + "\n" for p in positions))
    assert len(lines) == len(positions) and status in (0, 1)
    for position, line in zip(positions, lines, strict=True):
        own, opp, hand = (part.strip() for part in position.split("|"))
        cards = [c for c in hand.split(",") if c]
        counted = [t.lstrip("~") for t in position.replace("|", ",").replace("/", ",").replace(".", ",")
                   .replace(" ", "").split(",") if t not in ("-", "~", "")]
        if any(counted.count(c) > 2 for c in counted):
            assert line.startswith("error: ") and "R1.1" in line
            continue
        assert set(line.split("; ")) == ref_legal_moves(own, opp, cards, variant)


def test_moves_stdin_errors_and_empty_input() -> None:
    """``moves -``: a bad line answers ``error: ...`` and the status is 1; no input, no output."""
    status, lines = call("moves", "-", stdin=f"{BLANK} | {BLANK} | KS\nnope\n")
    assert status == 1 and len(lines) == 2
    assert lines[0].split("; ")[-1] == "discard KS" and len(lines[0].split("; ")) == 10
    assert lines[1].startswith("error: bad position 'nope'")
    assert call("moves", "-", stdin="") == (0, [])


def test_moves_running_and_classic_from_a_position() -> None:
    """N4 is the moment after the draw: same plays in every variant, `out` at each threshold."""
    five = "AH,2H,3H/4D,5D,6D/-,8H,-"  # 3 + 3 + 1 = 7 (standard), 2 + 2 + 1 = 5 (classic)
    assert call("moves", f"{five} | {BLANK} | ", "--variant", "classic") == (0, ["out", "pass"])
    assert call("moves", f"{five} | {BLANK} | ", "--variant", "running") == (0, ["out", "pass"])
    assert call("moves", f"{five} | {BLANK} | 8D")[1] == ["out", "8D to opp 8", "discard 8D"]


def test_bad_arguments_via_main_exit_2() -> None:
    """argparse errors exit with status 2 (SystemExit), engine errors return 2."""
    with pytest.raises(SystemExit) as info:
        call("score")
    assert info.value.code == 2
    assert call("score", "xx")[0] == 2
    assert call("moves", "a|b")[0] == 2

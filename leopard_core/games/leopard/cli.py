"""The command line: ``python -m leopard_core`` (installed as ``leopard``).

    leopard score SQUARE [--variant V]     the square's scoring lines, then its raw value (R5)
    leopard moves POSITION [--variant V]   every legal move of an N4 position, one per line (N3)
    leopard play [--variant V] [--hands N] [--level L] [--seed S] [--watch]
                                           a game in the terminal against the computer
    leopard simulate --a L --b L --games N  a match between two bot levels
    leopard GAME ...                       another registered game's command line (``leopard_core.cli``)

``score -`` and ``moves -`` read one square or position per line from standard input and print
one answer line each (``moves`` joined by ``; ``; a bad line prints ``error: ...``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn, TextIO

from leopard_core.platform.command_line import run_command

from .errors import LeopardError
from .position import Position
from .rules import LINES, VARIANTS, Rules, rules_for
from .squares import Square

OTHER_GAMES: dict[str, str] = {}
"""The other registered games' names and titles, listed in ``--help`` (``leopard_core.cli`` fills
it and dispatches ``leopard NAME ...`` to that game before this parser sees it)."""


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"leopard: error: {message}\n")


def _line_name(line: tuple[int, int, int]) -> str:
    index = LINES.index(line)
    kind = "row" if index < 3 else "column" if index < 6 else "diagonal"
    return f"{kind} {'-'.join(map(str, line))}"


def score_lines(square: Square, rules: Rules) -> list[str]:
    """Lines of ``score``: each scoring line with its points, then the raw value alone."""
    out = []
    for line in square.scoring_lines(rules):
        cards = " ".join(str(square.top(space).card) for space in line.spaces)  # type: ignore[union-attr]
        out.append(f"{_line_name(line.spaces)}: {cards} same {line.kind} = {line.points}")
    out.append(str(square.raw_value(rules)))
    return out


def _score_one(text: str, rules: Rules) -> str:
    return str(Square.parse(text).raw_value(rules))


def _moves_one(text: str, rules: Rules) -> str:
    return "; ".join(str(m) for m in Position.parse(text).legal_moves(rules))


def _each_line(answer: Callable[[str, Rules], str], rules: Rules, stdin: TextIO, out: TextIO) -> int:
    """Answer every line of standard input with exactly one line; 1 if any line was bad."""
    status = 0
    for raw in stdin:
        try:
            out.write(answer(raw.rstrip("\r\n"), rules) + "\n")
        except LeopardError as err:
            out.write(f"error: {err}\n")
            status = 1
    out.flush()
    return status


def _protect_squares(argv: Sequence[str]) -> list[str]:
    """Keep argparse from reading a square whose space 1 is empty (``-,-,-/...``) as an option:
    a leading space makes it a plain argument, and the parsers strip it again."""
    return [" " + arg if len(arg) > 1 and arg[0] == "-" and arg[1] in ",/.| " else arg for arg in argv]


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status."""
    stdin = stdin or sys.stdin
    out = out or sys.stdout
    parser = _Parser(prog="leopard", description="Robert Abbott's card game Leopard.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    variant = _Parser(add_help=False)
    variant.add_argument("--variant", default="standard", choices=list(VARIANTS))

    p_score = sub.add_parser("score", parents=[variant], help="value of a square (N2), or - for stdin")
    p_score.add_argument("square")
    p_moves = sub.add_parser("moves", parents=[variant], help="legal moves of a position (N4), or -")
    p_moves.add_argument("position")
    p_play = sub.add_parser("play", parents=[variant], help="play a game in the terminal")
    p_play.add_argument("--hands", type=int, default=4)
    p_play.add_argument("--level", default="greedy", help="the computer's level")
    p_play.add_argument("--seed", type=int, default=None)
    p_play.add_argument("--watch", action="store_true", help="watch two computer players")
    p_play.add_argument("--other", default="random", help="with --watch: the second computer level")
    p_sim = sub.add_parser("simulate", parents=[variant], help="a match between two bot levels")
    p_sim.add_argument("--a", required=True)
    p_sim.add_argument("--b", required=True)
    p_sim.add_argument("--games", type=int, default=100)
    p_sim.add_argument("--seed", type=int, default=0)
    p_sim.add_argument("--jobs", type=int, default=1)
    p_sim.add_argument("--hands", type=int, default=4)

    for name, title in OTHER_GAMES.items():  # each has a command line of its own (``leopard_core.cli``)
        sub.add_parser(name, add_help=False, help=f"{title}: {name} --help")
    argv = list(sys.argv[1:] if argv is None else argv)
    args = parser.parse_args(_protect_squares(argv))
    rules = rules_for(args.variant)
    def command() -> int:
        if args.command == "score":
            if args.square == "-":
                return _each_line(_score_one, rules, stdin, out)
            out.write("\n".join(score_lines(Square.parse(args.square), rules)) + "\n")
            return 0
        if args.command == "moves":
            if args.position == "-":
                return _each_line(_moves_one, rules, stdin, out)
            for move in Position.parse(args.position).legal_moves(rules):
                out.write(f"{move}\n")
            return 0
        if args.command == "play":
            from .terminal import play_terminal

            return play_terminal(
                rules, args.hands, args.level, args.seed, args.watch, args.other, stdin, out
            )
        from .match import simulate_command

        return simulate_command(args, out)

    return run_command("leopard", command)

"""The hunt game's command line: ``python -m leopard_core hunt ...``.

    hunt moves POSITION [--no-compulsory]   every legal move of an H8.6 position (``start`` = the
                                            opening; ``-`` reads one position per line)
    hunt play [--side L|C] [--level L] [--seed S] [--no-compulsory] [--move-limit N]
                                            a game in the terminal against the computer
    hunt simulate --leopards L --cows L [--games N] [--seed S] [--verbose]
                                            a match between two bot levels

Glossary:
    side  -- the side the person plays in ``play``: ``L`` (leopards) or ``C`` (cows).
    level -- ``random``, ``greedy`` or ``search`` (``bots.LEVELS``), or ``search:N``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn, TextIO

from leopard_core.platform.command_line import run_command

from .bots import DEFAULT_LEVEL, make_bot
from .errors import HuntError
from .match import simulate_command
from .rules import COWS, LEOPARDS, HuntRules
from .state import HuntState, check_side

SIDE_NAMES = {LEOPARDS: "Leopards", COWS: "Cows"}


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"leopard hunt: error: {message}\n")


def _position(text: str, rules: HuntRules) -> HuntState:
    """The state named by ``text``: ``start`` or an H8.6 position."""
    if text.strip().lower() == "start":
        return HuntState.new(rules)
    return HuntState.from_position(text.strip(), rules)


def _moves_line(text: str, rules: HuntRules) -> str:
    """All legal moves of one position, joined by ``; ``."""
    return "; ".join(str(m) for m in _position(text, rules).legal_moves())


def play_terminal(
    side: str, level: str, seed: int | None, rules: HuntRules, stdin: TextIO, out: TextIO
) -> int:
    """A game in the terminal: the person plays ``side``, the computer the other."""
    person = check_side(side.upper())
    bot = make_bot(level, seed if seed is not None else 0)
    state = HuntState.new(rules)
    out.write(f"Cows and Leopards: you play the {SIDE_NAMES[person]}, the computer ({level}) the other.\n"
              "Type a move (e5, e5-e6, e5xe7xc7), ? for the legal moves, q to quit.\n")
    while not state.over:
        out.write("\n" + state.picture() + "\n")
        if state.to_move != person:
            move = bot.choose(state)
            state.apply(move)
            out.write(f"computer: {move}\n")
            continue
        out.write(f"{SIDE_NAMES[person]} to move> ")
        out.flush()
        line = stdin.readline()
        if not line or line.strip().lower() in ("q", "quit"):
            out.write("\nbye\n")
            return 0
        text = line.strip()
        if text in ("?", "moves"):
            out.write(" ".join(str(m) for m in state.legal_moves()) + "\n")
            continue
        try:
            state.apply(text)
        except HuntError as err:
            out.write(f"{err}\n")
    out.write("\n" + state.picture() + "\n")
    verdict = "you win" if state.winner == person else "the computer wins"
    if state.winner is None:
        verdict = "a draw"
    out.write(f"game over: {state.reason}: {verdict}\n")
    return 0


def main(argv: Sequence[str], stdin: TextIO | None = None, out: TextIO | None = None) -> int:
    """Run ``hunt ...``; returns the exit status."""
    stdin = stdin or sys.stdin
    out = out or sys.stdout
    parser = _Parser(prog="leopard hunt", description="Cows and Leopards, the hunt game (docs/hunt-rules.md)")
    settings = _Parser(add_help=False)
    settings.add_argument("--no-compulsory", action="store_true", help="capture is optional (H6.2)")
    settings.add_argument("--move-limit", type=int, default=100, help="quiet turns to a draw (H7.5)")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    p_moves = sub.add_parser("moves", parents=[settings], help="legal moves of a position (H8.6)")
    p_moves.add_argument("position")
    p_play = sub.add_parser("play", parents=[settings], help="play against the computer in the terminal")
    p_play.add_argument("--side", default="L", help="your side: L (leopards) or C (cows)")
    p_play.add_argument("--level", default=DEFAULT_LEVEL)
    p_play.add_argument("--seed", type=int, default=None)
    p_sim = sub.add_parser("simulate", parents=[settings], help="a match between two bot levels")
    p_sim.add_argument("--leopards", required=True, help="the Leopards' level")
    p_sim.add_argument("--cows", required=True, help="the Cows' level")
    p_sim.add_argument("--games", type=int, default=10)
    p_sim.add_argument("--seed", type=int, default=0)
    p_sim.add_argument("--verbose", action="store_true")
    args = parser.parse_args(list(argv))
    def command() -> int:
        rules = HuntRules(compulsory_capture=not args.no_compulsory, move_limit=args.move_limit)
        if args.command == "moves":
            if args.position == "-":
                status = 0
                for raw in stdin:
                    try:
                        out.write(_moves_line(raw, rules) + "\n")
                    except HuntError as err:
                        out.write(f"error: {err}\n")
                        status = 1
                return status
            for move in _position(args.position, rules).legal_moves():
                out.write(f"{move}\n")
            return 0
        if args.command == "play":
            return play_terminal(args.side, args.level, args.seed, rules, stdin, out)
        make_bot(args.leopards)  # check both level names before a long match
        make_bot(args.cows)
        return simulate_command(args.leopards, args.cows, args.games, args.seed, rules, out, args.verbose)

    return run_command("leopard hunt", command)

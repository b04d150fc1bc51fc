"""Eleusis's command line: ``python -m leopard_core eleusis ...`` (docs/eleusis-rules.md).

    eleusis play [--game express|eleusis] [--bots N] [--level L] [--seed S] [--rule RULE] [--all-deal]
                        a game in the terminal: you (seat 0) and N computer players (2 to 5); with
                        --rule you deal that rule and watch; with --all-deal every player deals once
    eleusis rule RULE   the rule's wording (English and Spanish), size, acceptance and checks
    eleusis simulate [--game G] [--bots N] [--level L] [--hands H] [--seed S] [--difficulty D]
                        computer players against dealt rules: how hands end, turns and scores

Glossary:
    picture    -- the table as text from one seat: the mainline with each sideline under its card,
                  the hands' sizes, the prophet and the marker, the player's own hand.
    acceptance -- the share of the 52 cards that are right, over the states the rule can reach.
    difficulty -- the dealer's measure: turns the ``scientist`` player takes to find the rule.

>>> import io
>>> out = io.StringIO()
>>> main(["rule", "differ(colour)"], out=out)
0
>>> print(out.getvalue().splitlines()[1])
English: Play a card of a different colour from the last card.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections import Counter
from collections.abc import Sequence
from typing import Any, NoReturn, TextIO

from leopard_core.platform.command_line import run_command
from leopard_core.platform.errors import EngineError

from .computer import DEFAULT_LEVEL, LEVELS, computer_move, make_computer
from .dealer import DIFFICULTIES, check_rule
from .errors import EleusisError
from .evidence import ComputerScientist
from .science_book import ScienceBook, as_rule, check_problem
from .table import EleusisTable, Settings, read_rule

PERSON = 0


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"leopard eleusis: error: {message}\n")


def picture(view: dict[str, Any]) -> str:
    """The table as text from ``view``'s seat (see the glossary)."""
    lines = [f"{view['game']} hand {view['hand_number'] + 1} of {view['hands_in_game']}"
             f" (stock {view['stock']})"]
    sidelines: dict[int, list[str]] = {}
    for play in view["plays"]:
        if not play["right"]:
            sidelines.setdefault(play["at"] - 1, []).append(" ".join(play["cards"]))
    for index, card in enumerate(view["mainline"]):
        mark = " <- prophet's marker" if index == view["marker"] else ""
        under = "   wrong: " + ", ".join(sidelines[index]) if index in sidelines else ""
        lines.append(f"  {index:3} {card}{mark}{under}")
    seats = []
    for seat, count in enumerate(view["hand_counts"]):
        role = " (dealer)" if seat == view["dealer"] else " (prophet)" if seat == view["prophet"] else \
            " (expelled)" if seat in view["expelled"] else ""
        seats.append(f"seat {seat}{' (you)' if seat == view['seat'] else ''}{role}: {count} cards")
    lines.append("  " + "; ".join(seats))
    if view["pending"] is not None:
        pending = view["pending"]
        laid = ("No play, showing " if pending["no_play"] else "") + " ".join(pending["cards"])
        lines.append(f"  waiting for the prophet's judgement: seat {pending['seat']}: {laid}")
    if view["hand"]:
        lines.append("  your hand: " + " ".join(view["hand"]))
    return "\n".join(lines)


def _computers(table: EleusisTable, level: str, seed: int) -> dict[int, ComputerScientist]:
    """A computer player for every seat but the person's."""
    return {seat: make_computer(level, random.Random(f"{seed}:{seat}")) for seat in range(table.seats())
            if seat != PERSON}


def play_terminal(table: EleusisTable, level: str, seed: int, stdin: TextIO, out: TextIO) -> int:
    """A game in the terminal: the person is seat 0, the others are computer players."""
    players = _computers(table, level, seed)
    out.write("Eleusis: find the dealer's rule. Moves: play 7H, play 7H 8D (a string, Eleusis), "
              "noplay, prophet, pass, judge right|wrong, guess RULE, deal RULE; ? lists them, q quits.\n")
    logged = 0
    hand_number = table.hand.number
    while not table.over:
        if table.hand.number != hand_number:
            result = table.results[-1]
            out.write(f"hand over: {result.reason}; the rule was {result.rule}; scores "
                      f"{result.score.players}, dealer {result.score.dealer}\n")
            hand_number, logged = table.hand.number, 0
        for message in table.hand.log[logged:]:
            out.write(f"  {message}\n")
        logged = len(table.hand.log)
        seat = table.to_move()
        assert seat is not None
        if seat != PERSON:
            table.apply(computer_move(table, players[seat]))
            continue
        out.write("\n" + picture(table.view(PERSON)) + f"\n{table.hand.phase}> ")
        out.flush()
        line = stdin.readline()
        if not line or line.strip().lower() in ("q", "quit"):
            out.write("\nbye\n")
            return 0
        if line.strip() in ("?", "moves"):
            out.write(" | ".join(table.legal_moves()[:60]) + "\n")
            continue
        try:
            table.apply(line.strip())
        except EngineError as err:
            out.write(f"{err}\n")
    for message in table.hand.log[logged:]:
        out.write(f"  {message}\n")
    result = table.results[-1]
    out.write(f"game over: {result.reason}; the rule was {result.rule}\n"
              f"totals: {table.totals()}\n")
    return 0


def rule_report(text: str, out: TextIO) -> int:
    """``eleusis rule``: wording, size, acceptance, difficulty and the dealer's checks of one rule."""
    rule = as_rule(read_rule(ScienceBook(), text, check=False)[0])
    check = check_rule(rule)
    problem = check_problem(check)
    out.write(f"rule: {rule}\nEnglish: {rule.wording('en')}\nSpanish: {rule.wording('es')}\n"
              f"size: {rule.size}\nacceptance: {100 * check.acceptance:.0f}% of the cards on average "
              f"over its {check.states} reachable states\ndifficulty: {check.difficulty:.1f} turns "
              f"for the scientist to find it ({check.band})\n"
              f"dead end: {'after ' + ' '.join(check.dead_end_example) if check.dead_end else 'none'}\n"
              f"dealer's checks: {'passed' if problem is None else problem}\n")
    return 0 if problem is None else 1


def simulate(game: str, bots: int, level: str, hands: int, seed: int, difficulty: str,
             out: TextIO) -> int:
    """``bots + 1`` computer players (the person's seat too) against dealt rules, one hand each:
    how hands end, turns and scores."""
    endings: Counter[str] = Counter()
    turns: list[int] = []
    winners: list[int] = []
    for number in range(hands):
        table = EleusisTable(Settings(game, bots + 1, (None,), difficulty), seed + number)
        players = {s: make_computer(level, random.Random(f"{seed}:{number}:{s}")) for s in range(bots + 1)}
        while not table.over:
            seat = table.to_move()
            assert seat is not None
            table.apply(computer_move(table, players[seat]))
        result = table.results[-1]
        endings[result.reason.code.removeprefix("eleusis.end.")] += 1
        turns.append(table.hand.turns)
        winners.append(max(p for p in result.score.players if p is not None))
        out.write(f"hand {number + 1}: {result.rule}: {result.reason} after {table.hand.turns} turns; "
                  f"scores {result.score.players}\n")
    out.write(f"{hands} hands of {game}, {bots + 1} players at level {level}: mean turns "
              f"{statistics.mean(turns):.1f}, median {statistics.median(turns):.0f}; mean best score "
              f"{statistics.mean(winners):.1f}; endings {dict(sorted(endings.items()))}\n")
    return 0


def main(argv: Sequence[str], stdin: TextIO | None = None, out: TextIO | None = None) -> int:
    """Run ``eleusis ...``; returns the exit status."""
    stdin = stdin or sys.stdin
    out = out or sys.stdout
    parser = _Parser(prog="leopard eleusis",
                     description="Eleusis and Eleusis Express (docs/eleusis-rules.md)")
    common = _Parser(add_help=False)
    common.add_argument("--game", default="express", choices=("express", "eleusis"))
    common.add_argument("--bots", type=int, default=3, help="computer players, 2 to 5")
    common.add_argument("--level", default=DEFAULT_LEVEL, help=f"the computer's level: {', '.join(LEVELS)}")
    common.add_argument("--seed", type=int, default=None)
    common.add_argument("--difficulty", default="medium", choices=DIFFICULTIES)
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    p_play = sub.add_parser("play", parents=[common], help="play against computer players in the terminal")
    p_play.add_argument("--rule", default=None, help="deal this rule yourself and watch")
    p_play.add_argument("--all-deal", action="store_true", help="every player deals once (E13)")
    p_rule = sub.add_parser("rule", help="a rule's wording, size, acceptance and checks")
    p_rule.add_argument("notation")
    p_sim = sub.add_parser("simulate", parents=[common], help="computer players against dealt rules")
    p_sim.add_argument("--hands", type=int, default=10)
    args = parser.parse_args(list(argv))
    return run_command("leopard eleusis", lambda: _command(args, stdin, out))


def _command(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    """Run one parsed command."""
    if args.command == "rule":
        return rule_report(args.notation, out)
    if not 2 <= args.bots <= 5:
        raise EleusisError("eleusis.session.bots", value=repr(args.bots))
    make_computer(args.level, random.Random(0))  # the level's name, checked before a long run
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**53)
    if args.command == "simulate":
        return simulate(args.game, args.bots, args.level, args.hands, seed, args.difficulty, out)
    seats = args.bots + 1
    if args.rule is not None:
        table = EleusisTable(Settings(args.game, seats, (PERSON,), args.difficulty), seed)
        table.apply(f"deal {args.rule}")
    elif args.all_deal:
        table = EleusisTable(Settings.every_player_deals(args.game, seats, args.difficulty), seed)
    else:
        table = EleusisTable(Settings(args.game, seats, (None,), args.difficulty), seed)
    return play_terminal(table, args.level, seed, stdin, out)

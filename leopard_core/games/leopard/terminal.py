"""A game of Leopard in a text terminal: ``python -m leopard_core play`` (see cli.py).

Glossary:
    board    -- both squares side by side as 3x3 grids in the variant's picture (``rules.layout``;
                classic is keypad-style), each cell the top card of a space, ``##`` for a face-down
                top, ``(5)`` for an empty space 5, and ``:N`` after a card when N cards are stacked.
    prompt   -- the person answers with the number of a listed move or its N3 text; anything
                else is explained and asked again; ``q`` or end of input stops the game cleanly.
    watch    -- two computer players (``level`` against ``other``), every move printed.

The person is seat 0 ("You"), the computer seat 1. Only views are drawn (R3.3), so the screen
never shows what the person may not know.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TextIO

from . import bots as bots_module
from .bots import LEVELS, Bot, make_bot
from .errors import NotationError
from .game import Game
from .messages import Message
from .moves import Move
from .rules import Rules

CELL = 7
MOVE_COLUMN = 20
MOVES_PER_ROW = 4


class _Quit(Exception):
    """The person typed q or the input ended."""


def choose_level(level: str, out: TextIO) -> str:
    """``level`` if the bots module offers it, else its default level, said clearly."""
    if level in LEVELS:
        return level
    default = getattr(bots_module, "DEFAULT_LEVEL", LEVELS[0])
    fallback = default if default in LEVELS else LEVELS[0]
    out.write(
        f"error: unknown level {level!r}; the levels are {', '.join(LEVELS)}."
        f" Playing {fallback!r} instead.\n"
    )
    return fallback


def cell_text(stack: list[dict[str, Any]], space: int) -> str:
    """One grid cell: top card (``##`` face down, ``(n)`` empty) and the height when stacked."""
    if not stack:
        return f"({space})"
    top = stack[-1]
    text = str(top["card"]) if top["up"] else "##"
    return f"{text}:{len(stack)}" if len(stack) > 1 else text


def square_lines(title: str, square: dict[str, Any], layout: list[list[int]]) -> list[str]:
    """A square as text lines: a title, then a 3x3 grid in the layout's picture."""
    border = "+" + "+".join("-" * CELL for _ in range(3)) + "+"
    lines = [title, border]
    for row in layout:
        cells = [cell_text(square["stacks"][space - 1], space).center(CELL) for space in row]
        lines.append("|" + "|".join(cells) + "|")
        lines.append(border)
    return lines


def value_text(square: dict[str, Any]) -> str:
    """Raw value and what it scores now (R5, R7.1)."""
    return f"raw {square['raw']}, scores {square['score']}"


def board_text(view: dict[str, Any], names: tuple[str, str]) -> str:
    """Both squares side by side (the opponent's left, the viewer's right) plus the table."""
    layout = view["layout"]
    left = square_lines(f"{names[1]}: {value_text(view['opp'])}", view["opp"], layout)
    right = square_lines(f"{names[0]}: {value_text(view['own'])}", view["own"], layout)
    width = max(len(line) for line in left) + 4
    rows = [a.ljust(width) + b for a, b in zip(left, right, strict=True)]
    top_discard = view["discards"][-1] if view["discards"] else "none"
    rows.append(
        f"Stock: {view['stock_count']} cards   Discards: {len(view['discards'])} (top {top_discard})"
        f"   {names[1]} holds {view['opp_hand_count']} cards"
    )
    return "\n".join(rows)


def hand_text(view: dict[str, Any]) -> str:
    """The viewer's hand, with the cards just drawn named."""
    drawn = f"   (drew {' '.join(view['drawn'])})" if view["drawn"] else ""
    return f"Your hand: {' '.join(view['hand']) or '(empty)'}{drawn}"


def moves_text(moves: list[str]) -> str:
    """Numbered moves in columns."""
    cells = [f"{i:>3}) {m}".ljust(MOVE_COLUMN) for i, m in enumerate(moves, 1)]
    return "\n".join(
        "".join(cells[i : i + MOVES_PER_ROW]).rstrip() for i in range(0, len(cells), MOVES_PER_ROW)
    )


def describe(entry: dict[str, Any], who: str) -> str:
    """A move from the person's log, in words: the computer's hidden cards stay hidden (R3.3)."""
    kind = entry["kind"]
    if kind == "play":
        card = entry["card"] or "a face-down card"
        if entry["by"] == "own":
            whose = "your own" if entry["square"] == "own" else "the computer's"
        else:
            whose = "its own" if entry["square"] == "opp" else "your"
        return f"{who} played {card} on {whose} space {entry['space']}"
    if kind == "discard":
        return f"{who} discarded {entry['card']}"
    return {"out": f"{who} went out", "end": f"{who} ended the turn", "pass": f"{who} passed"}[kind]


def read_move(view: dict[str, Any], why_illegal: Callable[[Move], Message | None], stdin: TextIO,
              out: TextIO) -> Move:
    """Ask until the person gives a legal move (a number or N3 text); explain every refusal."""
    moves = view["legal_moves"]
    echo = not (hasattr(stdin, "isatty") and stdin.isatty())  # piped input: show what was read
    while True:
        out.write("Your move (number or text like '7H to own 7'; q quits): ")
        out.flush()
        line = stdin.readline()
        if not line:
            out.write("\n")
            raise _Quit
        text = line.strip()
        if echo:
            out.write(text + "\n")
        if text.lower() in ("q", "quit", "exit"):
            raise _Quit
        if not text:
            continue
        if text.isdigit():
            number = int(text)
            if 1 <= number <= len(moves):
                return Move.parse(moves[number - 1])
            out.write(f"  There is no move {number}: choose 1 to {len(moves)}.\n")
            continue
        try:
            move = Move.parse(text)
        except NotationError as err:
            out.write(f"  {err}\n")
            continue
        reason = why_illegal(move)
        if reason is None:
            return move
        out.write(f"  {move} is not legal now: {reason}.\n")


def sheet_text(game: Game, names: tuple[str, str]) -> str:
    """The score sheet so far, seat 0 first (R7.3)."""
    width = max(len(name) for name in names) + 2
    lines = [f"{'':<8}{names[0]:>{width}}{names[1]:>{width}}"]
    for number, (a, b) in enumerate(game.hand_scores(), 1):
        lines.append(f"{'Hand ' + str(number):<8}{a:>{width}}{b:>{width}}")
    a, b = game.totals()
    lines.append(f"{'Total':<8}{a:>{width}}{b:>{width}}")
    return "\n".join(lines)


def hand_result_text(game: Game, names: tuple[str, str]) -> str:
    """How the hand ended and each seat's score with its parts (R7.1-R7.2)."""
    view = game.view(0)
    if view["end_reason"] == "out":
        how = f"{names[0] if view['went_out'] == 'own' else names[1]} went out."
    else:
        how = "The stock and both hands ran out."
    parts = []
    for name, key in zip(names, ("own", "opp"), strict=True):
        square = view[key]
        penalty = " - 1 for going out" if square["out_penalty"] else ""
        parts.append(
            f"  {name}: raw {square['raw']} + bonus {square['bonus']}{penalty} = {square['score']}"
        )
    return "\n".join([f"Hand {game.hand_number} is over. {how}", *parts])


def play_terminal(
    rules: Rules, hands: int, level: str, seed: int | None, watch: bool, other: str,
    stdin: TextIO, out: TextIO,
) -> int:
    """A complete game in the terminal; returns the exit status (0, also when the person quits)."""
    game = Game(rules, hands=hands, seed=seed)
    if watch:
        levels = (choose_level(level, out), choose_level(other, out))
        names = ("South", "North")
        out.write(f"South plays {levels[0]!r}, North plays {levels[1]!r}.\n")
        bots: dict[int, Bot] = {seat: make_bot(levels[seat], game.seed * 2 + seat) for seat in (0, 1)}
    else:
        names = ("You", "Computer")
        bots = {1: make_bot(choose_level(level, out), game.seed * 2 + 1)}
    out.write(
        f"Leopard, {rules.name} rules, {game.num_hands} hand(s), seed {game.seed}."
        f" {names[0]} against {names[1]}.\n"
    )
    try:
        _play_game(game, bots, names, watch, stdin, out)
    except _Quit:
        out.write("Game stopped.\n" + sheet_text(game, names) + "\n")
        out.flush()
        return 0
    a, b = game.totals()
    winner = game.winner()
    cheer = "!" if winner == 0 and not watch else "."
    verdict = "A draw." if winner is None else f"{names[winner]} won{cheer}"
    out.write(f"\nFinal score: {names[0]} {a}, {names[1]} {b}. {verdict}\n")
    out.flush()
    return 0


def _play_game(
    game: Game, bots: dict[int, Bot], names: tuple[str, str], watch: bool, stdin: TextIO, out: TextIO
) -> None:
    """Every hand of the game, with the result and the sheet after each."""
    while True:
        dealer = names[game.state.dealer]
        out.write(f"\n=== Hand {game.hand_number} of {game.num_hands}: {dealer} deals ===\n")
        _play_hand(game, bots, names, watch, stdin, out)
        out.write("\n" + board_text(game.view(0), names) + "\n")
        out.write(hand_result_text(game, names) + "\n" + sheet_text(game, names) + "\n")
        if game.is_over:
            return
        if not watch:
            out.write("Press Enter to deal the next hand (q quits): ")
            out.flush()
            line = stdin.readline()
            if not line or line.strip().lower() in ("q", "quit", "exit"):
                out.write("\n")
                raise _Quit
        game.next_hand()


def _play_hand(
    game: Game, bots: dict[int, Bot], names: tuple[str, str], watch: bool, stdin: TextIO, out: TextIO
) -> None:
    """One hand: the person answers prompts, the bots move, each move is reported."""
    state = game.state
    number = 0
    while not state.over:
        seat = state.to_move
        bot = bots.get(seat)
        if bot is None:
            view = game.view(0)
            out.write("\n" + board_text(view, names) + "\n" + hand_text(view) + "\n")
            out.write(moves_text(view["legal_moves"]) + "\n")
            move = read_move(view, state.illegal_reason, stdin, out)
        else:
            move = bot.choose(game.view(seat))
        game.apply(move)
        number += 1
        if watch:
            values = f"(raw: {names[0]} {state.raw_value(0)}, {names[1]} {state.raw_value(1)})"
            out.write(f"{number:>4}. {names[seat]}: {move}   {values}\n")
        else:
            out.write(describe(game.view(0)["log"][-1], names[seat]) + ".\n")

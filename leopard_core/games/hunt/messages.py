"""The hunt game's message codes (``hunt.*``) and their English words.

Registered on import, so every module of the game that says something imports ``Message`` from
here: ``Message("hunt.end.leopards_stuck")``.

>>> str(Message("hunt.end.captured", count=12))
'the leopards captured 12 cows (H7.1)'
>>> rule_of("hunt.end.captured"), rule_of("hunt.illegal.taken_leopard"), rule_of("hunt.save.moves")
('H7.1', 'H3.3', None)

The English texts cite the rules (H1-H8 of docs/hunt-rules.md) for the command line and the
tests; the page's catalogs say the same in plain words and link the rule ``rule_of`` names to its
section of the rules page instead.
"""

from __future__ import annotations

import re

from leopard_core.platform.messages import Message, Param, msg_json, register_messages

__all__ = ["ENGLISH", "Message", "Param", "msg_json", "rule_of"]

ENGLISH: dict[str, str] = {
    "hunt.move.illegal": "illegal move '{move}': {reason}",
    "hunt.move.illegal_at": "illegal move '{move}' in position '{position}': {reason}",
    "hunt.notation.move_type": "bad move {text}: expected text like 'e5', 'e5-e6' or 'e5xe7'",
    "hunt.notation.move_shape": (
        "bad move {text}: write a placement 'e5', a step 'e5-e6' or a jump 'e5xe7xc7' (H8)"
    ),
    "hunt.notation.point": "bad move {text}: {part} is not a point (points are a1..i9 as in H2.3)",
    "hunt.notation.not_a_move": "bad move {move}: expected a Move or its text",
    "hunt.notation.position": (
        "bad position {text}: expected 49 cells of . C L, the side to move (L or C), cows in reserve "
        "and leopards to place (H8.6)"
    ),
    "hunt.notation.position_counts": "bad position {text}: expected 2 leopards in all and at most 24 cows",
    "hunt.notation.position_captured": "bad position {text}: more than {goal} cows captured",
    "hunt.settings.capture": "bad compulsory_capture {value}: expected true or false",
    "hunt.settings.move_limit": "bad move_limit {value}: expected a whole number {low}..{high}",
    "hunt.settings.shape": "bad settings {data}: expected compulsory_capture and move_limit",
    "hunt.bad_side": "bad side {value}: expected 'L' (leopards) or 'C' (cows)",
    "hunt.end.captured": "the leopards captured {count} cows (H7.1)",
    "hunt.end.leopards_stuck": "neither leopard can move (H7.2)",
    "hunt.end.cows_stuck": "the cows cannot move (H7.3)",
    "hunt.end.repetition": "the same position occurred three times (H7.4)",
    "hunt.end.move_limit": "{limit} turns without a capture (H7.5)",
    "hunt.over": "the game is over: {reason}",
    "hunt.illegal.cows_placed": "every cow is already placed: move a cow with a step (H4.2)",
    "hunt.illegal.leopards_placed": "both leopards are on the board: move one (H4, H5)",
    "hunt.illegal.taken_cow": "{point} is not empty (H3.4)",
    "hunt.illegal.taken_leopard": "{point} is not empty (H3.3, H3.5)",
    "hunt.illegal.first_leopard": (
        "the first leopard must go where it can jump a cow at once (H3.3); {point} cannot"
    ),
    "hunt.illegal.must_place": "the leopards must place a leopard this turn (H3.3, H3.5)",
    "hunt.illegal.no_leopard": "there is no leopard of yours on {point}",
    "hunt.illegal.no_cow": "there is no cow of yours on {point}",
    "hunt.illegal.cows_placing": "cows move only after every cow is placed (H4.2)",
    "hunt.illegal.not_joined": "{start} and {end} are not joined by a line (H2.4, H4.1)",
    "hunt.illegal.step_taken": "{point} is not empty (H4.1)",
    "hunt.illegal.must_jump": "a leopard that can jump must jump (H6.1)",
    "hunt.illegal.cows_never_jump": "cows never jump (H4.2)",
    "hunt.illegal.jump_on": "a jump sequence must go on while the leopard can jump again (H6.1)",
    "hunt.illegal.hop": (
        "each hop must go over one cow to the empty point right behind it, in line (H5.1, H5.2)"
    ),
    "hunt.illegal.hop_twelfth": (
        "each hop must go over one cow to the empty point right behind it, in line (H5.1, H5.2); the "
        "twelfth capture ends the game (H5.4)"
    ),
    "hunt.save.moves": "the save's move list is missing or malformed",
    "hunt.save.bad_move": "move {move} of the save cannot be played: {error}",
    "hunt.save.cannot_restore": "the save cannot be restored: {error}",
    "hunt.save.session": "the save's side, level, bot seed or game is missing or wrong",
    "hunt.bot.game_over": "the game is over: there is no move to choose",
    "hunt.level.unknown": "unknown level {level}: expected one of {levels} (or search:N)",
    "hunt.session.level": "unknown level {level}: expected one of {levels}",
    "hunt.session.bad_seed": "bad seed {seed}: expected an integer from 0 to 9,007,199,254,740,991",
    "hunt.session.none": "no hunt game: start one with hunt.new_game or hunt.restore",
    "hunt.hops.path": "'path' must be a list of point names, starting on a leopard",
    "hunt.hops.bad_point": "bad path {path}: {point} is not a point",
    "hunt.review.bad_ply": "bad move number {ply}: expected the number of one of the moves of {side}",
    "hunt.review.cows": (
        "this let the leopards take {count} cows at once: {reply}; by {best} you would have kept them safe"
    ),
    "hunt.review.cows_fewer": (
        "this let the leopards take {count} cows at once: {reply}; by {best} you would have let them take "
        "only {instead}"
    ),
    "hunt.review.cows_game": (
        "this let the leopards take the cows they needed to win: {reply}; by {best} you would have kept the "
        "game going"
    ),
    "hunt.review.escape": (
        "this let the leopard on {point} out of its trap; by {best} you would have kept it shut in"
    ),
    "hunt.review.win_cows": "you would have shut both leopards in and won the game by {best}",
    "hunt.review.win_leopards": "you would have taken the twelfth cow and won the game by {best}",
    "hunt.review.fewer": "this took no cow; by {best} you would have taken {count}",
    "hunt.review.fewer_some": "you would have taken {count} cows by {best}; this took only {taken}",
    "hunt.review.trapped": (
        "this let the cows shut in the leopard on {point}: {reply}; by {best} you would have stopped them"
    ),
    "hunt.review.deep_cows": (
        "this lets the leopards take {count} cows in their next {moves} moves; by {best} you would keep "
        "them safe"
    ),
    "hunt.review.deep_cows_fewer": (
        "this lets the leopards take {count} cows in their next {moves} moves; by {best} you would let "
        "them take only {instead}"
    ),
    "hunt.review.deep_lost_cows": (
        "this lets the leopards win in their next {moves} moves; by {best} you would stop them"
    ),
    "hunt.review.deep_lost_leopards": (
        "this lets the cows shut both leopards in and win in their next {moves} moves; by {best} you "
        "would stop them"
    ),
    "hunt.review.deep_win_cows": "you would shut both leopards in and win within {moves} moves by {best}",
    "hunt.review.deep_win_leopards": "you would take the twelfth cow and win within {moves} moves by {best}",
    "hunt.review.deep_escape": (
        "this lets a leopard get away: by {best} you would shut it in within {moves} moves"
    ),
    "hunt.review.deep_trapped": (
        "this lets the cows shut in a leopard in their next {moves} moves; by {best} you would stop them"
    ),
    "hunt.review.deep_fewer": (
        "you would take {count} cows within {moves} moves by {best}; after this move, none"
    ),
    "hunt.review.deep_fewer_some": (
        "you would take {count} cows within {moves} moves by {best}; after this move, only {taken}"
    ),
    "hunt.review.trapped_both": (
        "this let the cows shut in both leopards and win: {reply}; by {best} you would have stopped them"
    ),
    # A move in words (move_words.py), in five forms: "by" (the way to do something), "does" (what a
    # side does), "play" (the move to make), "you" and "computer" (a move just played, by whom).
    "hunt.words.by.place_cow": "placing a cow on {point}",
    "hunt.words.by.place_leopard": "placing a leopard on {point}",
    "hunt.words.by.step_cow": "moving the cow on {start} to {end}",
    "hunt.words.by.step_leopard": "moving the leopard on {start} to {end}",
    "hunt.words.by.jump": "jumping the cow on {cows} with the leopard on {start}, landing on {end}",
    "hunt.words.by.jumps": "jumping the cows on {cows} with the leopard on {start}, landing on {end}",
    "hunt.words.does.place_cow": "a cow is placed on {point}",
    "hunt.words.does.place_leopard": "a leopard is placed on {point}",
    "hunt.words.does.step_cow": "the cow on {start} moves to {end}",
    "hunt.words.does.step_leopard": "the leopard on {start} moves to {end}",
    "hunt.words.does.jump": "the leopard on {start} jumps the cow on {cows} and lands on {end}",
    "hunt.words.does.jumps": "the leopard on {start} jumps the cows on {cows} and lands on {end}",
    "hunt.words.play.place_cow": "place a cow on {point}",
    "hunt.words.play.place_leopard": "place a leopard on {point}",
    "hunt.words.play.step_cow": "move the cow on {start} to {end}",
    "hunt.words.play.step_leopard": "move the leopard on {start} to {end}",
    "hunt.words.play.jump": "jump the cow on {cows} with the leopard on {start}, landing on {end}",
    "hunt.words.play.jumps": "jump the cows on {cows} with the leopard on {start}, landing on {end}",
    "hunt.words.you.place_cow": "You placed a cow on {point}",
    "hunt.words.you.place_leopard": "You placed a leopard on {point}",
    "hunt.words.you.step_cow": "You moved a cow from {start} to {end}",
    "hunt.words.you.step_leopard": "You moved a leopard from {start} to {end}",
    "hunt.words.you.jump": "Your leopard on {start} jumped the cow on {cows} and took it, landing on {end}",
    "hunt.words.you.jumps": (
        "Your leopard on {start} jumped the cows on {cows} and took them, landing on {end}"
    ),
    "hunt.words.computer.place_cow": "The computer placed a cow on {point}",
    "hunt.words.computer.place_leopard": "The computer placed a leopard on {point}",
    "hunt.words.computer.step_cow": "The computer moved a cow from {start} to {end}",
    "hunt.words.computer.step_leopard": "The computer moved a leopard from {start} to {end}",
    "hunt.words.computer.jump": (
        "The computer's leopard on {start} jumped the cow on {cows} and took it, landing on {end}"
    ),
    "hunt.words.computer.jumps": (
        "The computer's leopard on {start} jumped the cows on {cows} and took them, landing on {end}"
    ),
}
"""The hunt game's codes."""

register_messages(ENGLISH)

_RULE = re.compile(r"\((H\d+(?:\.\d+)?)")


def rule_of(code: str | None) -> str | None:
    """The first rule (``H7.1``) an English text cites in brackets; None when it cites none."""
    found = _RULE.search(ENGLISH.get(code or "", ""))
    return found.group(1) if found else None

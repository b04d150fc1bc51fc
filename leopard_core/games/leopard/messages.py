"""The card game's message codes and their English words (``platform.messages`` explains codes).

Registered on import, so every module of the game that says something imports ``Message`` from
here: ``Message("move.not_in_hand", card="7H")``.

>>> str(Message("move.not_in_hand", card="7H"))
'7H is not in your hand'
>>> str(Message("hint.discard_none", card="QS"))
'discard: none of your cards can help now; the queen of spades is the least useful'
"""

from __future__ import annotations

from leopard_core import cards  # noqa: F401  # registers the {x:card} formats and the card codes
from leopard_core.platform.messages import (
    Message,
    Param,
    and_list,
    msg_json,
    placeholders,
    register_format,
    register_messages,
)

__all__ = ["ENGLISH", "Message", "Param", "and_list", "msg_json", "placeholders"]

# A hint's expected gain, "+0.9" or "-1.5" (the page writes it by its language: "+0,9").
register_format("signed", lambda value: f"{float(str(value)):+.1f}")

ENGLISH: dict[str, str] = {
    "notation.face_down_card": "face-down {card} is impossible: only a J or Q lies face down (R3)",
    "notation.empty_card": "empty card in a stack",
    "notation.square": "bad square {text}: expected N2 text",
    "notation.square_rows": "bad square {text}: expected 3 rows separated by '/', found {found}",
    "notation.square_row": (
        "bad square {text}: row {row} ({row_text}) needs 3 spaces separated by ',', found {found}"
    ),
    "notation.face_down_bottom": (
        "a face-down card cannot lie at the bottom: a J or Q must cover a card (R3.1)"
    ),
    "notation.square_space": "bad square {text}: space {space} ({space_text}): {error}",
    "notation.target": "bad target {square} {space}: expected own|opp and 1..9",
    "notation.move": "bad move {text}: expected N3 text",
    "notation.move_square": "the square must be 'own' or 'opp', not {word}",
    "notation.move_space": "the space must be 1..9, not {word}",
    "notation.move_part": "bad move {text}: {error}",
    "notation.move_shape": (
        "bad move {text}: expected 'CARD to own|opp SPACE', 'discard CARD', 'out', 'end' or 'pass'"
    ),
    "notation.position": "bad position {text}: expected N4 text",
    "notation.position_parts": (
        "bad position {text}: expected 'OWN SQUARE | OPPONENT SQUARE | HAND' (3 parts separated by "
        "'|'), found {found}"
    ),
    "notation.position_part": "bad position {text}: {error}",
    "notation.position_counts": (
        "bad position {text}: more than two of {cards}; two decks hold only two of each card (R1.1)"
    ),
    "move.illegal": "illegal move '{move}': {reason}",
    "move.illegal_at": "illegal move '{move}' in position '{position}': {reason}",
    "move.hand_over": "the hand is over",
    "move.not_a_move": "{move} is not a move",
    "move.out_not_start": "you may go out only at the start of your turn, before playing (R6.1)",
    "move.out_too_low": "your square is worth {value}; going out needs at least {threshold} (R6.1)",
    "move.pass_with_cards": "you may pass only with no card in hand and nothing to draw (R4.3)",
    "move.pass_after_play": "you have played this turn: end it with 'end' (R8.3)",
    "move.end_not_running": "'end' belongs to running Leopard only, not {variant} (R8.3)",
    "move.end_at_start": "'end' comes after playing at least one card; otherwise discard (R8.3)",
    "move.not_in_hand": "{card} is not in your hand",
    "move.discard_after_play": "after playing a card this turn you may not also discard (R8.3)",
    "move.unknown_kind": "unknown kind of move {kind}",
    "move.no_such_place": "no such place {square} {space}: expected own|opp and a space 1..9 (N3)",
    "move.ace_space": "an ace may go only on space {rank} (R3)",
    "move.number_space": "a {rank} may go only on space {rank} (R3)",
    "move.taken_own": "space {space} of your square holds a face-up card (R3: open spaces only)",
    "move.taken_opp": "space {space} of the other square holds a face-up card (R3: open spaces only)",
    "move.ten_own_only": "a 10 may go only on your own square (R3)",
    "move.queen_own_only": "a queen may go only on your own square (R3)",
    "move.king_own_only": "a king may go only on your own square (R3)",
    "move.ten_needs_open": "space {space} of your square holds a face-up card (R3: a 10 needs an open space)",
    "move.cover_empty_own": "space {space} of your square is empty: a jack or queen must cover a card (R3.1)",
    "move.cover_empty_opp": (
        "space {space} of the other square is empty: a jack or queen must cover a card (R3.1)"
    ),
    "hand.end.out": "a player went out (R6)",
    "hand.end.exhausted": "the stock and both hands ran out (R4.3)",
    "game.unknown_variant": "unknown variant {name}: choose one of {variants}",
    "game.bad_hands": "bad number of hands {hands}: choose 1 to {max}",
    "game.bad_seed": "bad seed {seed}: expected an integer from 0 to 2**63-1",
    "game.rewind": "cannot rewind to move {ply}: the hand has {moves} moves",
    "game.hand_not_over": "the current hand is not over yet",
    "game.over": "the game is over",
    "level.bad_mc": "bad level {level}: expected mc:N[:DEPTH[:CANDIDATES]]",
    "level.bad_mc_range": "bad level {level}: expected mc:N[:DEPTH[:CANDIDATES]], N 1 to 100000",
    "level.unknown": "unknown level {level}: choose one of {levels}",
    "bot.no_legal_move": "the bot was asked to move, but there is no legal move",
    "bot.view_no_legal_move": "the bot was asked to move, but the view has no legal move",
    "bot.not_allowed": "the bot chose {move}, which the view does not allow",
    "bot.too_many_copies": "the view shows more copies of a card than the two decks hold (R1.1)",
    "match.bad_level": "bad level {level}: expected omniscient:N",
    "match.bad_games": "bad --games {games}: play at least one game",
    "match.bad_jobs": "bad --jobs {jobs}: use at least one process",
    "save.what.game": "a Leopard game",
    "save.what.session": "a Leopard session",
    "save.keys": "the save has keys {keys}; expected {expected}",
    "save.checksum": "the save's checksum does not match: it was changed outside the game",
    "save.moves_shape": "the save's 'moves' must be a non-empty list of lists of moves",
    "save.settings": "the save's settings are wrong: {error}",
    "save.too_many_hands": "the save has {hands} hands; the game has {game_hands}",
    "save.hand_not_over": "hand {hand} is not over, but the save goes on to the next",
    "save.bad_move": "hand {hand}, move {move}: {error}",
    "save.level_or_game": "the save's level or game is missing or wrong",
    "save.bot_seed": "the save's bot seed is wrong: {error}",
    "save.flags": "the save's undo_allowed, undo_used or hints_used is not true or false",
    "save.tutorial_flag": "the save's 'tutorial' is not true or false",
    "save.practice": "the save's 'practice' {practice} is not false, or not a game against the computer",
    "save.opponent": "the save's opponent {opponent} (names {names}) is not known here",
    "save.tutorial_two_people": "the guided hand is played against the computer, not between two people",
    "save.origin": "the save's origin is wrong: {error}",
    "save.two_people_origin": "a game between two people is not a daily deal or a challenge",
    "save.names": "the save's names are wrong: {error}",
    "save.revision": "the save's revision {revision} does not match its moves (at least {moves})",
    "session.none": "no game: start one with new_game or restore",
    "session.bad_undo_allowed": "bad undo_allowed {value}: expected true or false",
    "session.bad_bot_seed": "bad bot seed {seed}: expected an integer below 2**63 in size",
    "session.not_daily": "these settings are not the daily deal of {date}",
    "session.bad_opponent": "bad opponent {opponent}: expected {computer} or {person}",
    "session.names_need_person": "names are for a game between two people (opponent {person})",
    "session.people_origin": "a daily deal or a challenge is played against the computer",
    "session.no_handover": "there is no hand-over screen in a game against the computer",
    "session.no_computer": "there is no computer in this game: two people play it on one device",
    "undo.off": "undo is turned off for this game",
    "undo.finished": "the game is finished: its result stands",
    "undo.nothing_hand": "there is nothing to undo: you have not moved yet in this hand",
    "undo.nothing_turn": "there is nothing to undo: you have not moved yet in this turn",
    "handover.no_hand": "the hand is over: there is no hand to show",
    "handover.pass_first": "pass the device to {name} first (the hand-over screen is up)",
    "stats.guided": "the guided hand does not count in the statistics",
    "stats.two_people": "a game between two people on one device is not kept in the statistics",
    "stats.practice": "a practice game (played on from a review) is not kept in the statistics",
    "stats.not_finished": "the game is not finished yet",
    "stats.bad_finished_at": "bad finished_at {value}: expected ISO 8601 text",
    "stats.bad_record": "bad record: {error}",
    "stats.bad_today": "bad today {today}: expected YYYY-MM-DD",
    "stats.not_list": "records must be a list",
    "stats.not_object": "a record is a JSON object, not {type}",
    "stats.missing": "missing {keys}",
    "stats.format": "not a {format} version {version}",
    "stats.variant": "unknown variant {variant}",
    "stats.level": "bad level {level}",
    "stats.hands": "bad number of hands {hands}",
    "stats.sheet_length": "the sheet must list {hands} hands",
    "stats.sheet_hand": "hand {hand} of the sheet is not {own: integer, opp: integer}",
    "stats.went_out": "hand {hand} of the sheet: went_out must be own, opp or null",
    "stats.totals": "the totals are not {own: integer, opp: integer}",
    "stats.total_sum": "the {side} total is not the sum of the sheet",
    "stats.result": "the result {result} does not follow from the totals",
    "stats.flags": "undo_used and hints_used must be true or false",
    "stats.finished_at": "bad finished_at {value}: expected an ISO 8601 time",
    "stats.daily": "bad daily {value}: expected the date YYYY-MM-DD of a daily deal",
    "link.bad_date": "bad date {date}: expected a real date as YYYY-MM-DD",
    "link.bad_name": (
        "bad name {name}: use 1 to {max} letters, digits, spaces, dots, hyphens or apostrophes, "
        "starting with a letter or digit"
    ),
    "link.name_not_text": "bad name {name}: expected text",
    "link.params": "a link's parameters are an object of texts",
    "link.not_text": "the link's {key} is not text",
    "link.variant": "the link's variant {variant} is unknown: choose one of {variants}",
    "link.level": "the link's level {level} is unknown: choose one of {levels}",
    "link.hands": "the link's hands {hands} is not a number of hands from 1 to {max}",
    "link.missing": "a challenge link (with by or vs) must give {missing} too",
    "link.by": "the link's by: {error}",
    "link.vs": (
        "the link's vs {vs} is not a result: expected YOURS,COMPUTERS, two whole numbers of at most "
        "{digits} digits, e.g. 12,9"
    ),
    "link.seed": "the link's {key} {text} is not a whole number below 2**53",
    "link.too_large": "this game's {key} is too large for a link",
    "link.bad_result": "bad result {result} for a link",
    "link.guided": "the guided hand cannot be shared: start a real game first",
    "link.two_people": "a game between two people cannot be sent as a challenge against the computer",
    "link.no_seed_two_people": "a game between two people has no computer's seed to share",
    "origin.not_object": "bad origin {origin}: expected an object or null",
    "origin.bad_result": "bad challenge result {own}, {opp}: expected two whole numbers or none",
    "origin.unknown": "bad origin {origin}: expected a daily deal or a challenge",
    "review.guided": "the guided hand has no review",
    "review.two_people": "a game between two people on one device has no review",
    "review.nothing_finished": "no hand of this game is over yet: a hand is reviewed once it is over",
    "review.bad_hand": "bad hand {hand}: expected a hand of this game, 0 to {last}",
    "review.hand_in_play": "hand {hand} is still being played: a hand is reviewed once it is over",
    "review.bad_index": "bad step {index}: expected a move of this hand, 0 to {last}",
    "review.not_person_step": "move {index} of the hand is the computer's: only your moves are reviewed",
    "review.not_person_to_move": "it is not your move here: only your moves are reviewed",
    "review.not_legal": "{move} is not a legal move here",
    "hint.not_your_turn": "there is nothing to hint: it is not your turn",
    "hint.average": "worth about {gain:signed} points on average",
    "hint.line": "{line} in {suit} (+{points})",
    "line.row": "row {spaces}",
    "line.column": "column {spaces}",
    "line.diagonal": "diagonal {spaces}",
    "suit.spades": "spades",
    "suit.hearts": "hearts",
    "suit.diamonds": "diamonds",
    "suit.clubs": "clubs",
    "colour.red": "red",
    "colour.black": "black",
    "hint.out": "go out now: you {you}, the computer {computer}",
    "hint.pass": "pass: you have no cards and nothing to draw",
    "hint.end_keep": "end your turn: keep your other cards for later",
    "hint.end_empty": "end your turn: you have no cards left",
    "hint.discard_none": "discard: none of your cards can help now; the {card:card} is the least useful",
    "hint.discard_keep": (
        "discard the {card:card}: keeping your cards for later is better than playing now (the "
        "{card:card} is the least useful)"
    ),
    "hint.complete": "completes {lines}",
    "hint.complete_breaks": "completes {lines} but breaks {broken} ({change})",
    "hint.with_score": "{reason}; your hand score {before} -> {after} (R7)",
    "hint.your_space": "your space",
    "hint.your_card": "your {card:card}",
    "hint.reopen": "covers {what} on space {space} face down, to change that spot later: {average}",
    "hint.cover": "puts the {card:card} on top of {what} on space {space}: {average}",
    "hint.build_lines": "the {card:card} on your space {space} lines up with {lines}: {average}",
    "hint.build": "the {card:card} on your space {space}: {average}",
    "hint.its_line": "its {line}",
    "hint.its_lines": "{count:word} of its lines",
    "hint.their_card": "{card:card}",
    "hint.their_unknown": "card",
    "hint.jack_covers": "covers the computer's {what}",
    "hint.card_on": "the {card:card} on the computer's space {space}",
    "hint.spoil": "{action}: spoils {which} ({change} for the computer)",
    "hint.block_jack": "covers the computer's {what} on space {space}, blocking its lines there: {average}",
    "hint.block": "the {card:card} on the computer's space {space} blocks its lines through it: {average}",
    "tutorial.one_hand": "the guided hand is one standard hand",
    "tutorial.over": "the guided hand is over: start a game when you are ready",
    "tutorial.not_quite": "Not quite: {prompt}",
    "tutorial.no_reply": "the script has no computer move here",
    "tutorial.number_cards.title": "Number cards",
    "tutorial.number_cards.prompt": (
        "An ace to 9 may go only on the space with its own number. Play the 5 of hearts on your "
        "space 5."
    ),
    "tutorial.number_cards.said": (
        "Cards from ace to 9 go face up on their own space, on your square or the computer's, when "
        "that space is open (empty, or topped by a face-down card)."
    ),
    "tutorial.number_cards.reply": "The computer put its 7 of spades on its own space 7.",
    "tutorial.ten.title": "A 10 goes anywhere on your square",
    "tutorial.ten.prompt": (
        "A 10 may go on any open space of your own square. Play the 10 of hearts on your space 4."
    ),
    "tutorial.ten.said": "A 10 fits any open space of your own square: here it starts row 4-5-6 in hearts.",
    "tutorial.ten.reply": "The computer put its 8 of spades on its space 8.",
    "tutorial.suit_line.title": "A line of one suit",
    "tutorial.suit_line.prompt": (
        "Three face-up cards of one suit in a line score 3. Complete row 4-5-6: play the 6 of hearts "
        "on your space 6."
    ),
    "tutorial.suit_line.said": (
        "Row 4-5-6 is all hearts: 3 points (R5.1). Your square is worth {own_raw} (R5.2)."
    ),
    "tutorial.suit_line.reply": "The computer completed its row 7-8-9 in spades: its square is worth 3 now.",
    "tutorial.jack.title": "A jack spoils the computer's line",
    "tutorial.jack.prompt": (
        "A jack goes face down on a card of either square, and a face-down card leaves its space "
        "open. Put the jack of diamonds on the computer's 8 (its row 7-8-9)."
    ),
    "tutorial.jack.said": (
        "A line with an open space scores nothing (R5.1): the computer's square fell to {opp_raw}."
    ),
    "tutorial.jack.reply": (
        "The computer put its 2 of clubs on your space 2: number cards may go on either square."
    ),
    "tutorial.king.title": "A king goes on top",
    "tutorial.king.prompt": (
        "A king goes face up on any space of your own square, even on top of a card. Cover the "
        "computer's 2 of clubs with the king of hearts."
    ),
    "tutorial.king.said": "Only the top card counts (R2.2): your space 2 is a heart again.",
    "tutorial.king.reply": (
        "The computer put its 8 of clubs on your space 8, in the way of your column 2-5-8."
    ),
    "tutorial.queen.title": "A queen changes your spots",
    "tutorial.queen.prompt": (
        "A queen goes face down on a card of your own square, opening that space again. Cover the 8 "
        "of clubs with the queen of hearts."
    ),
    "tutorial.queen.said": "Space 8 is open again (R2.2): a better card may go there now.",
    "tutorial.queen.reply": "The computer put its 4 of spades on its space 4.",
    "tutorial.second_line.title": "A second line",
    "tutorial.second_line.prompt": (
        "Now the 8 of hearts fits your open space 8. Play it there to complete column 2-5-8."
    ),
    "tutorial.second_line.said": "Column 2-5-8 is all hearts: 3 more points. Your square is worth {own_raw}.",
    "tutorial.second_line.reply": "The computer put its 6 of spades on its space 6.",
    "tutorial.colour_build.title": "Building a colour line",
    "tutorial.colour_build.prompt": "Play the 9 of diamonds on your space 9.",
    "tutorial.colour_build.said": "Row 7-8-9 waits for a red 7. Your square is still worth {own_raw}.",
    "tutorial.colour_build.reply": (
        "The computer completed its row 4-5-6 in spades: its square is worth {opp_raw}."
    ),
    "tutorial.colour_line.title": "A line of one colour",
    "tutorial.colour_line.prompt": (
        "Three cards of one colour (but not one suit) in a line score 1. Play the 7 of diamonds on "
        "your space 7."
    ),
    "tutorial.colour_line.said": (
        "Row 7-8-9 is all red: 1 point (R5.1). Your square is worth {own_raw}: enough to go out at "
        "the start of your next turn (R6.1)."
    ),
    "tutorial.colour_line.reply": "The computer discarded its 3 of clubs.",
    "tutorial.go_out.title": "Going out",
    "tutorial.go_out.prompt": (
        "Your square is worth 7 or more, so you may go out now and end the hand (R6). Go out."
    ),
    "tutorial.go_out.said": (
        "You went out: you score {own_score} (your {own_raw}, minus 1 for going out, R7.2); the "
        "computer scores {opp_score}. Each point of a square above 7 counts twice (R7.1): a square "
        "worth 9 would score 11. The player with more points after all hands wins (R7.3)."
    ),
}
"""The card game's codes (``notation.card`` is the playing cards', in ``leopard_core.cards``)."""

register_messages(ENGLISH)

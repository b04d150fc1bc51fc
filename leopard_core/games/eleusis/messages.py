"""The Eleusis table's message codes (``eleusis.*``) and their English words.

Registered with the engine's messages on import, so every module of the table that says something
imports ``Message`` from here: ``Message("eleusis.illegal.not_in_hand", cards=["7H"])``. The page's
catalogs have ``engine.eleusis.…`` for each code (web/i18n/en.json, es.json).

Glossary:
    eleusis.notation.*  -- a move's text cannot be read (E15).
    eleusis.illegal.*   -- why a well-formed move is not allowed now (E4-E13).
    eleusis.event.*     -- what happened at the table, for the log (a seat, cards, a verdict).
    eleusis.end.*       -- why a hand ended (E10).
    eleusis.save.*, eleusis.settings.*, eleusis.session.* -- saves, settings, the bridge.

>>> str(Message("eleusis.end.depleted", seat=2))
'seat 2 has no cards left (E10.1)'
"""

from __future__ import annotations

from leopard_core.platform.messages import Message, Param, msg_json, register_messages

from .science_messages import ENGLISH as EXPLAIN_ENGLISH

__all__ = ["ENGLISH", "Message", "Param", "msg_json"]

ENGLISH: dict[str, str] = {
    # ---- notation (E15)
    "eleusis.notation.move": (
        "bad move {text}: expected 'play CARD ...', 'noplay', 'prophet', 'pass', 'judge right', "
        "'judge wrong', 'guess RULE', 'deal RULE' or 'concede' (E15)"
    ),
    "eleusis.notation.card": "bad move {text}: {card} is not a card such as 7H or 10D (E15.1)",
    "eleusis.notation.no_cards": "bad move {text}: name the card or cards to play (E15.2)",
    "eleusis.notation.no_rule": "bad move {text}: write the rule after '{word}' (E15.2)",
    "eleusis.notation.rule": "the rule {text} cannot be read: {error}",
    # ---- illegal moves
    "eleusis.move.illegal": "illegal move '{move}': {reason}",
    "eleusis.move.illegal_at": "illegal move '{move}' in position '{position}': {reason}",
    "eleusis.illegal.over": "the game is over",
    "eleusis.illegal.deal_first": "the dealer must first give the rule: 'deal RULE' or 'deal random' (E13.2)",
    "eleusis.illegal.play_now": "it is time to play a card or to call 'No play' (E4.1)",
    "eleusis.illegal.judge_now": "the prophet must judge the play: 'judge right' or 'judge wrong' (E7.3)",
    "eleusis.illegal.declare_now": "declare yourself the prophet ('prophet') or go on ('pass') (E7.1)",
    "eleusis.illegal.no_dealer": "only a seat that dealt the hand may end it ('concede', E10.6)",
    "eleusis.illegal.guess_now": "guess the rule ('guess RULE') or go on ('pass') (E9.1)",
    "eleusis.illegal.not_in_hand": "you do not hold {cards:list} (E4.1)",
    "eleusis.illegal.no_strings": "in Eleusis Express you play one card at a time: no strings (E5)",
    "eleusis.illegal.no_undo": (
        "nothing can be taken back: a play, a No play, a guess and a judgement are judged at once, "
        "and going on or declaring oneself the prophet only until the next player moves (E18)"
    ),
    "eleusis.illegal.bad_rule": "the rule {rule} cannot be dealt: {reason} (E2.4)",
    # ---- what happened (the log)
    "eleusis.event.dealt": "hand {hand}: each player has {cards} cards; the starter is {starter:card} (E3)",
    "eleusis.event.redealt_starter": "{card:theCard} could not be followed: a new starter is turned (E3.4)",
    "eleusis.event.right": "seat {seat} played {cards:list}: right",
    "eleusis.event.wrong": "seat {seat} played {cards:list}: wrong, {penalty} penalty cards",
    "eleusis.event.no_play_right": "seat {seat} called No play: right, a new hand of {cards} cards (E6)",
    "eleusis.event.no_play_wrong": (
        "seat {seat} called No play: wrong, {card:theCard} goes on the mainline and {penalty} penalty "
        "cards (E6)"
    ),
    "eleusis.event.expelled": "seat {seat} is expelled for the rest of the hand (E8.2)",
    "eleusis.event.prophet": "seat {seat} is the prophet; the marker is on {card:theCard} (E7.2)",
    "eleusis.event.correct": "the prophet judged correctly (E7.3)",
    "eleusis.event.false_prophet": "seat {seat} judged wrongly: a false prophet, 5 penalty cards (E7.4)",
    "eleusis.event.immune": "seat {seat} overthrew the prophet: no penalty for that play (E8.3)",
    "eleusis.event.guess_wrong": "seat {seat} guessed {rule}: wrong, 2 penalty cards (E9.3)",
    "eleusis.event.guess_right": "seat {seat} guessed the rule (E9.2)",
    # ---- why a hand ended (E10)
    "eleusis.end.depleted": "seat {seat} has no cards left (E10.1)",
    "eleusis.end.no_play": "seat {seat} called No play rightly with {cards} cards (E10.2)",
    "eleusis.end.guessed": "seat {seat} guessed the rule (E10.3)",
    "eleusis.end.expelled": "every player (other than the prophet, if any) has been expelled (E10.4)",
    "eleusis.end.turn_limit": "the hand has lasted {turns} turns (E10.4)",
    "eleusis.end.conceded": "seat {seat}, the dealer, ended the hand: nobody was finding the rule (E10.6)",
    # ---- why a rule may not be dealt (E2.4)
    "eleusis.rule.dead_end": "after {mainline:list} no card at all would be right",
    "eleusis.rule.too_easy": "it accepts almost every card ({percent}%)",
    "eleusis.rule.too_hard": "it accepts almost no card ({percent}%)",
    # ---- settings and saves
    "eleusis.settings.game": "bad game {value}: expected 'express' or 'eleusis'",
    "eleusis.settings.seats": "bad number of players {value}: expected {low} to {high}",
    "eleusis.settings.dealers": "bad dealers {value}: each is a seat or none, one per hand",
    "eleusis.settings.difficulty": "bad difficulty {value}: expected one of {choices:list}",
    "eleusis.save.what": "an Eleusis game",
    "eleusis.save.shape": "the save's settings, seed or moves are missing or malformed",
    "eleusis.save.bad_move": "move {move} of the save cannot be played: {error}",
    "eleusis.save.bad_rule": "the save's rule {rule} cannot be dealt: {reason} (E2.4)",
    # ---- the bridge and the command line
    "eleusis.session.none": "no Eleusis game: start one with eleusis.new or eleusis.restore",
    "eleusis.session.bots": "bad number of computer players {value}: expected 2 to 5",
    "eleusis.session.level": "unknown level {level}: expected one of {levels:list}",
    "eleusis.session.seed": "bad seed {seed}: expected a whole number from 0 to 9,007,199,254,740,991",
    "eleusis.session.not_yours": "it is not your turn: seat {seat} is to move",
    "eleusis.session.hold_back": "bad hold_back {value}: expected 0 to {max} rounds or 'never' (E16.7)",
    "eleusis.session.not_dealer": "only the person who dealt the hand may end it (E10.6)",
    "eleusis.session.not_computer": "no computer player is to move now",
    "eleusis.session.seat": "bad seat {seat}: no computer player sits there",
    "eleusis.session.ruling": "bad ruling {value}: expected right: true or right: false (E7.3)",
    "eleusis.table.seat": "bad seat {seat}: the players sit in seats 0 to {last}",
    "eleusis.session.slice": "bad slice_ms {value}: expected a number of milliseconds from 1 to {max}",
    # ---- several people on one device (E16) and the teacher's link (E17)
    "eleusis.session.people": "bad players {value}: expected the names of 2 to 5 people",
    "eleusis.session.seats": "{people} people and {bots} computer players make {seats} players: "
                             "expected 3 to 6 (E16.1)",
    "eleusis.session.name": "player {player}'s name {name} is not a name: use at most {max} letters, "
                            "digits, spaces, dots, hyphens or apostrophes",
    "eleusis.session.same_name": "two players are called {name}: give each a different name",
    "eleusis.session.pass_first": "pass the device to {name} first (the hand-over screen is up)",
    "eleusis.session.no_handover": "there is no hand-over screen now: no person of a classroom game "
                                   "is to move",
    "eleusis.link.not_code": "{code} is not a classroom code (E17)",
    "eleusis.link.damaged": "the classroom code {code} is damaged: it may have been cut or changed "
                            "when it was copied",
    "eleusis.link.refused": "the classroom code {code} holds a rule the dealer may not deal (E2.4)",
}
"""Every code of the table and of the computer players' explanations, with its English template."""
ENGLISH.update(EXPLAIN_ENGLISH)

register_messages(ENGLISH)

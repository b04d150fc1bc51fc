"""The person's record of a finished hand, for the page's statistics (rules found, cards needed).

Glossary:
    found   -- the person found the rule: in Express they guessed it (E9.2, the guess ended the
               hand); in Eleusis they were the prophet when the hand ended (a true prophet, never
               deposed: the dealer confirmed every judgement they made, E7.3).
    cards   -- the cards the mainline needed before the person found it, the starter counted:
               the mainline's length at the right guess (Express), or up to the card under the
               prophet's marker (Eleusis); None when the rule was not found.
    won     -- the person's hand score is the highest of the players' (a tie for the highest
               counts as won); the dealer's own score is not a player's.
    record  -- ``{"hand", "game", "difficulty", "found", "cards", "won", "score"}``; a hand the
               person dealt has none (they knew the rule).

>>> result = {"hand": 0, "dealer": None, "scores": [18, 3, 6], "guessed": 0, "mainline": 9,
...           "prophet": None, "marker": None}
>>> person_record(result, "express", "easy")
{'hand': 0, 'game': 'express', 'difficulty': 'easy', 'found': True, 'cards': 9, 'won': True, 'score': 18}
>>> person_record({**result, "dealer": 0}, "express", "easy") is None
True
"""

from __future__ import annotations

from typing import Any

PERSON = 0


def rule_found(result: dict[str, Any], game: str, seat: int = PERSON) -> tuple[bool, int | None]:
    """Whether ``seat`` found the hand's rule, and the mainline cards it needed (see glossary)."""
    if game == "express":
        found = result.get("guessed") == seat
        return found, result["mainline"] if found else None
    found = result.get("prophet") == seat and result.get("marker") is not None
    return found, int(result["marker"]) + 1 if found else None


def person_record(result: dict[str, Any], game: str, difficulty: str) -> dict[str, Any] | None:
    """The person's record of a finished hand (a view's ``results`` entry), None when they dealt."""
    if result["dealer"] == PERSON:
        return None
    scores = [s for s in result["scores"] if s is not None]
    score = result["scores"][PERSON]
    found, cards = rule_found(result, game)
    return {"hand": result["hand"], "game": game, "difficulty": difficulty, "found": found,
            "cards": cards, "won": score >= max(scores), "score": score}

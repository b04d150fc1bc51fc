"""The guided first hand (issue 10): a constructed deal and a script that teaches R3, R5, R6 and R7.

Glossary:
    TUTORIAL_DECK -- the deck of the guided hand, top first: chosen card by card (not shuffled from
                     a seed) so that the person's hand and draws and the computer's cards make every
                     rule of the script come up. The computer deals, so the person moves first.
    Step          -- one move of the person: the rule it teaches, a title, the prompt, the accepted
                     moves (N3; the engine also checks that they are legal), what is said once the
                     move is made (a format string filled from the engine's values: ``own_raw``,
                     ``own_score``, ``opp_raw``, ``opp_score``, ``out_score``), and the computer's
                     scripted reply with a sentence about it.
    TutorialGame  -- a one-hand standard ``Game`` dealt from ``TUTORIAL_DECK``; it saves and
                     restores like any game.
    Tutorial      -- the script's progress, derived from the hand's history (the number of moves
                     each side has made), so a restored save resumes at the right step.
    TutorialMoveError -- a move the current step does not ask for: a polite message naming what
                     to do; nothing changes.

>>> game = TutorialGame()
>>> [str(c) for c in game.state.hand(0)][:3], game.state.to_move
(['5H', '10H', '6H'], 0)
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .cards import Card, full_deck
from .errors import LeopardError
from .game import Game
from .moves import Move
from .rules import rules_for
from .state import HandState

PERSON, COMPUTER = 0, 1


class TutorialMoveError(LeopardError):
    """A legal or illegal move that is not the one the current step asks for."""


class Step(NamedTuple):
    """One step of the script (see the module glossary)."""

    rule: str
    title: str
    prompt: str
    accepted: tuple[str, ...]
    said: str
    reply: str | None = None
    reply_said: str = ""


STEPS: tuple[Step, ...] = (
    Step("R3", "Number cards",
         "An ace to 9 may go only on the space with its own number. Play the 5 of hearts on your "
         "space 5.",
         ("5H to own 5",),
         "Cards from ace to 9 go face up on their own space, on your square or the computer's, "
         "when that space is open (empty, or topped by a face-down card).",
         "7S to own 7", "The computer put its 7 of spades on its own space 7."),
    Step("R3", "A 10 goes anywhere on your square",
         "A 10 may go on any open space of your own square. Play the 10 of hearts on your space 4.",
         ("10H to own 4",),
         "A 10 fits any open space of your own square: here it starts row 4-5-6 in hearts.",
         "8S to own 8", "The computer put its 8 of spades on its space 8."),
    Step("R5", "A line of one suit",
         "Three face-up cards of one suit in a line score 3. Complete row 4-5-6: play the 6 of "
         "hearts on your space 6.",
         ("6H to own 6",),
         "Row 4-5-6 is all hearts: 3 points (R5.1). Your square is worth {own_raw} (R5.2).",
         "9S to own 9",
         "The computer completed its row 7-8-9 in spades: its square is worth 3 now."),
    Step("R3", "A jack spoils the computer's line",
         "A jack goes face down on a card of either square, and a face-down card leaves its space "
         "open. Put the jack of diamonds on the computer's 8 (its row 7-8-9).",
         ("JD to opp 8", "JD to opp 7", "JD to opp 9"),
         "A line with an open space scores nothing (R5.1): the computer's square fell to "
         "{opp_raw}.",
         "2C to opp 2",
         "The computer put its 2 of clubs on your space 2: number cards may go on either square."),
    Step("R3", "A king goes on top",
         "A king goes face up on any space of your own square, even on top of a card. Cover the "
         "computer's 2 of clubs with the king of hearts.",
         ("KH to own 2",),
         "Only the top card counts (R2.2): your space 2 is a heart again.",
         "8C to opp 8",
         "The computer put its 8 of clubs on your space 8, in the way of your column 2-5-8."),
    Step("R3", "A queen changes your spots",
         "A queen goes face down on a card of your own square, opening that space again. Cover "
         "the 8 of clubs with the queen of hearts.",
         ("QH to own 8",),
         "Space 8 is open again (R2.2): a better card may go there now.",
         "4S to own 4", "The computer put its 4 of spades on its space 4."),
    Step("R5", "A second line",
         "Now the 8 of hearts fits your open space 8. Play it there to complete column 2-5-8.",
         ("8H to own 8",),
         "Column 2-5-8 is all hearts: 3 more points. Your square is worth {own_raw}.",
         "6S to own 6", "The computer put its 6 of spades on its space 6."),
    Step("R3", "Building a colour line",
         "Play the 9 of diamonds on your space 9.",
         ("9D to own 9",),
         "Row 7-8-9 waits for a red 7. Your square is still worth {own_raw}.",
         "5S to own 5",
         "The computer completed its row 4-5-6 in spades: its square is worth {opp_raw}."),
    Step("R5", "A line of one colour",
         "Three cards of one colour (but not one suit) in a line score 1. Play the 7 of diamonds "
         "on your space 7.",
         ("7D to own 7",),
         "Row 7-8-9 is all red: 1 point (R5.1). Your square is worth {own_raw}: enough to go out "
         "at the start of your next turn (R6.1).",
         "discard 3C", "The computer discarded its 3 of clubs."),
    Step("R6", "Going out",
         "Your square is worth 7 or more, so you may go out now and end the hand (R6). Go out.",
         ("out",),
         "You went out: you score {own_score} (your {own_raw}, minus 1 for going out, R7.2); the "
         "computer scores {opp_score}. Each point of a square above 7 counts twice (R7.1): a "
         "square worth 9 would score 11. The player with more points after all hands wins (R7.3)."),
)
"""The script, one step per move of the person."""

_PERSON_CARDS = ("5H", "10H", "6H", "JD", "KH", "QH", "8H", "9D")
_PERSON_FIRST_DRAW = "7D"
_COMPUTER_CARDS = ("7S", "8S", "9S", "2C", "8C", "4S", "6S", "5S")
_COMPUTER_DRAWS = ("AC", "3C", "2D", "4C", "AD", "3S", "2S", "10C", "9C")
_PERSON_DRAWS = ("AS", "2D", "4D", "9C", "10S", "3S", "JS", "QC", "KC")


def tutorial_deck() -> list[Card]:
    """The guided hand's deck, top first (``HandState.deal`` deals it alternately, the person
    first; then the person draws, then the two draw in turn); the rest in unshuffled order."""
    top: list[str] = []
    for person, computer in zip(_PERSON_CARDS, _COMPUTER_CARDS, strict=True):
        top += [person, computer]
    top.append(_PERSON_FIRST_DRAW)
    for computer, person in zip(_COMPUTER_DRAWS, _PERSON_DRAWS, strict=True):
        top += [computer, person]
    deck = [Card.parse(text) for text in top]
    rest = full_deck()
    for card in deck:
        rest.remove(card)
    return deck + rest


class TutorialGame(Game):
    """The guided hand: one standard hand from ``tutorial_deck``, the computer dealing."""

    def __init__(self, variant: object = "standard", hands: object = 1, seed: object = 0) -> None:
        if (variant, hands, seed) != ("standard", 1, 0):
            raise LeopardError("the guided hand is one standard hand")
        super().__init__("standard", hands=1, seed=0)
        # R1.3 as the guided hand tells it: the computer cut higher, so it deals.
        self.cut = [(Card.parse("3H"), Card.parse("JS"))]
        self.first_dealer = COMPUTER

    def _deal(self, index: int) -> HandState:
        return HandState.deal(rules_for("standard"), dealer=COMPUTER, deck=tutorial_deck())


class Tutorial:
    """The script's progress over a ``TutorialGame`` (see the module glossary)."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def moves_by(self, seat: int) -> int:
        """How many moves ``seat`` has made in the guided hand."""
        return sum(1 for by, _ in self.game.state.history if by == seat)

    @property
    def step_index(self) -> int:
        """The step the person is on (== len(STEPS) once done)."""
        return min(self.moves_by(PERSON), len(STEPS))

    @property
    def done(self) -> bool:
        """The last step has been made."""
        return self.game.state.over

    def check(self, text: str) -> Move:
        """The person's move if the current step accepts it; else a polite TutorialMoveError."""
        move = Move.parse(text)
        if self.done:
            raise TutorialMoveError("the guided hand is over: start a game when you are ready")
        step = STEPS[self.step_index]
        if str(move) not in step.accepted:
            raise TutorialMoveError(f"Not quite: {step.prompt}")
        return move

    def reply(self) -> Move:
        """The computer's scripted reply to the person's last step."""
        index = self.moves_by(COMPUTER)
        reply = STEPS[index].reply if index < len(STEPS) else None
        if reply is None:
            raise LeopardError("the script has no computer move here")
        return Move.parse(reply)

    def values(self, state: HandState) -> dict[str, int]:
        """The numbers the script's sentences quote, from the engine (R5.2, R7.1-R7.2)."""
        rules = state.rules
        return {
            "own_raw": state.raw_value(PERSON), "opp_raw": state.raw_value(COMPUTER),
            "own_score": state.hand_score(PERSON), "opp_score": state.hand_score(COMPUTER),
            "out_score": rules.hand_score(state.raw_value(PERSON), True),
        }

    def info(self) -> dict[str, Any]:
        """What the page shows: the current step and what was said about the last moves."""
        history = self.game.state.history
        index = self.step_index
        said = None
        reply_said = None
        if index > 0:
            person_plies = [i for i, (by, _) in enumerate(history) if by == PERSON]
            after_move = self.game.rewound(person_plies[index - 1] + 1)
            said = STEPS[index - 1].said.format(**self.values(after_move))
            replies = self.moves_by(COMPUTER)
            if replies == index and STEPS[index - 1].reply is not None:
                reply_said = STEPS[index - 1].reply_said.format(**self.values(self.game.state))
        current = STEPS[index] if index < len(STEPS) else None
        return {
            "step": index, "steps": len(STEPS), "done": self.done,
            "rule": None if current is None else current.rule,
            "title": None if current is None else current.title,
            "prompt": None if current is None else current.prompt,
            "accepted": [] if current is None else list(current.accepted),
            "said": said, "reply_said": reply_said,
        }

"""The guided first hand (issue 10): a constructed deal and a script that teaches R3, R5, R6 and R7.

Glossary:
    TUTORIAL_DECK -- the deck of the guided hand, top first: chosen card by card (not shuffled from
                     a seed) so that the person's hand and draws and the computer's cards make every
                     rule of the script come up. The computer deals, so the person moves first.
    Step          -- one move of the person: the rule it teaches, its key, the accepted moves (N3;
                     the engine also checks that they are legal) and the computer's scripted reply.
                     Its words are messages (``messages.ENGLISH``): ``tutorial.<key>.title``,
                     ``.prompt``, ``.said`` (once the move is made; it may quote the engine's
                     values ``own_raw``, ``own_score``, ``opp_raw``, ``opp_score``, ``out_score``)
                     and ``.reply`` (a sentence about the computer's reply).
    TutorialGame  -- a one-hand standard ``Game`` dealt from ``TUTORIAL_DECK``; it saves and
                     restores like any game.
    Tutorial      -- the script's progress, derived from the hand's history (the number of moves
                     each side has made), so a restored save resumes at the right step.
    TutorialMoveError -- a move the current step does not ask for: a polite message naming what
                     to do (``tutorial.not_quite`` quoting the prompt); nothing changes.
    info          -- what the page shows (``Tutorial.info``): each text (``title``, ``prompt``,
                     ``said``, ``reply_said``) in English and as ``X_msg``, a Message's JSON.

>>> game = TutorialGame()
>>> [str(c) for c in game.state.hand(0)][:3], game.state.to_move
(['5H', '10H', '6H'], 0)
"""

from __future__ import annotations

from typing import Any, NamedTuple

from leopard_core.cards import Card, full_deck

from .errors import LeopardError
from .game import Game
from .messages import ENGLISH, Message, msg_json, placeholders
from .moves import Move
from .rules import rules_for
from .state import HandState

PERSON, COMPUTER = 0, 1


class TutorialMoveError(LeopardError):
    """A legal or illegal move that is not the one the current step asks for."""

    KIND = "tutorial"  # the bridge's error kind: the page answers with the step's polite words


class Step(NamedTuple):
    """One step of the script (see the module glossary); its words are the messages
    ``tutorial.<key>.title``, ``.prompt``, ``.said`` and ``.reply`` (``messages.ENGLISH``)."""

    rule: str
    key: str
    accepted: tuple[str, ...]
    reply: str | None = None

    def text(self, part: str, **values: int) -> Message:
        """The step's ``title``, ``prompt``, ``said`` or ``reply`` (``values``: the numbers the
        sentence quotes, those it does not use left out)."""
        code = f"tutorial.{self.key}.{part}"
        return Message(code, **{k: v for k, v in values.items() if k in placeholders(ENGLISH[code])})

    @property
    def title(self) -> Message:
        return self.text("title")

    @property
    def prompt(self) -> Message:
        return self.text("prompt")


STEPS: tuple[Step, ...] = (
    Step("R3", "number_cards", ("5H to own 5",), "7S to own 7"),
    Step("R3", "ten", ("10H to own 4",), "8S to own 8"),
    Step("R5", "suit_line", ("6H to own 6",), "9S to own 9"),
    Step("R3", "jack", ("JD to opp 8", "JD to opp 7", "JD to opp 9"), "2C to opp 2"),
    Step("R3", "king", ("KH to own 2",), "8C to opp 8"),
    Step("R3", "queen", ("QH to own 8",), "4S to own 4"),
    Step("R5", "second_line", ("8H to own 8",), "6S to own 6"),
    Step("R3", "colour_build", ("9D to own 9",), "5S to own 5"),
    Step("R5", "colour_line", ("7D to own 7",), "discard 3C"),
    Step("R6", "go_out", ("out",)),
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
            raise LeopardError("tutorial.one_hand")
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
            raise TutorialMoveError("tutorial.over")
        step = STEPS[self.step_index]
        if str(move) not in step.accepted:
            raise TutorialMoveError("tutorial.not_quite", prompt=step.prompt)
        return move

    def reply(self) -> Move:
        """The computer's scripted reply to the person's last step."""
        index = self.moves_by(COMPUTER)
        reply = STEPS[index].reply if index < len(STEPS) else None
        if reply is None:
            raise LeopardError("tutorial.no_reply")
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
            said = STEPS[index - 1].text("said", **self.values(after_move))
            replies = self.moves_by(COMPUTER)
            if replies == index and STEPS[index - 1].reply is not None:
                reply_said = STEPS[index - 1].text("reply", **self.values(self.game.state))
        current = STEPS[index] if index < len(STEPS) else None
        title = None if current is None else current.title
        prompt = None if current is None else current.prompt
        return {
            "step": index, "steps": len(STEPS), "done": self.done,
            "rule": None if current is None else current.rule,
            "title": _text(title), "title_msg": msg_json(title),
            "prompt": _text(prompt), "prompt_msg": msg_json(prompt),
            "accepted": [] if current is None else list(current.accepted),
            "said": _text(said), "said_msg": msg_json(said),
            "reply_said": _text(reply_said), "reply_said_msg": msg_json(reply_said),
        }


def _text(msg: Message | None) -> str | None:
    """The English text of a message, or None."""
    return None if msg is None else str(msg)

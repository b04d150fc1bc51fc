"""The English templates of the codes a computer player's ``explain`` returns:
``eleusis.irrelevant.*``, ``eleusis.ruled_out.*`` (the verdict is part of the code, so that each
language words it whole), ``eleusis.choice.*`` and ``eleusis.belief.*``. The table's
``messages.ENGLISH`` takes them in, so they are the game's registered messages.

The page words each ``{"code", "params"}`` in the player's language from its catalog (``engine.<code>``
in ``web/i18n/<lang>.json``); these are the English texts, for the command line and as the source of
the catalogs. Parameters: ``card`` a card in N1 text ("7H"), ``cards`` a list of them, ``chance`` a
whole percentage, ``rule`` a rule notation (the page shows its wording, ``Rule.parse(rule).wording``),
``verdict`` "right" or "wrong", ``bits`` information in tenths of a bit.

>>> ENGLISH["eleusis.irrelevant.suits"]
'Suits and colours do not matter.'
>>> sorted(ENGLISH) == sorted(set(ENGLISH))
True
"""

from __future__ import annotations

ENGLISH: dict[str, str] = {
    # ---- what it is sure does not matter
    "eleusis.irrelevant.suits": "Suits and colours do not matter.",
    "eleusis.irrelevant.values": "Values do not matter.",
    "eleusis.irrelevant.place": "Where a card falls on the mainline does not matter.",
    "eleusis.irrelevant.before_last": "The card before the last one does not matter.",
    # ---- the play that ruled out the runner-up
    "eleusis.ruled_out.card_right": (
        "{card} was called right after {after}: so the rule is not \u201c{rule}\u201d."
    ),
    "eleusis.ruled_out.card_wrong": (
        "{card} was called wrong after {after}: so the rule is not \u201c{rule}\u201d."
    ),
    "eleusis.ruled_out.string_right": (
        "The string {cards} was called right after {after}: so the rule is not \u201c{rule}\u201d."
    ),
    "eleusis.ruled_out.string_wrong": (
        "The string {cards} was called wrong after {after}: so the rule is not \u201c{rule}\u201d."
    ),
    "eleusis.ruled_out.no_play_right": (
        "A \u201cNo play\u201d with {cards} was called right: so the rule is not \u201c{rule}\u201d."
    ),
    "eleusis.ruled_out.no_play_wrong": (
        "A \u201cNo play\u201d with {cards} was called wrong: so the rule is not \u201c{rule}\u201d."
    ),
    "eleusis.ruled_out.guess": "The guess \u201c{rule}\u201d was refused.",
    # ---- why it chose its play
    "eleusis.choice.test": (
        "I play {card}: I give it a {chance}% chance of being right, so either answer teaches me "
        "something."
    ),
    "eleusis.choice.safe": "I play {card}: I am {chance}% sure it is right.",
    "eleusis.choice.confirm": "I play {card}: it fits the rule I believe ({chance}% sure).",
    "eleusis.choice.string": "I play the string {cards}: I am {chance}% sure every card is right.",
    "eleusis.choice.no_play": "No play: I am {chance}% sure none of my cards is right.",
    "eleusis.choice.none": "I have not chosen a play yet.",
    # ---- the belief as a whole
    "eleusis.belief.unsure": "I have no idea yet: many rules fit what I have seen.",
    "eleusis.belief.leaning": "I lean towards \u201c{rule}\u201d ({chance}%).",
    "eleusis.belief.sure": "I am sure enough: \u201c{rule}\u201d ({chance}%).",
    "eleusis.belief.lost": "None of the rules I can imagine fits well: the rule may be beyond me.",
}
"""Code -> English template with ``{name}`` placeholders."""


def english(code: str, **params: object) -> str:
    """The English text of a code with its parameters.

    >>> english("eleusis.choice.safe", card="7H", chance=93)
    'I play 7H: I am 93% sure it is right.'
    """
    return ENGLISH[code].format(**params)

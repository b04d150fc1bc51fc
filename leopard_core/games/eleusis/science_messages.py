"""The English templates of the codes a computer player's ``explain`` returns (``explanation``):
``eleusis.belief.*`` (the block's first sentence), ``eleusis.irrelevant.*``,
``eleusis.ruled_out.*`` (the verdict is part of the code, so that each language words it whole),
``eleusis.choice.*`` (a play on the table it was decided on, with its chance) and
``eleusis.played.*`` (a play judged since, as a fact). The table's ``messages.ENGLISH`` takes them
in, so they are the game's registered messages.

The page words each ``{"code", "params"}`` in the player's language from its catalog (``engine.<code>``
in ``web/i18n/<lang>.json``); these are the English texts, for the command line and as the source of
the catalogs. Parameters: ``card`` a card in N1 text ("7H"), ``cards`` a list of them (both written
in words: ``{card:theCard}``, ``{cards:theCards}``), ``chance``, ``listed``, ``rest``, ``beyond``
whole percentages (``{chance:percent}``: "87%" in English, "87 %" in Spanish), ``rule`` a rule
notation (the page shows its wording, ``Rule.parse(rule).wording``), ``count`` how many verdicts
the table gave, ``misses`` how many of them a rule contradicts.

>>> english("eleusis.choice.safe", card="7H", chance=93, listed=80, rest=10, beyond=3)
'I play the 7 of hearts: 93% that it is right.'
>>> english("eleusis.ruled_out.string_wrong", cards=["2S", "4D", "6S"], after="KH", rule="red")[:64]
'The 2 of spades, the 4 of diamonds and the 6 of spades, played a'
>>> sorted(ENGLISH) == sorted(set(ENGLISH))
True
"""

from __future__ import annotations

from leopard_core.cards import card_words
from leopard_core.platform.messages import Param, register_format


def _percent(value: Param) -> str:
    """A whole percentage as English writes it: "87%"."""
    return f"{value}%"


def _the_cards(value: Param) -> str:
    """Cards in words with their article: "the 7 of hearts and the 9 of spades"."""
    cards = [f"the {card_words(card)}" for card in (value if isinstance(value, list) else [value])]
    return cards[0] if len(cards) == 1 else ", ".join(cards[:-1]) + " and " + cards[-1]


register_format("percent", _percent)
register_format("theCards", _the_cards)

ENGLISH: dict[str, str] = {
    # ---- the block's first sentence
    "eleusis.belief.unsure": "I have no idea yet: many rules fit what I have seen.",
    "eleusis.belief.leaning": "I lean towards \u201c{rule}\u201d ({chance:percent}).",
    "eleusis.belief.believes": "I believe the rule is \u201c{rule}\u201d ({chance:percent}).",
    "eleusis.belief.lost": (
        "The rules I can imagine that fit every verdict seem unlikely: I give {chance:percent} to a "
        "rule I cannot imagine."
    ),
    "eleusis.belief.stuck": (
        "No rule I can imagine fits all {count} verdicts; the closest, \u201c{rule}\u201d, misses "
        "{misses}."
    ),
    "eleusis.belief.stuck_blank": "No rule I can imagine fits all {count} verdicts.",
    # ---- what it is sure does not matter
    "eleusis.irrelevant.suits": "Suits and colours do not matter.",
    "eleusis.irrelevant.values": "Values do not matter.",
    "eleusis.irrelevant.place": "Where a card falls on the mainline does not matter.",
    "eleusis.irrelevant.before_last": "The card before the last one does not matter.",
    # ---- a verdict that ruled out a rule it does not list
    "eleusis.ruled_out.card_right": (
        "{card:theCard} was called right after {after:theCard}: so the rule is not \u201c{rule}\u201d."
    ),
    "eleusis.ruled_out.card_wrong": (
        "{card:theCard} was called wrong after {after:theCard}: so the rule is not \u201c{rule}\u201d."
    ),
    "eleusis.ruled_out.string_right": (
        "{cards:theCards}, played as a string after {after:theCard}, were called right: so the rule "
        "is not \u201c{rule}\u201d."
    ),
    "eleusis.ruled_out.string_wrong": (
        "{cards:theCards}, played as a string after {after:theCard}, were called wrong: so the rule "
        "is not \u201c{rule}\u201d."
    ),
    "eleusis.ruled_out.no_play_right": (
        "A \u201cNo play\u201d with {cards:theCards} was called right: so the rule is not "
        "\u201c{rule}\u201d."
    ),
    "eleusis.ruled_out.no_play_wrong": (
        "A \u201cNo play\u201d with {cards:theCards} was called wrong: so the rule is not "
        "\u201c{rule}\u201d."
    ),
    "eleusis.ruled_out.guess": "The guess \u201c{rule}\u201d was refused.",
    # ---- its play, on the table it decided on: the chance is the sum of the parts
    "eleusis.choice.test": (
        "I play {card:theCard}: {chance:percent} that it is right, so either answer teaches me "
        "something."
    ),
    "eleusis.choice.safe": "I play {card:theCard}: {chance:percent} that it is right.",
    "eleusis.choice.confirm": (
        "I play {card:theCard}: it fits what I believe, {chance:percent} that it is right."
    ),
    "eleusis.choice.positive": (
        "I play {card:theCard}, a card my favourite rule, \u201c{rule}\u201d, accepts, to test it: "
        "{chance:percent} that it is right."
    ),
    "eleusis.choice.no_positive": (
        "No card I hold fits my favourite rule, \u201c{rule}\u201d: I play {card:theCard}, the one "
        "that teaches me most, {chance:percent} that it is right."
    ),
    "eleusis.choice.string": (
        "I play {cards:theCards} in a row: {chance:percent} that every card is right."
    ),
    "eleusis.choice.no_play": "No play: {chance:percent} that none of my cards is right.",
    "eleusis.choice.parts": (
        "That is {listed:percent} from the likely rules above that say so, {rest:percent} from "
        "other rules I can imagine and {beyond:percent} for a rule I cannot imagine (most likely "
        "one close to mine, with exceptions)."
    ),
    # ---- its last play, judged since
    "eleusis.played.test_right": "I played {cards:theCards} to test my ideas: it was called right.",
    "eleusis.played.test_wrong": "I played {cards:theCards} to test my ideas: it was called wrong.",
    "eleusis.played.safe_right": "I played {cards:theCards}, which I expected to be right: it was.",
    "eleusis.played.safe_wrong": (
        "I played {cards:theCards}, which I expected to be right: it was called wrong."
    ),
    "eleusis.played.confirm_right": (
        "I played {cards:theCards} because it fits what I believe: it was called right."
    ),
    "eleusis.played.confirm_wrong": (
        "I played {cards:theCards} because it fits what I believe: it was called wrong."
    ),
    "eleusis.played.positive_right": (
        "I played {cards:theCards}, a card my favourite rule accepted, to test it: it was called "
        "right."
    ),
    "eleusis.played.positive_wrong": (
        "I played {cards:theCards}, a card my favourite rule accepted, to test it: it was called "
        "wrong."
    ),
    "eleusis.played.no_positive_right": (
        "I played {cards:theCards}, the card that taught me most, as none of my cards fitted my "
        "favourite rule: it was called right."
    ),
    "eleusis.played.no_positive_wrong": (
        "I played {cards:theCards}, the card that taught me most, as none of my cards fitted my "
        "favourite rule: it was called wrong."
    ),
    "eleusis.played.string_right": "I played {cards:theCards} in a row: they were called right.",
    "eleusis.played.string_wrong": "I played {cards:theCards} in a row: they were called wrong.",
    "eleusis.played.no_play_right": "I called \u201cNo play\u201d: it was called right.",
    "eleusis.played.no_play_wrong": "I called \u201cNo play\u201d: it was called wrong.",
}
"""Code -> English template with ``{name}`` placeholders."""


def english(code: str, **params: Param) -> str:
    """The English text of a code with its parameters (capitalised: a sentence)."""
    from leopard_core.platform.messages import Message

    text = str(Message(code, **params))
    return text[:1].upper() + text[1:]

"""What a seat knows, rebuilt from its view, and the worlds (determinizations) sampled from it.

Glossary:
    Knowledge     -- everything a view tells a bot, as engine objects: a *template* ``HandState``
                     from the bot's side (the bot is always seat 0 of it) with placeholders where
                     cards are hidden, plus the multiset of *unseen* cards.
    unseen        -- the 104 cards (R1.1, two of each) minus the bot's hand, every face-up card on
                     both squares (covered ones too), the face-down cards it played itself, and the
                     discards. The opponent's hand, the stock and the face-down cards the opponent
                     played are all drawn from it.
    hidden slot   -- a face-down card the opponent played (shown ``~``): on the bot's square it can
                     only be a jack, on the opponent's square a jack or a queen (R3).
    world         -- one determinization: the template with every hidden slot, the opponent's hand
                     and the stock order filled in from the unseen cards, uniformly at random.

A bot built on this module can only be as well informed as its view: the template and the unseen
multiset are computed from the view's public keys alone, in a fixed order, so two true states that
differ only in hidden information give the same ``Knowledge`` and, for the same random generator,
the same worlds.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from leopard_core.cards import JACK, QUEEN, Card, full_deck

from ..errors import LeopardError
from ..rules import rules_for
from ..squares import OPEN, SUIT_CODE, points_table, raw_value_of_tops
from ..state import Entry, HandState

ME, THEM = 0, 1
_PLACEHOLDER = Card(JACK, "S")
"""Stands in for a hidden face-down card in the template; face down, so it never scores."""


def _card(text: str) -> Card:
    return Card.parse(text)


class Knowledge:
    """A view turned into a template state (bot = seat 0) plus what could be where."""

    __slots__ = ("hidden", "opp_hand_count", "stock_count", "template", "unseen")

    def __init__(self, view: dict[str, Any]) -> None:
        rules = rules_for(view["variant"])
        state = HandState(rules)
        seen: Counter[Card] = Counter()
        hand = [_card(text) for text in view["hand"]]
        seen.update(hand)
        discards = [_card(text) for text in view["discards"]]
        seen.update(discards)
        self.hidden: list[tuple[int, int, int]] = []  # (seat, space, layer) of '~' cards
        for seat, key in ((ME, "own"), (THEM, "opp")):
            for space, stack in enumerate(view[key]["stacks"]):
                entries: list[Entry] = []
                for depth, layer in enumerate(stack):
                    text, face_up = layer["card"], bool(layer["up"])
                    if text is None:
                        self.hidden.append((seat, space, depth))
                        entries.append((_PLACEHOLDER, False, THEM))
                    else:
                        card = _card(text)
                        seen[card] += 1
                        entries.append((card, face_up, seat if face_up else ME))
                state.stacks[seat][space] = entries
            tops = state.tops[seat]
            for space, stack_entries in enumerate(state.stacks[seat]):
                top_card, up = stack_entries[-1][:2] if stack_entries else (None, False)
                tops[space] = SUIT_CODE[top_card.suit] if up and top_card is not None else OPEN
            state.values[seat] = raw_value_of_tops(tops, points_table(rules))
        state.hands[ME] = hand
        state.discards = discards
        state.to_move = ME if view["to_move"] == "own" else THEM
        state.dealer = ME if view["dealer"] == "own" else THEM
        state.plays_this_turn = int(view["plays_this_turn"])
        state.over = bool(view["over"])
        unseen = Counter(full_deck())
        unseen.subtract(seen)
        if any(count < 0 for count in unseen.values()):
            raise LeopardError("bot.too_many_copies")
        self.unseen: list[Card] = sorted(unseen.elements(), key=lambda c: c.sort_key)
        self.opp_hand_count = int(view["opp_hand_count"])
        self.stock_count = int(view["stock_count"])
        # The template's opponent hand and stock hold placeholders of the right size, so that
        # the state's end-of-hand checks (R4.3) behave before any world is sampled.
        state.hands[THEM] = [_PLACEHOLDER] * self.opp_hand_count
        state.stock = [_PLACEHOLDER] * self.stock_count
        self.template = state

    def sample(self, rng: random.Random) -> HandState:
        """One world: hidden slots, the opponent's hand and the stock filled from the unseen cards."""
        pool = self.unseen[:]
        rng.shuffle(pool)
        world = self.template.clone()
        for seat, space, depth in self.hidden:
            allowed = (JACK,) if seat == ME else (JACK, QUEEN)
            index = next((i for i, c in enumerate(pool) if c.rank in allowed), None)
            card = pool.pop(index) if index is not None else Card(allowed[-1], "S")
            stack = world.stacks[seat][space]
            stack[depth] = (card, False, THEM)
        need = self.opp_hand_count + self.stock_count
        if len(pool) < need:  # an impossible view; pad so that the search still runs
            pool.extend([_PLACEHOLDER] * (need - len(pool)))
        world.hands[THEM] = pool[: self.opp_hand_count]
        world.stock = pool[self.opp_hand_count : need]
        return world

"""Writing moves: the canonical long form and the compact form."""

from __future__ import annotations

import re
from typing import Optional

from ..cards import SKIP_BO, Card, card_label
from ..moves import PARTNER as PARTNER_OWNER
from ..moves import Draw, EndTurn, Move, PileKind, Place, Transfer
from ..text import fold
from ..words import ENGLISH, vocabulary

_NEEDS_QUOTES = re.compile(r"[\s:>,\"?!;]|->")


def format_owner(name: Optional[str]) -> str:
    """``Anna:``, or ``"Anna Lee":`` for a name the notation must quote; empty for the mover."""
    if not name:
        return ""
    if name == PARTNER_OWNER:
        return "partner's "
    words = vocabulary(ENGLISH)
    needs_quotes = (_NEEDS_QUOTES.search(name) or words.kind(fold(name)) is not None
                    or fold(name).endswith(words.possessive))
    return f'"{name}":' if needs_quotes else f"{name}:"


def format_place(place: Place, card: Optional[Card] = None) -> str:
    if place.number is None and place.top is not None:  # a build pile named by its top card
        return f"the {card_label(place.top)}"
    if place.kind is PileKind.DISCARD and place.number is None and card is not None:
        label = card_label(card)  # the card on one of the discard piles
        shown = f"discard {label}" if card == SKIP_BO or card > 4 else f"{label} from discard"
        return format_owner(place.owner) + shown
    words = [place.kind.value]
    if place.number is not None:
        words.append(str(place.number))
    if card is not None:
        words.append(card_label(card))
    return format_owner(place.owner) + " ".join(words)


def format_move(move: Move, *, pile_said: bool = False) -> str:
    """The canonical long form: ``hand 5 to build 1`` (``pile_said``: ``discard pile 2 to build 1``, which names
    the pile whatever its cards)."""
    if isinstance(move, EndTurn):
        return "end"
    if isinstance(move, Draw):
        if move.count is not None:
            return f"draw {move.count} {'card' if move.count == 1 else 'cards'}"
        return " ".join(["draw", *(card_label(c) for c in move.cards)])
    source = format_place(move.source, move.card)
    if move.source.kind is PileKind.DISCARD and move.card is None and move.source.number is not None and (
            pile_said or move.is_discard or 4 < move.source.number <= 12):  # "discard 5" would name a card
        source = format_owner(move.source.owner) + f"discard pile {move.source.number}"
    value = f" as {card_label(move.value)}" if move.value is not None else ""
    return f"{source} to {format_place(move.target)}{value}"


def format_compact(move: Move) -> str:
    """The compact form: ``h5>b1``."""
    if not isinstance(move, Transfer) or (move.source.kind is PileKind.DISCARD and move.source.number is None) or (
            move.value is not None or move.target.top is not None or PARTNER_OWNER in (move.source.owner,
                                                                                      move.target.owner)):
        return format_move(move)

    def side(place: Place, card: Optional[Card]) -> str:
        text = format_owner(place.owner) + place.kind.value[0]
        if place.number is not None:
            text += str(place.number)
            if card is not None:
                text += f" {card_label(card)}"
        elif card is not None:
            text += card_label(card)
        return text

    return f"{side(move.source, move.card)}>{side(move.target, None)}"

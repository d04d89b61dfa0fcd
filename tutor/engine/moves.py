"""Moves as small immutable values.

A move is a ``Transfer`` of one card from a place to a place, a ``Draw``, or
an ``EndTurn``. Places name piles the way players do: pile numbers are 1-4
from the left, and ``owner`` is a player's name (``None`` for the mover, and
``PARTNER`` for the mover's partner until a position names them).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Optional, Union

from .cards import Card
from .values import Value


#: The owner "my partner" names, until a position says who that is; no player's name holds a double quote.
PARTNER = '"partner"'


class PileKind(StrEnum):
    STOCK = "stock"
    HAND = "hand"
    DISCARD = "discard"
    BUILD = "build"


class Place(Value):
    """A pile: its kind, its number (1-based, for discard and build piles) and owner."""

    kind: PileKind
    number: Optional[int] = None
    owner: Optional[str] = None
    top: Optional[Card] = None  # a build pile named by the card it shows ("my 4 on the 3"), until a position reads it

    def __init__(self, kind: PileKind, number: Optional[int] = None, owner: Optional[str] = None,
                 top: Optional[Card] = None) -> None:
        self.__dict__.update(kind=kind, number=number, owner=owner, top=top)


class Transfer(Value):
    """One card from ``source`` to ``target``; ``card`` is the card named, if any."""

    source: Place
    target: Place
    card: Optional[Card] = None
    value: Optional[Card] = None  # the value a wild is said to stand for ("the SB on build 1 as a 5")

    def __init__(self, source: Place, target: Place, card: Optional[Card] = None,
                 value: Optional[Card] = None) -> None:
        self.__dict__.update(source=source, target=target, card=card, value=value)

    @property
    def is_discard(self) -> bool:
        """True for the end-of-turn move onto a discard pile."""
        return self.target.kind is PileKind.DISCARD


class Draw(Value):
    """Draw up to five; ``cards`` names the cards drawn when the player knows them, ``count`` says how many."""

    cards: tuple[Card, ...] = ()
    count: Optional[int] = None

    def __init__(self, cards: tuple[Card, ...] = (), count: Optional[int] = None) -> None:
        self.__dict__.update(cards=cards, count=count)

    @property
    def says(self) -> Optional[int]:
        """How many cards the draw says it takes (its count, or the cards it names); None for a bare draw."""
        if self.count is not None:
            return self.count
        return len(self.cards) if self.cards else None


class EndTurn(Value):
    """End the turn without discarding (only with an empty hand)."""


Move = Union[Transfer, Draw, EndTurn]


def discard(card: Card, pile: int) -> Transfer:
    """The end-of-turn move of hand card ``card`` onto discard pile ``pile`` (1-based)."""
    return Transfer(Place(PileKind.HAND), Place(PileKind.DISCARD, pile), card)

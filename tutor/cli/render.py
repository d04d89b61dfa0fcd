"""Cards and piles as rich text, coloured as on the real deck."""

from __future__ import annotations

from typing import Iterable

from rich.text import Text

from ..engine.cards import MaybeCard, card_colour, card_label

CARD_STYLES = {
    "blue": "bold blue",
    "green": "bold green",
    "red": "bold red",
    "wild": "bold magenta",
    "hidden": "dim",
}


def card_text(card: MaybeCard) -> Text:
    """One card, e.g. a green ``7`` or a magenta ``SB``; ``?`` for an unseen card."""
    return Text(card_label(card), style=CARD_STYLES[card_colour(card)])


def cards_text(cards: Iterable[MaybeCard], separator: str = " ") -> Text:
    """Several cards side by side."""
    return Text(separator).join(card_text(card) for card in cards)

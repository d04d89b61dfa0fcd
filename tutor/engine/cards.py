"""Cards and the 162-card deck.

A card is a plain ``int``: 1 to 12 for the number cards and ``SKIP_BO`` (0)
for the wild Skip-Bo card. ``None`` stands for a card nobody at the table can
see (a face-down stock card, an opponent's hand card, the draw pile).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Optional

from ..i18n import _, ngettext
from ..i18n.tables import TextTable

Card = int
MaybeCard = Optional[int]

SKIP_BO: Card = 0
HIGHEST = 12
NUMBERS: tuple[Card, ...] = tuple(range(1, HIGHEST + 1))
COPIES_PER_NUMBER = 12
SKIP_BO_COPIES = 18
DECK_SIZE = HIGHEST * COPIES_PER_NUMBER + SKIP_BO_COPIES  # 162

DECK_COUNTS: dict[Card, int] = {n: COPIES_PER_NUMBER for n in NUMBERS} | {SKIP_BO: SKIP_BO_COPIES}
ALL_CARDS: tuple[Card, ...] = (SKIP_BO, *NUMBERS)


def goes_on(card: MaybeCard, top: int) -> bool:
    """Whether ``card`` may go on a build pile showing ``top`` (0 for an empty one): only the value one higher
    (so a pile starts with a 1), or an SB as that value; nothing goes on a 12, whose pile is complete and leaves
    the table."""
    return top < HIGHEST and (card == SKIP_BO or card == top + 1)


class CardError(ValueError):
    """A text that names no Skip-Bo card."""


def quoted(text: object, limit: int = 24) -> str:
    """``text`` quoted for a message, shortened when it is long."""
    shown = repr(text)
    return shown if len(shown) <= limit else shown[: limit - 4] + "...'"


def is_short_number(text: str, digits: int = 3) -> bool:
    """A few plain ASCII digits: what ``int`` reads at once (``isdigit()`` alone lets "²" through)."""
    return text.isascii() and text.isdigit() and len(text) <= digits


def parse_card(text: str | int) -> Card:
    """Read ``7``, ``"7"`` or ``"SB"`` (any case) as a card."""
    if isinstance(text, bool):
        raise CardError(_("{text} is not a card").format(text=quoted(text)))
    if isinstance(text, int):
        value = text
    else:
        word = str(text).strip().upper()
        if word in ("SB", "SKIP-BO", "SKIPBO", "WILD"):
            return SKIP_BO
        if not is_short_number(word):
            raise CardError(_("{text} is not a card: cards are 1 to 12 and SB").format(text=quoted(text)))
        value = int(word)
    if 1 <= value <= HIGHEST:
        return value
    raise CardError(_("{text} is not a card: cards are 1 to 12 and SB").format(text=quoted(text)))


def card_label(card: MaybeCard) -> str:
    """The card as players write it: ``7``, ``SB``, or ``?`` when unseen."""
    if card is None:
        return "?"
    return "SB" if card == SKIP_BO else str(card)


#: A card with its article, as in a sentence (each language has its own words: "en sjua", "en syver").
CARD_INDEFINITE = TextTable("card-a", {
    **{str(n): f"a {n}" for n in range(1, HIGHEST + 1) if n not in (8, 11)}, "8": "an 8", "11": "an 11", "SB": "an SB"})
#: A card with the definite article: "the 7" (Swedish "sjuan", Danish "syveren").
CARD_DEFINITE = TextTable("card-the", {**{str(n): f"the {n}" for n in range(1, HIGHEST + 1)}, "SB": "the SB"})

#: More of one card than one: "14 7s" (Swedish "14 sjuor", Danish "14 syvere"); the messages that say it count
#: more than the deck holds (13 or more), so the plural is all they need.
CARD_MANY = TextTable("card-many", {**{str(n): f"{{count}} {n}s" for n in range(1, HIGHEST + 1)},
                                    "SB": "{count} SB cards"})


def a_card(card: MaybeCard) -> str:
    """The card with its article, as in a sentence: ``a 7``, ``an 8``, ``an SB``."""
    if card is None:
        return _("an unseen card")
    label = card_label(card)
    return CARD_INDEFINITE.text(label)


def the_card(card: MaybeCard) -> str:
    """The card with the definite article: ``the 7``, ``the SB``."""
    if card is None:
        return _("the unseen card")
    label = card_label(card)
    return CARD_DEFINITE.text(label)


def card_phrases() -> dict[str, Card]:
    """Every phrase ``a_card`` and ``the_card`` make in the language in use, with the card it names."""
    cards = [*range(1, HIGHEST + 1), SKIP_BO]
    return {**{a_card(card): card for card in cards}, **{the_card(card): card for card in cards}}


def many_of(card: Card, count: int) -> str:
    """``count`` cards of ``card``, more than one: ``14 7s``."""
    return CARD_MANY.text(card_label(card), count=count)


def n_cards(count: int) -> str:
    """How many cards, in words: ``1 card``, ``5 cards``."""
    return ngettext("{count} card", "{count} cards", count).format(count=count)


def n_wild_cards(count: int) -> str:
    """How many wild cards, in words: ``1 wild card``, ``2 wild cards``."""
    return ngettext("{count} wild card", "{count} wild cards", count).format(count=count)


def card_colour(card: MaybeCard) -> str:
    """The colour printed on the real deck: blue, green, red, wild or hidden."""
    if card is None:
        return "hidden"
    if card == SKIP_BO:
        return "wild"
    return ("blue", "green", "red")[(card - 1) // 4]


def full_deck() -> list[Card]:
    """All 162 cards in a fixed order."""
    return [card for card in ALL_CARDS for _ in range(DECK_COUNTS[card])]


def excess_cards(cards: Iterable[MaybeCard]) -> dict[Card, int]:
    """Cards seen more often than the deck holds them, with how many are seen."""
    seen = Counter(card for card in cards if card is not None)
    return {card: n for card, n in sorted(seen.items()) if n > DECK_COUNTS[card]}


def unseen_cards(seen: Iterable[MaybeCard]) -> Counter[Card]:
    """The deck less the cards that are seen: what a hidden card may be."""
    rest = Counter(DECK_COUNTS)
    rest.subtract(card for card in seen if card is not None)
    return +rest

"""Reading and writing moves in the long and compact notations.

Long form: ``stock to build 2``, ``hand 5 to build 1``, ``Anna:discard 2 to
build 4``, ``hand 9 to discard 2``, ``draw``, ``draw 3 7 SB 9 1``, ``end``.
Compact form: ``s>b2``, ``h5>b1``, ``Anna:d2>b4``, ``h9>d2``. Both are read
case-insensitively and forgive spacing (``hand5 -> build1`` reads too).
"""

from __future__ import annotations

import re
from typing import Optional

from .cards import Card, CardError, card_label, is_short_number, parse_card, quoted
from .moves import Draw, EndTurn, Move, PileKind, Place, Transfer

_WORDS = {
    "s": PileKind.STOCK, "stock": PileKind.STOCK,
    "h": PileKind.HAND, "hand": PileKind.HAND,
    "d": PileKind.DISCARD, "discard": PileKind.DISCARD,
    "b": PileKind.BUILD, "build": PileKind.BUILD,
}
_SEPARATOR = re.compile(r"\s*(?:->|>|\bonto\b|\bto\b|\bon\b)\s*", re.IGNORECASE)
_SIDE = re.compile(
    r"^(?:(?P<owner>[^\s:>]+)\s*:\s*)?"
    r"(?P<kind>stock|hand|discard|build|s|h|d|b)"
    r"\s*(?P<rest>.*)$",
    re.IGNORECASE,
)
_TOKEN = re.compile(r"sb|\d+", re.IGNORECASE)

EXAMPLES = {
    PileKind.STOCK: "stock to build 2 (or s>b2)",
    PileKind.HAND: "hand 5 to build 1 (or h5>b1)",
    PileKind.DISCARD: "discard 3 to build 1 (or d3>b1)",
    PileKind.BUILD: "build piles only take cards: stock to build 2",
}
GENERAL_EXAMPLE = "stock to build 2, hand 5 to build 1, discard 3 to build 1, hand 9 to discard 2, draw, end"


class NotationError(ValueError):
    """A move text that cannot be read; says what was understood and shows the right form."""

    def __init__(self, text: str, problem: str, understood: str = "", example: str = GENERAL_EXAMPLE):
        self.text = text
        self.problem = problem
        self.understood = understood
        self.example = example
        super().__init__(self.message)

    @property
    def message(self) -> str:
        parts = [f"cannot read the move {quoted(self.text, 60)}: {self.problem}"]
        if self.understood:
            parts.append(f"understood so far: {self.understood}")
        parts.append(f"write it like: {self.example}")
        return "; ".join(parts)


def parse_move(text: str) -> Move:
    """Read one move in the long or compact notation."""
    cleaned = " ".join(text.split())
    if not cleaned:
        raise NotationError(text, "the move is empty")
    lowered = cleaned.lower()
    if lowered == "end":
        return EndTurn()
    if lowered.startswith("draw") and ":" not in cleaned:  # "Drawe:stock to build 1" names a player
        return Draw(_draw_cards(text, cleaned[4:]))
    sides = _SEPARATOR.split(cleaned)
    if len(sides) != 2 or not all(sides):
        raise NotationError(text, "a move names where the card comes from and where it goes, joined by 'to' or '>'")
    try:
        source, card = _place(text, sides[0], is_source=True)
        target, _ = _place(text, sides[1], is_source=False)
    except NotationError as error:
        if error.understood:
            raise
        raise NotationError(text, error.problem, _readable_side(text, sides), error.example) from None
    return Transfer(source, target, card)


def _readable_side(text: str, sides: list[str]) -> str:
    """The side of a transfer that reads well, for a message about the side that does not."""
    for side, is_source, word in ((sides[0], True, "from"), (sides[1], False, "onto")):
        try:
            place, card = _place(text, side, is_source=is_source)
        except NotationError:
            continue
        return f"{word} {format_place(place, card)}"
    return ""


def _draw_cards(text: str, rest: str) -> tuple[Card, ...]:
    tokens = rest.replace(",", " ").split()
    try:
        cards = tuple(parse_card(token) for token in tokens)
    except CardError as error:
        raise NotationError(text, str(error), "a draw", "draw, or draw 3 7 SB 9 1 naming the cards") from None
    if len(cards) > 5:
        raise NotationError(text, f"a draw takes five cards at most, not {len(cards)}", "a draw",
                            "draw 3 7 SB 9 1")
    return cards


def _place(text: str, side: str, *, is_source: bool) -> tuple[Place, Optional[Card]]:
    """Read one side of a transfer: the pile, and (on the source side) the card named."""
    match = _SIDE.match(side.strip())
    role = "where the card comes from" if is_source else "where the card goes"
    if not match:
        raise NotationError(text, f"{quoted(side)} names no pile ({role}): use stock, hand, discard N or build N")
    kind = _WORDS[match["kind"].lower()]
    owner = match["owner"]
    tokens = _TOKEN.findall(match["rest"])
    leftover = _TOKEN.sub("", match["rest"]).strip(" ,")
    if leftover:
        raise NotationError(text, f"{quoted(leftover)} is not a card or a pile number", _describe_kind(kind, owner),
                            EXAMPLES[kind])
    if kind is PileKind.HAND and owner is not None:
        raise NotationError(text, "nobody plays from another player's hand", "", EXAMPLES[PileKind.HAND])
    if not is_source:
        if kind not in (PileKind.BUILD, PileKind.DISCARD):
            raise NotationError(text, f"cards go onto a build pile or a discard pile, not onto a {kind.value}",
                                "", "hand 5 to build 1, or hand 9 to discard 2")
        if len(tokens) != 1 or not is_short_number(tokens[0]):
            raise NotationError(text, f"say which {kind.value} pile, 1 to 4", f"onto a {kind.value} pile",
                                f"... to {kind.value} 2")
        return Place(kind, int(tokens[0]), owner), None
    if kind is PileKind.STOCK:
        if len(tokens) > 1:
            raise NotationError(text, "a stock shows a single card", "a stock card", EXAMPLES[kind])
        return Place(kind, None, owner), _card(text, tokens[0], kind) if tokens else None
    if kind is PileKind.HAND:
        if len(tokens) != 1:
            raise NotationError(text, "name the one hand card you play", "a hand card", EXAMPLES[kind])
        return Place(kind), _card(text, tokens[0], kind)
    if not tokens or not is_short_number(tokens[0]) or len(tokens) > 2:
        raise NotationError(text, f"say which {kind.value} pile, 1 to 4", f"a card from a {kind.value} pile",
                            EXAMPLES[kind])
    card = _card(text, tokens[1], kind) if len(tokens) == 2 else None
    return Place(kind, int(tokens[0]), owner), card


def _card(text: str, token: str, kind: PileKind) -> Card:
    try:
        return parse_card(token)
    except CardError as error:
        raise NotationError(text, str(error), f"a card from the {kind.value}", EXAMPLES[kind]) from None


def _describe_kind(kind: PileKind, owner: Optional[str]) -> str:
    return f"{owner}'s {kind.value} pile" if owner else f"a {kind.value} pile"


# -- writing ------------------------------------------------------------------


def format_place(place: Place, card: Optional[Card] = None) -> str:
    owner = f"{place.owner}:" if place.owner else ""
    words = [place.kind.value]
    if place.number is not None:
        words.append(str(place.number))
    if card is not None:
        words.append(card_label(card))
    return owner + " ".join(words)


def format_move(move: Move) -> str:
    """The canonical long form: ``hand 5 to build 1``."""
    if isinstance(move, EndTurn):
        return "end"
    if isinstance(move, Draw):
        return " ".join(["draw", *(card_label(c) for c in move.cards)])
    return f"{format_place(move.source, move.card)} to {format_place(move.target)}"


def format_compact(move: Move) -> str:
    """The compact form: ``h5>b1``."""
    if not isinstance(move, Transfer):
        return format_move(move)

    def side(place: Place, card: Optional[Card]) -> str:
        owner = f"{place.owner}:" if place.owner else ""
        text = owner + place.kind.value[0]
        if place.number is not None:
            text += str(place.number)
            if card is not None:
                text += f" {card_label(card)}"
        elif card is not None:
            text += card_label(card)
        return text

    return f"{side(move.source, move.card)}>{side(move.target, None)}"

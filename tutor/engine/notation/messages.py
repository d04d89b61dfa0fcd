"""What the move reader says: its messages, the example moves they show, and the error it raises."""

from __future__ import annotations

from typing import Optional

from ...i18n import speaking
from ...i18n.tables import TextTable
from ..cards import quoted
from ..words import ENGLISH

#: What the reader says of a move it cannot read (``place-*``: a pile as the reader understood it so far).
TEXTS = TextTable("notation", {
    "message": "cannot read the move {text}: {problem}",
    "understood": "understood so far: {understood}",
    "example": "write it like: {example}",
    "or-compact": "{example} (or {compact})",
    "several": "this holds {count} moves ({shown}): give one",
    "empty": "the move is empty",
    "no-move": "it names no move, only words such as {fillers} around one",
    "quote": "a quote is not closed",
    "did-you-mean": "; did you mean {word}?",
    "joined": "a move names where the card comes from and where it goes, joined by {join} or '>'",
    "from": "from {place}",
    "onto": "onto {place}",
    "card-from-where": "say where the {card} comes from: {sources}",
    "no-pile-source": "{word} names no pile (where the card comes from): use {piles}",
    "no-pile-target": "{word} names no pile (where the card goes): use {piles}",
    "nothing": "nothing",
    "not-a-number": "{word} is not a card or a pile number",
    "not-a-card": "{word} is not a card: cards are 1 to 12 and SB",
    "which-pile": "say which pile: build pile or discard pile",
    "nobodys-build": "build piles belong to nobody: say which build pile, 1 to 4",
    "not-onto-stock": "cards go onto a build pile or a discard pile, not onto a stock",
    "not-onto-hand": "cards go onto a build pile or a discard pile, not onto a hand",
    "which-build": "say which build pile, 1 to 4",
    "which-discard": "say which discard pile, 1 to 4",
    "others-hand": "nobody plays from another player's hand",
    "one-hand-card": "name the one hand card you play",
    "single-card": "a stock shows a single card",
    "value-onto-build": "a card is played as a value only onto a build pile",
    "say-value": "say the value the wild stands for, as in {example}",
    "how-many": "say how many cards, as in {example}",
    "at-most": "a draw takes five cards at most, not {count}",
    "a-draw": "a draw",
    "a-hand-card": "a hand card",
    "a-stock-card": "a stock card",
    "a-build-pile": "a build pile",
    "a-discard-card": "a card from a discard pile",
    "a-card-from-hand": "a card from the hand",
    "a-discard-pile-card": "a discard-pile card",
    "a-wild-value": "a wild played as a value",
    "a-build-by-card": "a build pile named by its card",
    "onto-a-build": "onto a build pile",
    "onto-a-discard": "onto a discard pile",
    "a-pile-stock": "a stock pile",
    "a-pile-hand": "a hand pile",
    "a-pile-discard": "a discard pile",
    "a-pile-build": "a build pile",
    "owned-pile-stock": "{owner} stock pile",
    "owned-pile-hand": "{owner} hand pile",
    "owned-pile-discard": "{owner} discard pile",
    "owned-pile-build": "{owner} build pile",
    "place-stock": "stock",
    "place-hand": "hand",
    "place-discard": "discard",
    "place-build": "build",
    "owned-place": "{owner}:{place}",
    "card-said": "the {card}",
    "owned-card-said": "{owner} {card}",
})
#: The moves the reader's messages show, said in the language in use; each reads back in it (a comma between
#: two moves).
EXAMPLES = TextTable("notation-example", {
    "general": "stock to build 2, hand 5 to build 1, discard 3 to build 1, hand 9 to discard 2, draw, end",
    "one": "stock to build 2",
    "stock": "stock to build 2",
    "hand": "hand 5 to build 1",
    "discard": "discard 3 to build 1",
    "build": "stock to build 2",
    "draw": "draw, draw 5 cards, draw 3 7 SB 9 1",
    "draw-count": "draw 5 cards",
    "draw-named": "draw 3 7 SB 9 1",
    "quote": '"Anna Lee":stock to build 1',
    "card-first": "the 5 from my hand to build 1",
    "build-pile": "hand 5 to build pile 3",
    "to-build": "hand 5 to build 2",
    "to-discard": "hand 9 to discard 2",
    "to-card": "the 4 on the 3",
    "onto": "hand 5 to build 1, hand 9 to discard 2",
    "wild": "the SB on build 1 as a 5",
})
#: The words to type that the reader's messages name, said in the language a move is read in.
SAID = TextTable("notation-words", {
    "join": "'to'",
    "fillers": "'the', 'my'",
    "sources": "hand, stock, discard",
    "piles": "stock, hand, discard N, build N",
    "targets": "build N, discard N",
})
#: The compact form beside an example, the same in every language.
COMPACT = {"stock": "s>b2", "hand": "h5>b1", "discard": "d3>b1"}


def example_move(key: str, language: str = ENGLISH) -> str:
    """The example ``key`` of ``EXAMPLES`` said in ``language``, the language the move is read in (a file's:
    English), with its compact form where it has one."""
    said = said_example(key, language)
    return TEXTS.text("or-compact", example=said, compact=COMPACT[key]) if key in COMPACT else said


def said_example(key: str, language: str = ENGLISH) -> str:
    """The example move(s) ``key`` of ``EXAMPLES`` as a reader of ``language`` types them."""
    with speaking(language):
        return EXAMPLES.text(key)


def said_words(key: str, language: str = ENGLISH) -> str:
    """The words ``key`` of ``SAID`` as a reader of ``language`` types them."""
    with speaking(language):
        return SAID.text(key)


class NotationError(ValueError):
    """A move text that cannot be read; says what was understood and shows the right form (``example``: the
    right form, said in the language in use; the general examples by default)."""

    def __init__(self, text: str, problem: str, understood: str = "", example: Optional[str] = None):
        self.text = text
        self.problem = problem
        self.understood = understood
        self.example = example_move("general") if example is None else example
        super().__init__(self.message)

    @property
    def message(self) -> str:
        parts = [TEXTS.text("message", text=quoted(self.text, 60), problem=self.problem)]
        if self.understood:
            parts.append(TEXTS.text("understood", understood=self.understood))
        parts.append(TEXTS.text("example", example=self.example))
        return "; ".join(parts)

"""Reading and writing moves: the canonical and compact notations, and table talk.

Canonical form: ``stock to build 2``, ``hand 5 to build 1``, ``Anna:discard 2
to build 4``, ``hand 9 to discard 2``, ``draw``, ``draw 3 7 SB 9 1``, ``draw 5
cards``, ``end``. Compact form: ``s>b2``, ``h5>b1``, ``Anna:d2>b4``, ``h9>d2``.

Table talk reads too, through one grammar over a language's words (the
tables of ``tutor.engine.words``; English unless a language is given):
``my`` and ``the`` are filler; ``on``, ``onto``, ``to`` and ``>`` join the
source and the target; the card may come first (``the 5 from my hand on build
pile 1``) or alone (``the 3 onto build 3``); a possessive names an owner
(``Cleo's stock``, ``Cleo's 9``); several moves may come in one text, a new
move starting after each target. ``discard pile 2`` (the word ``pile`` said)
names a pile; with a discard pile as the target, ``discard 9`` is the verb and
the 9 a hand card. Text is normalised first (NFKC, case folding), so
``ſtock`` is ``stock``.

A reading places every word said: a move is read only up to words that
cannot be placed, and one read before them is kept only where a separator
(``then``, a comma) ends it, so no ruling is ever given on part of a phrase
with the rest dropped. A bare ``pile 3`` is either kind (a discard pile after
a discard verb, a build pile with a wild's value said); ``the empty pile`` is
one the position shows empty.

A phrase may have more than one reading: ``discard 3`` is discard pile 3, or
the 3 on top of one of your discard piles; a card alone is the card in the
hand, on the stock or on a discard pile (``CARD_PLACES``). ``parse_phrase``
gives every reading (the first is the canonical one); ``reading.read_move``
picks the one a position allows, or reports the ambiguity.
"""

from __future__ import annotations

import re
from typing import NamedTuple, Optional

from ..i18n import speaking
from ..i18n.grammar import genitive
from ..i18n.tables import TextTable
from .cards import SKIP_BO, Card, CardError, card_label, is_short_number, parse_card, quoted, the_card
from .moves import PARTNER as PARTNER_OWNER
from .moves import Draw, EndTurn, Move, PileKind, Place, Transfer
from .text import fold, normalised
from .words import (AS, CARD, COUNT, DRAW, EMPTY, END, ENGLISH, FILLER, FROM, JOIN, NUMBER, ORDINAL, PARTNER, PILE,
                    PILE_WORD, QUESTION, SEPARATOR, Vocabulary, vocabulary)

NAME, OTHER = "name", "other"
#: Words read past between the parts of a move.
_PASSED = (FILLER, COUNT, FROM, PILE_WORD, QUESTION, SEPARATOR)
#: The marks that end one move said and start the next ("stock to build 1, then hand 5 to build 2").
_SEPARATING_MARKS = re.compile(r"[,;.]")

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
MOST_DRAWN = 5
#: Where a card said with no pile may be, in the order of its readings: the hand, a stock, a discard pile.
CARD_PLACES = (PileKind.HAND, PileKind.STOCK, PileKind.DISCARD)

_PIECES = re.compile(r'"(?P<quoted>[^"]*)"|(?P<join>->|>)|(?P<colon>:)|(?P<open>")'
                     r"|(?P<gap>(?:[\s,?!;]|\.(?=\s|$))+)|(?P<chunk>(?:[^\s:>\",?!;.-]|-(?!>)|\.(?!\s|$))+)")
_RUNS = re.compile(r"\d+|[^\W\d_]+|[\W_]")
_NEEDS_QUOTES = re.compile(r"[\s:>,\"?!;]|->")


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


class Token(NamedTuple):
    kind: str
    value: object
    text: str  # as typed (normalised), for names and messages
    start: int
    end: int
    spelled: bool = False  # a number written as a word ("five")


class Phrase(NamedTuple):
    """One move as typed, with every move it can mean (the canonical reading first)."""

    text: str
    readings: tuple[Move, ...]


def parse_move(text: str, language: str = ENGLISH) -> Move:
    """Read one move; a phrase with several readings gives its canonical one."""
    return parse_phrase(text, language).readings[0]


def parse_phrase(text: str, language: str = ENGLISH) -> Phrase:
    """Read one move with all its readings."""
    phrases = parse_phrases(text, language)
    if len(phrases) != 1:
        shown = "; ".join(repr(p.text) for p in phrases[:2]) + ("; ..." if len(phrases) > 2 else "")
        raise NotationError(text, TEXTS.text("several", count=len(phrases), shown=shown), "",
                            example_move("one", language))
    return phrases[0]


def parse_phrases(text: str, language: str = ENGLISH) -> list[Phrase]:
    """Read every move in ``text``, said in ``language``; a new move starts after each target pile."""
    phrases, error = read_phrases(text, language)
    if error is not None:
        raise error
    return phrases


def read_phrases(text: str, language: str = ENGLISH) -> tuple[list[Phrase], Optional[NotationError]]:
    """The moves in ``text`` up to the first that cannot be read, and why that one cannot (None: all read).

    Every word said belongs to a move read, or the text is not read that far: a move is kept before one that
    cannot be read only when a separator (``then``, a comma) ends it, and the error then quotes the words from
    the first move not kept. ``I'm done`` said beside a discard is the discard that ends the turn.
    """
    words = vocabulary(language)
    clean = normalised(text)
    try:
        tokens = _tokens(text, clean, words)
    except NotationError as error:
        return [], error
    if not tokens:
        return [], NotationError(text, TEXTS.text("empty"), "", example_move("general", language))
    reader = _Reader(text, clean, tokens, words)
    said: list[_Said] = []
    error = None
    while True:
        start = reader.position  # the words before a move ("the 5 from ...") are part of what was said
        if not reader.more():
            break
        if said and any(token.kind == SEPARATOR for token in tokens[start:reader.position]):
            said[-1] = said[-1]._replace(separated=True)
        reader.started = start
        try:
            readings = reader.move()
        except NotationError as failed:
            error = failed
            break
        while tokens[start].kind == SEPARATOR:
            start += 1
        said.append(_Said(start, reader.position - 1, readings))
    if error is not None:
        kept = max((index + 1 for index, move in enumerate(said) if move.separated), default=0)
        unread_from = said[kept].first if kept < len(said) else start
        error = NotationError(_words_from(clean, tokens, unread_from) if kept else text, error.problem,
                              error.understood, error.example)
        said = said[:kept]
    phrases = [Phrase(" ".join(clean[tokens[move.first].start:tokens[move.last].end].split()), move.readings)
               for move in _discards_said_to_end(said)]
    if not phrases and error is None:
        return [], NotationError(text, TEXTS.text("no-move", fillers=said_words("fillers", language)), "",
                                 example_move("general", language))
    return phrases, error


class _Said(NamedTuple):
    """One move read: its first and last token, its readings, and whether a separator follows it."""

    first: int
    last: int
    readings: tuple[Move, ...]
    separated: bool = False


def _words_from(clean: str, tokens: list[Token], first: int) -> str:
    """The words said from token ``first`` on, without the separators before them."""
    while first < len(tokens) and tokens[first].kind == SEPARATOR:
        first += 1
    return clean[tokens[first].start:].strip() if first < len(tokens) else clean.strip()


def _discards_said_to_end(said: list[_Said]) -> list[_Said]:
    """The moves with ``I'm done`` said beside a discard made one with it: the discard is what ends the turn."""
    merged: list[_Said] = []
    for move in said:
        previous = merged[-1] if merged else None
        if previous is not None and (_is_end(previous) and _is_discard(move) or _is_discard(previous) and _is_end(move)):
            kept = move if _is_discard(move) else previous
            merged[-1] = _Said(previous.first, move.last, kept.readings, move.separated)
        else:
            merged.append(move)
    return merged


def _is_end(move: _Said) -> bool:
    return all(isinstance(reading, EndTurn) for reading in move.readings)


def _is_discard(move: _Said) -> bool:
    return all(isinstance(reading, Transfer) and reading.is_discard for reading in move.readings)


def is_question(text: str, language: str = ENGLISH) -> bool:
    """True for a text that asks something: it ends with a question mark or opens with a question word."""
    clean = fold(text).strip()
    first = clean.split(maxsplit=1)[0] if clean else ""
    return clean.endswith("?") or vocabulary(language).kind(first) == (QUESTION, None)


# -- words ----------------------------------------------------------------------


def _tokens(text: str, clean: str, words: Vocabulary) -> list[Token]:
    tokens: list[Token] = []
    ordinals = set()
    if words.ordinal_ending is not None:  # "2:a", "2.": the digit alone, an ordinal if a pile word follows
        ordinals = {ending.start() - 1 for ending in words.ordinal_ending.finditer(clean)}
        clean = words.ordinal_ending.sub(lambda ending: " " * len(ending.group()), clean)
    if words.card_ending is not None:  # "7:an", "9'eren": the digit alone, each character kept in its place
        clean = words.card_ending.sub(lambda ending: " " * len(ending.group()), clean)
    if words.opening is not None:  # "is it legal to put my 7 on the 6?": the move asked about
        clean = words.opening.sub(lambda opening: " " * len(opening.group()), clean, count=1)
    pieces = list(_PIECES.finditer(clean))
    for index, piece in enumerate(pieces):
        kind = piece.lastgroup
        start, end = piece.span()
        if kind == "gap":
            if _SEPARATING_MARKS.search(piece.group()):
                tokens.append(Token(SEPARATOR, None, piece.group().strip(), start, end))
            continue
        if kind == "open":
            raise NotationError(text, TEXTS.text("quote"), "", example_move("quote", words.language))
        if kind == "quoted":
            tokens.append(Token(NAME, piece["quoted"], piece["quoted"], start, end))
        elif kind == "join":
            tokens.append(Token(JOIN, None, piece.group(), start, end))
        elif kind == "colon":
            if not tokens or tokens[-1].kind != NAME:
                tokens.append(Token(OTHER, None, ":", start, end))
        else:
            solid = [after for after in pieces[index + 1:] if after.lastgroup != "gap"]
            before_colon = bool(solid) and solid[0].lastgroup == "colon"
            found = _chunk_tokens(piece.group(), start, words, before_colon,
                                  bool(tokens) and tokens[-1].kind == NAME and tokens[-1].end == start)
            if len(found) == 1 and found[0].kind == NAME:  # "Anna Lee's": the words before belong to the name
                while tokens and tokens[-1].kind == OTHER and tokens[-1].text.isalpha():
                    first = tokens.pop()
                    name = clean[first.start:found[0].end].removesuffix(":")
                    name = name[:-2] if name.casefold().endswith(words.possessive) else name
                    found = [Token(NAME, name, name, first.start, found[0].end)]
            tokens.extend(found)
    return _ordinals(_paired(_subject_named(tokens, words), words), ordinals)


def _subject_named(tokens: list[Token], words: Vocabulary) -> list[Token]:
    """A name said first, as the one who plays (``Bo plays his 3``), made the owner of what follows: ``Bo's 3``."""
    if len(tokens) > 1 and tokens[0].kind == OTHER and tokens[0].text[:1].isupper() and tokens[0].text.isalpha() and (
            tokens[1].text.casefold() in words.subject_verbs):
        return [Token(NAME, tokens[0].text, tokens[0].text, tokens[0].start, tokens[0].end), *tokens[1:]]
    return tokens


def _ordinals(tokens: list[Token], starts: set[int]) -> list[Token]:
    """A digit written as an ordinal (``2:a``, ``2.``) made an ordinal where a pile word follows it: ``2:a
    byggstapeln`` is the second build pile, ``lägg 2:a på ...`` a card."""
    return [Token(ORDINAL, token.value, token.text, token.start, token.end, spelled=True)
            if token.kind == NUMBER and token.start in starts and index + 1 < len(tokens)
            and tokens[index + 1].kind == PILE else token
            for index, token in enumerate(tokens)]


def _paired(tokens: list[Token], words: Vocabulary) -> list[Token]:
    """Two words that are one card (``skip bo``) made one token."""
    if not words.wild_pairs:
        return tokens
    paired: list[Token] = []
    for token in tokens:
        previous = paired[-1] if paired else None
        if previous is not None and (previous.text.casefold(), token.text.casefold()) in words.wild_pairs:
            paired[-1] = Token(CARD, SKIP_BO, f"{previous.text} {token.text}", previous.start, token.end)
        else:
            paired.append(token)
    return paired


def _chunk_tokens(chunk: str, start: int, words: Vocabulary, before_colon: bool, after_name: bool) -> list[Token]:
    """A run of text between spaces and marks: an owner, a known word, or cards and numbers glued to words."""
    end = start + len(chunk)
    folded = chunk.casefold()
    if after_name and folded == words.possessive:  # "Anna Lee"'s stock
        return []
    if before_colon:
        return [Token(NAME, chunk, chunk, start, end)]
    if words.kind(folded) is not None:
        return [_word(chunk, start, words)]
    if folded.endswith("'") and len(chunk) > 1 and (words.bare_genitive or folded.endswith("s'")):  # "Lars'"
        return [Token(NAME, chunk[:-1], chunk[:-1], start, end)]
    if folded.endswith(words.possessive) and len(chunk) > len(words.possessive):
        name = chunk[:-len(words.possessive)]
        return [Token(NAME, name, name, start, end)]
    tokens = []
    for run in _RUNS.finditer(chunk):
        word, at = run.group(), start + run.start()
        lower = word.casefold()
        wild = lower[1:]
        if len(lower) == len(word) > 1 and lower[0] in words.letters and words.kind(wild) == (CARD, SKIP_BO):  # "hsb": h, sb
            tokens += [_word(word[0], at, words), _word(word[1:], at + 1, words)]
        elif words.kind(lower) is not None:
            tokens.append(_word(word, at, words))
        elif is_short_number(word):
            tokens.append(Token(NUMBER, int(word), word, at, at + len(word)))
        else:
            tokens.append(Token(OTHER, None, word, at, at + len(word)))
    return tokens


def _nearest_word(typed: str, words: Vocabulary) -> str:
    """``; did you mean 'stock'?`` for a word close to one the grammar knows, else nothing."""
    from difflib import get_close_matches  # only a move that cannot be read needs it

    known = [word for word, (kind, _) in words.kinds.items() if kind in (PILE, DRAW, END) and len(word) > 1]
    close = get_close_matches(fold(typed), known, n=1, cutoff=0.75)
    return TEXTS.text("did-you-mean", word=repr(close[0])) if close else ""


def _word(word: str, start: int, words: Vocabulary) -> Token:
    kind, value = words.kind(word.casefold())
    return Token(kind, value, word, start, start + len(word), spelled=kind in (NUMBER, ORDINAL))


# -- the grammar ------------------------------------------------------------------


class _Side(NamedTuple):
    kind: Optional[PileKind]  # None: a card named with no pile ("the 3 onto build 3")
    owner: Optional[str]
    numbers: list[Token]
    first: Optional[Token]  # a card named before its pile ("the 5 from my hand")
    letter: bool  # the pile was written by its letter (the compact form)
    pile_said: bool = False  # "discard pile 2", "the second discard pile": the number names a pile
    empty: bool = False  # "my empty pile", "a new pile": the pile the position shows empty


class _Reader:
    """Reads moves off a list of tokens, one at a time."""

    def __init__(self, text: str, clean: str, tokens: list[Token], words: Vocabulary):
        self.text, self.clean, self.tokens, self.words, self.position = text, clean, tokens, words, 0
        self.started = 0  # where the move being read starts

    def more(self) -> bool:
        self.skip_filler()
        return self.position < len(self.tokens)

    def peek(self) -> Optional[Token]:
        return self.tokens[self.position] if self.position < len(self.tokens) else None

    def take(self) -> Token:
        token = self.tokens[self.position]
        self.position += 1
        return token

    def joining(self, index: Optional[int] = None) -> bool:
        """True when the token at ``index`` (the next one) joins a source to a target: a joining word, or a
        number the language also joins with (Danish ``to``) when a pile or an owner follows it."""
        index = self.position if index is None else index
        if index >= len(self.tokens):
            return False
        token = self.tokens[index]
        if token.kind == JOIN:
            return True
        after = self.tokens[index + 1] if index + 1 < len(self.tokens) else None
        return (token.text.casefold() in self.words.joins_too and after is not None
                and after.kind in (PILE, NAME, PARTNER, ORDINAL))

    def skip_filler(self) -> None:
        while self.peek() is not None and self.peek().kind in _PASSED:
            self.position += 1

    def fail(self, problem: str, understood: str = "", shown: Optional[str] = None) -> NotationError:
        """The error for ``problem`` (a text of ``TEXTS``, filled in), with ``understood`` and the example
        ``shown`` (the general examples by default)."""
        return NotationError(self.text, problem, understood, self.example("general") if shown is None else shown)

    def example(self, key: str) -> str:
        """The example ``key`` said in the language this reader reads."""
        return example_move(key, self.words.language)

    def said(self, key: str) -> str:
        """The words ``key`` of ``SAID`` in the language this reader reads."""
        return said_words(key, self.words.language)

    def unjoined(self, understood: str = "") -> NotationError:
        """The error for a move whose source and target are not joined."""
        return self.fail(TEXTS.text("joined", join=self.said("join")), understood)

    def unplaced(self, card: Token) -> NotationError:
        """The error for a card said with no pile it comes from."""
        problem = TEXTS.text("card-from-where", card=card.text, sources=self.said("sources"))
        return self.fail(problem, shown=self.example("card-first"))

    # -- a whole move --

    def move(self) -> tuple[Move, ...]:
        self.skip_filler()
        token = self.peek()
        if token.kind == AS and self.position + 1 < len(self.tokens) and self.tokens[self.position + 1].kind == END:
            self.take()  # "jag är färdig": the verb "to be", before the end of the turn
            token = self.peek()
        if token.kind == END:
            self.take()
            return (EndTurn(),)
        if token.kind == DRAW:
            self.take()
            return (self.draw(),)
        if self.joining():
            return self.target_first()
        try:
            source = self.side(is_source=True)
        except NotationError as error:
            raise self.with_target_understood(error) from None
        value = self.value_said()  # "SB as a 4 on build 3"
        self.skip_filler()
        if not self.joining():
            raise self.unjoined(TEXTS.text("from", place=self.describe(source)))
        self.take()
        self.skip_filler()
        if self.peek() is None:
            raise self.unjoined(TEXTS.text("from", place=self.describe(source)))
        try:
            onto = self.side(is_source=False)
            value = self.value_said() if value is None else value  # "the wild on build 1 as a 5"
            discarding = self.discarding(source)
            targets = self.targets(onto, value, discarding)
        except NotationError as error:
            if error.understood:
                raise
            raise self.fail(error.problem, TEXTS.text("from", place=self.describe(source)), error.example) from None
        if source.kind is None and self.peek() is not None and self.peek().kind == FROM:
            source = self.source_after(source)
        return self.transfers(source, targets, value)

    def target_first(self) -> tuple[Move, ...]:
        """A move that says where the card goes first: ``on build 2, my 7``."""
        self.take()
        self.skip_filler()
        if self.peek() is None:
            raise self.unjoined()
        onto = self.side(is_source=False)
        value = self.value_said()
        targets = self.targets(onto, value, discarding=False)
        self.skip_filler()
        if self.peek() is None or self.peek().kind in (END, DRAW) or self.joining():
            raise self.unjoined(TEXTS.text("onto", place=place_words(targets[0])))
        source = self.side(is_source=True, alone=True)
        return self.transfers(source, targets, self.value_said() if value is None else value)

    def transfers(self, source: _Side, targets: tuple[Place, ...], value: Optional[Card]) -> tuple[Transfer, ...]:
        moves = []
        for target in targets:
            if value is not None and target.kind is not PileKind.BUILD:
                raise self.fail(TEXTS.text("value-onto-build"), TEXTS.text("onto", place=place_words(target)),
                                self.example("wild"))
            moves += [Transfer(place, target, card, value) for place, card in self.sources(source, target)]
        return tuple(moves)

    def value_said(self) -> Optional[Card]:
        """The value a wild is said to stand for (``as a 5``), or None."""
        if self.peek() is None or self.peek().kind != AS:
            return None
        self.take()
        self.skip_filler()
        token = self.peek()
        if token is None or token.kind != NUMBER:
            problem = TEXTS.text("say-value", example=repr(said_example("wild", self.words.language)))
            raise self.fail(problem, TEXTS.text("a-wild-value"), self.example("wild"))
        return self.card(self.take(), TEXTS.text("a-wild-value"), self.example("wild"))

    def with_target_understood(self, error: NotationError) -> NotationError:
        """A source that cannot be read: say what the target reads as, if it can be read."""
        joins = [i for i in range(self.position, len(self.tokens)) if self.joining(i)]
        if error.understood or not joins:
            return error
        ahead = _Reader(self.text, self.clean, self.tokens, self.words)
        ahead.position = joins[0] + 1
        try:
            target = ahead.target(ahead.side(is_source=False))
        except NotationError:
            return error
        return self.fail(error.problem, TEXTS.text("onto", place=place_words(target)), error.example)

    def draw(self) -> Draw:
        up_to = False
        while self.peek() is not None and self.peek().text.casefold() in self.words.draw_up_to:  # "draw up to five"
            up_to = bool(self.take())
        if up_to and self.peek() is not None and self.peek().kind == NUMBER and self.peek().value == MOST_DRAWN:
            self.take()  # "draw up to five" is the draw to a full hand, however many cards that takes
            if self.peek() is not None and self.peek().kind == COUNT:
                self.take()
            return Draw()
        numbers: list[Token] = []
        after = self.tokens[self.position + 1] if self.position + 1 < len(self.tokens) else None
        if self.peek() is not None and self.peek().text.casefold() in self.words.one and after is not None and (
                after.kind == COUNT):  # "draw a card": a count of one
            self.position += 2
            return Draw(count=1)
        while self.peek() is not None and self.peek().kind in (NUMBER, CARD, OTHER):
            numbers.append(self.take())
            if self.listing_on():  # "draw 3, 7, SB": the cards drawn, a comma between two
                self.take()
        counted = self.peek() is not None and self.peek().kind == COUNT
        if counted:
            self.take()
        if counted or (len(numbers) == 1 and numbers[0].spelled):
            if len(numbers) != 1 or numbers[0].kind != NUMBER:
                raise self.fail(TEXTS.text("how-many", example=repr(said_example("draw-count", self.words.language))),
                                TEXTS.text("a-draw"), self.example("draw"))
            count = numbers[0].value
            if count > MOST_DRAWN:
                raise self.fail(TEXTS.text("at-most", count=count), TEXTS.text("a-draw"), self.example("draw"))
            return Draw(count=count)
        if len(numbers) > MOST_DRAWN:
            raise self.fail(TEXTS.text("at-most", count=len(numbers)), TEXTS.text("a-draw"), self.example("draw-named"))
        return Draw(tuple(self.card(token, TEXTS.text("a-draw"), self.example("draw")) for token in numbers))

    def listing_on(self) -> bool:
        """True at a mark (a comma) between two cards of one list."""
        after = self.tokens[self.position + 1] if self.position + 1 < len(self.tokens) else None
        return (self.peek() is not None and self.peek().kind == SEPARATOR and not self.peek().text.isalpha()
                and after is not None and after.kind in (NUMBER, CARD))

    # -- one side of a transfer --

    def side(self, *, is_source: bool, alone: bool = False) -> _Side:
        """One side of a move: an owner, a card said first, a pile and its numbers (``alone``: the card may end the
        move, as in ``on build 2, my 7``)."""
        self.skip_filler()
        first = self.card_named_first() if is_source else None
        owner = self.owner()
        self.skip_filler()
        if is_source and first is None and owner is not None:  # "Cleo's 9"
            first = self.card_named_first()
        ordinal = self.take() if self.peek() is not None and self.peek().kind == ORDINAL else None
        token = self.peek()
        if ordinal is not None and token is not None and token.kind == PILE_WORD:  # "my second pile"
            self.take()
            return _Side(None, owner, [_as_number(ordinal)], first, False, pile_said=True)
        if not is_source and ordinal is None and token is not None and token.kind == EMPTY:  # "my empty pile"
            return self.empty_side(owner)
        if first is not None and ordinal is None and self.joining():
            located = self.located(first)  # "the 6 on my stock onto build 1"
            if located is not None:
                return located
            return _Side(None, owner, [], first, False)  # "the 3 onto build 3": no pile named
        if first is not None and ordinal is None and (token is None or token.kind == AS or (
                alone and token.kind != PILE)):  # "SB as a 4 on build 3"; "on build 2, my 7"
            if token is None and not alone:
                raise self.unplaced(first)
            return _Side(None, owner, [], first, False)
        if not is_source and ordinal is None and token is not None and token.kind in (NUMBER, CARD):
            if self.position and self.tokens[self.position - 1].kind == PILE_WORD:  # "on pile 3": no kind said
                return _Side(None, owner, [self.take()], None, False, pile_said=True)
            return _Side(None, owner, [], self.take(), False)  # "my 4 on the 3": the build pile showing a 3
        if token is None or token.kind != PILE:
            if first is not None:
                raise self.unplaced(first)
            shown = token.text if token is not None else TEXTS.text("nothing")
            problem = (TEXTS.text("no-pile-source", word=quoted(shown), piles=self.said("piles")) if is_source
                       else TEXTS.text("no-pile-target", word=quoted(shown), piles=self.said("targets")))
            raise self.fail(problem + _nearest_word(shown, self.words))
        return self.pile_side(owner, first, ordinal, is_source)

    def empty_side(self, owner: Optional[str]) -> _Side:
        """``empty pile``, ``new build pile``: a target the position shows empty."""
        self.take()
        kind = self.take().value if self.peek() is not None and self.peek().kind == PILE else None
        if self.peek() is not None and self.peek().kind == PILE_WORD:
            self.take()
        return _Side(kind, owner, [], None, False, pile_said=True, empty=True)

    def source_after(self, source: _Side) -> _Side:
        """The pile a card comes from, said after the target (``the 5 onto the 4 from my hand``); the card alone
        when no pile follows."""
        start = self.position
        ahead = self._source_pile_ahead()
        if ahead is not None:
            owner, ordinal = ahead
            return self.pile_side(owner or source.owner, source.first, ordinal, is_source=True)
        self.position = start
        return source

    def located(self, first: Token) -> Optional[_Side]:
        """``on my stock`` after a card, when a join follows it: where the card lies. None (nothing read) when the
        words after the join are the move's target instead."""
        start = self.position
        ahead = self._source_pile_ahead()
        if ahead is not None:
            owner, ordinal = ahead
            side = self.pile_side(owner, first, ordinal, is_source=True)
            self.skip_filler()
            if self.joining() or (self.peek() is not None and self.peek().kind == AS):
                return side
        self.position = start
        return None

    def _source_pile_ahead(self) -> Optional[tuple[Optional[str], Optional[Token]]]:
        """Past the join word at hand, a pile a card can come from (any but a build pile): its owner and ordinal,
        the reader left on its pile word; None when no such pile is said next."""
        self.take()
        self.skip_filler()
        owner = self.owner()
        self.skip_filler()
        ordinal = self.take() if self.peek() is not None and self.peek().kind == ORDINAL else None
        token = self.peek()
        if token is not None and token.kind == PILE and token.value is not PileKind.BUILD:
            return owner, ordinal
        return None

    def pile_side(self, owner: Optional[str], first: Optional[Token], ordinal: Optional[Token],
                  is_source: bool) -> _Side:
        """The side from its pile word on: ``build pile 2``, ``discard 3 9``, ``the second discard pile``."""
        token = self.take()
        pile_said = ordinal is not None
        one = None
        while self.peek() is not None and self.peek().kind in _PASSED and self.peek().kind != FROM:  # "build pile 2"
            if ordinal is None and self.says_one():  # "stapel ett", "byggebunke en": pile 1
                one = Token(NUMBER, 1, self.peek().text, self.peek().start, self.take().end, spelled=True)
                break
            pile_said = self.take().kind == PILE_WORD or pile_said
        if ordinal is not None:  # "the second build pile"
            numbers = [_as_number(ordinal)]
        elif one is not None:
            numbers = [one, *(self.side_numbers(is_source) if is_source else [])]
        else:
            numbers = self.side_numbers(is_source)
        for number in numbers:
            if number.kind == OTHER:
                raise self.fail(TEXTS.text("not-a-number", word=quoted(number.text)),
                                self.kind_words(token.value, owner), self.example(token.value.value))
        pile_said = pile_said or token.text.casefold() not in self.words.pile_verbs  # "avläggshög 9" is a pile
        return _Side(token.value, owner, numbers, first, len(token.text) == 1, pile_said)

    def says_one(self) -> bool:
        """True when the next word, an article that also counts one (Swedish ``ett``), is the number of the pile
        before it: no card or number follows it."""
        after = self.tokens[self.position + 1] if self.position + 1 < len(self.tokens) else None
        return self.peek().text.casefold() in self.words.one and (after is None or after.kind not in (
            NUMBER, CARD, COUNT, OTHER))

    def side_numbers(self, is_source: bool) -> list[Token]:
        """The numbers after a pile: its number, and the card on it (a target takes one number)."""
        numbers = []
        while self.peek() is not None and self.peek().kind in (NUMBER, CARD, OTHER) and not self.joining():
            numbers.append(self.take())
            if not is_source:  # a target takes one number; what follows starts the next move
                break
            self.skip_filler()
        return numbers

    def owner(self) -> Optional[str]:
        """The owner a possessive names (``Cleo's``, ``Cleo:``, ``my partner's``, in Swedish and Danish ``Annas``
        before a pile or a card), or None."""
        token = self.peek()
        if token is not None and token.kind == OTHER and self.words.bare_genitive and token.text[-1:] in "s'":
            after = self.tokens[self.position + 1] if self.position + 1 < len(self.tokens) else None
            if after is not None and after.kind in (PILE, NUMBER, CARD):
                return self.take().text  # "Annas": a position tells Anna from a player called Annas
        if token is None or token.kind not in (NAME, PARTNER):
            return None
        self.take()
        return PARTNER_OWNER if token.kind == PARTNER else token.value

    def card_named_first(self) -> Optional[Token]:
        """A card said before its pile (``the 5 from my hand``), or before the join when no pile is said."""
        if self.peek() is None or self.peek().kind not in (NUMBER, CARD):
            return None
        first = self.take()
        self.skip_filler()
        return first

    def discarding(self, source: _Side) -> bool:
        """True when the move is said with a discard verb: ``discard the 9``, Swedish ``släng nian``."""
        return (source.kind is PileKind.DISCARD and not (source.pile_said or source.letter)) or any(
            token.text.casefold() in self.words.discard_verbs for token in self.tokens[self.started:self.position])

    def targets(self, side: _Side, value: Optional[Card], discarding: bool) -> tuple[Place, ...]:
        """Every pile the card may go to. A bare ``pile 3`` is a discard pile after the verb (``discard the 9 on
        pile 3``), a build pile for a wild's ``value``, else either; ``the empty pile`` is a pile of that kind
        that the position shows empty."""
        if side.kind is None and side.pile_said:
            kinds = ((PileKind.DISCARD,) if discarding else (PileKind.BUILD,) if value is not None
                     else (PileKind.BUILD, PileKind.DISCARD))
            if side.empty:
                return tuple(Place(kind) for kind in kinds)
            if side.numbers[0].kind != NUMBER:
                raise self.fail(TEXTS.text("which-pile"), "", self.example("build-pile"))
            return tuple(Place(kind, side.numbers[0].value) for kind in kinds)
        if side.empty:
            if side.kind not in (PileKind.BUILD, PileKind.DISCARD):
                raise self.fail(TEXTS.text(f"not-onto-{side.kind.value}"), "", self.example("onto"))
            return (Place(side.kind, None, side.owner),)
        return (self.target(side, value),)

    def target(self, side: _Side, value: Optional[Card] = None) -> Place:
        """Where the card goes; ``value``, a wild's value said, makes a bare ``pile 3`` a build pile."""
        if side.kind is None and side.pile_said:
            if value is None or side.numbers[0].kind != NUMBER:
                raise self.fail(TEXTS.text("which-pile"), "", self.example("build-pile"))
            return Place(PileKind.BUILD, side.numbers[0].value)
        if side.kind is None:  # a build pile named by its top card
            if side.owner is not None:
                raise self.fail(TEXTS.text("nobodys-build"), "", self.example("to-build"))
            top = self.card(side.first, TEXTS.text("a-build-by-card"), self.example("to-card"))
            return Place(PileKind.BUILD, top=top)
        if side.kind not in (PileKind.BUILD, PileKind.DISCARD):
            raise self.fail(TEXTS.text(f"not-onto-{side.kind.value}"), "", self.example("onto"))
        if len(side.numbers) != 1 or side.numbers[0].kind != NUMBER:
            raise self.fail(TEXTS.text(f"which-{side.kind.value}"), TEXTS.text(f"onto-a-{side.kind.value}"),
                            self.example(f"to-{side.kind.value}"))
        return Place(side.kind, side.numbers[0].value, side.owner)

    def sources(self, side: _Side, target: Place) -> list[tuple[Place, Optional[Card]]]:
        """Every reading of the source side: the pile, and the card it names."""
        kind, owner, numbers, first = side.kind, side.owner, side.numbers, side.first
        onto = TEXTS.text("onto", place=place_words(target))
        cards = [first] if first is not None else []
        if kind is None:  # the card alone: each pile of the owner that could show it, the hand first
            card = self.card(first, onto, self.example("card-first"))
            if owner is None and target.kind is PileKind.DISCARD:  # only a hand card is discarded
                return [(Place(PileKind.HAND), card)]
            if owner is None:
                return [(Place(shown_by), card) for shown_by in CARD_PLACES]
            # a named owner's hand comes last: it is only a reading when they are the player to move
            return [(Place(shown_by, None, owner), card) for shown_by in CARD_PLACES[1:] + CARD_PLACES[:1]]
        if kind is PileKind.HAND:
            if owner is not None:
                raise self.fail(TEXTS.text("others-hand"), onto, self.example(kind.value))
            if len(cards + numbers) != 1:
                raise self.fail(TEXTS.text("one-hand-card"), TEXTS.text("a-hand-card"), self.example(kind.value))
            card = self.card((cards + numbers)[0], TEXTS.text("a-card-from-hand"), self.example(kind.value))
            return [(Place(kind), card)]
        if kind is PileKind.STOCK:
            if len(cards + numbers) > 1:
                raise self.fail(TEXTS.text("single-card"), TEXTS.text("a-stock-card"), self.example(kind.value))
            shown = cards + numbers
            return [(Place(kind, None, owner),
                     self.card(shown[0], TEXTS.text("a-stock-card"), self.example(kind.value)) if shown else None)]
        if kind is PileKind.BUILD:
            if len(numbers) != 1 or numbers[0].kind != NUMBER:
                raise self.fail(TEXTS.text("which-build"), TEXTS.text("a-build-pile"), self.example(kind.value))
            return [(Place(kind, numbers[0].value), None)]
        which = self.fail(TEXTS.text("which-discard"), TEXTS.text("a-discard-card"), self.example(kind.value))
        if first is not None or len(numbers) == 2:  # a pile and its card, or the card alone ("the 8 from discard")
            piles, named = (numbers, first) if first is not None else (numbers[:1], numbers[1])
            if len(piles) > 1 or (piles and piles[0].kind != NUMBER):
                raise which
            number = piles[0].value if piles else None
            card = self.card(named, TEXTS.text("a-discard-pile-card"), self.example(kind.value))
            return [(Place(kind, number, owner), card)]
        if not numbers:
            return [(Place(kind, None, owner), None)]  # "from my discard pile": the one pile with cards
        if len(numbers) != 1:
            raise which
        only = numbers[0]
        pile_named = side.letter or side.pile_said  # "d9", "discard pile 9": a pile, never a card
        if not pile_named and owner is None and target.kind is PileKind.DISCARD:  # "discard 9 on discard pile 2"
            return [(Place(PileKind.HAND), self.card(only, TEXTS.text("a-card-from-hand"), self.example("hand")))]
        if only.kind == CARD or (4 < only.value <= 12 and not pile_named):  # a number no pile has: the card
            card = self.card(only, TEXTS.text("a-discard-pile-card"), self.example(kind.value))
            return [(Place(kind, None, owner), card)]
        readings: list[tuple[Place, Optional[Card]]] = [(Place(kind, only.value, owner), None)]
        if 1 <= only.value <= 4 and not pile_named:  # "discard 3": pile 3, or the 3 on one of the piles
            readings.append((Place(kind, None, owner), only.value))
        return readings

    def card(self, token: Token, understood: str, shown: str) -> Card:
        if token.kind == CARD:
            return SKIP_BO
        try:
            return parse_card(token.value if token.spelled else token.text)
        except CardError:
            raise self.fail(TEXTS.text("not-a-card", word=quoted(token.text)), understood, shown) from None

    @staticmethod
    def kind_words(kind: PileKind, owner: Optional[str]) -> str:
        if owner:
            return TEXTS.text(f"owned-pile-{kind.value}", owner=genitive(owner))
        return TEXTS.text(f"a-pile-{kind.value}")

    @staticmethod
    def describe(side: _Side) -> str:
        if side.kind is None:
            if side.owner:
                return TEXTS.text("owned-card-said", owner=genitive(side.owner), card=side.first.text)
            return TEXTS.text("card-said", card=side.first.text)
        said = " ".join([TEXTS.text(f"place-{side.kind.value}"), *(n.text for n in side.numbers)])
        return TEXTS.text("owned-place", owner=side.owner, place=said) if side.owner else said


def _as_number(ordinal: Token) -> Token:
    """An ordinal said as the number of the pile it names: ``the second`` pile is pile 2."""
    return Token(NUMBER, ordinal.value, ordinal.text, ordinal.start, ordinal.end, spelled=True)


def place_words(place: Place) -> str:
    """``place`` as a message of the reader names it, in the language in use: ``build 1``, ``the 3``."""
    if place.number is None and place.top is not None:
        return the_card(place.top)
    said = " ".join([TEXTS.text(f"place-{place.kind.value}"), *([str(place.number)] if place.number else [])])
    return TEXTS.text("owned-place", owner=place.owner, place=said) if place.owner else said


# -- writing ------------------------------------------------------------------


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

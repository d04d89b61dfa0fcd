"""Cutting a move as typed into tokens: the words of a language's vocabulary, cards, numbers, names and marks."""

from __future__ import annotations

import re
from typing import NamedTuple, Optional

from ..cards import SKIP_BO, is_short_number
from ..text import fold
from ..words import CARD, DRAW, END, JOIN, NUMBER, ORDINAL, PILE, SEPARATOR, Vocabulary
from .messages import TEXTS, NotationError, example_move

NAME, OTHER = "name", "other"
#: The marks that end one move said and start the next ("stock to build 1, then hand 5 to build 2").
_SEPARATING_MARKS = re.compile(r"[,;.]")
_PIECES = re.compile(r'"(?P<quoted>[^"]*)"|(?P<join>->|>)|(?P<colon>:)|(?P<open>")'
                     r"|(?P<gap>(?:[\s,?!;]|\.(?=\s|$))+)|(?P<chunk>(?:[^\s:>\",?!;.-]|-(?!>)|\.(?!\s|$))+)")
_RUNS = re.compile(r"\d+|[^\W\d_]+|[\W_]")


class Token(NamedTuple):
    kind: str
    value: object
    text: str  # as typed (normalised), for names and messages
    start: int
    end: int
    spelled: bool = False  # a number written as a word ("five")


def tokens_of(text: str, clean: str, words: Vocabulary) -> list[Token]:
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
    next_kinds = _next_kinds(pieces)
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
            before_colon = next_kinds[index] == "colon"
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


def _next_kinds(pieces: list[re.Match[str]]) -> list[Optional[str]]:
    """For each piece, the kind of the first piece after it that is not a gap (None for the last): found in one
    pass, so that a long text is read in time that grows with its length."""
    kinds: list[Optional[str]] = []
    after = None
    for piece in reversed(pieces):
        kinds.append(after)
        if piece.lastgroup != "gap":
            after = piece.lastgroup
    return kinds[::-1]


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


def nearest_word(typed: str, words: Vocabulary) -> str:
    """``; did you mean 'stock'?`` for a word close to one the grammar knows, else nothing."""
    from difflib import get_close_matches  # only a move that cannot be read needs it

    known = [word for word, (kind, _) in words.kinds.items() if kind in (PILE, DRAW, END) and len(word) > 1]
    close = get_close_matches(fold(typed), known, n=1, cutoff=0.75)
    return TEXTS.text("did-you-mean", word=repr(close[0])) if close else ""


def _word(word: str, start: int, words: Vocabulary) -> Token:
    kind, value = words.kind(word.casefold())
    return Token(kind, value, word, start, start + len(word), spelled=kind in (NUMBER, ORDINAL))

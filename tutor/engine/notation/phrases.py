"""Reading the moves of a text: every move said, each with all its readings, or why one cannot be read."""

from __future__ import annotations

from typing import NamedTuple, Optional

from ..moves import EndTurn, Move, Transfer
from ..text import fold, normalised
from ..words import ENGLISH, SEPARATOR, vocabulary
from .grammar import Reader
from .messages import TEXTS, NotationError, example_move, said_words
from .tokens import Token, tokens_of

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
        tokens = tokens_of(text, clean, words)
    except NotationError as error:
        return [], error
    if not tokens:
        return [], NotationError(text, TEXTS.text("empty"), "", example_move("general", language))
    reader = Reader(text, clean, tokens, words)
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
    return clean.endswith("?") or first in vocabulary(language).questions

"""The reader is never confidently wrong: every phrasing of a move is read as that move, refused, or reported
as an ambiguity that lists it, in English, Swedish and Danish.

The phrasings come from ``paraphrases``, which writes them with words of its
own over random positions and their legal and illegal moves. A reader that
drops a word the speaker said (an owner, the pile a card comes from) reads
some of them as another move, and the property catches it. ``python
tests/test_paraphrases.py`` prints the phrasing table of docs/check.md.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from typing import Iterator, NamedTuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paraphrases import KINDS, LANGUAGES, Said, moves_in, phrasings, random_position, top_of
from tutor.engine.moves import Move, Transfer
from tutor.engine.notation import NotationError, format_move, read_phrases
from tutor.engine.notation.grammar import Reader
from tutor.engine.reading import AmbiguousMove, read_move
from tutor.engine.rules import UnknownPlayer
from tutor.engine.state import GameState
from tutor.engine.text import fold

READ, AMBIGUOUS, REFUSED = "read", "ambiguous", "refused"
POSITIONS, MOVES_PER_POSITION, PHRASINGS_PER_MOVE = 40, 10, 3


class Tried(NamedTuple):
    language: str
    said: Said
    intended: Transfer
    outcome: str  # READ, AMBIGUOUS, REFUSED, or what it was misread as


def outcome(state: GameState, intended: Transfer, text: str, language: str) -> str:
    """How the reader takes ``text``: READ as ``intended``, AMBIGUOUS with it among the readings, REFUSED, or a
    description of the misreading."""
    phrases, error = read_phrases(text, language)
    if phrases and error is not None:
        return f"{len(phrases)} move(s) read, the rest refused: {error.message}"
    if error is not None:
        return REFUSED
    if len(phrases) != 1:
        return f"{len(phrases)} moves: " + "; ".join(phrase.text for phrase in phrases)
    try:
        move = read_move(state, phrases[0], language)
    except AmbiguousMove as ambiguity:
        if any(same(state, reading, intended) for reading, _ in ambiguity.readings):
            return AMBIGUOUS
        return "an ambiguity without it: " + ", ".join(ambiguity.forms)
    except (NotationError, UnknownPlayer):
        return REFUSED
    return READ if same(state, move, intended) else format_move(move)


def same(state: GameState, read: Move, intended: Transfer) -> bool:
    """True when ``read`` is ``intended``: the same piles, and the same card where either names one."""
    if not isinstance(read, Transfer) or read.value is not None:
        return False

    def pile(place):
        return place.kind, place.number, fold(place.owner or "")

    def card(move):
        return move.card if move.card is not None else top_of(state, move.source)

    return (pile(read.source), pile(read.target)) == (pile(intended.source), pile(intended.target)) and (
        card(read) == card(intended))


def tried(seed: int = 1, positions: int = POSITIONS) -> Iterator[Tried]:
    """Every phrasing of a run: random positions, a sample of their moves, phrasings in each language."""
    rng = random.Random(seed)
    for _ in range(positions):
        state = random_position(rng)
        moves = moves_in(state)
        for move in rng.sample(moves, min(MOVES_PER_POSITION, len(moves))):
            for language in LANGUAGES:
                for said in phrasings(state, move, language, rng, PHRASINGS_PER_MOVE):
                    yield Tried(language, said, move, outcome(state, move, said.text, language))


@cache
def the_run() -> tuple[Tried, ...]:
    """The phrasings of the default run, tried once for all the tests here."""
    return tuple(tried())


def misread(run) -> list[Tried]:
    return [one for one in run if one.outcome not in (READ, AMBIGUOUS, REFUSED)]


def test_every_phrasing_is_read_as_meant_refused_or_an_ambiguity_that_lists_it():
    run = the_run()
    assert len(run) >= 3000
    wrong = misread(run)
    assert not wrong, "\n".join(f"{one.language} {one.said.text!r}: meant {format_move(one.intended)}, "
                                f"got {one.outcome}" for one in wrong[:10])


@settings(max_examples=10, deadline=None)
@given(st.integers(min_value=0, max_value=2 ** 32))
def test_no_phrasing_is_misread_in_any_run(seed):
    wrong = misread(tried(seed, positions=2))
    assert not wrong, [(one.language, one.said.text, format_move(one.intended), one.outcome) for one in wrong[:5]]


def test_each_class_and_language_is_tried_and_mostly_read():
    run = the_run()
    for language in LANGUAGES:
        for kind in KINDS:
            said = [one for one in run if one.language == language and one.said.kind == kind]
            assert said, (language, kind)
            read = sum(one.outcome in (READ, AMBIGUOUS) for one in said)
            assert read / len(said) >= 0.5, (language, kind, [one.said.text for one in said if
                                                                one.outcome == REFUSED][:5])


def _owner_dropped(self):
    """A reader that reads past an owner's name without placing it."""
    token = self.peek()
    if token is not None and token.kind in ("name", "partner"):
        self.take()
    return None


def _source_after_target_dropped(self, source):
    """A reader that reads past the pile said after the target (``from my hand``) without placing it."""
    while self.peek() is not None and not self.joining():
        self.take()
    return source


@pytest.mark.parametrize("method, mutation", [("owner", _owner_dropped),
                                              ("source_after", _source_after_target_dropped)])
def test_a_reader_that_drops_a_word_said_is_caught(monkeypatch, method, mutation):
    monkeypatch.setattr(Reader, method, mutation)
    assert misread(tried(seed=2, positions=25))


def phrasing_table(run: list[Tried]) -> str:
    """The share of phrasings read (as the move, or as an ambiguity listing it) per class and language."""
    counts = Counter((one.said.kind, one.language, one.outcome in (READ, AMBIGUOUS)) for one in run)
    header = "| phrasing | " + " | ".join({"en": "English", "sv": "Swedish", "da": "Danish"}[lang]
                                           for lang in LANGUAGES) + " |"
    lines = [header, "|---" * (len(LANGUAGES) + 1) + "|"]
    for kind in KINDS:
        cells = []
        for language in LANGUAGES:
            read, refused = counts[kind, language, True], counts[kind, language, False]
            total = read + refused
            cells.append(f"{100 * read / total:.0f}% of {total}" if total else "-")
        lines.append(f"| {kind} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


if __name__ == "__main__":
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    everything = the_run()
    print(phrasing_table(everything))
    print(f"\n{len(everything)} phrasings; misread: {len(misread(everything))}")

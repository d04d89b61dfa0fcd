"""Table talk read as a player means it: a table of phrasings, grouped by what they say.

Each row is a position, what a player says, and what the check must make of
it: a legal move (its canonical form), an illegal one (its form and rule), an
ambiguity (the canonical form of each reading), or a text it cannot read (words
its message must hold).
"""

from __future__ import annotations

from typing import NamedTuple

import pytest

from position_helpers import after, seat, table
from tutor.engine.notation import NotationError, format_move, parse_phrase
from tutor.engine.reading import AmbiguousMove, read_move
from tutor.engine.rules import Verdict, check_move


class Legal(NamedTuple):
    move: str


class Illegal(NamedTuple):
    move: str
    rule: str


class Ambiguous(NamedTuple):
    forms: tuple[str, ...]


class Unreadable(NamedTuple):
    words: tuple[str, ...]


# the position of the end-of-turn discard: build piles 3 and 6, stock 10, hand 7 1 4 9 12, discard pile 1 an 11
DISCARDING = table(seat(stock=10, hand=(7, 1, 4, 9, 12), discards=[(11,)]), seat("Anna", stock=8, hand=5),
                   build=[3, 6, None, None])
# the one-line position of docs/check.md: build piles 6, -, 2, -; stock 7; discard piles 11 10 9 and 3
AT_THE_TABLE = table(seat(stock=7, hand=(3, 5, "SB", 9, 12), discards=[(11, 10, 9), (3,)]),
                     seat("Anna", stock=8, hand=5, discards=[(4,)]), build=[6, None, 2, None])
# a turn's start with four cards in hand and a full draw pile
FOUR_IN_HAND = table(seat(hand=(3, 5, 9, 12)), seat("Anna"), phase="start")
# the hand emptied with nothing left to draw
NOTHING_LEFT = table(seat(hand=()), seat("Anna"), draw_pile=0)

PHRASINGS = {
    "the end-of-turn discard said with the verb": [
        (DISCARDING, "discard 9 on discard pile 2", Legal("hand 9 to discard 2")),
        (DISCARDING, "discard the 9 to discard 2", Legal("hand 9 to discard 2")),
        (DISCARDING, "discard my 12 on discard pile 5", Illegal("hand 12 to discard 5", "discard.four-piles")),
        (DISCARDING, "discard 7 onto discard pile 1", Legal("hand 7 to discard 1")),
        (DISCARDING, "discard 1 to discard 3", Legal("hand 1 to discard 3")),
        (DISCARDING, "discard 11 to discard 2", Illegal("hand 11 to discard 2", "source.hand")),  # pile 1's stays
        (DISCARDING, "discard 5 to discard 2", Illegal("hand 5 to discard 2", "source.hand")),
        (DISCARDING, "discard SB to discard 4", Illegal("hand SB to discard 4", "source.hand")),
        (DISCARDING, "the 12 to discard 4", Legal("hand 12 to discard 4")),
        (DISCARDING, "my 4 on discard pile 3", Legal("hand 4 to discard 3")),
    ],
    "a discard pile named with the word pile": [
        (DISCARDING, "discard pile 1 to discard 2", Illegal("discard pile 1 to discard 2", "discard.from-hand")),
        (DISCARDING, "d1>d2", Illegal("discard pile 1 to discard 2", "discard.from-hand")),
        (DISCARDING, "discard pile 1 to build 1", Illegal("discard 1 to build 1", "build.sequence")),
        (DISCARDING, "discard pile 2 to build 1", Illegal("discard 2 to build 1", "source.empty")),
        (DISCARDING, "discard pile 7 to build 1", Illegal("discard pile 7 to build 1", "discard.four-piles")),
        (AT_THE_TABLE, "discard pile 2 to build 3", Legal("discard 2 to build 3")),
        (AT_THE_TABLE, "discard 2 to build 3", Legal("discard 2 to build 3")),
    ],
    "a discard-pile card no pile shows": [
        (DISCARDING, "discard 9 to build 1", Illegal("discard 9 to build 1", "source.discard-top")),
        (AT_THE_TABLE, "discard 9 to build 1", Illegal("discard 1 9 to build 1", "build.sequence")),
        (AT_THE_TABLE, "discard 10 to build 1", Illegal("discard 10 to build 1", "source.discard-top")),
    ],
    "readings the position leaves open, and words that name no move": [
        (AT_THE_TABLE, "the 3 onto build 3", Ambiguous(("hand 3 to build 3", "discard 2 3 to build 3"))),
        (AT_THE_TABLE, "discard to build 1", Unreadable(("which discard pile",))),
    ],
    "draws": [
        (FOUR_IN_HAND, "draw 1", Legal("draw 1 card")),
        (FOUR_IN_HAND, "draw one card", Legal("draw 1 card")),
        (FOUR_IN_HAND, "draw 2 cards", Illegal("draw 2 cards", "turn.draw-when-empty")),
        (FOUR_IN_HAND, "draw", Legal("draw")),
        (FOUR_IN_HAND, "stock to build 1", Illegal("stock to build 1", "turn.draw-first")),
        (NOTHING_LEFT, "draw", Illegal("draw", "turn.draw-when-empty")),
        (NOTHING_LEFT, "end", Legal("end")),
    ],
}

ROWS = [(group, *row) for group, rows in PHRASINGS.items() for row in rows]


@pytest.mark.parametrize("group, state, said, expected", ROWS, ids=[f"{row[0]}: {row[2]}" for row in ROWS])
def test_what_a_player_says_reads_as_they_mean_it(group, state, said, expected):
    if isinstance(expected, Unreadable):
        with pytest.raises(NotationError) as raised:
            read_move(state, parse_phrase(said))
        for word in expected.words:
            assert word in raised.value.message, (word, raised.value.message)
        return
    if isinstance(expected, Ambiguous):
        with pytest.raises(AmbiguousMove) as raised:
            read_move(state, said)
        assert tuple(raised.value.forms) == expected.forms
        for form, (move, _) in zip(raised.value.forms, raised.value.readings):
            assert read_move(state, form) == move, form  # each reading's form reads back as that reading
        return
    move = read_move(state, said)
    ruling = check_move(state, move)
    assert format_move(move) == expected.move
    if isinstance(expected, Legal):
        assert ruling.verdict is Verdict.LEGAL, ruling
    else:
        assert ruling.verdict is Verdict.ILLEGAL and ruling.rule == expected.rule, ruling


def test_the_table_holds_every_kind_of_outcome():
    kinds = {type(expected) for *_, expected in ROWS}
    assert kinds == {Legal, Illegal, Ambiguous, Unreadable}

"""Table talk read as a player means it: a table of phrasings, grouped by what they say.

Each row is a position, what a player says, and what the check must make of
it: a legal move (its canonical form), an illegal one (its form and rule), an
ambiguity (the canonical form of each reading), or a text it cannot read (words
its message must hold).
"""

from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple

import pytest

from position_helpers import after, seat, table
from tutor.engine.notation import NotationError, format_move, parse_phrase
from tutor.engine.reading import AmbiguousMove, read_move
from tutor.engine.rules import UnknownPlayer, Verdict, check_move


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
# the team game: Cleo is your partner; her stock shows a 9 and her piles a 4 and a 12
TEAMS = table(seat(stock=7, hand=(3, 5, "SB", 9, 12)), seat("Bo", stock=2, hand=5),
              seat("Cleo", stock=9, hand=5, discards=[(4,), (12,)]), seat("Dan", stock=5, hand=5, discards=[(9,)]),
              build=[8, None, 3, 11], rules={"teams": [["you", "Cleo"], ["Bo", "Dan"]]})
# two build piles show a 3; the stock shows a 6 and the hand holds two 4s and a wild
TWO_THREES = table(seat(stock=6, hand=(4, 4, 6, "SB", 1), discards=[(9,), (5,)]), seat("Anna", stock=8, hand=5),
                   build=[3, 3, 5, None])
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
    "a card where it lies, said with on": [
        (DISCARDING, "the 10 on my stock onto build pile 1", Illegal("stock 10 to build 1", "build.sequence")),
        (AT_THE_TABLE, "the 7 on my stock onto build pile 1", Legal("stock 7 to build 1")),
        (AT_THE_TABLE, "the 7 on your stock goes on build pile 1", Legal("stock 7 to build 1")),
        (AT_THE_TABLE, "the 3 on discard pile 2 onto build 3", Legal("discard 2 3 to build 3")),
        (AT_THE_TABLE, "the 9 on my discard pile 1 to build 1", Illegal("discard 1 9 to build 1", "build.sequence")),
        (AT_THE_TABLE, "the 4 on Anna's discard pile 1 to build 2", Illegal("Anna:discard 1 4 to build 2",
                                                                            "source.not-yours")),
        (AT_THE_TABLE, "the 8 on Anna's stock onto build 1", Illegal("Anna:stock 8 to build 1", "source.not-yours")),
        (AT_THE_TABLE, "the 5 in my hand onto build 2", Illegal("hand 5 to build 2", "build.start")),
        (TEAMS, "the 9 on Cleo's stock goes on build pile 1", Legal("Cleo:stock 9 to build 1")),
        (TEAMS, "the 4 on Cleo's discard pile 1 onto build 3", Legal("Cleo:discard 1 4 to build 3")),
        (AT_THE_TABLE, "the 9 on discard pile 2", Legal("hand 9 to discard 2")),  # nothing after: the target
    ],
    "a wild's value said": [
        (AT_THE_TABLE, "the wild on build 1 as a 7", Legal("hand SB to build 1 as 7")),
        (AT_THE_TABLE, "the wild on build 1 as a 5", Illegal("hand SB to build 1 as 5", "build.sequence")),
        (AT_THE_TABLE, "SB as a 3 on build 3", Legal("hand SB to build 3 as 3")),
        (AT_THE_TABLE, "SB as a 4 on build 3", Illegal("hand SB to build 3 as 4", "build.sequence")),
        (AT_THE_TABLE, "SB as a 3 on pile 3", Legal("hand SB to build 3 as 3")),  # a value: a build pile
        (AT_THE_TABLE, "the wild on pile 1 as a 7", Legal("hand SB to build 1 as 7")),
        (AT_THE_TABLE, "the 9 on pile 2", Unreadable(("say which pile: build pile or discard pile",))),
        (AT_THE_TABLE, "the SB from my hand onto build 2 as a 1", Legal("hand SB to build 2 as 1")),
        (AT_THE_TABLE, "the SB from my hand onto build 2 as a 2", Illegal("hand SB to build 2 as 2", "build.sequence")),
        (AT_THE_TABLE, "hand SB to build 1 as seven", Legal("hand SB to build 1 as 7")),
        (AT_THE_TABLE, "the joker on build 1 as a 7", Legal("hand SB to build 1 as 7")),
        (AT_THE_TABLE, "the 7 on my stock onto build 1 as a 7", Legal("stock 7 to build 1 as 7")),
        (AT_THE_TABLE, "stock to build 1 as a 5", Illegal("stock to build 1 as 5", "build.sequence")),
        (AT_THE_TABLE, "hand SB to discard 2 as 4", Unreadable(("played as a value only onto a build pile",))),
        (AT_THE_TABLE, "the wild on discard 2 as a 4", Unreadable(("joined by",))),  # where it lies; no target
        (AT_THE_TABLE, "the wild on build 1 as", Unreadable(("say the value the wild stands for",))),
    ],
    "ordinals name a pile": [
        (AT_THE_TABLE, "my 7 onto the first build pile", Legal("stock 7 to build 1")),
        (AT_THE_TABLE, "the 3 from the second discard pile to the third build pile", Legal("discard 2 3 to build 3")),
        (AT_THE_TABLE, "the second discard pile onto the third build pile", Legal("discard 2 to build 3")),
        (AT_THE_TABLE, "the 12 onto the fourth discard pile", Legal("hand 12 to discard 4")),
        (AT_THE_TABLE, "discard the 9 on the 3rd discard pile", Legal("hand 9 to discard 3")),
        (AT_THE_TABLE, "the first discard pile to build 1", Illegal("discard 1 to build 1", "build.sequence")),
        (AT_THE_TABLE, "SB to the 2nd build pile", Legal("hand SB to build 2")),
        (AT_THE_TABLE, "the first build pile", Unreadable(("joined by",))),
    ],
    "a build pile named by its top card": [
        (AT_THE_TABLE, "my 7 on the 6", Legal("stock 7 to build 1")),
        (AT_THE_TABLE, "the 3 onto the 2", Ambiguous(("hand 3 to build 3", "discard 2 3 to build 3"))),
        (AT_THE_TABLE, "hand SB on the 2", Legal("hand SB to build 3")),
        (AT_THE_TABLE, "hand 5 on the 6", Illegal("hand 5 to build 1", "build.sequence")),
        (TWO_THREES, "my 4 on the 3", Ambiguous(("hand 4 to build 1", "hand 4 to build 2"))),
        (TWO_THREES, "stock to the 5", Legal("stock to build 3")),
        (TWO_THREES, "the 6 on my stock onto the 5", Legal("stock 6 to build 3")),
        (TWO_THREES, "hand 6 on the 5", Legal("hand 6 to build 3")),
        (AT_THE_TABLE, "my 7 on the 4", Unreadable(("no build pile shows a 4",))),
        (AT_THE_TABLE, "Anna's 8 on the 7", Unreadable(("no build pile shows a 7",))),
    ],
    "the target said first": [
        (AT_THE_TABLE, "on build 1, my 7", Legal("stock 7 to build 1")),
        (AT_THE_TABLE, "onto build 3, the 3 from discard pile 2", Legal("discard 2 3 to build 3")),
        (AT_THE_TABLE, "to build 2 the SB", Legal("hand SB to build 2")),
        (AT_THE_TABLE, "on discard pile 4, the 12", Legal("hand 12 to discard 4")),
        (AT_THE_TABLE, "onto build 1 my stock", Legal("stock to build 1")),
        (AT_THE_TABLE, "on build 3, the 3", Ambiguous(("hand 3 to build 3", "discard 2 3 to build 3"))),
        (AT_THE_TABLE, "on build 1,", Unreadable(("joined by", "onto build 1"))),
    ],
    "conversational words": [
        (AT_THE_TABLE, "the 12 goes on discard pile 2", Legal("hand 12 to discard 2")),
        (AT_THE_TABLE, "can I play the 5 from my hand on build 1?", Illegal("hand 5 to build 1", "build.sequence")),
        (AT_THE_TABLE, "can I play my 7 on build 1?", Legal("stock 7 to build 1")),
        (AT_THE_TABLE, "I'll put the SB on build 2", Legal("hand SB to build 2")),
        (AT_THE_TABLE, "let me play my stock onto build 1 please", Legal("stock to build 1")),
        (AT_THE_TABLE, "now I move the 3 from my hand to build 3", Legal("hand 3 to build 3")),
        (AT_THE_TABLE, "I play the 7.", Unreadable(("say where the 7 comes from",))),
        (AT_THE_TABLE, "I'm gonna put the 7 on build 1.", Legal("stock 7 to build 1")),
        (AT_THE_TABLE, "I will discard the 12 to discard pile 1", Legal("hand 12 to discard 1")),
        (AT_THE_TABLE, "and then the 9 goes onto discard 3", Legal("hand 9 to discard 3")),
        (AT_THE_TABLE, "just play my stock on build 1!", Legal("stock to build 1")),
        (AT_THE_TABLE, "done", Illegal("end", "turn.discard-to-end")),
        (AT_THE_TABLE, "pass", Illegal("end", "turn.discard-to-end")),
        (NOTHING_LEFT, "I'm done", Legal("end")),
        (NOTHING_LEFT, "end my turn", Legal("end")),
    ],
    "partners and owners": [
        (TEAMS, "my partner's 9 to build 1", Legal("Cleo:stock 9 to build 1")),
        (TEAMS, "partner's stock to build 1", Legal("Cleo:stock to build 1")),
        (TEAMS, "my partner's stock onto build pile 1", Legal("Cleo:stock to build 1")),
        (TEAMS, "partner's discard pile 1 to build 3", Legal("Cleo:discard 1 to build 3")),
        (TEAMS, "the 12 from my partner's discard pile 2 to build 4", Legal("Cleo:discard 2 12 to build 4")),
        (TEAMS, "partner's 4 to build 3", Legal("Cleo:discard 1 4 to build 3")),
        (TEAMS, "Cleo's stock to build 1", Legal("Cleo:stock to build 1")),
        (TEAMS, "cleo's 12 onto build 4", Legal("Cleo:discard 2 12 to build 4")),
        (TEAMS, "Bo's stock to build 2", Illegal("Bo:stock to build 2", "source.not-yours")),
        (TEAMS, "Dan's 9 to build 1", Illegal("Dan:discard 1 9 to build 1", "source.not-yours")),
        (TEAMS, "hand 9 to partner's discard 1", Illegal("hand 9 to Cleo:discard 1", "discard.own-piles")),
        (TEAMS, "Cleo:s>b1", Legal("Cleo:stock to build 1")),
        (AT_THE_TABLE, "Anna's stock to build 1", Illegal("Anna:stock to build 1", "source.not-yours")),
    ],
    "the wild's names": [
        (AT_THE_TABLE, "skip bo to build 2", Legal("hand SB to build 2")),
        (AT_THE_TABLE, "the Skip-Bo to build 2", Legal("hand SB to build 2")),
        (AT_THE_TABLE, "skipbo onto build 2", Legal("hand SB to build 2")),
        (AT_THE_TABLE, "the joker onto build 2", Legal("hand SB to build 2")),
        (AT_THE_TABLE, "my wild card on build 4", Legal("hand SB to build 4")),
        (AT_THE_TABLE, "hSB>b1", Legal("hand SB to build 1")),
        (AT_THE_TABLE, "hand wild to discard 3", Legal("hand SB to discard 3")),
        (AT_THE_TABLE, "the joker to discard pile 1", Legal("hand SB to discard 1")),
    ],
    "canonical and compact forms": [
        (AT_THE_TABLE, "stock to build 1", Legal("stock to build 1")),
        (AT_THE_TABLE, "s>b1", Legal("stock to build 1")),
        (AT_THE_TABLE, "stock 7 to build 1", Legal("stock 7 to build 1")),
        (AT_THE_TABLE, "stock 8 to build 1", Illegal("stock 8 to build 1", "source.stock-top")),
        (AT_THE_TABLE, "h3>b3", Legal("hand 3 to build 3")),
        (AT_THE_TABLE, "hand 4 to build 3", Illegal("hand 4 to build 3", "source.hand")),
        (AT_THE_TABLE, "d2>b3", Legal("discard 2 to build 3")),
        (AT_THE_TABLE, "discard 2 3 to build 3", Legal("discard 2 3 to build 3")),
        (AT_THE_TABLE, "d3>b1", Illegal("discard 3 to build 1", "source.empty")),
        (AT_THE_TABLE, "Anna:s>b1", Illegal("Anna:stock to build 1", "source.not-yours")),
        (AT_THE_TABLE, "h9>d2", Legal("hand 9 to discard 2")),
        (AT_THE_TABLE, "h9>Anna:d1", Illegal("hand 9 to Anna:discard 1", "discard.own-piles")),
        (AT_THE_TABLE, "b1>b2", Illegal("build 1 to build 2", "source.build-pile")),
        (AT_THE_TABLE, "hand 3 to build 5", Illegal("hand 3 to build 5", "build.four-piles")),
        (AT_THE_TABLE, "s>d1", Illegal("stock to discard 1", "discard.from-hand")),
        (AT_THE_TABLE, "end", Illegal("end", "turn.discard-to-end")),
        (AT_THE_TABLE, "draw", Illegal("draw", "turn.draw-when-empty")),
    ],
    "readings the position leaves open": [
        (AT_THE_TABLE, "discard 3 to build 3", Legal("discard 2 3 to build 3")),  # pile 3 is empty: the 3 on 2
        (AT_THE_TABLE, "the 9 to build 1", Ambiguous(("hand 9 to build 1", "discard 1 9 to build 1"))),
        (TWO_THREES, "the 6 to build 3", Ambiguous(("hand 6 to build 3", "stock 6 to build 3"))),
        (TWO_THREES, "my 6 onto the 5", Ambiguous(("hand 6 to build 3", "stock 6 to build 3"))),
        (TEAMS, "Cleo's 9 to build 1", Legal("Cleo:stock 9 to build 1")),
        (table(seat(stock=5, hand=(5, 7)), seat("Anna", stock=8), build=[4]), "five onto build one",
         Ambiguous(("hand 5 to build 1", "stock 5 to build 1"))),
        (table(seat(hand=(1, 2, 3, 4, 5), discards=[(9,), (8,), (7,), (1,)]), seat("Anna"), build=[None]),
         "discard 1 to build 1", Ambiguous(("discard 1 9 to build 1", "discard 4 1 to build 1"))),
    ],
    "words that name no move": [
        (AT_THE_TABLE, "fly to build 1", Unreadable(("'fly' names no pile", "onto build 1"))),
        (AT_THE_TABLE, "hand 5 build 1", Unreadable(("joined by 'to' or '>'",))),
        (AT_THE_TABLE, "hand to build 1", Unreadable(("name the one hand card",))),
        (AT_THE_TABLE, "stock to hand", Unreadable(("build pile or a discard pile",))),
        (AT_THE_TABLE, "hand 13 to build 1", Unreadable(("'13' is not a card",))),
        (AT_THE_TABLE, "play my seven", Unreadable(("say where the seven comes from",))),
        (AT_THE_TABLE, "what happens when the draw pile runs out?", Unreadable(("names no pile",))),
        (AT_THE_TABLE, "do I have to play", Unreadable(("names no pile",))),
        (AT_THE_TABLE, "stok to build 1", Unreadable(("did you mean 'stock'?",))),
        (AT_THE_TABLE, "the", Unreadable(("names no move",))),
        (AT_THE_TABLE, "draw 6 cards", Unreadable(("five cards at most",))),
        (AT_THE_TABLE, "hand 5 to build", Unreadable(("which build pile",))),
        (AT_THE_TABLE, "partner's stock to build 1", Unreadable(("'partner' names nobody",))),
        (AT_THE_TABLE, "Anna:hand 5 to build 1", Unreadable(("another player's hand",))),
        (AT_THE_TABLE, "the 5 onto Anna's 4", Unreadable(("belong to nobody",))),
    ],
    "draws": [
        (FOUR_IN_HAND, "I'll draw", Legal("draw")),
        (FOUR_IN_HAND, "draw up to five", Illegal("draw 5 cards", "turn.draw-first")),
        (FOUR_IN_HAND, "draw a card", Legal("draw 1 card")),
        (table(seat(hand=(9,)), seat("Anna"), phase="start"), "draw a card", Illegal("draw 1 card",
                                                                                  "turn.draw-first")),
        (FOUR_IN_HAND, "draw 7", Legal("draw 7")),
        (FOUR_IN_HAND, "refill", Legal("draw")),
        (table(seat(hand=(9,)), seat("Anna"), phase="start"), "draw up to five", Illegal("draw 5 cards",
                                                                                       "turn.draw-first")),
        (table(seat(hand=()), seat("Anna"), phase="start"), "draw up to five", Legal("draw 5 cards")),
        (table(seat(hand=()), seat("Anna"), phase="start"), "draw five cards", Legal("draw 5 cards")),
        (table(seat(hand=(9,)), seat("Anna"), phase="start"), "draw 4 cards", Legal("draw 4 cards")),
        (table(seat(hand=(9,)), seat("Anna"), phase="start", draw_pile=2), "draw 2 cards", Legal("draw 2 cards")),
        (table(seat(hand=(9,)), seat("Anna"), phase="start", draw_pile=2), "draw 4 cards",
         Illegal("draw 4 cards", "turn.draw-first")),
        (after(table(seat(hand=(5,)), seat("Anna"), build=[4]), "hand 5 to build 1"), "draw 5 cards",
         Legal("draw 5 cards")),
        (NOTHING_LEFT, "I'll draw", Illegal("draw", "turn.draw-when-empty")),
        (FOUR_IN_HAND, "draw 1", Legal("draw 1 card")),
        (FOUR_IN_HAND, "draw one card", Legal("draw 1 card")),
        (FOUR_IN_HAND, "draw 2 cards", Illegal("draw 2 cards", "turn.draw-first")),
        (FOUR_IN_HAND, "draw", Legal("draw")),
        (FOUR_IN_HAND, "stock to build 1", Illegal("stock to build 1", "turn.draw-first")),
        (NOTHING_LEFT, "draw", Illegal("draw", "turn.draw-when-empty")),
        (NOTHING_LEFT, "end", Legal("end")),
    ],
}

ROWS = [(group, *row) for group, rows in PHRASINGS.items() for row in rows]


@pytest.mark.parametrize("group, state, said, expected", ROWS, ids=[f"{row[0]}: {row[2]}" for row in ROWS])
def test_what_a_player_says_reads_as_they_mean_it(group, state, said, expected):
    outcome_of(state, said, expected)


def outcome_of(state, said: str, expected, language: str = "en") -> None:
    """Check that ``said`` in ``language`` reads in ``state`` as ``expected``."""
    if isinstance(expected, Unreadable):
        with pytest.raises((NotationError, UnknownPlayer)) as raised:
            read_move(state, parse_phrase(said, language), language)
        for word in expected.words:
            assert word in str(raised.value), (word, str(raised.value))
        return
    if isinstance(expected, Ambiguous):
        with pytest.raises(AmbiguousMove) as raised:
            read_move(state, said, language)
        assert tuple(raised.value.forms) == expected.forms
        for form, (move, _) in zip(raised.value.forms, raised.value.readings):
            read = read_move(state, form)  # each reading's form reads back as that reading, its card named
            assert read == move or (move.card is None and replace(read, card=None) == move), form
        return
    move = read_move(state, said, language)
    ruling = check_move(state, move)
    assert format_move(move) == expected.move
    if isinstance(expected, Legal):
        assert ruling.verdict is Verdict.LEGAL, ruling
    else:
        assert ruling.verdict is Verdict.ILLEGAL and ruling.rule == expected.rule, ruling


def test_the_table_holds_every_kind_of_outcome():
    kinds = {type(expected) for *_, expected in ROWS}
    assert kinds == {Legal, Illegal, Ambiguous, Unreadable}

"""The move notation of SPEC §3: long and compact forms, owners, asserted cards, and unreadable moves."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tutor.engine.cards import SKIP_BO
from tutor.engine.moves import Draw, EndTurn, PileKind, Place, Transfer
from tutor.engine.notation import NotationError, format_compact, format_move, parse_move, parse_phrases
from tutor.engine.text import normalised

STOCK, HAND, DISCARD, BUILD = PileKind.STOCK, PileKind.HAND, PileKind.DISCARD, PileKind.BUILD


def transfer(source, target, card=None):
    return Transfer(source, target, card)


# (long form, compact form, the move both stand for) -- the table of SPEC §3 and a few more
FORMS = [
    ("stock to build 2", "s>b2", transfer(Place(STOCK), Place(BUILD, 2))),
    ("stock 7 to build 2", "s7>b2", transfer(Place(STOCK), Place(BUILD, 2), 7)),
    ("hand 5 to build 1", "h5>b1", transfer(Place(HAND), Place(BUILD, 1), 5)),
    ("hand SB to build 3", "hSB>b3", transfer(Place(HAND), Place(BUILD, 3), SKIP_BO)),
    ("discard 3 to build 1", "d3>b1", transfer(Place(DISCARD, 3), Place(BUILD, 1))),
    ("discard 3 9 to build 1", "d3 9>b1", transfer(Place(DISCARD, 3), Place(BUILD, 1), 9)),
    ("Anna:stock to build 1", "Anna:s>b1", transfer(Place(STOCK, None, "Anna"), Place(BUILD, 1))),
    ("Anna:discard 2 to build 4", "Anna:d2>b4", transfer(Place(DISCARD, 2, "Anna"), Place(BUILD, 4))),
    ("hand 9 to discard 2", "h9>d2", transfer(Place(HAND), Place(DISCARD, 2), 9)),
    ("build 2 to build 3", "b2>b3", transfer(Place(BUILD, 2), Place(BUILD, 3))),
    ("draw", "draw", Draw()),
    ("draw 3 7 SB 9 1", "draw 3 7 SB 9 1", Draw((3, 7, SKIP_BO, 9, 1))),
    ("draw 5 cards", "draw 5 cards", Draw(count=5)),
    ('"Anna Lee":stock to build 1', '"Anna Lee":s>b1', transfer(Place(STOCK, None, "Anna Lee"), Place(BUILD, 1))),
    ("hand 9 to O'Brien:discard 1", "h9>O'Brien:d1", transfer(Place(HAND), Place(DISCARD, 1, "O'Brien"), 9)),
    ('"Stock":discard 2 to build 1', '"Stock":d2>b1', transfer(Place(DISCARD, 2, "Stock"), Place(BUILD, 1))),
    ("end", "end", EndTurn()),
]


@pytest.mark.parametrize("long, compact, move", FORMS, ids=[row[0] for row in FORMS])
def test_long_and_compact_forms_read_and_write(long, compact, move):
    assert parse_move(long) == move
    assert parse_move(compact) == move
    assert format_move(move) == long
    assert format_compact(move) == compact


@pytest.mark.parametrize("text, expected", [
    ("STOCK TO BUILD 2", "stock to build 2"),
    ("Hand sb To Build 3", "hand SB to build 3"),
    ("S>B2", "stock to build 2"),
    ("HSB>B3", "hand SB to build 3"),
    ("DRAW 3 7 sb 9 1", "draw 3 7 SB 9 1"),
    ("End", "end"),
    ("ANNA:S>B1", "ANNA:stock to build 1"),
    ("ſtock to build 1", "stock to build 1"),
    ("ſ>b1", "stock to build 1"),
    ("ＨＡＮＤ ５ ＴＯ ＢＵＩＬＤ １", "hand 5 to build 1"),
    ("hand\u200b 5 to build 1", "hand 5 to build 1"),
])
def test_moves_are_read_in_any_case(text, expected):
    assert format_move(parse_move(text)) == expected


@pytest.mark.parametrize("text, expected", [
    ("  hand   5   to   build   1  ", "hand 5 to build 1"),
    ("hand5 to build1", "hand 5 to build 1"),
    ("hand 5 -> build 1", "hand 5 to build 1"),
    ("hand 5 onto build 1", "hand 5 to build 1"),
    ("hand 5 on build 1", "hand 5 to build 1"),
    ("h 5 > b 1", "hand 5 to build 1"),
    ("s > b2", "stock to build 2"),
    ("d3 > b1", "discard 3 to build 1"),
    ("Anna : stock to build 1", "Anna:stock to build 1"),
    ("anna:d 2 > b 4", "anna:discard 2 to build 4"),
    ("\thand 9\tto discard 2\n", "hand 9 to discard 2"),
    ("draw 3,7, SB", "draw 3 7 SB"),
    ("draw3 7", "draw 3 7"),
    ("  end  ", "end"),
])
def test_spacing_and_joining_words_are_forgiven(text, expected):
    assert format_move(parse_move(text)) == expected


def test_owners_keep_their_spelling_and_may_name_any_pile_but_a_hand():
    move = parse_move("Cleo:discard 4 12 to build 2")
    assert move.source == Place(DISCARD, 4, "Cleo") and move.card == 12
    assert parse_move("hand 9 to Bo:discard 1").target == Place(DISCARD, 1, "Bo")
    assert parse_move("Drawe:stock to build 1").source.owner == "Drawe"  # a name, not a draw
    with pytest.raises(NotationError) as raised:
        parse_move("Anna:hand 5 to build 1")
    assert "another player's hand" in raised.value.message


def test_asserted_cards_are_kept():
    assert parse_move("stock 12 to build 4").card == 12
    assert parse_move("s SB>b1").card == SKIP_BO
    assert parse_move("discard 1 sb to build 2").card == SKIP_BO
    assert parse_move("stock to build 4").card is None
    assert parse_move("discard 1 to build 2").card is None


# (text, words the message must hold: the problem, what was understood, an example)
UNREADABLE = [
    ("", ["empty", "write it like", "stock to build 2"]),
    ("   ", ["empty"]),
    ("hand to build 1", ["hand card", "understood so far: a hand card", "hand 5 to build 1"]),
    ("hand 13 to build 1", ["'13' is not a card", "1 to 12 and SB", "understood so far", "h5>b1"]),
    ("hand 0 to build 1", ["'0' is not a card"]),
    ("stock 7 8 to build 1", ["single card", "understood so far: a stock card", "s>b2"]),
    ("stock to hand", ["build pile or a discard pile", "understood so far: from stock", "hand 9 to discard 2"]),
    ("stock to stock", ["not onto a stock", "from stock"]),
    ("fly to build 1", ["'fly' names no pile", "understood so far: onto build 1", "write it like"]),
    ("hand 5 build 1", ["joined by 'to' or '>'", "write it like"]),
    ("hand 5 to build", ["which build pile", "understood so far: onto a build pile", "to build 2"]),
    ("hand 5 to build x", ["'x' is not a card or a pile number", "write it like"]),
    ("discard 1 2 3 to build 1", ["which discard pile", "understood so far", "d3>b1"]),
    ("Anna:hand 5 to build 1", ["another player's hand", "onto build 1", "h5>b1"]),
    ("draw 1 2 3 4 5 6", ["five cards at most", "not 6", "understood so far: a draw", "draw 3 7 SB 9 1"]),
    ("draw x", ["'x' is not a card", "a draw", "draw 3 7 SB 9 1"]),
    ("draw ⅓", ["'⁄' is not a card"]),
    ("hand 5⅓ to build 1", ["'⁄' is not a card or a pile number"]),
    ("dıscard 1 to build 1", ["'dıscard' names no pile", "did you mean 'discard'?"]),
    ("stok to build 1", ["did you mean 'stock'?"]),
    ("the", ["names no move"]),
    ("play my", ["names no move"]),
    ("hand 5 to biuld 1", ["where the card goes", "did you mean 'build'?"]),
    ("play my seven", ["say where the seven comes from"]),
    ('"Anna:stock to build 1', ["quote is not closed"]),
    ("draw 6 cards", ["five cards at most, not 6"]),
    ("draw cards", ["say how many cards"]),
    ("stock to build 1 hand 5 to", ["joined by"]),
    ("s>b2>b3", ["joined by 'to' or '>'"]),
    ("to build 1", ["joined by"]),
    ("hand 5 to", ["joined by"]),
    ("play my seven", ["write it like"]),
    ("the 3 onto", ["joined by", "understood so far: from the 3"]),
    ("Cleo's 9 to", ["joined by", "understood so far: from Cleo's 9"]),
    ("the 13 onto build 1", ["'13' is not a card", "understood so far: onto build 1"]),
    ("the 3 onto hand", ["not onto a hand", "from the 3"]),
]

TOO_LONG = ["h" + "1" * 5000 + ">b1", "d" + "1" * 5000 + ">b1", "s>b" + "9" * 5000, "draw " + "9" * 5000, "x" * 5000]


@pytest.mark.parametrize("text", TOO_LONG, ids=["long card", "long discard pile", "long build pile", "long draw",
                                                 "long word"])
def test_overlong_moves_are_refused_with_a_short_message(text):
    with pytest.raises(NotationError) as raised:
        parse_move(text)
    assert "..." in raised.value.message and len(raised.value.message) < 400


@pytest.mark.parametrize("text, words", UNREADABLE, ids=[repr(row[0]) for row in UNREADABLE])
def test_unreadable_moves_say_what_was_understood_and_show_an_example(text, words):
    with pytest.raises(NotationError) as raised:
        parse_move(text)
    error = raised.value
    assert error.text == text and repr(text) in error.message
    assert "write it like: " in error.message and error.example
    for word in words:
        assert word in error.message, (word, error.message)
    assert str(error) == error.message


# -- properties ----------------------------------------------------------------------------------------

cards = st.sampled_from([SKIP_BO, *range(1, 13)])
numbers = st.integers(min_value=0, max_value=99)
owners = st.one_of(
    st.none(),
    st.from_regex(r"\A[A-Za-z][A-Za-z0-9_'-]{0,11}\Z"),
    st.text(st.characters(blacklist_categories=("C",), blacklist_characters='"'), min_size=1, max_size=12)
    .map(normalised).filter(lambda name: name.strip() == name and name),
)


@st.composite
def sources(draw):
    kind = draw(st.sampled_from([STOCK, HAND, DISCARD, BUILD]))
    if kind is HAND:
        return Place(HAND), draw(cards)
    if kind is STOCK:
        return Place(STOCK, None, draw(owners)), draw(st.none() | cards)
    if kind is BUILD:
        return Place(BUILD, draw(numbers)), None
    return Place(DISCARD, draw(numbers), draw(owners)), draw(st.none() | cards)


@st.composite
def transfers(draw):
    source, card = draw(sources())
    target = Place(draw(st.sampled_from([BUILD, DISCARD])), draw(numbers), draw(owners))
    return Transfer(source, target, card)


moves = st.one_of(
    transfers(),
    st.builds(Draw, st.lists(cards, max_size=5).map(tuple)),
    st.builds(Draw, count=st.integers(min_value=0, max_value=5)),
    st.just(EndTurn()),
)


@settings(max_examples=400, deadline=None)
@given(moves)
def test_every_move_survives_writing_and_reading(move):
    assert parse_move(format_move(move)) == move
    assert parse_move(format_compact(move)) == move
    assert format_move(parse_move(format_move(move))) == format_move(move)


@settings(max_examples=300, deadline=None)
@given(moves, st.sampled_from([str.upper, str.lower, str.title, lambda text: text]),
       st.sampled_from([" ", "  ", "\t"]))
def test_case_and_spacing_do_not_change_the_move(move, case, gap):
    long, compact = format_move(move), format_compact(move)
    assume(long.isascii() and '"' not in long)  # quoted names keep their own spacing and case
    expected = parse_move(long)
    assert parse_move(compact) == expected
    reread = parse_move(gap + case(long).replace(" ", gap) + gap)
    assert format_move(reread).lower() == long.lower()
    assert format_compact(parse_move(case(compact))).lower() == compact.lower()


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["", "draw ", "hand ", "stock ", "discard 1 ", "Anna:", "h"]), st.text(max_size=30),
       st.sampled_from(["", " to build 1", ">d2"]))
def test_any_text_with_a_move_reads_as_a_move_or_a_notation_error(start, middle, end):
    text = start + middle + end
    try:
        move = parse_move(text)
    except NotationError as error:
        assert "write it like" in error.message
    else:
        assert parse_move(format_move(move)) == move


@settings(max_examples=500, deadline=None)
@given(st.text(max_size=60))
def test_arbitrary_text_reads_as_moves_or_a_notation_error(text):
    try:
        phrases = parse_phrases(text)
    except NotationError as error:
        assert "write it like" in error.message
    else:
        for phrase in phrases:
            for move in phrase.readings:
                assert parse_move(format_move(move)) == move


# -- table talk: (what a player says, the canonical reading it must produce) ---------------------------

TABLE_TALK = [
    # stock
    ("stock pile to build pile 2", "stock to build 2"),
    ("my stock onto build 2", "stock to build 2"),
    ("the 7 from my stock on the build pile 2", "stock 7 to build 2"),
    ("play my stock to build 2", "stock to build 2"),
    ("stock > b2", "stock to build 2"),
    ("Cleo's stock to build 1", "Cleo:stock to build 1"),
    ("Cleo’s stock pile onto build pile 1", "Cleo:stock to build 1"),
    ("the 4 from Cleo's stock to build 1", "Cleo:stock 4 to build 1"),
    # hand
    ("the 5 from my hand on build pile 1", "hand 5 to build 1"),
    ("5 from hand to build 1", "hand 5 to build 1"),
    ("put the SB from my hand onto build 3", "hand SB to build 3"),
    ("hand five into build one", "hand 5 to build 1"),
    ("my hand 5 to my discard pile 2", "hand 5 to discard 2"),
    ("the 9 from my hand to discard pile 2", "hand 9 to discard 2"),
    # discard piles
    ("discard pile 1 to build pile 2", "discard 1 to build 2"),
    ("the 9 from discard pile 2 to build 1", "discard 2 9 to build 1"),
    ("discard 8 to build 1", "discard 8 to build 1"),
    ("discard SB to build 1", "discard SB to build 1"),
    ("the 8 from my discards to build 1", "discard 8 to build 1"),
    ("Cleo's discard pile 3 on build 4", "Cleo:discard 3 to build 4"),
    # a card with no pile: the hand first, then the stock and the discard piles (a position picks one)
    ("play the SB on build 2", "hand SB to build 2"),
    ("the 3 onto build 3", "hand 3 to build 3"),
    ("my 7 on build 1", "hand 7 to build 1"),
    ("put 5 on build pile 2", "hand 5 to build 2"),
    ("nine > b4", "hand 9 to build 4"),
    ("the 9 to discard 2", "hand 9 to discard 2"),
    ("Cleo's 9 to build 4", "Cleo:stock 9 to build 4"),
    ("Cleo's 4 from discard pile 1 to build 4", "Cleo:discard 1 4 to build 4"),
    # draw and end
    ("draw five", "draw 5 cards"),
    ("draw 5 cards", "draw 5 cards"),
    ("draw one card", "draw 1 card"),
    ("end my turn", "end"),
]


@pytest.mark.parametrize("said, canonical", TABLE_TALK, ids=[row[0] for row in TABLE_TALK])
def test_table_talk_reads_as_the_canonical_move(said, canonical):
    if canonical is None:
        with pytest.raises(NotationError):
            parse_move(said)
        return
    assert format_move(parse_move(said)) == canonical


def test_unquoted_moves_split_where_a_new_move_starts():
    words = "stock to build 1 hand 5 to build 3 the 9 from my hand to discard pile 2 draw end"
    phrases = parse_phrases(words)
    assert [format_move(p.readings[0]) for p in phrases] == [
        "stock to build 1", "hand 5 to build 3", "hand 9 to discard 2", "draw", "end"]
    assert [p.text for p in phrases][:2] == ["stock to build 1", "hand 5 to build 3"]
    assert [format_move(p.readings[0]) for p in parse_phrases("s>b1 h5>b3 draw 3 7 end")] == [
        "stock to build 1", "hand 5 to build 3", "draw 3 7", "end"]
    assert [p.text for p in parse_phrases("stock to build 1 the 3 onto build 3 draw")] == [
        "stock to build 1", "the 3 onto build 3", "draw"]


def test_a_discard_number_that_can_be_a_pile_has_two_readings_and_one_that_cannot_has_one():
    readings = parse_phrases("discard 3 to build 2")[0].readings
    assert [format_move(m) for m in readings] == ["discard 3 to build 2", "3 from discard to build 2"]
    assert readings[1].source == Place(DISCARD, None) and readings[1].card == 3
    assert len(parse_phrases("d3>b2")[0].readings) == 1  # the compact form names a pile
    assert len(parse_phrases("discard 3 5 to build 2")[0].readings) == 1
    only = parse_phrases("discard 8 to build 2")[0].readings
    assert only == (Transfer(Place(DISCARD, None), Place(BUILD, 2), 8),)
    assert parse_move(format_move(only[0])) == only[0]

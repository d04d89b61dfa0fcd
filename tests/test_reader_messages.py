"""The reader's messages about a move it cannot read, in the language in use; the moves they show read back in it."""

from __future__ import annotations

import re

import pytest

from test_table_talk import AT_THE_TABLE
from tutor.engine.notation import EXAMPLES, SAID, NotationError, parse_phrase, parse_phrases, said_words
from tutor.engine.words import LANGUAGES, vocabulary
from tutor.engine.reading import AmbiguousMove, read_move
from tutor.i18n import use

# what a player might type that the reader cannot read, in each language, and a word of the message it must get
UNREADABLE = {
    "sv": [
        ("", "draget är tomt"),
        ("lägg den", "inget drag"),
        ("flyg på byggstapel 1", "säger inte vilken hög"),
        ("stockhögen på", "förenat med 'på'"),
        ("femman på byggstapel", "vilken byggstapel"),
        ("stockhögen på handen", "inte på handen"),
        ("dra 3 4 5 6 7 8", "högst fem kort"),
        ("dra sb kort", "hur många kort"),
        ("13 på byggstapel 1", "inget kort"),
        ("SB som x på byggstapel 1", "vilket värde"),
        ("sjuan på byggstapel 1 sjuan på byggstapel 2", "2 drag"),
        ("SB som en femma på avläggshög 1", "bara på en byggstapel"),
        ('"Anna på byggstapel 1', "citattecken"),
        ("stokhög på byggstapel 1", "menade du"),
    ],
    "da": [
        ("", "trækket er tomt"),
        ("læg den", "intet træk"),
        ("flyv på byggebunke 1", "siger ikke, hvilken bunke"),
        ("stakbunken på", "forbundet med 'på'"),
        ("femmeren på byggebunke", "hvilken byggebunke"),
        ("stakbunken på hånden", "ikke på hånden"),
        ("træk 3 4 5 6 7 8", "højst fem kort"),
        ("træk sb kort", "hvor mange kort"),
        ("13 på byggebunke 1", "ikke et kort"),
        ("SB som x på byggebunke 1", "hvilken værdi"),
        ("syveren på byggebunke 1 syveren på byggebunke 2", "2 træk"),
        ("SB som en femmer på afkastbunke 1", "kun som en værdi på en byggebunke"),
        ('"Anna på byggebunke 1', "anførselstegn"),
        ("stakbunkke på byggebunke 1", "mente du"),
    ],
}
ROWS = [(language, said, word) for language, rows in UNREADABLE.items() for said, word in rows]
LABEL = {"sv": "skriv det som: ", "da": "skriv det sådan: ", "en": "write it like: "}


@pytest.fixture(params=["sv", "da"])
def language(request):
    use(request.param)
    yield request.param
    use("en")


def quoted_examples(message: str, language: str) -> list[str]:
    """The moves a message shows: after its 'write it like', without the compact form, and after an 'as in'."""
    shown = message.split(LABEL[language], 1)[1]
    shown = re.sub(r" \((?:or|eller) [^()]*\)$", "", shown)
    return shown.split(", ") + re.findall(r"(?:as in|som i) '([^']*)'", message)


def test_every_example_move_reads_back_in_its_language(language):
    for key in EXAMPLES:
        said = EXAMPLES.text(key)
        moves = said.split(", ")
        assert len(parse_phrases(said, language)) == len(moves), (key, said)
        for move in moves:
            parse_phrase(move, language)


@pytest.mark.parametrize("language_code, said, word", ROWS, ids=[f"{r[0]}: {r[1]}" for r in ROWS])
def test_a_move_that_cannot_be_read_is_explained_in_the_language(language_code, said, word):
    use(language_code)
    try:
        with pytest.raises(NotationError) as raised:
            parse_phrase(said, language_code)
        message = str(raised.value)
        assert word in message, message
        assert "cannot read" not in message and "write it like" not in message, message
        for example in quoted_examples(message, language_code):
            parse_phrase(example, language_code)  # every move the message shows reads in the language
    finally:
        use("en")


@pytest.mark.parametrize("language_code, said, readings", [
    ("sv", "avläggshög på byggstapel 1", ["avläggshög 1 (nian", "avläggshög 2 (trean"]),
    ("sv", "femman på hög 3", ["till byggstapel 3", "till avläggshög 3"]),
    ("da", "afkastbunke på byggebunke 1", ["afkastbunke 1 (nieren", "afkastbunke 2 (treeren"]),
])
def test_a_pile_left_unsaid_is_an_ambiguity_in_the_language_where_the_position_allows_two(language_code, said,
                                                                                            readings):
    """Where only one pile could be meant the position settles it; here two could, and both are listed."""
    use(language_code)
    try:
        with pytest.raises(AmbiguousMove) as raised:
            read_move(AT_THE_TABLE, said, language_code)
    finally:
        use("en")
    assert len(raised.value.readings) == 2
    assert all(reading in raised.value.message for reading in readings), raised.value.message


def test_a_build_pile_named_by_a_card_no_pile_shows_is_explained_in_the_language(language):
    said = {"sv": "femman på fyran", "da": "femmeren på fireren"}[language]
    with pytest.raises(NotationError) as raised:
        read_move(AT_THE_TABLE, said, language)
    message = str(raised.value)
    assert {"sv": "ingen byggstapel visar", "da": "ingen byggebunke viser"}[language] in message, message
    for example in quoted_examples(message, language):
        parse_phrase(example, language)


def test_english_messages_show_english_moves():
    with pytest.raises(NotationError) as raised:
        parse_phrase("fly to build 1")
    message = str(raised.value)
    assert "cannot read the move 'fly to build 1'" in message and "understood so far: onto build 1" in message
    for example in quoted_examples(message, "en"):
        parse_phrase(example)


@pytest.mark.parametrize("spoken", LANGUAGES)
def test_every_word_a_message_names_to_type_is_a_word_of_its_language(spoken):
    words = vocabulary(spoken)
    for key in SAID:
        for word in said_words(key, spoken).replace(",", " ").split():
            word = word.strip("'")
            assert word == "N" or words.kind(word) is not None, (spoken, key, word)


def test_a_move_read_in_english_shows_english_examples_in_a_swedish_message():
    """A file's moves are read in English: its problems say so in the language in use, with moves it can hold."""
    use("sv")
    try:
        with pytest.raises(NotationError) as raised:
            parse_phrase("fly to build 1")
    finally:
        use("en")
    message = str(raised.value)
    assert message.startswith("kan inte läsa draget 'fly to build 1'") and "skriv stock, hand, discard N" in message
    assert "skriv det som: stock to build 2, hand 5 to build 1" in message
    for example in quoted_examples(message, "sv"):
        parse_phrase(example)


def test_a_move_read_in_danish_shows_danish_examples_in_an_english_message():
    with pytest.raises(NotationError) as raised:
        parse_phrase("stakbunken byggebunke 1", "da")
    message = str(raised.value)
    assert "joined by 'på' or '>'" in message and "write it like: stakbunken på byggebunke 2" in message
    for example in quoted_examples(message, "en"):
        parse_phrase(example, "da")

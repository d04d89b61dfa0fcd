"""The reader's word tables: one per language, read by one grammar."""

from __future__ import annotations

import pytest

from tutor.engine.moves import PileKind
from tutor.engine.notation import format_move, parse_move
from tutor.engine.words import ENGLISH, LANGUAGES, PILE, UnknownLanguage, vocabulary


def test_english_is_the_default_language_and_reads_the_canonical_forms():
    assert format_move(parse_move("stock to build 2")) == format_move(parse_move("stock to build 2", ENGLISH))
    assert vocabulary().language == ENGLISH and ENGLISH in LANGUAGES


def test_every_pile_kind_has_words_and_its_compact_letter():
    words = vocabulary(ENGLISH)
    for kind in PileKind:
        assert words.kind(kind.value) == (PILE, kind)
        assert words.kind(kind.value[0]) == (PILE, kind)
    assert words.letters == {"s", "h", "d", "b"}


def test_an_unknown_language_is_refused_by_name():
    with pytest.raises(UnknownLanguage) as raised:
        parse_move("stock to build 2", "xx")
    assert "'xx'" in str(raised.value)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_language_reads_the_canonical_and_compact_forms(language):
    for text in ("stock to build 2", "s>b2", "hand SB to build 3", "hSB>b3", "discard 3 9 to build 1", "d3>b1",
                 "Anna:stock to build 1", "hand 9 to discard 2", "h9>d2", "draw", "draw 3 7 SB 9 1", "end"):
        assert parse_move(text, language) == parse_move(text), (language, text)


def test_the_tables_are_kept_apart():
    assert vocabulary("da").kind("to") == ("number", 2)  # Danish "to" is 2
    assert vocabulary("sv").kind("to") == ("join", None)
    assert vocabulary(ENGLISH).kind("sjuan") is None and vocabulary("da").kind("sjuan") is None
    assert vocabulary("sv").kind("sjuan") == ("number", 7)


def test_the_reader_has_words_for_every_language_the_tutor_speaks():
    from tutor import i18n

    assert LANGUAGES == i18n.LANGUAGES
    for language in i18n.LANGUAGES:
        assert vocabulary(language).language == language

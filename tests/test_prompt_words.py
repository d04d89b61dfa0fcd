"""The commands typed at the prompts in Swedish and Danish: read beside the English ones, never taken for a move."""

from __future__ import annotations

import re
import unicodedata

import pytest

from test_play_table import table_at_your_turn
from tutor.cli.prompt_words import WORDS, command, offered, shown, shown_words
from tutor.engine.notation import NotationError, parse_phrases
from tutor.i18n import LANGUAGES, use
from tutor.play import texts


@pytest.fixture(params=["sv", "da"])
def language(request):
    use(request.param)
    yield request.param
    use("en")


@pytest.mark.parametrize("spoken", LANGUAGES)
def test_no_command_word_reads_as_a_move(spoken):
    for name, words in WORDS.items():
        for word in {*words["en"], *words.get(spoken, ())}:
            with pytest.raises(NotationError):
                parse_phrases(word, spoken)


@pytest.mark.parametrize("spoken", LANGUAGES)
def test_each_word_is_one_command(spoken):
    said = [word for words in WORDS.values() for word in {*words["en"], *words.get(spoken, ())}]
    assert len(said) == len(set(said))


def test_a_language_s_words_and_the_english_ones_are_read(language):
    own = {"sv": ("ångra", "TIPS", "bord", "sluta", "hoppa över"), "da": ("fortryd", "TIP", "bord", "stop",
                                                                      "spring over")}[language]
    assert [command(word) for word in own] == ["undo", "hint", "board", "quit", "skip"]
    assert [command(word) for word in ("undo", "hint", "board", "q", "skip")] == ["undo", "hint", "board", "quit",
                                                                                  "skip"]
    assert command("ångra", "hint", "board") is None  # only the commands asked about
    assert shown("undo") == {"sv": "ångra", "da": "fortryd"}[language]
    assert "?" not in offered("moves") and shown("moves") == "?"


@pytest.mark.parametrize("form", ["NFD", "NFKD"])
def test_every_command_word_is_read_in_decomposed_form_and_capitals(language, form):
    for name, words in WORDS.items():
        for word in {*words["en"], *words[language]}:
            assert command(unicodedata.normalize(form, word)) == name, word
            assert command(unicodedata.normalize(form, word.upper())) == name, word


def test_help_typed_decomposed_is_help_at_the_table(language):
    # a + combining diaeresis; full-width capitals, as an East Asian input method types them
    word = {"sv": "hj\u0061\u0308lp", "da": "\uff28\uff2a\u00c6\uff2c\uff30"}[language]
    shown_text, _, _ = table_at_your_turn(6, "on", [word, shown("quit")])
    help_text = texts.HELP.format(partner="", **shown_words("moves", "hint", "undo", "board", "help", "quit"))
    assert help_text in " ".join(shown_text.split())


def test_another_language_s_words_are_not_english_commands():
    assert command("ångra") is None and command("fortryd") is None


def test_play_takes_the_commands_in_the_language_and_shows_them(language):
    words = {"sv": ["tips", "bord", "hjälp", "drag", "ångra", "sluta"],
             "da": ["tip", "bord", "hjælp", "liste", "fortryd", "stop"]}[language]
    shown_text, _, offers = table_at_your_turn(6, "on", list(words))
    assert texts.HINT_TITLE in shown_text
    assert texts.MOVES_TITLE in shown_text
    assert texts.NO_UNDO in shown_text  # "ångra" / "fortryd" is undo: nothing was flagged
    help_text = texts.HELP.format(partner="", **shown_words("moves", "hint", "undo", "board", "help", "quit"))
    assert help_text in " ".join(shown_text.split())
    assert all(f" {word} " in help_text for word in words[:2])
    assert set(offered("hint", "undo", "board", "help", "quit")) <= set(offers[0])
    assert len(offers) == len(words)  # the last word stopped the game


def test_the_moves_the_help_shows_read_in_the_language(language):
    help_text = texts.HELP.format(partner=texts.HELP_PARTNER.format(partner="Cleo"), moves="?", hint="", undo="",
                                  board="", help="", quit="")
    said = help_text.split(": ", 1)[1].split(". ", 1)[0]
    moves = [re.sub(r" \([^()]*\)$", "", part) for part in said.split(", ")]
    assert len(moves) == 5
    for move in moves:
        assert len(parse_phrases(move, language)) == 1, move

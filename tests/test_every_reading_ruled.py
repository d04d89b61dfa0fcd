"""Every move the reader can produce, legal or not, is ruled on in every gallery position in English, Swedish and
Danish: a ruling and the move said as the player types it, never a traceback.

The reader's moves take a card from the hand, a stock or a discard pile of any player (a pile said by its number,
by the card on it or both, the number in range or not) or from a build pile, and put it on a build pile or a
discard pile (of the mover or another player), a wild perhaps said as a value."""

from __future__ import annotations

import functools
import itertools
import os
import subprocess
import sys
from pathlib import Path
from typing import Iterator, Optional

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from tutor.cli.app import app
from tutor.engine.cards import SKIP_BO
from tutor.engine.moves import PileKind, Place, Transfer
from tutor.engine.notation import format_compact, format_move
from tutor.engine.reading import read_move
from tutor.engine.rules import Verdict, check_move
from tutor.engine.state import GameState
from tutor.i18n import speaking
from tutor.play.words import move_to_type
from tutor.scenario.loader import load_scenario

LANGUAGES = ("en", "sv", "da")
GALLERY = sorted((Path(__file__).resolve().parent.parent / "scenarios").glob("**/*.yaml"))
CARDS = (None, 5, SKIP_BO)
NUMBERS = (0, 1, 5)  # the piles are 1 to 4; a number is read whatever it is


def _owners(state: GameState) -> list[Optional[str]]:
    return [None] + [player.name for seat, player in enumerate(state.players) if seat != state.turn]


def _sources(state: GameState) -> Iterator[tuple[Place, Optional[int]]]:
    """Every kind of place the reader takes a card from, with the card it names."""
    for card in CARDS[1:]:
        yield Place(PileKind.HAND), card
    for number in NUMBERS:
        yield Place(PileKind.BUILD, number), None
    for owner in _owners(state):
        for card in CARDS:
            yield Place(PileKind.STOCK, None, owner), card
            if card is not None:
                yield Place(PileKind.DISCARD, None, owner), card  # "discard 9": the card on one of the piles
        for number in NUMBERS:
            for card in CARDS:
                yield Place(PileKind.DISCARD, number, owner), card


def _targets(state: GameState) -> Iterator[tuple[Place, Optional[int]]]:
    """Every kind of place the reader puts a card on, with the value a wild is said to stand for."""
    for number in NUMBERS:
        for value in (None, 7):
            yield Place(PileKind.BUILD, number), value
        for owner in _owners(state):
            yield Place(PileKind.DISCARD, number, owner), None


def _moves(state: GameState) -> Iterator[Transfer]:
    """Each source with a few targets and each target with a few sources: every shape of move, kept fast."""
    sources, targets = list(_sources(state)), list(_targets(state))
    for source, card in sources:
        for target, value in targets[::3]:
            yield Transfer(source, target, card, value)
    for target, value in targets:
        for source, card in sources[::5]:
            yield Transfer(source, target, card, value)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_move_the_reader_can_produce_is_ruled_and_said_in_every_gallery_position(language):
    ruled = illegal = 0
    with speaking(language):
        for path in GALLERY:
            state = load_scenario(path).state
            for move in _moves(state):
                ruling = check_move(state, move)
                said = move_to_type(state, move)
                assert said and ruling.reason, (path.name, move)
                ruled += 1
                illegal += ruling.verdict is Verdict.ILLEGAL
    assert ruled > 5_000 and illegal > ruled / 2


def test_an_illegal_move_is_said_so_that_it_reads_back_ruled_alike():
    read_back = 0
    for language, path in itertools.product(LANGUAGES[1:], GALLERY[::6]):
        state = load_scenario(path).state
        with speaking(language):
            for move in _moves(state):
                said = move_to_type(state, move)
                if check_move(state, move).verdict is Verdict.ILLEGAL:
                    again, meant = (check_move(state, read_move(state, text, read_in))
                                    for text, read_in in ((said, language), (format_move(move), "en")))
                    assert (again.verdict, again.rule) == (meant.verdict, meant.rule), said
                    read_back += 1
    assert read_back > 1_000


SAID_IN_SWEDISH_OR_DANISH = ["discard 5 to build 1", "discard pile 5 to build 1", "build 5 to discard 2",
                             "Anna's discard 9 to build 1", "d7>b1", "hand 5 to Anna's discard 1"]
STOCK_FIRST = str(Path(__file__).resolve().parent.parent / "scenarios" / "rules" / "stock-first.yaml")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("move", SAID_IN_SWEDISH_OR_DANISH)
def test_everyday_illegal_moves_are_ruled_illegal_in_every_language(monkeypatch, language, move):
    monkeypatch.setenv("SKIPBO_TUTOR_LANG", language)
    result = CliRunner().invoke(app, ["check", STOCK_FIRST, move])
    assert isinstance(result.exception, SystemExit) and result.exit_code == 1, result.output


@pytest.mark.parametrize("language", ["sv", "da"])
def test_a_card_from_a_build_pile_is_ruled_in_the_words_of_the_language(monkeypatch, language):
    monkeypatch.setenv("SKIPBO_TUTOR_LANG", language)
    moved = {"sv": "10:an från byggstapel 1 på byggstapel 3", "da": "10'eren fra byggebunke 1 på byggebunke 3"}
    result = CliRunner().invoke(app, ["check", "--build", "10,-,2,-", "--stock", "7", "--hand", "3,5",
                                      moved[language]])
    assert isinstance(result.exception, SystemExit) and result.exit_code == 1, result.output
    said = {"sv": "tian från byggstapel 1 till byggstapel 3", "da": "tieren fra byggebunke 1 til byggebunke 3"}
    assert said[language] in result.output


@functools.lru_cache(maxsize=None)
def _position(path: Path) -> GameState:
    return load_scenario(path).state


@settings(max_examples=150, deadline=None)
@given(data=st.data(), language=st.sampled_from(LANGUAGES), compact=st.booleans())
def test_any_move_checked_at_the_command_line_gives_a_ruling_or_a_usage_error(data, language, compact):
    path = data.draw(st.sampled_from(GALLERY))
    state = _position(path)
    source, card = data.draw(st.sampled_from(list(_sources(state))))
    target, value = data.draw(st.sampled_from(list(_targets(state))))
    move = (format_compact if compact else format_move)(Transfer(source, target, card, value))
    result = CliRunner().invoke(app, ["check", str(path), move], env={"SKIPBO_TUTOR_LANG": language})
    assert result.exit_code in (0, 1, 2) and isinstance(result.exception, (SystemExit, type(None))), result.output


def test_the_system_locale_chooses_danish_for_the_same_ruling():
    env = {key: value for key, value in os.environ.items() if key not in ("SKIPBO_TUTOR_LANG", "LANGUAGE")}
    env.update(LANG="da_DK.UTF-8", LC_ALL="", NO_COLOR="1")
    run = subprocess.run([sys.executable, "-m", "tutor", "check", STOCK_FIRST, "discard 5 to build 1"],
                         capture_output=True, text=True, env=env, timeout=120)
    assert run.returncode == 1 and "IKKE TILLADT" in run.stdout and not run.stderr, run.stderr

"""The front end of ``tutor play`` driven without a terminal: the coach's modes, hints, undo refusals."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from tutor.cli.play_table import PlayTable
from tutor.coach.search import TurnSearch
from tutor.engine.notation import format_move
from tutor.engine.view import player_view
from tutor.play import texts
from tutor.play.game import Game, Settings


def sit(coach: str, script=()):
    """Play a short game to its end; ``script`` is typed first, then the strong bot's moves."""
    game = Game.new(Settings(("greedy",), stock_size=4, seed=6, coach=coach))
    typed = list(script)
    out = io.StringIO()
    prompts = []

    def ask(prompt: str, choices=()) -> str:
        prompts.append(prompt)
        if prompt != texts.PROMPT:
            return ""
        if typed:
            return typed.pop(0)
        return format_move(TurnSearch(player_view(game.state, game.human)).best_moves()[0])

    table = PlayTable(Console(file=out, width=60, color_system=None), game, ask, pace=0, save=lambda: None)
    table.run()
    return game, " ".join(out.getvalue().split()), prompts  # sentences wrapped at 60 columns, joined again


def test_the_quiet_coach_sums_up_after_the_round_and_never_interrupts():
    game, shown, _ = sit("quiet", ["hint"])
    assert game.finished
    assert "Coach's summary of your moves this round" in shown
    assert "Coach: " not in shown and texts.COACH_UNDO not in shown
    assert texts.HINT_TITLE in shown


def test_with_the_coach_off_there_is_no_grading_and_no_undo():
    game, shown, _ = sit("off", ["undo", "?"])
    assert texts.NO_UNDO_OFF in shown and texts.MOVES_TITLE in shown
    assert "Coach" not in shown


def test_with_the_coach_on_undo_needs_a_flagged_move():
    game, shown, _ = sit("on", ["undo"])
    assert texts.NO_UNDO in shown
    assert game.finished and all(not turn.undone for turn in game.round.turns)


def test_every_card_played_onto_a_build_pile_is_confirmed():
    from tutor.engine.moves import PileKind, Transfer
    from tutor.engine.rules import check_move
    from tutor.records.replay import round_steps

    game, shown, _ = sit("off")
    record = game.record
    plays = [step for step in round_steps(record.setup, record.rounds[0])
             if step.before.turn == game.human and isinstance(step.move, Transfer)
             and step.move.target.kind is PileKind.BUILD]
    assert plays
    for step in plays:
        assert "-> " + check_move(step.before, step.move).reason in shown


def test_moves_are_read_against_the_table_and_an_ambiguous_phrase_is_asked_again():
    from pathlib import Path

    from tutor.records.model import GameRecord, RoundRecord, Seat, Setup
    from tutor.scenario.loader import load_scenario

    state = load_scenario(Path(__file__).parent / "fixtures" / "table-talk.yaml").state
    game = Game(GameRecord(Setup((Seat("you"), Seat("Anna", "greedy")), 10), [RoundRecord(0)], "off"), state)
    typed = ["discard 3 to build 2", "Zed's discard 1 to build 1", "the 5 from my hand on build pile 1",
             "hand 9 to discard 2"]
    prompts = []

    def ask(prompt: str, choices=()) -> str:
        prompts.append(prompt)
        return typed.pop(0)

    out = io.StringIO()
    PlayTable(Console(file=out, width=200, color_system=None), game, ask, pace=0, save=lambda: None).human_turn()
    shown = out.getvalue()
    assert "'discard 3 to build 2' can mean discard pile 3 (the 5: illegal" in shown
    assert "the 3 on discard pile 1 (legal)" in shown and "'discard 1 3 to build 2'" in shown
    assert "nobody called 'Zed' is at the table (players: you, Anna)." in shown
    assert prompts == [texts.PROMPT] * 4  # asked again after the ambiguity and the stranger, nothing played
    played = [move for turn in game.round.turns for move in turn.moves]
    assert [format_move(move) for move in played] == ["hand 5 to build 1", "hand 9 to discard 2"]


def test_the_legal_moves_are_numbered_in_words_and_a_number_plays_one():
    from pathlib import Path

    from tutor.cli.move_choices import move_groups, typed_moves
    from tutor.cli.prompt_words import command
    from tutor.coach.principles import played_card
    from tutor.engine.legal import legal_moves
    from tutor.engine.reading import read_move
    from tutor.records.model import GameRecord, RoundRecord, Seat, Setup
    from tutor.scenario.loader import load_scenario

    state = load_scenario(Path(__file__).parent / "fixtures" / "table-talk.yaml").state
    game = Game(GameRecord(Setup((Seat("you"), Seat("Anna", "greedy")), 10), [RoundRecord(0)], "off"), state)
    groups = move_groups(state)
    number = next(n for n, group in enumerate(groups, start=1) if format_move(group[0]) == "hand 5 to build 1")
    typed = ["?", "99", str(number), "hand 9 to discard 2"]
    offered = []

    def ask(prompt: str, choices=()) -> str:
        offered.append(list(choices))
        return typed.pop(0)

    out = io.StringIO()
    PlayTable(Console(file=out, width=200, color_system=None), game, ask, pace=0, save=lambda: None).human_turn()
    shown = out.getvalue()
    assert texts.MOVES_TITLE in shown
    assert f"{number:>3}. the 5 from your hand onto build pile 1\n" in shown
    assert "the 9 from your hand onto discard pile" in shown and "ends the turn" in shown
    assert f"There is no move 99; type ? to list the {len(groups)} legal moves." in shown
    played = [format_move(move) for turn in game.round.turns for move in turn.moves]
    assert played == ["hand 5 to build 1", "hand 9 to discard 2"]
    # Tab offers exactly the legal moves, each in a form the reader reads back to that move, and the commands
    moves = [choice for choice in offered[0] if command(choice) is None]
    assert sorted(moves) == sorted(typed_moves(state))
    assert [choice for choice in offered[0] if choice not in moves] == ["moves", "list", "options", "hint", "undo",
                                                                        "board", "help", "h", "q", "quit", "exit"]

    def same(move):  # a move with its card filled in from the position
        return move if not hasattr(move, "source") else (move.source, move.target, played_card(state, move))

    assert {same(read_move(state, text)) for text in moves} == {same(move) for move in legal_moves(state)}


def played_as(move):
    """A move as played: its card filled in from the position makes no other move."""
    from dataclasses import replace

    from tutor.engine.moves import Transfer

    return replace(move, card=None, value=None) if isinstance(move, Transfer) else move


def table_at_your_turn(seed: int, coach: str, typed: list[str]):
    """A game at the first prompt of your turn, with ``typed`` answered there (a word for stopping stops, as at the
    terminal); the output, the position each answer met, and what Tab offered for each."""
    from tutor.cli.prompt import Quit
    from tutor.cli.prompt_words import command

    game = Game.new(Settings(("greedy",), stock_size=4, seed=seed, coach=coach))
    met, offers = [], []

    def ask(prompt: str, choices=()) -> str:
        if prompt != texts.PROMPT:
            return ""
        met.append(game.state)
        offers.append(list(choices))
        if not typed or command(typed[0], "quit"):
            raise Quit
        return typed.pop(0)

    out = io.StringIO()
    try:
        PlayTable(Console(file=out, width=200, color_system=None), game, ask, pace=0, save=lambda: None).run()
    except Quit:
        pass
    return out.getvalue(), met, offers


@pytest.mark.parametrize("language", ["en", "sv", "da"])
@pytest.mark.parametrize("seed", [3, 6, 11])
def test_the_hint_says_its_moves_in_words_that_read_back_as_those_moves(language, seed):
    from tutor.coach.principles import along
    from tutor.engine.reading import read_move
    from tutor.i18n import use

    use(language)
    shown, met, _ = table_at_your_turn(seed, "on", ["hint"])
    view = player_view(met[0], met[0].turn)
    best = TurnSearch(view).best()
    said = shown.split(texts.HINT_TITLE, 1)[1].splitlines()
    lines = [line.split(". ", 1)[1] for line in said if re.match(r"\s*\d+\. ", line)]
    assert len(lines) == len(best.moves) > 0, shown
    for (before, move), line in zip(along(view, best.moves), lines):
        assert "build" not in line or language == "en", line  # words of the language, not the notation
        assert played_as(read_move(before, line, language)) == played_as(move), line


@pytest.mark.parametrize("language", ["en", "sv", "da"])
def test_a_move_taken_back_is_said_in_words_that_read_back_as_it(language):
    from tutor.coach.verdicts import assess_move
    from tutor.engine.legal import legal_moves
    from tutor.engine.moves import PileKind, Transfer
    from tutor.engine.reading import read_move
    from tutor.i18n import use

    use(language)
    for seed in range(1, 30):
        _, met, _ = table_at_your_turn(seed, "on", [])
        state = met[0]
        weak = [move for move in legal_moves(state) if isinstance(move, Transfer) and move.source.kind is PileKind.HAND
                and not move.is_discard and len(state.mover.hand) > 1 and assess_move(state, move).quality == "weak"]
        if weak:
            break
    move = weak[0]
    shown, _, _ = table_at_your_turn(seed, "on", [format_move(move), "undo"])
    taken_back = texts.UNDONE.split("{move}")[0]
    line = shown.split(taken_back, 1)[1].splitlines()[0].removesuffix(".")
    assert played_as(read_move(state, line, language)) == played_as(move), line


@pytest.mark.parametrize("language", ["en", "sv", "da"])
def test_the_list_of_moves_is_wrapped_to_a_narrow_terminal(tmp_path, language):
    """At 20 columns every line of the ? list fits: the number's lead takes its room from the words."""
    import os
    import subprocess
    import sys

    from tutor.i18n import use

    env = dict(os.environ, SKIPBO_TUTOR_HOME=str(tmp_path), SKIPBO_TUTOR_LANG=language, COLUMNS="20", NO_COLOR="1")
    shown = subprocess.run([sys.executable, "-m", "tutor", "play", "--short", "--seed", "4"], input="?\nq\n",
                           capture_output=True, text=True, timeout=300, env=env).stdout
    use(language)
    prompt = texts.PROMPT
    use("en")
    listed = shown.split(prompt)[1].splitlines()  # what ? showed, between the first prompt and the next
    assert len(listed) > 3, shown
    assert all(len(line) <= 20 for line in listed), listed

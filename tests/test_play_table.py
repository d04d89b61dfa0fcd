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


def table_with_answers(seed: int, moves: list[str], at_the_end: list[str]):
    """A game from its start, with ``moves`` typed at the move prompt and ``at_the_end`` at the take-back prompt of
    a turn's end, then stopped: the output, the game and the prompts met (the table's own words)."""
    from tutor.cli.prompt import Quit

    game = Game.new(Settings(("greedy",), stock_size=6, seed=seed, coach="on"))
    prompts = []

    def ask(prompt: str, choices=()) -> str:
        prompts.append(prompt)
        if prompt == texts.PROMPT:
            if not moves:
                raise Quit
            table_with_answers.met = game.state  # the table the last move typed met
            return moves.pop(0)
        if prompt.startswith(texts.GO_ON_PROMPT.split("{")[0]):
            if not at_the_end:
                raise Quit
            return at_the_end.pop(0)
        return ""

    out = io.StringIO()
    try:
        PlayTable(Console(file=out, width=300, color_system=None), game, ask, pace=0, save=lambda: None).run()
    except Quit:
        pass
    return out.getvalue(), game, prompts


FLAGGED_TWICE = 27  # the first turn: the SB from the hand on build pile 1 is weak, and again the next SB on it


@pytest.mark.parametrize("language", ["en", "sv", "da"])
def test_the_turn_so_far_can_be_taken_back_move_by_move_after_the_coach_flags(language):
    from tutor.cli.prompt_words import shown as word
    from tutor.i18n import use

    use(language)
    try:
        shown, game, _ = table_with_answers(FLAGGED_TWICE, ["hand SB to build 1", "hand SB to build 1",
                                                           word("undo"), word("undo"), word("undo")], [])
        turn = game.round.turns[-1]
        assert [undo.at for undo in turn.undone] == [2, 1] and len(turn.moves) == 1  # back to the draw
        assert shown.count(texts.UNDONE.split("{")[0]) == 2
        assert shown.count(texts.UNDO_MORE.split("{move}")[0].format(undo=word("undo"))) == 1
        assert texts.NO_UNDO in shown  # the third: both SBs are back in the hand, nothing flagged is left
        assert game.state.mover.hand.count(0) >= 2
    finally:
        use("en")


@pytest.mark.parametrize("language", ["en", "sv", "da"])
def test_every_answer_at_the_take_back_prompt_is_answered(language):
    from tutor.cli.prompt_words import shown as word
    from tutor.i18n import use

    use(language)
    try:
        discard = "hand 8 to discard 1"
        answers = ["?", word("hint"), word("board"), "udno", ""]
        shown, game, prompts = table_with_answers(FLAGGED_TWICE, ["hand SB to build 1", discard], list(answers))
        go_on = [prompt for prompt in prompts if prompt.startswith(texts.GO_ON_PROMPT.split("{")[0])]
        assert len(go_on) == len(answers)  # asked again after each answer but Enter
        choices = texts.GO_ON_CHOICES.format(undo=word("undo"), board=word("board"))
        assert shown.count(choices) == 4
        assert texts.GO_ON_NO_HINT in shown and texts.GO_ON_UNKNOWN.format(answer="udno") in shown
        assert not any(turn.undone for turn in game.round.turns)  # Enter went on, nothing was taken back
        assert len(game.round.turns) > 2  # play passed on

        shown, game, _ = table_with_answers(FLAGGED_TWICE, ["hand SB to build 1", discard, word("undo")],
                                            ["udno", word("undo")])
        assert [undo.at for undo in game.round.turns[1].undone] == [2, 1]  # the discard, then the flagged SB
    finally:
        use("en")


@pytest.mark.parametrize("language", ["en", "sv", "da"])
def test_a_discard_is_confirmed_as_a_play_is(language):
    from tutor.engine.notation import parse_move
    from tutor.engine.rules import check_move
    from tutor.i18n import use

    use(language)
    try:
        shown, game, _ = table_with_answers(FLAGGED_TWICE, ["hand 8 to discard 1"], [])
        reason = check_move(table_with_answers.met, parse_move("hand 8 to discard 1")).reason
        assert "-> " + reason in shown
    finally:
        use("en")


@pytest.mark.parametrize("language, said", [
    ("en", "Anna plays the SB from the hand onto build pile 1 as a 5."),
    ("sv", "Anna spelar Skip-Bo-kortet från handen till byggstapel 1 som en femma."),
    ("da", "Anna spiller Skip-Bo-kortet fra hånden til byggebunke 1 som en femmer."),
])
def test_a_bots_wild_card_says_what_it_stands_for(language, said):
    from tutor.cli.play_table import bot_move_lines
    from tutor.engine.notation import parse_move
    from tutor.engine.play import apply_move
    from tutor.i18n import use
    from tutor.scenario.loader import scenario_from_data

    state = scenario_from_data({"title": "Anna's turn", "build": [4, None, None, None], "players": [
        {"name": "Anna", "stock": {"top": 9, "count": 8}, "hand": ["SB", 7]},
        {"name": "you", "stock": {"top": 3, "count": 8}, "hand": 5}]}, {}, "test").state
    move = parse_move("hand SB to build 1")
    use(language)
    try:
        lines = bot_move_lines(state, move, apply_move(state, move).state, human=1)
    finally:
        use("en")
    assert lines[0] == said


@pytest.mark.parametrize("language", ["en", "sv", "da"])
def test_the_opening_help_names_the_board_command(language):
    from tutor.cli.play import _introduce
    from tutor.cli.prompt_words import shown as word
    from tutor.i18n import use

    use(language)
    try:
        game = Game.new(Settings(("greedy",), stock_size=4, seed=6, coach="on"))
        out = io.StringIO()
        _introduce(PlayTable(Console(file=out, width=300, color_system=None), game, lambda *a: "", pace=0,
                             save=lambda: None), resumed=False)
        help_line = next(line for line in out.getvalue().splitlines() if word("hint") in line)
        assert f" {word('board')} " in help_line and word("undo") in help_line
    finally:
        use("en")


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

"""``tutor play`` in a real terminal (pexpect): a short game to its end, with an undo and a quit-and-resume.

The test plays the human seat as the strong bot would, reading the table from
the saved game the program rewrites after every move; once it plays a move the
coach flags, takes it back, and half way it quits and resumes.
"""

from __future__ import annotations

import os
import sys

import pexpect

from tutor.coach.search import TurnSearch
from tutor.coach.verdicts import assess_move
from tutor.engine.legal import legal_moves
from tutor.engine.moves import PileKind, Transfer
from tutor.engine.notation import format_move
from tutor.engine.view import player_view
from tutor.play.game import Game
from tutor.play.saves import SaveStore
from tutor.play.words import move_said
from tutor.records.files import read_record
from terminal import exit_status

PROMPT = "your move> "
GO_ON = "undo to take it back> "
ARGS = ["--stock", "5", "--seed", "11", "--fast", "--bots", "greedy"]


def spawn(home, *args):
    env = dict(os.environ, SKIPBO_TUTOR_HOME=str(home), COLUMNS="60", LINES="40", TERM="dumb", NO_COLOR="1")
    child = pexpect.spawn(sys.executable, ["-m", "tutor", "play", *args], env=env, encoding="utf-8", timeout=30,
                          dimensions=(40, 60))
    child.logfile_read = open(os.devnull, "w")
    return child


def saved_game(home) -> Game:
    return Game.resume(SaveStore(home).load())


def strong_move(game: Game):
    return TurnSearch(player_view(game.state, game.human)).best_moves()[0]


def weak_quiet_move(game: Game):
    """A legal move the coach grades weak and that turns up no card (so it may be taken back)."""
    state = game.state
    for move in legal_moves(state):
        if isinstance(move, Transfer) and move.source.kind is PileKind.HAND and assess_move(state, move).quality == "weak":
            if move.is_discard or len(state.mover.hand) > 1:
                return move
    return None


def play_until(child, home, *, stop_after: int, undo_wanted: bool):
    """Answer prompts with the strong bot's moves; returns (moves played, undone, finished)."""
    played = 0
    undone = False
    while played < stop_after:
        index = child.expect_exact([PROMPT, GO_ON, "won the game", "without a winner", "next round> "])
        if index in (2, 3):
            return played, undone, True
        if index == 1:
            child.sendline("")
            continue
        if index == 4:
            child.sendline("")
            continue
        game = saved_game(home)
        move = weak_quiet_move(game) if undo_wanted and not undone else None
        if move is not None:
            child.sendline(format_move(move))
            child.expect_exact("Coach: ")
            child.expect_exact("Type undo to take it back.")
            if move.is_discard:
                child.expect_exact(GO_ON)
            else:
                child.expect_exact(PROMPT)
            child.sendline("undo")
            child.expect_exact(f"Taken back: {move_said(game.state, move)}.")
            undone = True
            continue
        child.sendline(format_move(strong_move(game)))
        played += 1
    return played, undone, False


def test_a_short_game_with_an_undo_and_a_quit_and_resume(tmp_path):
    child = spawn(tmp_path, *ARGS)
    child.expect_exact("Stocks of 5 cards")
    child.expect_exact(PROMPT)
    child.sendline("?")
    child.expect_exact("Legal moves (type a number, or the move):")
    child.expect_exact(": ends the turn")
    child.sendline("stock to build 9")
    child.expect_exact("Not allowed (build.four-piles)")
    child.sendline("stock onto nowhere")
    child.expect_exact("cannot read the move")
    played, undone, finished = play_until(child, tmp_path, stop_after=4, undo_wanted=True)
    assert undone and not finished
    child.expect_exact([PROMPT, GO_ON])
    child.sendline("q")
    child.expect_exact("Game saved. Run 'tutor play --resume' to go on.")
    assert exit_status(child) == 0

    refused = spawn(tmp_path, *ARGS)
    refused.expect_exact("a saved game is waiting")
    assert exit_status(refused) == 2
    lines = ("a saved game is waiting" + refused.before).splitlines()  # the rest of the screen, up to the end
    assert max(len(line) for line in lines) <= 60  # wrapped to the terminal's 60 columns between words
    assert "'tutor play --resume' goes on with it" in " ".join(" ".join(lines).split())

    again = spawn(tmp_path, "--resume")
    again.expect_exact("Resuming the saved game")
    played, _, finished = play_until(again, tmp_path, stop_after=400, undo_wanted=False)
    assert finished
    again.expect_exact("The record of this game: ")
    assert exit_status(again) == 0
    (path,) = (tmp_path / "records").glob("game-*.yaml")
    assert str(path) in again.before.replace("\r\n", "")
    record = read_record(path)  # replays through the engine
    assert not (tmp_path / "saved-game.yaml").exists()
    notes = [undo for played_round in record.rounds for turn in played_round.turns for undo in turn.undone]
    assert len(notes) == 1
    result = record.rounds[-1].result
    assert result.winners and result.stocks[result.winners[0]] == 0


def test_a_killed_game_resumes_from_its_last_move(tmp_path):
    import signal

    child = spawn(tmp_path, "--stock", "8", "--seed", "5", "--fast", "--players", "3", "--bots", "strong,greedy")
    for _ in range(3):
        child.expect_exact(PROMPT)
        child.sendline(format_move(strong_move(saved_game(tmp_path))))
    child.expect_exact(PROMPT)
    before = saved_game(tmp_path).state
    child.kill(signal.SIGKILL)
    child.close()
    assert not list(tmp_path.glob(".*.tmp"))
    again = spawn(tmp_path, "--resume")
    again.expect_exact("Resuming the saved game")
    again.expect_exact(PROMPT)
    assert saved_game(tmp_path).state == before
    again.sendline("q")
    again.expect_exact("Game saved.")
    again.expect(pexpect.EOF)


def test_a_second_game_on_the_save_is_refused_while_the_first_plays_so_no_move_is_lost(tmp_path):
    first = spawn(tmp_path, *ARGS)
    first.expect_exact(PROMPT)
    second = spawn(tmp_path, "--resume")
    second.expect_exact(f"is in use by another tutor play (process {first.pid})")
    assert exit_status(second) == 2
    move = format_move(strong_move(saved_game(tmp_path)))
    first.sendline(move)
    first.expect_exact([PROMPT, GO_ON])
    first.sendline("q")
    first.expect_exact("Game saved.")
    assert exit_status(first) == 0
    third = spawn(tmp_path, "--resume")
    third.expect_exact("Resuming the saved game")
    third.expect_exact([PROMPT, GO_ON])
    assert move in [format_move(m) for turn in saved_game(tmp_path).round.turns for m in turn.moves]
    third.sendline("q")
    assert exit_status(third) == 0

"""The line editor in a real terminal (pexpect, an xterm): keys that are not text never break the prompt."""

from __future__ import annotations

import os
import sys

import pexpect
import pytest

from terminal import exit_status


def spawn(home):
    env = dict(os.environ, SKIPBO_TUTOR_HOME=str(home), COLUMNS="80", LINES="40", TERM="xterm", NO_COLOR="1")
    child = pexpect.spawn(sys.executable, ["-m", "tutor", "play", "--short", "--fast", "--seed", "4"], env=env,
                          encoding="utf-8", timeout=120, dimensions=(40, 80))
    child.logfile_read = open(os.devnull, "w")
    return child


@pytest.mark.parametrize("pasted", ["\x1b[31m", "hand 3\x1b[0;31;40m", "\x1b[<0;3m", "\x1b[1;2m\x1b[0m"])
def test_colour_codes_typed_at_the_prompt_are_dropped_and_the_prompt_goes_on(tmp_path, pasted):
    child = spawn(tmp_path)
    child.expect_exact("your move>")
    child.send(pasted)
    child.send("\x15")  # Ctrl-U: the line cleared, whatever of it was kept
    child.send("q\r")
    child.expect_exact("Game saved.")
    screen = child.before
    assert exit_status(child) == 0
    assert "Unhandled exception" not in screen and "not enough values" not in screen


def test_ctrl_z_at_the_prompt_suspends_as_in_a_shell_and_the_game_goes_on_after_fg(tmp_path):
    env = dict(os.environ, SKIPBO_TUTOR_HOME=str(tmp_path), COLUMNS="80", LINES="40", TERM="xterm", NO_COLOR="1",
               PS1="shell$ ")
    shell = pexpect.spawn("bash", ["--norc", "--noprofile", "-i"], env=env, encoding="utf-8", timeout=120,
                          dimensions=(40, 80))
    shell.logfile_read = open(os.devnull, "w")
    try:
        shell.expect_exact("shell$ ")
        shell.sendline(f"{sys.executable} -m tutor play --short --fast --seed 4")
        shell.expect_exact("your move>")
        shell.send("\x1a")  # Ctrl-Z
        shell.expect_exact("Stopped")
        shell.expect_exact("shell$ ")
        shell.sendline("fg")
        shell.expect_exact("your move>")
        shell.send("?\r")  # read as the command it is: no ^Z before it
        shell.expect_exact("Legal moves (type a number, or the move):")
        shell.expect_exact("your move>")
        shell.send("q\r")
        shell.expect_exact("Game saved.")
        assert "cannot read" not in shell.before and "\x1a" not in shell.before
        shell.expect_exact("shell$ ")
        shell.sendline("echo status=$?")
        shell.expect_exact("status=0")
    finally:
        shell.close(force=True)


@pytest.mark.parametrize("presses", ["\x03", "\x03\x03", "\x03\x03\x03"])
def test_ctrl_c_at_the_prompt_once_or_at_once_again_saves_says_so_and_exits_130(tmp_path, presses):
    child = spawn(tmp_path)
    child.expect_exact("your move>")
    child.send(presses)  # in one write: no gap between them
    child.expect_exact("the game is saved: 'tutor play --resume' goes on.")
    assert exit_status(child) == 130
    assert (tmp_path / "saved-game.yaml").is_file()

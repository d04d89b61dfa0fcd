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

"""Helpers for the tests that run a command in a real terminal (pexpect)."""

import time

import pexpect


def exit_status(child: pexpect.spawn) -> int:
    """Wait for the program to end and close it; its exit status. A traceback on the screen fails the test."""
    child.expect(pexpect.EOF)
    screen = child.before
    child.close()
    assert "Traceback" not in screen, screen
    return child.exitstatus


def send_eof_at_prompt(child: pexpect.spawn) -> None:
    """Ctrl-D at the prompt just shown, once the line editor reads keys (it prints the prompt a moment before)."""
    time.sleep(0.5)
    child.sendeof()

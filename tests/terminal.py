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


def interrupt_until(child: pexpect.spawn, said: str, *, attempts: int = 12, wait: float = 10) -> None:
    """Ctrl-C until the program says ``said``: on a loaded machine the first may land before the line editor reads
    keys, and a second one must end the same way (the save done, the line printed)."""
    for _attempt in range(attempts):
        child.sendintr()
        if child.expect_exact([said, pexpect.TIMEOUT], timeout=wait) == 0:
            return
    raise AssertionError(f"{said!r} not said after {attempts} Ctrl-C: {child.before[-2000:]!r}")

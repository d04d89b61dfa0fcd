"""One line of input from the person at the terminal, with q (or the end of the input) to stop."""

from __future__ import annotations

STOP_WORDS = ("q", "quit", "exit")


class Quit(Exception):
    """The person asked to stop (q, quit, exit, or the end of the input)."""


def ask(prompt: str) -> str:
    """The answer to ``prompt``, stripped; ``Quit`` on a stop word or at the end of the input."""
    try:
        answer = input(prompt)
    except EOFError:
        raise Quit from None
    if answer.strip().lower() in STOP_WORDS:
        raise Quit
    return answer.strip()

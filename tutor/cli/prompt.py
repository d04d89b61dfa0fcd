"""One line of input from the person at the terminal, with q (or the end of the input) to stop.

At a terminal the line can be edited (arrow keys, Home, End, Ctrl-W ...),
earlier answers at the same prompt come back with the up arrow, Tab
completes from the choices the caller offers (the legal moves at ``move>``),
and Ctrl-Z suspends the program as in a shell (``fg`` brings it back).
This is prompt_toolkit's line editor; where standard input or output is not a
terminal (a pipe, a file, a test), the line is read plainly, and a line longer
than ``MAX_LINE`` characters (endless input such as ``< /dev/zero``, a large
file without line ends) ends the run with exit status 2 rather than filling
the memory.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Iterable, Sequence, TextIO

from ..i18n import _
from .output import unusable
from .prompt_words import command

if TYPE_CHECKING:
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import CompleteEvent, Completion
    from prompt_toolkit.document import Document

MAX_LINE = 4096  # characters of one answer: no move, answer or command comes near it
_SESSIONS: dict[str, "PromptSession[str]"] = {}  # one per prompt, each with its own history


class Quit(Exception):
    """The person asked to stop (q, quit, exit or the language's words for it, or the end of the input)."""


def ask(prompt: str, choices: Sequence[str] = ()) -> str:
    """The answer to ``prompt``, stripped; ``Quit`` on a word for stopping or at the end of the input.

    ``choices``: what Tab offers to complete what has been typed (at a terminal).
    """
    try:
        answer = _edited_line(prompt, choices) if _at_terminal() else read_line(prompt)
    except EOFError:
        raise Quit from None
    if command(answer, "quit"):
        raise Quit
    return answer.strip()


def read_line(prompt: str, *, to: TextIO | None = None, as_json: bool = False) -> str:
    """One line of standard input without its end, after ``prompt`` on ``to`` (standard output); ``EOFError`` at
    the end of the input; a line longer than ``MAX_LINE`` characters is unusable input (exit status 2)."""
    out = to or sys.stdout
    out.write(prompt)
    out.flush()
    line = sys.stdin.readline(MAX_LINE + 1)
    if not line:
        raise EOFError
    if len(line) > MAX_LINE and not line.endswith("\n"):
        out.write("\n")
        unusable([_("a line of input is longer than {limit} characters: no answer is that long "
                    "(is the input a file of something else, or endless?)").format(limit=MAX_LINE)],
                 as_json=as_json, kind="input")
    return line.removesuffix("\n")


def completions(choices: Sequence[str], typed: str) -> list[str]:
    """The choices that complete ``typed``: those it begins, else those holding each of its words."""
    start = " ".join(typed.lower().split())
    if not start:
        return list(choices)
    beginning = [choice for choice in choices if choice.lower().startswith(start)]
    if beginning:
        return beginning
    words = start.split()
    return [choice for choice in choices if all(word in choice.lower().split() for word in words)]


def _at_terminal() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


def _edited_line(prompt: str, choices: Sequence[str]) -> str:
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import Completer, Completion
    from prompt_toolkit.shortcuts import CompleteStyle

    class Choices(Completer):
        def get_completions(self, document: "Document", complete_event: "CompleteEvent") -> Iterable["Completion"]:
            typed = document.text_before_cursor
            for choice in completions(choices, typed):
                yield Completion(choice, start_position=-len(typed))

    # the prompt's own words stay outside the editor: a line break before them is printed first
    lead, _, words = prompt.rpartition("\n")
    if "\n" in prompt:
        print(lead)
    session = _SESSIONS.get(words)
    if session is None:
        session = _SESSIONS[words] = PromptSession(key_bindings=_readline_keys(), enable_suspend=True)  # Ctrl-Z
    return session.prompt(words, completer=Choices() if choices else None, complete_while_typing=False,
                          complete_style=CompleteStyle.READLINE_LIKE)


def _readline_keys():
    """Ctrl-J ends the line, as in readline (and as a terminal's newline arrives in raw mode); what reads as a mouse
    report is dropped before the editor's mouse handler sees it."""
    from prompt_toolkit.key_binding import KeyBindings
    from prompt_toolkit.keys import Keys

    keys = KeyBindings()

    @keys.add("c-j")
    def _accept(event) -> None:
        event.current_buffer.validate_and_handle()

    @keys.add(Keys.Vt100MouseEvent)
    def _no_mouse(event) -> None:
        """The tutor asks the terminal for no mouse reports: this is a colour code typed or pasted (``ESC[31m``),
        which the editor's mouse handler would fail on. It is dropped."""

    return keys

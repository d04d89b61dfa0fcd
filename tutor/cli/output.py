"""Where output goes: JSON and rulings on stdout, diagnostics on stderr, exit codes.

Rich is imported only when something is printed for a person, so that
``--json`` runs stay quick. Text from files and the command line is printed
literally: the consoles read no markup, and every character that could drive
the terminal (an escape sequence, a carriage return, a bidi override, a byte
of a file name that is not UTF-8) is shown as its escape, ``\x1b``. JSON
keeps user text exact.
"""

from __future__ import annotations

import functools
import json
import os
import re
import sys
from typing import TYPE_CHECKING, Any, Iterable, NoReturn

import typer

from ..i18n import _
from .encodings import stdout_encodes_everything

if TYPE_CHECKING:
    from rich.console import Console

EXIT_LEGAL = 0
EXIT_ILLEGAL = 1
EXIT_UNUSABLE = 2


# The patterns are compiled on first use (by re's cache): a --json ruling that prints no such character never
# pays the half millisecond they take.
# control characters but newline and tab, bidi overrides and isolates, and the bytes of a name that is not UTF-8
_UNPRINTABLE = "[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
_SURROGATE = "[\ud800-\udfff]"  # no UTF-8 for it: JSON writes it as an escape


_UNPRINTABLE_IN_LINE = _UNPRINTABLE.replace("\x00-\x08\x0b-\x1f", "\x00-\x1f")  # newline and tab too


def printable(text: str, *, one_line: bool = False) -> str:
    """``text`` with every character that could drive the terminal shown as its escape; ``one_line`` escapes newlines
    and tabs too (a file name in a line of its own kind: a message, a comment in a file written)."""
    return re.sub(_UNPRINTABLE_IN_LINE if one_line else _UNPRINTABLE, _escape, text)


def shell_quoted(text: str) -> str:
    """``text`` as one word that a shell reads back as ``text``, for a command the tutor suggests: quoted as
    ``shlex.quote`` does, or, holding a character shown as its escape (a byte of a name that is not UTF-8, a control
    character), as ``$'...'`` with those escapes, which bash, zsh and ksh read."""
    import shlex

    if printable(text, one_line=True) == text:
        return shlex.quote(text)
    return "$'" + re.sub(r"[\\']|" + _UNPRINTABLE_IN_LINE, _shell_escape, text) + "'"


def _shell_escape(match: re.Match[str]) -> str:
    """A character inside ``$'...'``: a name's undecoded byte as ``\\xff``, another character as its code point."""
    character = match[0]
    if character in "\\'":
        return "\\" + character
    if _undecoded(character):
        return f"\\x{ord(character) - 0xDC00:02x}"
    return f"\\x{ord(character):02x}" if ord(character) < 0x80 else f"\\u{ord(character):04x}"


def not_utf8(text: str, option: str) -> str | None:
    """Why the command-line value ``text`` of ``option`` cannot be written into a file (it holds a byte that is not
    UTF-8, as a terminal in another encoding sends a letter); None when it can."""
    if not any(_undecoded(character) for character in text):
        return None
    return _("{option}: {value} is not UTF-8 text: set the terminal to UTF-8, or leave out what it cannot "
             "send").format(option=option, value=printable(text))


def _undecoded(character: str) -> bool:
    """Whether ``character`` is how Python keeps a byte of a name that is not UTF-8."""
    return "\udc80" <= character <= "\udcff"


def _escape(match: re.Match[str]) -> str:
    character = match[0]
    if _undecoded(character):
        return f"\\x{ord(character) - 0xDC00:02x}"
    return character.encode("unicode_escape").decode("ascii")


def console(*, soft_wrap: bool = False) -> "Console":
    """A rich console on stdout (colours follow the terminal and NO_COLOR) that prints text literally."""
    trimmed = {} if sys.stdout.isatty() else {"file": _TrimmedLines(sys.stdout)}
    return _literal_console(soft_wrap=soft_wrap, **trimmed)


class _TrimmedLines:
    """A text stream that drops the blanks rich pads lines with, for output that is piped or saved."""

    def __init__(self, stream: Any):
        self.stream = stream
        self.pending = ""

    def write(self, text: str) -> int:
        lines = (self.pending + text).split("\n")
        self.pending = lines.pop()
        if lines:
            self.stream.write("".join(line.rstrip(" ") + "\n" for line in lines))
        return len(text)

    def flush(self) -> None:
        if self.pending:
            self.stream.write(self.pending)
            self.pending = ""
        self.stream.flush()

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        return self.stream.fileno()


def error_console() -> "Console":
    return _literal_console(stderr=True)


def _literal_console(**options: Any) -> "Console":
    return _literal_console_class()(highlight=False, markup=False, emoji=False, **options, **_plain_if_asked())


@functools.cache
def _literal_console_class() -> type:
    """Rich's console, reading no markup and escaping control characters in all the text it prints."""
    from rich.console import Console
    from rich.segment import Segment

    class LiteralConsole(Console):
        def render(self, renderable: Any, options: Any = None) -> Iterable[Segment]:
            for segment in super().render(renderable, options):
                if segment.control or not re.search(_UNPRINTABLE, segment.text):
                    yield segment
                else:
                    yield Segment(printable(segment.text), segment.style)

    return LiteralConsole


def _plain_if_asked() -> dict[str, Any]:
    """With NO_COLOR set, no escape codes at all: rich alone would still print bold and dim."""
    return {"color_system": None} if os.environ.get("NO_COLOR") else {}


def print_json(document: Any) -> None:
    """Exactly one JSON document on stdout, valid UTF-8 (a byte of a name that is not UTF-8 written as ``\\xff``)."""
    if not stdout_encodes_everything():  # PYTHONIOENCODING=ascii: every other character as a \u escape
        sys.stdout.write(json.dumps(document, ensure_ascii=True, indent=2) + "\n")
        return
    text = json.dumps(document, ensure_ascii=False, indent=2)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate
        text = re.sub(_SURROGATE, _json_escape, text)
    sys.stdout.write(text + "\n")


def _json_escape(match: re.Match[str]) -> str:
    """A lone surrogate inside a JSON string: a name's byte as the text ``\\xff``, any other as ``\\udXXX``."""
    return "\\" + _escape(match) if _undecoded(match[0]) else match[0].encode("unicode_escape").decode("ascii")


def _fitted(message: str) -> str:
    """At a terminal, a long message wrapped between words to its width (never inside a word or an option)."""
    if not sys.stderr.isatty():
        return message
    import shutil
    import textwrap

    width = shutil.get_terminal_size().columns
    return "\n".join(textwrap.wrap(message, width, subsequent_indent="  ", break_on_hyphens=False,
                                    break_long_words=False)) or message


def unusable(lines: list[str], *, as_json: bool, kind: str) -> NoReturn:
    """Report input that cannot be used (exit status 2): lines on stderr, an error object with --json."""
    for line in lines:
        sys.stderr.write(_fitted(_("error: {problem}").format(problem=printable(line))) + "\n")
    if as_json:
        print_json({"error": {"kind": kind, "problems": lines}})
    raise typer.Exit(EXIT_UNUSABLE)

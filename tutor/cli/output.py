"""Where output goes: JSON and rulings on stdout, diagnostics on stderr, exit codes.

Rich is imported only when something is printed for a person, so that
``--json`` runs stay quick.
"""

from __future__ import annotations

import json
import os
import sys
from typing import TYPE_CHECKING, Any, NoReturn

import typer

if TYPE_CHECKING:
    from rich.console import Console

EXIT_LEGAL = 0
EXIT_ILLEGAL = 1
EXIT_UNUSABLE = 2


def console(*, soft_wrap: bool = False) -> "Console":
    """A rich console on stdout (colours follow the terminal and NO_COLOR)."""
    from rich.console import Console

    trimmed = {} if sys.stdout.isatty() else {"file": _TrimmedLines(sys.stdout)}
    return Console(highlight=False, soft_wrap=soft_wrap, **trimmed, **_plain_if_asked())


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
    from rich.console import Console

    return Console(stderr=True, highlight=False, **_plain_if_asked())


def _plain_if_asked() -> dict[str, Any]:
    """With NO_COLOR set, no escape codes at all: rich alone would still print bold and dim."""
    return {"color_system": None} if os.environ.get("NO_COLOR") else {}


def print_json(document: Any) -> None:
    """Exactly one JSON document on stdout."""
    sys.stdout.write(json.dumps(document, ensure_ascii=False, indent=2) + "\n")


def unusable(lines: list[str], *, as_json: bool, kind: str) -> NoReturn:
    """Report input that cannot be used (exit status 2): lines on stderr, an error object with --json."""
    for line in lines:
        sys.stderr.write(f"error: {line}\n")
    if as_json:
        print_json({"error": {"kind": kind, "problems": lines}})
    raise typer.Exit(EXIT_UNUSABLE)

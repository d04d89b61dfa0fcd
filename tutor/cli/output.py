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

    return Console(highlight=False, soft_wrap=soft_wrap, **_plain_if_asked())


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

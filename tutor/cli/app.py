"""The ``tutor`` command and its sub-commands.

Each command lives in a module of its own and is imported only when it
runs (or when help lists them all), so that a ruling starts fast.
To add a command, add a line to ``COMMANDS`` (a function) or ``GROUPS``
(a ``typer.Typer`` of sub-commands).
"""

from __future__ import annotations

import importlib
import sys
from typing import Any, Optional

import typer

from .usage import UsageReportingGroup

COMMANDS: dict[str, tuple[str, str]] = {
    "check": ("tutor.cli.check", "check_command"),
    "show": ("tutor.cli.show", "show_command"),
    "moves": ("tutor.cli.moves", "moves_command"),
    "rules": ("tutor.cli.rules", "rules_command"),
    "hint": ("tutor.cli.hint", "hint_command"),
    "simulate": ("tutor.cli.simulate", "simulate_command"),
    "learn": ("tutor.cli.learn", "learn_command"),
}
GROUPS: dict[str, tuple[str, str]] = {
    "scenario": ("tutor.cli.scenario", "scenario_app"),
}


def _load(target: tuple[str, str]) -> Any:
    module, attribute = target
    return getattr(importlib.import_module(module), attribute)


def build_app(only: Optional[str] = None) -> typer.Typer:
    """The ``tutor`` app with every command, or with just ``only`` when that names one."""
    app = typer.Typer(
        name="tutor",
        cls=UsageReportingGroup,  # option-parser errors of a --json run print the JSON error object
        help="Skip-Bo rules tutor and move validator.",
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
    )

    @app.callback()
    def _tutor() -> None:
        """Skip-Bo rules tutor and move validator."""

    wanted = [only] if only in COMMANDS or only in GROUPS else [*COMMANDS, *GROUPS]
    for name in wanted:
        if name in COMMANDS:
            app.command(name)(_load(COMMANDS[name]))
        else:
            app.add_typer(_load(GROUPS[name]), name=name)
    return app


def main(argv: Optional[list[str]] = None) -> None:
    """Entry point of the ``tutor`` console script."""
    args = sys.argv[1:] if argv is None else argv
    build_app(args[0] if args else None)(args=args, prog_name="tutor")


def __getattr__(name: str) -> Any:
    """``app``: the whole command tree, built on first use (for tests and embedding)."""
    if name == "app":
        return build_app()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

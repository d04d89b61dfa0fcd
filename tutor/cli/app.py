"""The ``tutor`` command and its sub-commands."""

from __future__ import annotations

import typer

from . import check

app = typer.Typer(
    name="tutor",
    help="Skip-Bo rules tutor and move validator.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
scenario_app = typer.Typer(help="Write, check and test scenario files.", no_args_is_help=True)
app.add_typer(scenario_app, name="scenario")

app.command("check")(check.check_command)

from .rules import rules_command  # noqa: E402
app.command("rules")(rules_command)


def main() -> None:
    """Entry point of the ``tutor`` console script."""
    app()

"""``tutor worksheet``: scenarios as one printable HTML page with an answer key."""

from __future__ import annotations

from typing import Optional

import typer

from .scenario_paths import usable_scenarios
from .show import write_output


def worksheet_command(
    paths: list[str] = typer.Argument(..., metavar="SCENARIO...", help="Scenario files, or folders of them."),
    output: str = typer.Option(..., "--output", "-o", metavar="FILE", help="The HTML file to write (- for standard output)."),
    title: Optional[str] = typer.Option(None, "--title", help="The worksheet's heading."),
    compact: bool = typer.Option(False, "--compact",
                                 help="Set each question beside its diagram, to fit more positions on a page."),
) -> None:
    """Write a printable worksheet: each position's diagram, question and room to answer, then an answer key."""
    from ..classroom.worksheet import worksheet_html

    scenarios = usable_scenarios(paths, as_json=False)
    write_output(output, worksheet_html(scenarios, title, compact=compact), reads=[f.source for f in scenarios])

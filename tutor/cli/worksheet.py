"""``tutor worksheet``: scenarios as one printable HTML page with an answer key."""

from __future__ import annotations

from typing import Optional

import typer

from .scenario_paths import checked_scenarios, without_tags
from .show import write_output


def worksheet_command(
    paths: list[str] = typer.Argument(..., metavar="SCENARIO...", help="Scenario files, or folders of them."),
    output: str = typer.Option(..., "--output", "-o", metavar="FILE", help="The HTML file to write (- for standard output)."),
    title: Optional[str] = typer.Option(None, "--title", help="The worksheet's heading."),
    compact: bool = typer.Option(False, "--compact",
                                 help="Set each question beside its diagram, to fit more positions on a page."),
    unchecked: bool = typer.Option(False, "--unchecked",
                                   help="A draft: skip checking the expectations against the engine (each row of "
                                        "the key is then marked unchecked)."),
    leave_out: list[str] = typer.Option([], "--leave-out", metavar="TAG",
                                        help="Leave out the positions tagged TAG (the gallery's positions about the "
                                             "tutor itself: tutor); may be repeated."),
) -> None:
    """Write a printable worksheet: each position's diagram, question and room to answer, then an answer key.

    Every expectation is checked against the engine first, as tutor scenario test does: a sheet whose key
    the engine disagrees with is not written (exit status 2), unless --unchecked makes it a draft.
    """
    from ..classroom.worksheet import worksheet_html

    scenarios = without_tags(checked_scenarios(paths, as_json=False, unchecked=unchecked), leave_out)
    write_output(output, worksheet_html(scenarios, title, compact=compact, unchecked=unchecked),
                 reads=[f.source for f in scenarios])

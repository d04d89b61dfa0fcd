"""``tutor show``: draw the table of a position, in the terminal or as an SVG picture."""

from __future__ import annotations

import os
import sys
from typing import Iterable, Optional

import typer

from ..classroom.texts import text
from ..i18n import _
from .board import board, print_title
from .output import console, printable, unusable
from .positions import load_position, with_quick_position
from .quick import QuickPosition


@with_quick_position
def show_command(
    scenario: Optional[str] = typer.Argument(None, help="A scenario file (or give a one-line position)."),
    reveal: bool = typer.Option(False, "--reveal", help="Also show the other players' hands."),
    svg: Optional[str] = typer.Option(None, "--svg", metavar="FILE",
                                      help="Write the table as an SVG picture to FILE (- for standard output)."),
    quick: QuickPosition = None,  # type: ignore[assignment]
) -> None:
    """Draw the table as the player to move sees it, cards coloured as on the deck."""
    loaded = load_position(scenario, quick, as_json=False)
    if svg is not None:
        from ..classroom.diagram import board_svg

        write_output(svg, board_svg(loaded, reveal=reveal), reads=[scenario] if scenario is not None else [])
        return
    out = console()
    print_title(out, loaded)
    out.print(board(loaded.state, reveal=reveal))


def write_output(target: str, content: str, reads: Iterable[str] = ()) -> None:
    """Write ``content`` to the file ``target``, or to standard output for ``-``; exit 2 if it cannot be.

    A ``target`` that is one of the files the command ``reads`` is refused, so no input is lost.
    """
    if target == "-":
        sys.stdout.write(content)
        return
    if any(os.path.realpath(target) == os.path.realpath(source) for source in reads):
        unusable([text("output-over-input", path=target)], as_json=False, kind="usage")
    from ..files.writing import write_atomically
    from ..files.reading import NotARegularFile

    try:
        write_atomically(target, content)
    except NotARegularFile as error:
        unusable([_("{path} {problem}: give the name of a file to write, or - for standard output").format(
            path=target, problem=error)], as_json=False, kind="usage")
    except OSError as error:
        unusable([_("{path}: cannot be written: {problem}").format(path=target, problem=error.strerror or error)],
                 as_json=False, kind="usage")
    sys.stderr.write(printable(_("wrote {path}").format(path=target)) + "\n")

"""``tutor show``: draw the table of a position."""

from __future__ import annotations

from typing import Optional

import typer

from .board import board, print_title
from .output import console
from .positions import load_position, with_quick_position
from .quick import QuickPosition


@with_quick_position
def show_command(
    scenario: Optional[str] = typer.Argument(None, help="A scenario file (or give a one-line position)."),
    reveal: bool = typer.Option(False, "--reveal", help="Also show the other players' hands."),
    quick: QuickPosition = None,  # type: ignore[assignment]
) -> None:
    """Draw the table as the player to move sees it, cards coloured as on the deck."""
    loaded = load_position(scenario, quick, as_json=False)
    out = console()
    print_title(out, loaded)
    out.print(board(loaded.state, reveal=reveal))
